import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { DnsZone, RecordSet } from '../../api/dns/dnsTypes';
import { isEndpointMissing } from '../../api/errors';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { ZoneFileEditor } from '../../documents/dns/zoneFileDocuments';
import type { Snapshots } from '../../documents/snapshots';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { exportNeedsZoneSettings, printZoneFile } from '../../models/dns/zoneFile/zoneFileWriter';
import { confirmedPlanOf } from '../../models/dns/confirmedImportPlan';
import { validateImportZoneFileArgs, ZONE_FILE_MAX_LENGTH, type ImportZoneFileArgs } from '../../models/dns/zoneFileArgs';
import { importResult, type RecordSetChange, type ZoneFileImportResult, type ZoneFilePlan } from '../../models/dns/zoneFileChanges';
import { readZoneFileSets, type ZoneFileSets } from '../../models/dns/zoneFileDocument';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { reviewDocumentCommand } from '../arguments';
import { zoneNameArgument } from '../../prompts/dns/zoneArgument';
import { command, waitShown, type Command } from '../flow/command';
import { applyRecordSetChanges, isPartlyApplied } from '../../writes/dns/recordSetBatch';
import { planZoneFileImport, unreviewedImportPlan } from '../../writes/dns/zoneFileImports';
import { pickAccountZone } from '../../prompts/dns/zoneChoices';
import { reviewImport } from '../../documents/dns/zoneFileImportReview';
import type { Services } from '../services';
import type { DnsServices } from './zoneCommands';

/** An import as the user set it up: the file's text and where it came from; the review's plan and choice. */
interface ImportRequest extends ImportZoneFileArgs {
  source?: string;
  /** The plan the user reviewed; the import applies it as reviewed (after a partial failure: what is left of it). */
  reviewed?: ZoneFilePlan;
  /** The changes earlier attempts carried out before one failed; Retry sends only the rest. */
  applied?: RecordSetChange[];
  /** An agent tool's: the digest of the plan its confirmation showed; a programmatic import sends nothing unless it plans the same. */
  confirmed?: string;
}

interface ImportOutcome {
  result: ZoneFileImportResult;
  skipped: number;
}

/** How many problems of a file that does not read are named in the message; the rest are counted. */
const PROBLEMS_NAMED = 5;

const OWN_SCHEMES = new Set<string>(Object.values(SCHEME));

const ZONE_FILE_FILTERS = { [l10n.t('Zone files')]: ['zone', 'db', 'txt'], [l10n.t('All files')]: ['*'] };

/** A text that does not read, refused before any request: its first problems, each with its line. */
function refuseProblems(source: string, problems: readonly { line: number; message: string }[]): never {
  const named = problems.slice(0, PROBLEMS_NAMED).map((problem) => l10n.t('line {0}: {1}', problem.line, problem.message));
  const more = problems.length - named.length;
  const list = more > 0 ? l10n.t('{0}; and {1} more', named.join('; '), more) : named.join('; ');
  throw new Error(l10n.t('{0} does not read as a zone file, so nothing was sent: {1}.', source, list));
}

/** Megabytes with one decimal, rounded up: a size over a limit never reads as the limit. */
function megabytesUp(bytes: number): string {
  return String(Math.ceil((bytes / (1024 * 1024)) * 10) / 10);
}

/** A text or file larger than any zone's, refused before it is read (a file) or parsed (a text). */
function refuseLargerThanZoneFile(source: string, bytes: number): void {
  if (bytes <= ZONE_FILE_MAX_LENGTH) return;
  throw new Error(
    l10n.t(
      '{0} is {1} MB: a zone file is at most {2} MB here, so it was not imported. Nothing was sent.',
      source,
      megabytesUp(bytes),
      megabytesUp(ZONE_FILE_MAX_LENGTH),
    ),
  );
}

type ZoneFileServices = Pick<DnsServices, 'client' | 'zones' | 'reads'>;

async function askZone(services: Pick<DnsServices, 'zones' | 'reads'>, ui: PromptUi, title: string, node: unknown): Promise<string> {
  return zoneNameArgument(node) ?? orCancel(await pickAccountZone(services, ui, { title }));
}

async function readSets(services: Pick<Services, 'client'>, zoneName: string, signal?: AbortSignal): Promise<readonly RecordSet[]> {
  return (await services.client.dns.listRecords(zoneName, { signal })).rrsets;
}

/** The zone whose settings an export's SOA is written from; undefined when this API reads no zone (the SOA then has defaults). */
async function readZoneForExport(services: Pick<Services, 'client'>, zoneName: string, signal?: AbortSignal): Promise<DnsZone | undefined> {
  try {
    return await services.client.dns.getZone(zoneName, { signal });
  } catch (error) {
    if (isEndpointMissing(error)) return undefined;
    throw error;
  }
}

