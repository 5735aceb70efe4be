import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { RecordSet, RecordSetList } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { validateRecordRefArgs, validateRecordSetArgs, type RecordRefArgs } from '../../models/dns/recordSetArgs';
import { formatRecordContent, isEditableRecordType } from '../../models/dns/recordContent';
import { removeRecordValue as removalOf } from '../../models/dns/recordSets';
import { ttlText } from '../../models/dns/recordTtl';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { orCancel } from '../../ui/loneAnswer';
import type { Back, PromptUi, StepPosition } from '../../ui/promptUi';
import { recordSetDisplayName } from '../../writes/dns/recordArgs';
import { recordSetWriteOf, sendRecordSetDelete, sendRecordSetWrite, type RecordSetWrite } from '../../writes/dns/recordSetWrites';
import { runWizard } from '../../ui/wizard';
import {
  addRecordPlan,
  answeredName,
  editAnswers,
  editRecordPlan,
  required,
  reviewedWrite,
  type RecordAnswers,
  type RecordWizardDeps,
} from '../../ui/dns/recordWizard';
import { unwrap } from '../../validation/problems';
import { recordSetRows, type RecordSetRow } from '../../views/dns/presentation/recordView';
import { isRecordNode, isRecordSetNode, type RecordNode } from '../../views/dns/zoneNodes';
import { zoneNameArgument } from '../../prompts/dns/zoneArgument';
import { callOptions, command, waitShown, type Command, type RunContext } from '../flow/command';
import { pickAccountZone } from '../../prompts/dns/zoneChoices';
import type { DnsServices } from './zoneCommands';
import { rowOf } from '../../prompts/rowOf';

/** A set to delete, with its values as last read (for the confirmation) when the call came from the tree or a pick. */
interface RecordToDelete extends RecordRefArgs {
  set?: RecordSet;
}

interface ValueToRemove extends RecordRefArgs {
  set: RecordSet;
  content: readonly unknown[];
}

type Removal = 'updated' | 'deleted' | 'absent' | 'gone';

function inZone(ref: RecordRefArgs): string {
  return zoneNameForDisplay(ref.zoneName);
}

/** A set given as a record set row, or as `{ zoneName, name, type }`; the row's names are checked as typed ones are. */
function recordRefArgument(arg: unknown): RecordRefArgs {
  if (isRecordSetNode(arg)) return unwrap(validateRecordRefArgs({ zoneName: arg.zone.name, name: arg.row.set.name, type: arg.row.type }));
  return unwrap(validateRecordRefArgs(arg));
}

function writeWhat(args: RecordSetWrite): string {
  return args.write === 'create'
    ? l10n.t('Add {0} to {1}', recordSetDisplayName(args), inZone(args))
    : l10n.t('Update {0} in {1}', recordSetDisplayName(args), inZone(args));
}

/** The write the wizard's answers stand for. */
function answeredWrite(draft: RecordAnswers): RecordSetWrite {
  return reviewedWrite(draft, required(draft.zoneName), required(answeredName(draft)), required(draft.type));
}

type RecordServices = Pick<DnsServices, 'client' | 'zones' | 'reads'>;

/** After a write: the zone's sets and the account's counts are read again and the zones redrawn. */
type Changed = (zoneName: string) => void;

function askZone(services: Pick<DnsServices, 'zones' | 'reads'>, ui: PromptUi, position: StepPosition): Promise<string | Back> {
  return pickAccountZone(services, ui, position);
}

/** A set of a zone picked from its list (the zone first, when the call named none); `usable` says which sets are offered. */
async function askRecordSet(
  services: RecordServices,
  ui: PromptUi,
  title: string,
  node: unknown,
  usable: (row: RecordSetRow) => boolean,
): Promise<{ zoneName: string; set: RecordSet }> {
  const zoneName = zoneNameArgument(node) ?? orCancel(await askZone(services, ui, { title }));
  const loaded = await ui.withProgress({
    title: l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zoneName)),
    cancellable: true,
    run: (signal) => services.client.dns.listRecords(zoneName, { signal }),
  });
  const rows = recordSetRows(zoneName, loaded.rrsets).filter(usable);
  if (rows.length === 0) throw new Error(l10n.t('{0} has no record set this command can change.', zoneNameForDisplay(zoneName)));
  const set = orCancel(
    await ui.pick<RecordSet>({
      title,
      placeholder: l10n.t('Record set of {0}', zoneNameForDisplay(zoneName)),
      matchOnDescription: true,
      items: rows.map((row) => ({
        label: `${row.name.label}  ${row.type}`,
        description: row.view.description?.slice(row.type.length + 3),
        value: row.set,
      })),
    }),
  );
  return { zoneName, set };
}

