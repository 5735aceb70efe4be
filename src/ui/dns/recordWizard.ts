import * as l10n from '@vscode/l10n';
import type { RecordSet, RecordSetBody } from '../../api/dns/dnsTypes';
import { EDITABLE_RECORD_TYPES, formatRecordContent, recordContentKey, type EditableRecordType } from '../../models/dns/recordContent';
import { APEX, RECORD_NAME_FIELD, recordNameForDisplay, resolveRecordName } from '../../models/dns/recordName';
import {
  addedRecordSetBody,
  editedRecordSetBody,
  recordSetBody,
  recordSetChanged,
  recordSetChangeLines,
  RECORD_TTL_FIELD,
} from '../../models/dns/recordSets';
import { TTL_CHOICES, ttlText } from '../../models/dns/recordTtl';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { fieldTextProblem } from '../fieldPrompts/textPrompt';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import { BACK, UserCancelledError, isUserCancelled, type Back, type PromptUi, type StepPosition } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';
import { promptRecordValues, type DraftValue } from './recordValueList';

/** `create`: the set is new (POST); `add`: values go into the set there (PUT); `replace`: the user's values replace its own (PUT). */
export type RecordWrite = 'create' | 'add' | 'replace';

/** The answers so far; kept whole when the user goes back, and when they edit after a failed request. */
export interface RecordAnswers {
  zoneName?: string;
  type?: EditableRecordType;
  /** The name as typed: relative, `@` or full. */
  nameText?: string;
  /** The set at Gcore under the name and type, as last read: null when there is none, absent before it is read. */
  existing?: RecordSet | null;
  write?: RecordWrite;
  values: DraftValue[];
  ttl?: number;
}

/** What the wizard sends, once the user has seen it. */
export interface RecordWriteArgs {
  zoneName: string;
  /** Full, without the trailing dot. */
  name: string;
  type: string;
  write: RecordWrite;
  body: RecordSetBody;
}

export interface RecordWizardDeps {
  ui: PromptUi;
  title: string;
  /** The set at Gcore, or undefined when it does not exist (Gcore answered 404). */
  readSet(zoneName: string, name: string, type: string, signal: AbortSignal): Promise<RecordSet | undefined>;
  /** Asks for the zone when the call came without one. */
  pickZone(position: StepPosition): Promise<string | Back>;
}

const TYPE_PURPOSES: Record<EditableRecordType, string> = {
  A: l10n.t('IPv4 address'),
  AAAA: l10n.t('IPv6 address'),
  CNAME: l10n.t('alias of another name'),
  MX: l10n.t('mail server'),
  TXT: l10n.t('text: SPF, DKIM, DMARC, verification tokens'),
  SRV: l10n.t('service location'),
  CAA: l10n.t('certificate authorities allowed to issue'),
  NS: l10n.t('delegation of a subdomain'),
  PTR: l10n.t('reverse lookup'),
};

/** The full name the typed name stands for, when the zone and the name are known and valid. */
export function answeredName(answers: RecordAnswers): string | undefined {
  if (answers.zoneName === undefined || answers.nameText === undefined) return undefined;
  const resolved = resolveRecordName(answers.nameText, answers.zoneName);
  return resolved.ok ? resolved.value : undefined;
}

/**
 * Add Record: the zone (unless the call names one), the type, the name, what to do when that set exists (add
 * the values to it, or replace it), the values, the TTL, and a review of exactly what will be sent.
 */
export function addRecordPlan(deps: RecordWizardDeps, zoneGiven: boolean): (answers: RecordAnswers) => WizardStep<RecordAnswers>[] {
  return (answers) => [
    ...(zoneGiven ? [] : [zoneStep(deps)]),
    typeStep(deps),
    nameStep(deps),
    ...(answers.existing ? [existingStep(deps)] : []),
    valuesStep(deps),
    ttlStep(deps),
    reviewStep(deps),
  ];
}

/** Edit Record: the set's values, from its current ones, the TTL, and the review of current → new. */
export function editRecordPlan(deps: RecordWizardDeps): () => WizardStep<RecordAnswers>[] {
  return () => [valuesStep(deps), ttlStep(deps), reviewStep(deps)];
}

/** The answers Edit Record starts from: the set as Gcore holds it now. */
export function editAnswers(zoneName: string, type: EditableRecordType, current: RecordSet): RecordAnswers {
  return {
    zoneName,
    type,
    nameText: `${current.name.replace(/\.$/, '')}.`,
    existing: current,
    write: 'replace',
    values: current.resource_records.map((record) => ({
      content: [...record.content],
      ...(typeof record.enabled === 'boolean' ? { enabled: record.enabled } : {}),
      ...(record.meta && typeof record.meta === 'object' ? { meta: record.meta } : {}),
    })),
    ttl: typeof current.ttl === 'number' ? current.ttl : undefined,
  };
}