/** The record sets of the text, and what it noted; a text that does not read is refused before any request. */
function readImport(args: ImportZoneFileArgs, source: string): ZoneFileSets {
  const reading = readZoneFileSets(args.text, args.zoneName);
  if (reading.problems.length > 0) refuseProblems(source, reading.problems);
  return reading;
}

/** The plan a review shows: what the text comes to against the zone at Gcore, with what its reading noted. */
async function planImport(
  services: Pick<Services, 'client'>,
  args: ImportZoneFileArgs,
  source: string,
  signal?: AbortSignal,
): Promise<ZoneFilePlan> {
  const reading = readImport(args, source);
  const plan = await planZoneFileImport(services.client.dns, args, reading.sets, { signal });
  return reading.notes.length === 0 ? plan : { ...plan, notes: reading.notes };
}

/** The text to import, from a file the user picks or the active editor. */
async function askSource(ui: PromptUi, title: string): Promise<{ text: string; source: string }> {
  const active = vscode.window.activeTextEditor?.document;
  // Not a document of the extension's own (a zone's file, this review, a log): those are not an export to import.
  const offerEditor = active !== undefined && !OWN_SCHEMES.has(active.uri.scheme) && active.getText().trim() !== '';
  const choice = offerEditor
    ? orCancel(
        await ui.pick<'file' | 'editor'>({
          title,
          placeholder: l10n.t('The zone file to import'),
          items: [
            { label: `$(file) ${l10n.t('Choose a File…')}`, value: 'file' },
            {
              label: `$(edit) ${l10n.t('The Active Editor')}`,
              description: vscode.workspace.asRelativePath(active.uri),
              value: 'editor',
            },
          ],
        }),
      )
    : 'file';
  if (choice === 'editor' && active !== undefined) {
    const text = active.getText();
    const source = vscode.workspace.asRelativePath(active.uri);
    refuseLargerThanZoneFile(source, Buffer.byteLength(text));
    return { text, source };
  }
  const chosen = await ui.chooseFile({ kind: 'open', title, filters: ZONE_FILE_FILTERS });
  if (chosen === undefined) throw new UserCancelledError();
  const uri = vscode.Uri.parse(chosen);
  const source = vscode.workspace.asRelativePath(uri);
  // Before reading: a file picked by mistake (a disk image, a log) is never read into memory.
  refuseLargerThanZoneFile(source, (await vscode.workspace.fs.stat(uri)).size);
  const bytes = await vscode.workspace.fs.readFile(uri);
  return { text: new TextDecoder().decode(bytes), source };
}

function editZoneFile(services: ZoneFileServices, editor: ZoneFileEditor): Command<never, unknown, never> {
  return command<string, string>({
    id: COMMAND.editZoneFile,
    what: (zone) => (zone ? l10n.t('Edit the zone file of {0}', zoneNameForDisplay(zone)) : l10n.t('Edit zone file')),
    parse: (arg) => zoneNameArgument(arg) as string,
    ask: (ui, _draft, node) => askZone(services, ui, l10n.t('Gcore: Edit Zone File'), node),
    progress: (zone) => l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zone)),
    run: async (zoneName) => {
      const uri = editor.uriFor(zoneName);
      const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
      // Opened again: the record sets at Gcore now, unless the user is editing it (their edits stay).
      if (!open?.isDirty && !editor.hasDraft(uri)) await editor.load(uri);
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri.toString();
    },
  });
}

function applyZoneFile(editor: ZoneFileEditor): Command<never, unknown, never> {
  return reviewDocumentCommand(
    COMMAND.applyZoneFile,
    () => l10n.t('Review and apply the zone file'),
    { scheme: SCHEME.zoneFile, missing: l10n.t('Open a zone with Edit Zone File first: this command reviews and applies that document.') },
    editor,
  );
}