function wizardDeps(services: RecordServices, ui: PromptUi, title: string): RecordWizardDeps {
  return {
    ui,
    title,
    readSet: (zoneName, name, type, signal) => services.client.dns.findRecord(zoneName, name, type, { signal }),
    pickZone: (position) => askZone(services, ui, position),
  };
}

/** What Edit Record starts from: the set of the row, or one picked, as Gcore holds it now. */
async function editStart(services: RecordServices, ui: PromptUi, title: string, node: unknown): Promise<RecordAnswers> {
  let ref: RecordRefArgs;
  if (isRecordSetNode(node)) ref = recordRefArgument(node);
  else {
    const { zoneName, set } = await askRecordSet(
      services,
      ui,
      title,
      node,
      (row) => isEditableRecordType(row.type) && row.kind !== 'gcore',
    );
    ref = recordRefArgument({ zoneName, name: set.name, type: set.type });
  }
  const type = ref.type;
  if (!isEditableRecordType(type)) {
    throw new Error(l10n.t('{0} sets are not edited here: gcore.updateRecord takes their content lists.', type));
  }
  const current = await ui.withProgress({
    title: l10n.t('Reading {0}…', recordSetDisplayName(ref)),
    cancellable: true,
    run: (signal) => services.client.dns.findRecord(ref.zoneName, ref.name, ref.type, { signal }),
  });
  if (!current) {
    throw new Error(l10n.t('{0} no longer exists in {1}. Refresh the zone, or add it again.', recordSetDisplayName(ref), inZone(ref)));
  }
  return editAnswers(ref.zoneName, type, current);
}

function reportWrite(ui: PromptUi, args: RecordSetWrite): void {
  const checkResolution = l10n.t('Check Resolution');
  const message =
    args.write === 'create'
      ? l10n.t('Added {0} to {1}.', recordSetDisplayName(args), inZone(args))
      : l10n.t('Updated {0} in {1}.', recordSetDisplayName(args), inZone(args));
  void ui.notify('info', message, checkResolution).then(async (choice) => {
    if (choice === checkResolution) {
      await vscode.commands.executeCommand(COMMAND.checkResolution, { name: args.name, type: args.type, zoneName: args.zoneName });
    }
  });
}

/** How Add Record and Edit Record send what the user confirmed, or what a caller gave, and say so. */
function sending(services: RecordServices, changed: Changed) {
  return {
    progress: (args: RecordSetWrite) =>
      args.write === 'create'
        ? l10n.t('Adding {0} to {1}…', recordSetDisplayName(args), inZone(args))
        : l10n.t('Updating {0} in {1}…', recordSetDisplayName(args), inZone(args)),
    run: async (args: RecordSetWrite, { signal, report }: RunContext): Promise<RecordSet> => {
      const result = await sendRecordSetWrite(services.client.dns, args, 'gcore.updateRecord', signal, waitShown(report));
      changed(args.zoneName);
      return result;
    },
    editable: true,
    cancelledAfterSending: (args: RecordSetWrite) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still have changed {0}. Check the zone before sending it again.',
        recordSetDisplayName(args),
      ),
    }),
    report: (ui: PromptUi, _result: RecordSet, args: RecordSetWrite) => reportWrite(ui, args),
  };
}

function listRecords(services: RecordServices): Command<never, unknown, never> {
  return command<string, RecordSetList>({
    id: COMMAND.listRecords,
    what: (zone) => (zone ? l10n.t('List the record sets of {0}', zoneNameForDisplay(zone)) : l10n.t('List record sets')),
    parse: (arg) => zoneNameArgument(arg) as string,
    ask: async (ui, _draft, node) =>
      zoneNameArgument(node) ?? orCancel(await askZone(services, ui, { title: l10n.t('Gcore: List Record Sets') })),
    progress: (zone) => l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zone)),
    run: (zone, { signal }) => services.client.dns.listRecords(zone, { signal }),
    returns: (list) => ({ total_amount: list.total_amount, rrsets: list.rrsets }),
  });
}

