import * as l10n from '@vscode/l10n';
import {
  formatRecordContent,
  parseRecordText,
  recordContentKey,
  recordTextForm,
  type EditableRecordType,
} from '../../models/dns/recordContent';
import { isRecordEnabled } from '../../models/dns/recordSets';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

/**
 * One value of a set as the prompts edit it. A changed value keeps the record's `enabled` and `meta`, so that
 * the record of a GeoDNS set answering Germany still answers Germany with its new address.
 */
export interface DraftValue {
  content: unknown[];
  enabled?: boolean;
  meta?: Record<string, unknown>;
}

const EXAMPLES: Record<EditableRecordType, string> = {
  A: '203.0.113.10',
  AAAA: '2001:db8::10',
  CNAME: 'target.example.com.',
  MX: '10 mail.example.com.',
  TXT: 'v=spf1 include:_spf.example.net ~all',
  SRV: '10 60 5060 sip.example.com.',
  CAA: '0 issue "letsencrypt.org"',
  NS: 'ns1.example.net.',
  PTR: 'host.example.com.',
};

/** What the box for one value says: the type's parts, as a zone file writes them. */
function valuePrompt(type: EditableRecordType): string {
  return l10n.t('{0} value: {1}. Host names are full; a trailing dot is optional.', type, recordTextForm(type));
}

/**
 * The box for one value, checked as the resolver will read it (the message names the value and its part),
 * and against the other values of the set (`others`: their content keys). Resolves to the content.
 */
export async function promptRecordValue(
  ui: PromptUi,
  type: EditableRecordType,
  position: StepPosition,
  others: ReadonlySet<string>,
  current?: DraftValue,
): Promise<unknown[] | Back> {
  const answer = await ui.input({
    ...position,
    prompt: valuePrompt(type),
    placeholder: EXAMPLES[type],
    value: current ? formatRecordContent(type, current.content) : undefined,
    validate: (text) => valueProblem(type, text, others),
  });
  if (answer === BACK) return BACK;
  const parsed = parseRecordText(type, answer);
  // The box accepted the text, so it parses; the guard keeps the types honest.
  return parsed.ok ? parsed.content : [answer];
}

function valueProblem(type: EditableRecordType, text: string, others: ReadonlySet<string>): string | undefined {
  const parsed = parseRecordText(type, text);
  if (!parsed.ok) return l10n.t('{0} value: {1}', type, parsed.message);
  if (others.has(recordContentKey(type, parsed.content))) return l10n.t('{0} value: the set already holds this value', type);
  return undefined;
}

type ListChoice = { kind: 'done' } | { kind: 'add' } | { kind: 'value'; index: number };
type ValueAction = 'change' | 'toggle' | 'remove';

export interface ValueListOptions {
  /** Above the list: what the values are for ("Values of www.example.com A"). */
  placeholder: string;
  /** Values another part of the set already holds (adding to an existing set): offered again, they are refused. */
  held?: ReadonlySet<string>;
}

/**
 * A set's values as a list: Done, Add value…, and each value, which can be changed, disabled or enabled, or
 * removed. An empty list opens the value box at once; Back from it leaves the list. `values` is edited in
 * place, so Back keeps what was typed. CNAME holds one value: only its box is shown.
 */
export async function promptRecordValues(
  ui: PromptUi,
  type: EditableRecordType,
  position: StepPosition,
  values: DraftValue[],
  options: ValueListOptions,
): Promise<void | Back> {
  if (type === 'CNAME') return promptOnlyValue(ui, position, values);
  for (;;) {
    if (values.length === 0) {
      const content = await promptRecordValue(ui, type, position, othersThan(type, values, -1, options.held));
      if (content === BACK) return BACK;
      values.push({ content });
      continue;
    }
    const choice = await ui.pick<ListChoice>({
      ...position,
      placeholder: options.placeholder,
      items: [
        {
          label: `$(check) ${l10n.t('Done')}`,
          description: values.length === 1 ? l10n.t('1 value') : l10n.t('{0} values', values.length),
          value: { kind: 'done' },
        },
        { label: `$(add) ${l10n.t('Add value…')}`, description: EXAMPLES[type], value: { kind: 'add' } },
        ...values.map((value, index) => ({
          label: formatRecordContent(type, value.content),
          description: isRecordEnabled(value) ? undefined : l10n.t('disabled'),
          value: { kind: 'value' as const, index },
        })),
      ],
    });
    if (choice === BACK) return BACK;
    if (choice.kind === 'done') return;
    if (choice.kind === 'add') {
      const content = await promptRecordValue(ui, type, { ...position, canGoBack: true }, othersThan(type, values, -1, options.held));
      if (content !== BACK) values.push({ content });
      continue;
    }
    await editValue(ui, type, position, values, choice.index, options.held);
  }
}

async function promptOnlyValue(ui: PromptUi, position: StepPosition, values: DraftValue[]): Promise<void | Back> {
  const content = await promptRecordValue(ui, 'CNAME', position, new Set(), values[0]);
  if (content === BACK) return BACK;
  values.splice(0, values.length, { ...values[0], content });
}

/** One value's actions; Back returns to the list. */
async function editValue(
  ui: PromptUi,
  type: EditableRecordType,
  position: StepPosition,
  values: DraftValue[],
  index: number,
  held?: ReadonlySet<string>,
): Promise<void> {
  const value = values[index];
  const text = formatRecordContent(type, value.content);
  const enabled = isRecordEnabled(value);
  const action = await ui.pick<ValueAction>({
    ...position,
    canGoBack: true,
    placeholder: text,
    items: [
      { label: `$(edit) ${l10n.t('Change…')}`, value: 'change' },
      enabled
        ? {
            label: `$(circle-slash) ${l10n.t('Disable')}`,
            description: l10n.t('kept in the set, but Gcore does not answer with it'),
            value: 'toggle',
          }
        : { label: `$(pass) ${l10n.t('Enable')}`, description: l10n.t('Gcore answers with it again'), value: 'toggle' },
      { label: `$(trash) ${l10n.t('Remove')}`, value: 'remove' },
    ],
  });
  if (action === BACK) return;
  if (action === 'remove') values.splice(index, 1);
  else if (action === 'toggle') values[index] = { ...value, enabled: !enabled };
  else {
    const content = await promptRecordValue(ui, type, { ...position, canGoBack: true }, othersThan(type, values, index, held), value);
    if (content !== BACK) values[index] = { ...value, content };
  }
}

/** The content keys of every value but the one at `except`, with those the set holds elsewhere. */
function othersThan(type: EditableRecordType, values: readonly DraftValue[], except: number, held?: ReadonlySet<string>): Set<string> {
  const keys = new Set(held);
  values.forEach((value, index) => {
    if (index !== except) keys.add(recordContentKey(type, value.content));
  });
  return keys;
}