function at(deps: RecordWizardDeps, position: StepContext): StepPosition {
  return { title: deps.title, ...position };
}

function zoneStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const zone = await deps.pickZone(at(deps, position));
      if (zone === BACK) return BACK;
      if (zone !== state.zoneName) state.existing = undefined;
      state.zoneName = zone;
    },
  };
}

function typeStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const chosen = state.type;
      const type = await deps.ui.pick<EditableRecordType>({
        ...at(deps, position),
        placeholder: l10n.t('Record type'),
        items: [...EDITABLE_RECORD_TYPES]
          .sort((a, b) => Number(b === chosen) - Number(a === chosen))
          .map((value) => ({ label: value, description: TYPE_PURPOSES[value], value })),
      });
      if (type === BACK) return BACK;
      if (type !== state.type) {
        // Values typed for another type would not read as this one.
        state.values = [];
        state.existing = undefined;
      }
      state.type = type;
    },
  };
}

/** The name, checked against the zone; then whether Gcore has that set, so that no POST meets a 409. */
function nameStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const zoneName = required(state.zoneName);
      const type = required(state.type);
      const zone = zoneNameForDisplay(zoneName);
      // A read that failed and was dismissed asks for the name again.
      for (;;) {
        const answer = await deps.ui.input({
          ...at(deps, position),
          prompt: l10n.t('Name in {0}: {1} for the zone itself, www, or a full name ending in a dot (www.{0}.).', zone, APEX),
          placeholder: APEX,
          value: state.nameText,
          validate: (text) => nameProblem(text, zoneName, type),
        });
        if (answer === BACK) return BACK;
        const before = answeredName(state);
        state.nameText = answer.trim();
        const name = required(answeredName(state));
        if (name === before && state.existing !== undefined) return;
        const existing = await readExisting(deps, zoneName, name, type);
        if (existing === BACK) {
          state.existing = undefined;
          continue;
        }
        state.existing = existing ?? null;
        state.write = existing ? (state.write === 'create' ? undefined : state.write) : 'create';
        return;
      }
    },
  };
}

function nameProblem(text: string, zoneName: string, type: EditableRecordType): string | undefined {
  const resolved = resolveRecordName(text, zoneName);
  if (!resolved.ok) return `${RECORD_NAME_FIELD.label}: ${resolved.problems.map((problem) => problem.message).join('; ')}`;
  // The apex holds the zone's SOA and NS sets, and a CNAME shares its name with nothing (RFC 1034, 3.6.2).
  if (type === 'CNAME' && resolved.value === zoneName) return l10n.t("{0}: a CNAME cannot be at the zone's apex", RECORD_NAME_FIELD.label);
  return undefined;
}

/** Reads the set, with progress; a failure offers Retry, and dismissing it returns to the name. */
async function readExisting(deps: RecordWizardDeps, zoneName: string, name: string, type: string): Promise<RecordSet | undefined | Back> {
  const shown = `${recordNameForDisplay(name, zoneName)} ${type}`;
  for (;;) {
    try {
      return await deps.ui.withProgress({
        title: l10n.t('Checking whether {0} exists in {1}…', shown, zoneNameForDisplay(zoneName)),
        cancellable: true,
        run: (signal) => deps.readSet(zoneName, name, type, signal),
      });
    } catch (error) {
      if (isUserCancelled(error) || (isGcoreApiError(error) && error.kind === 'cancelled')) throw new UserCancelledError();
      if (isEndpointMissing(error)) {
        throw new Error(
          l10n.t('Record sets are not available from the API at gcore.apiBaseUrl ({0}). Nothing was sent.', failureReason(error)),
          { cause: error },
        );
      }
      const retry = l10n.t('Retry');
      const choice = await deps.ui.choose({
        message: l10n.t('Could not read whether {0} exists in {1}.', shown, zoneNameForDisplay(zoneName)),
        detail: l10n.t('{0}\n\nNothing was sent. Retry, or close this message to change the name.', failureReason(error)),
        choices: [retry],
      });
      if (choice !== retry) return BACK;
    }
  }
}

/** The set exists: add the values to it, or replace its values. A CNAME holds one value, so it can only be replaced. */
function existingStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const existing = required(state.existing ?? undefined);
      const type = required(state.type);
      const shown = `${recordNameForDisplay(existing.name, required(state.zoneName))} ${type}`;
      const values = existing.resource_records.map((record) => formatRecordContent(type, record.content)).join(', ');
      const write = await deps.ui.pick<RecordWrite>({
        ...at(deps, position),
        placeholder: l10n.t('{0} already exists at Gcore. What should happen to it?', shown),
        items: [
          ...(type === 'CNAME'
            ? []
            : [{ label: `$(add) ${l10n.t('Add values to it')}`, detail: l10n.t('It keeps {0}', values), value: 'add' as RecordWrite }]),
          { label: `$(replace) ${l10n.t('Replace its values')}`, detail: l10n.t('Now: {0}', values), value: 'replace' as RecordWrite },
        ].sort((a, b) => Number(b.value === state.write) - Number(a.value === state.write)),
      });
      if (write === BACK) return BACK;
      state.write = write;
    },
  };
}

function valuesStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const type = required(state.type);
      const name = required(answeredName(state));
      const shown = `${recordNameForDisplay(name, required(state.zoneName))} ${type}`;
      const adding = state.write === 'add' && state.existing;
      return promptRecordValues(deps.ui, type, at(deps, position), state.values, {
        placeholder: adding ? l10n.t('Values to add to {0}', shown) : l10n.t('Values of {0}', shown),
        held: adding ? new Set(state.existing?.resource_records.map((record) => recordContentKey(type, record.content))) : undefined,
      });
    },
  };
}

/** The TTL: the set's own first when it has one, else 5 minutes; any other number of seconds can be typed. */
function ttlStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state, position) => {
      const current = typeof state.existing?.ttl === 'number' ? state.existing.ttl : undefined;
      const first = state.ttl ?? current ?? 300;
      const choices = [first, ...TTL_CHOICES.filter((ttl) => ttl !== first)];
      const ttl = await deps.ui.pick<number>({
        ...at(deps, position),
        placeholder: l10n.t('TTL: how long resolvers may keep the answer (type a number of seconds for another)'),
        items: choices.map((seconds) => ({
          label: ttlText(seconds),
          description: seconds === current ? l10n.t('{0} s · current', seconds) : l10n.t('{0} s', seconds),
          value: seconds,
        })),
        custom: {
          label: (text) => l10n.t('{0} seconds', text),
          validate: (text) => fieldTextProblem(RECORD_TTL_FIELD, text),
          toValue: (text) => Number(text.trim()),
        },
      });
      if (ttl === BACK) return BACK;
      state.ttl = ttl;
    },
  };
}

/**
 * What will be sent, before anything is: the set read again, so that the review compares with what Gcore
 * holds now (and says so when it changed meanwhile), every value and the TTL, current → new.
 */
function reviewStep(deps: RecordWizardDeps): WizardStep<RecordAnswers> {
  return {
    run: async (state) => {
      const zoneName = required(state.zoneName);
      const type = required(state.type);
      const name = required(answeredName(state));
      const notes: string[] = [];
      if (state.existing) {
        const fresh = await readExisting(deps, zoneName, name, type);
        if (fresh === BACK) return BACK;
        if (fresh === undefined) {
          notes.push(l10n.t('It was deleted at Gcore while you edited it: this creates it again.'));
          state.existing = null;
          state.write = 'create';
        } else if (recordSetChanged({ ...state.existing, type }, recordSetBody(fresh))) {
          notes.push(l10n.t('It changed at Gcore while you edited it: what follows compares with what Gcore holds now.'));
          state.existing = fresh;
        }
      }
      const write = reviewedWrite(state, zoneName, name, type);
      const shown = `${recordNameForDisplay(name, zoneName)} ${type}`;
      const current = state.existing ?? undefined;
      const lines = recordSetChangeLines(type, current, write.body);
      const back = l10n.t('Go Back');
      if (current && !recordSetChanged({ ...current, type }, write.body)) {
        await deps.ui.choose({
          message: l10n.t('{0} already holds exactly this: there is nothing to send.', shown),
          detail: [...notes, ...lines].join('\n'),
          choices: [back],
        });
        return BACK;
      }
      const send = write.write === 'create' ? l10n.t('Add Record Set') : l10n.t('Update Record Set');
      const choice = await deps.ui.choose({
        message:
          write.write === 'create'
            ? l10n.t('Add {0} to {1}?', shown, zoneNameForDisplay(zoneName))
            : l10n.t('Update {0} in {1}?', shown, zoneNameForDisplay(zoneName)),
        detail: [...notes, ...lines].join('\n'),
        choices: [send, back],
      });
      if (choice === back) return BACK;
      if (choice !== send) throw new UserCancelledError();
    },
  };
}

/** The write the answers stand for, with its body: exactly what the review shows and the request sends. */
export function reviewedWrite(state: RecordAnswers, zoneName: string, name: string, type: EditableRecordType): RecordWriteArgs {
  const existing = state.existing ?? undefined;
  const write = existing ? (state.write ?? 'replace') : 'create';
  let body: RecordSetBody;
  if (existing && write === 'add') body = addedRecordSetBody({ ...existing, type }, state.values, state.ttl);
  else if (existing) body = editedRecordSetBody({ ...existing, type }, { values: state.values, ttl: state.ttl });
  else body = recordSetBody({ ttl: state.ttl, resource_records: state.values });
  return { zoneName, name, type, write, body };
}

/** An answer an earlier step gave (the wizard's order guarantees it). */
export function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error(l10n.t('An earlier answer of this wizard is missing.'));
  return value;
}