function getRecord(services: RecordServices): Command<never, unknown, never> {
  return command<RecordRefArgs, RecordSet>({
    id: COMMAND.getRecord,
    what: (ref) => (ref ? l10n.t('Read {0} in {1}', recordSetDisplayName(ref), inZone(ref)) : l10n.t('Read record set')),
    parse: recordRefArgument,
    ask: async (ui, _draft, node) => {
      if (isRecordSetNode(node)) return recordRefArgument(node);
      const { zoneName, set } = await askRecordSet(services, ui, l10n.t('Gcore: Read Record Set'), node, () => true);
      return recordRefArgument({ zoneName, name: set.name, type: set.type });
    },
    progress: (ref) => l10n.t('Reading {0}…', recordSetDisplayName(ref)),
    run: (ref, { signal }) => services.client.dns.getRecord(ref.zoneName, ref.name, ref.type, { signal }),
  });
}

function createRecord(services: RecordServices, changed: Changed): Command<never, unknown, never> {
  return command<RecordSetWrite, RecordSet, RecordAnswers>({
    id: COMMAND.createRecord,
    what: (args) => (args ? writeWhat(args) : l10n.t('Add record set')),
    parse: (arg) => recordSetWriteOf(unwrap(validateRecordSetArgs(arg)), 'create'),
    draft: () => ({ values: [] }),
    ask: async (ui, draft, node) => {
      const zoneName = zoneNameArgument(node);
      if (zoneName !== undefined) draft.zoneName = zoneName;
      await runWizard(draft, addRecordPlan(wizardDeps(services, ui, l10n.t('Gcore: Add Record')), zoneName !== undefined));
      return answeredWrite(draft);
    },
    ...sending(services, changed),
  });
}

function updateRecord(services: RecordServices, changed: Changed): Command<never, unknown, never> {
  return command<RecordSetWrite, RecordSet, RecordAnswers>({
    id: COMMAND.updateRecord,
    what: (args) => (args ? writeWhat(args) : l10n.t('Edit record set')),
    parse: (arg) => recordSetWriteOf(unwrap(validateRecordSetArgs(arg)), 'replace'),
    draft: () => ({ values: [] }),
    ask: async (ui, draft, node) => {
      const title = l10n.t('Gcore: Edit Record Set');
      // Reopened after a failure, the draft holds the user's values: they are kept, and the review reads the set again.
      if (draft.existing === undefined) Object.assign(draft, await editStart(services, ui, title, node));
      await runWizard(draft, editRecordPlan(wizardDeps(services, ui, title)));
      return answeredWrite(draft);
    },
    ...sending(services, changed),
  });
}

function deleteRecord(services: RecordServices, changed: Changed): Command<never, unknown, never> {
  return command<RecordToDelete, { alreadyGone: boolean }>({
    id: COMMAND.deleteRecord,
    what: (ref) => (ref ? l10n.t('Delete {0} from {1}', recordSetDisplayName(ref), inZone(ref)) : l10n.t('Delete record set')),
    parse: recordRefArgument,
    ask: async (ui, _draft, node) => {
      if (isRecordSetNode(node)) return { ...recordRefArgument(node), set: node.row.set };
      const { zoneName, set } = await askRecordSet(services, ui, l10n.t('Gcore: Delete Record Set'), node, (row) => row.kind !== 'gcore');
      return { ...recordRefArgument({ zoneName, name: set.name, type: set.type }), set };
    },
    confirm: (ui, ref) => {
      const records = ref.set?.resource_records ?? [];
      const values = records.map((record) => `  ${formatRecordContent(ref.type, record.content)}`);
      const ttl = typeof ref.set?.ttl === 'number' ? ref.set.ttl : undefined;
      return ui.confirm({
        message: l10n.t('Delete {0} from {1}?', recordSetDisplayName(ref), inZone(ref)),
        detail: [
          records.length === 1 ? l10n.t('Its value goes:') : l10n.t('All {0} of its values go:', records.length),
          ...values,
          '',
          ttl === undefined
            ? l10n.t('Resolvers may keep answering with them until their cached answers expire.')
            : l10n.t('Resolvers may keep answering with them for up to {0} (its TTL).', ttlText(ttl)),
        ].join('\n'),
        confirmLabel: l10n.t('Delete Record Set'),
      });
    },
    progress: (ref) => l10n.t('Deleting {0} from {1}…', recordSetDisplayName(ref), inZone(ref)),
    run: async (ref, context) => {
      const result = await sendRecordSetDelete(services.client.dns, ref, callOptions(context));
      changed(ref.zoneName);
      return result;
    },
    returns: () => undefined,
    report: (ui, { alreadyGone }, ref) =>
      void ui.notify(
        'info',
        alreadyGone
          ? l10n.t('{0} was already gone from {1}.', recordSetDisplayName(ref), inZone(ref))
          : l10n.t('Deleted {0} from {1}.', recordSetDisplayName(ref), inZone(ref)),
      ),
  });
}