function exportZoneFile(services: ZoneFileServices): Command<never, unknown, never> {
  return command<string, string>({
    id: COMMAND.exportZoneFile,
    what: (zone) => (zone ? l10n.t('Export the zone file of {0}', zoneNameForDisplay(zone)) : l10n.t('Export zone file')),
    parse: (arg) => zoneNameArgument(arg) as string,
    ask: (ui, _draft, node) => askZone(services, ui, l10n.t('Gcore: Export Zone File'), node),
    progress: (zone) => l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zone)),
    run: async (zoneName, { signal }) => {
      const sets = await readSets(services, zoneName, signal);
      const settings = exportNeedsZoneSettings(zoneName, sets) ? await readZoneForExport(services, zoneName, signal) : undefined;
      return printZoneFile(zoneName, sets, 'export', settings);
    },
    report: async (ui, text, zoneName) => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const chosen = await ui.chooseFile({
        kind: 'save',
        title: l10n.t('Save the zone file of {0}', zoneNameForDisplay(zoneName)),
        defaultUri: folder === undefined ? undefined : vscode.Uri.joinPath(folder, `${zoneName}.zone`).toString(),
        filters: ZONE_FILE_FILTERS,
      });
      if (chosen === undefined) return;
      const uri = vscode.Uri.parse(chosen);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      const openIt = l10n.t('Open');
      const answer = await ui.notify(
        'info',
        l10n.t('Saved the zone file of {0} to {1}.', zoneNameForDisplay(zoneName), vscode.workspace.asRelativePath(uri)),
        openIt,
      );
      if (answer === openIt) await vscode.window.showTextDocument(uri);
    },
  });
}

function importZoneFile(
  services: ZoneFileServices,
  reports: Snapshots,
  written: (zoneName: string) => void,
): Command<never, unknown, never> {
  return command<ImportRequest, ImportOutcome, { request?: ImportRequest }>({
    id: COMMAND.importZoneFile,
    what: (request) =>
      request
        ? l10n.t('Import {0} into {1}', request.source ?? l10n.t('a zone file'), zoneNameForDisplay(request.zoneName))
        : l10n.t('Import zone file'),
    parse: (arg) => ({ ...unwrap(validateImportZoneFileArgs(arg)), confirmed: confirmedPlanOf(arg) }),
    draft: () => ({}),
    ask: async (ui, draft, node) => {
      const title = l10n.t('Gcore: Import Zone File');
      // Retry and Edit start from the same file: what the user picked is never asked for twice.
      const request = draft.request ?? {
        zoneName: await askZone(services, ui, title, node),
        deleteMissing: false,
        ...(await askSource(ui, title)),
      };
      draft.request = request;
      const plan = await ui.withProgress({
        title: l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(request.zoneName)),
        cancellable: true,
        run: (signal) => planImport(services, request, request.source ?? '', signal),
      });
      const reviewed = await reviewImport(ui, reports, request, plan);
      // Dismissed, or nothing to do: nothing is sent.
      if (reviewed === undefined) throw new UserCancelledError();
      return { ...request, reviewed };
    },
    progress: (request) => l10n.t('Importing into {0}…', zoneNameForDisplay(request.zoneName)),
    run: async (request, { signal, report }) => {
      // A programmatic import plans on its own; a reviewed one applies what the user saw, and a retry the rest.
      const plan =
        request.reviewed ??
        (await unreviewedImportPlan(services.client.dns, request, readImport(request, l10n.t('The text')).sets, request.confirmed, {
          signal,
        }));
      try {
        await applyRecordSetChanges(services.client.dns, request.zoneName, plan.changes, signal, waitShown(report));
      } catch (error) {
        if (isPartlyApplied(error)) {
          request.applied = [...(request.applied ?? []), ...error.applied];
          request.reviewed = { ...plan, changes: plan.changes.filter((change) => !error.applied.includes(change)) };
        }
        throw error;
      } finally {
        if (plan.changes.length > 0) written(request.zoneName);
      }
      return { result: importResult({ ...plan, changes: [...(request.applied ?? []), ...plan.changes] }), skipped: plan.skipped.length };
    },
    returns: (outcome) => outcome.result,
    report: async (ui, { result, skipped }, request) => {
      const editIt = l10n.t('Edit Zone File');
      const answer = await ui.notify(
        'info',
        l10n.t(
          'Imported {0} into {1}: {2} created, {3} changed, {4} deleted, {5} unchanged, {6} skipped.',
          request.source ?? l10n.t('the zone file'),
          zoneNameForDisplay(request.zoneName),
          result.created.length,
          result.updated.length,
          result.deleted.length,
          result.unchanged,
          skipped,
        ),
        editIt,
      );
      if (answer === editIt) await vscode.commands.executeCommand(COMMAND.editZoneFile, { zoneName: request.zoneName });
    },
  });
}

/**
 * Zone files: a zone's record sets edited as one, imported from another provider's export, exported.
 * `written`: after an import, the zone's sets and the account's counts are read again and the zones redrawn.
 */
export function zoneFileCommands(
  services: DnsServices,
  editor: ZoneFileEditor,
  reports: Snapshots,
  written: (zoneName: string) => void,
): Command<never, unknown, never>[] {
  return [editZoneFile(services, editor), applyZoneFile(editor), exportZoneFile(services), importZoneFile(services, reports, written)];
}