function removeRecordValue(services: RecordServices, changed: Changed): Command<never, unknown, never> {
  return command<ValueToRemove, Removal>({
    id: COMMAND.removeRecordValue,
    what: (args) => (args ? l10n.t('Remove a value of {0}', recordSetDisplayName(args)) : l10n.t('Remove record value')),
    ask: async (_ui, _draft, node) => {
      const row: RecordNode = rowOf(node, isRecordNode, l10n.t('must be a record value row of the Gcore tree'));
      const set = row.parent.row.set;
      return { ...recordRefArgument(row.parent), set, content: row.content };
    },
    confirm: (ui, args) => {
      const value = formatRecordContent(args.type, args.content);
      const others = args.set.resource_records.length - 1;
      return ui.confirm({
        message:
          others === 0
            ? l10n.t('Remove the last value of {0}?', recordSetDisplayName(args))
            : l10n.t('Remove {0} from {1}?', value, recordSetDisplayName(args)),
        detail:
          others === 0
            ? l10n.t('{0} is its only value: the record set is deleted.', value)
            : l10n.t('The set keeps its other values ({0}), its TTL and what picks its answer.', others),
        confirmLabel: others === 0 ? l10n.t('Delete Record Set') : l10n.t('Remove Value'),
      });
    },
    progress: (args) => l10n.t('Removing a value of {0}…', recordSetDisplayName(args)),
    // The set is read again, so that a value added meanwhile is kept.
    run: async (args, context) => {
      const call = callOptions(context);
      const dns = services.client.dns;
      const current = await dns.findRecord(args.zoneName, args.name, args.type, call);
      if (!current) {
        changed(args.zoneName);
        return 'gone';
      }
      const removal = removalOf({ ...current, type: args.type }, args.content);
      if (removal.kind === 'update') await dns.replaceRecord(args.zoneName, args.name, args.type, removal.body, call);
      else if (removal.kind === 'delete') await dns.deleteRecord(args.zoneName, args.name, args.type, call);
      changed(args.zoneName);
      return removal.kind === 'update' ? 'updated' : removal.kind === 'delete' ? 'deleted' : 'absent';
    },
    report: (ui, removal, args) => {
      const value = formatRecordContent(args.type, args.content);
      const messages: Record<Removal, string> = {
        updated: l10n.t('Removed {0} from {1}.', value, recordSetDisplayName(args)),
        deleted: l10n.t('Removed {0}, the last value of {1}: the set is deleted.', value, recordSetDisplayName(args)),
        absent: l10n.t('{0} no longer holds {1}: nothing was sent.', recordSetDisplayName(args), value),
        gone: l10n.t('{0} is already gone from {1}.', recordSetDisplayName(args), inZone(args)),
      };
      void ui.notify('info', messages[removal]);
    },
  });
}

export function recordCommands(services: DnsServices, changed: Changed): Command<never, unknown, never>[] {
  return [
    listRecords(services),
    getRecord(services),
    createRecord(services, changed),
    updateRecord(services, changed),
    deleteRecord(services, changed),
    removeRecordValue(services, changed),
  ];
}
