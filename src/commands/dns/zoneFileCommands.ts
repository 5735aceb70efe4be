import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { RecordSet } from '../../api';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { ZoneFileEditor } from '../../documents/zoneFileDocuments';
import type { Snapshots } from '../../documents/snapshots';
import { zoneNameForDisplay } from '../../models/zoneCreate';
import { printZoneFile } from '../../models/zoneFile/zoneFileWriter';
import { confirmedPlanOf, refuseUnconfirmedPlan } from '../../models/confirmedImportPlan';
import { validateImportZoneFileArgs, ZONE_FILE_MAX_LENGTH, type ImportZoneFileArgs } from '../../models/zoneFileArgs';
import {
  CLOUDFLARE_AUTOMATIC_TTL,
  changeCounts,
  changeLines,
  changeName,
  cloudflareNotes,
  cloudflareProxiedChanges,
  cloudflareProxiedNote,
  deletionOf,
  importResult,
  oneSecondTtlChanges,
  oneSecondTtlNote,
  planZoneFile,
  withOneSecondTtlsAs,
  type RecordSetChange,
  type ZoneFileImportResult,
  type ZoneFilePlan,
} from '../../models/zoneFileChanges';
import { readZoneFileSets } from '../../models/zoneFileDocument';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { editorDocumentArgument, zoneNameArgument } from '../arguments';
import { command, waitShown, type Command } from '../flow/command';
import { applyRecordSetChanges, isPartlyApplied } from '../../agentTools/dns/recordSetBatch';
import { pickAccountZone } from './zoneChoices';
import type { Services } from '../services';

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

/** The review of an import as a document: everything it will do and everything it will not, with why. */
function importReport(zoneName: string, source: string, plan: ZoneFilePlan): string {
  const zone = zoneNameForDisplay(zoneName);
  const counts = changeCounts(plan.changes);
  const section = (title: string, lines: readonly string[], note?: string): string[] =>
    lines.length === 0 ? [] : [`## ${title}`, '', ...(note === undefined ? [] : [note, '']), ...lines.map((line) => `- ${line}`), ''];
  const byKind = (kind: RecordSetChange['kind']): string[] =>
    changeLines(
      zoneName,
      plan.changes.filter((change) => change.kind === kind),
    );
  const oneSecond = oneSecondTtlChanges(plan);
  const proxied = cloudflareProxiedChanges(plan);
  return [
    `# ${l10n.t('Import of {0} into {1}', source, zone)}`,
    '',
    l10n.t(
      '{0} to create, {1} to change, {2} to delete, {3} unchanged, {4} skipped. Nothing is sent before you choose Apply; each changed record set is one request.',
      counts.create,
      counts.update,
      counts.delete,
      plan.unchanged,
      plan.skipped.length,
    ),
    '',
    ...section(l10n.t('Created ({0})', counts.create), byKind('create')),
    ...section(l10n.t('Changed ({0})', counts.update), byKind('update')),
    ...section(l10n.t('Deleted ({0})', counts.delete), byKind('delete')),
    ...section(
      l10n.t('At Gcore but not in the file ({0}): kept unless you choose to delete them', plan.missing.length),
      plan.missing.map((set) => `${changeName(zoneName, set)}`),
    ),
    ...section(
      l10n.t('TTLs the file does not write ({0})', plan.notes?.length ?? 0),
      (plan.notes ?? []).map((note) => l10n.t('line {0}: {1}', note.line, note.message)),
    ),
    ...section(
      l10n.t('TTL of 1 second ({0})', oneSecond.length),
      oneSecond.map((change) => l10n.t('{0} (line {1})', changeName(zoneName, change), change.line)),
      oneSecondTtlNote(oneSecond.length),
    ),
    ...section(
      l10n.t('Proxied by Cloudflare ({0})', proxied.length),
      proxied.map((change) => l10n.t('{0} (line {1})', changeName(zoneName, change), change.line)),
      cloudflareProxiedNote(proxied.length),
    ),
    ...section(
      l10n.t('Skipped ({0})', plan.skipped.length),
      plan.skipped.map((skip) => l10n.t('{0} (line {1}): {2}', changeName(zoneName, skip), skip.line, skip.reason)),
    ),
  ].join('\n');
}

/** With the missing sets deleted too: the plan the review's second button applies. */
function withMissingDeleted(plan: ZoneFilePlan): ZoneFilePlan {
  return { ...plan, changes: [...plan.changes, ...plan.missing.map(deletionOf)], missing: [] };
}

/**
 * Zone files: a zone's record sets edited as one, imported from another provider's export, exported.
 * `written`: after an import, the zone's sets and the account's counts are read again and the zones redrawn.
 */
export function zoneFileCommands(
  services: Services,
  editor: ZoneFileEditor,
  reports: Snapshots,
  written: (zoneName: string) => void,
): Command<never, unknown, never>[] {
  const { client } = services;

  const askZone = async (ui: PromptUi, title: string, node: unknown): Promise<string> =>
    zoneNameArgument(node) ?? orCancel(await pickAccountZone(services, ui, { title }));

  const readSets = async (zoneName: string, signal?: AbortSignal): Promise<readonly RecordSet[]> =>
    (await client.dns.listRecords(zoneName, { signal })).rrsets;

  const planImport = async (args: ImportZoneFileArgs, source: string, signal?: AbortSignal): Promise<ZoneFilePlan> => {
    const reading = readZoneFileSets(args.text, args.zoneName);
    if (reading.problems.length > 0) refuseProblems(source, reading.problems);
    const plan = planZoneFile(args.zoneName, await readSets(args.zoneName, signal), reading.sets, { deleteMissing: args.deleteMissing });
    return reading.notes.length === 0 ? plan : { ...plan, notes: reading.notes };
  };

  /** The text to import, from a file the user picks or the active editor. */
  const askSource = async (ui: PromptUi, title: string): Promise<{ text: string; source: string }> => {
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
  };

  /** Shows the plan beside the editor and asks: Apply, Apply and Delete the missing sets, or nothing. */
  const review = async (ui: PromptUi, request: ImportRequest, plan: ZoneFilePlan): Promise<ZoneFilePlan | undefined> => {
    const source = request.source ?? l10n.t('the zone file');
    const zone = zoneNameForDisplay(request.zoneName);
    if (plan.changes.length === 0 && plan.missing.length === 0) {
      void ui.notify(
        'info',
        l10n.t(
          'Nothing to import: {0} holds what {1} says ({2} record sets unchanged, {3} skipped). Nothing was sent.',
          zone,
          source,
          plan.unchanged,
          plan.skipped.length,
        ),
      );
      return undefined;
    }
    const reportPath = `/${l10n.t('Import into {0}', request.zoneName)}.md`;
    const report = reports.put(reportPath, importReport(request.zoneName, source, plan));
    // Where an earlier review shows, else beside the file being imported when it is open; with no editor
    // open, Beside would leave an empty group.
    const earlier = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === report.toString());
    const column = earlier?.viewColumn ?? (vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active);
    await vscode.window.showTextDocument(report, { preview: true, viewColumn: column, preserveFocus: true });
    const counts = changeCounts(plan.changes);
    const apply = l10n.t('Apply');
    const applyAndDelete = l10n.t('Apply and Delete {0} Missing', plan.missing.length);
    const choice = await ui.choose({
      message: l10n.t('Import {0} into {1}?', source, zone),
      detail: [
        plan.missing.length === 0
          ? l10n.t(
              '{0} to create, {1} to change, {2} unchanged, {3} skipped. The list is open in the editor.',
              counts.create,
              counts.update,
              plan.unchanged,
              plan.skipped.length,
            )
          : l10n.t(
              '{0} to create, {1} to change, {2} unchanged, {3} skipped. {4} record sets at Gcore are not in the file: they are kept, unless you choose to delete them. The list is open in the editor.',
              counts.create,
              counts.update,
              plan.unchanged,
              plan.skipped.length,
              plan.missing.length,
            ),
        ...cloudflareNotes(plan),
      ].join('\n\n'),
      choices: plan.missing.length > 0 ? [apply, applyAndDelete] : [apply],
    });
    if (choice !== apply && choice !== applyAndDelete) return undefined;
    const chosen = choice === applyAndDelete ? withMissingDeleted(plan) : plan;
    const oneSecond = oneSecondTtlChanges(plan).length;
    const answered = oneSecond > 0 ? await askOneSecondTtls(ui, chosen, oneSecond) : chosen;
    // The review then shows what is sent: the missing sets deleted, the TTLs chosen.
    if (answered !== undefined && answered !== plan) reports.put(reportPath, importReport(request.zoneName, source, answered));
    return answered;
  };

  /** Sets the file gives a TTL of 1 second, most likely Cloudflare's automatic TTL: which TTL they get. */
  const askOneSecondTtls = async (ui: PromptUi, plan: ZoneFilePlan, count: number): Promise<ZoneFilePlan | undefined> => {
    const automatic = l10n.t('Use {0} Seconds', CLOUDFLARE_AUTOMATIC_TTL);
    const asWritten = l10n.t('Keep 1 Second');
    const choice = await ui.choose({
      message:
        count === 1
          ? l10n.t('Give the record set with a TTL of 1 second a TTL of {0} seconds?', CLOUDFLARE_AUTOMATIC_TTL)
          : l10n.t('Give the {0} record sets with a TTL of 1 second a TTL of {1} seconds?', count, CLOUDFLARE_AUTOMATIC_TTL),
      detail: l10n.t(
        "Cloudflare's exports write 1 for its automatic TTL, which is {0} seconds. With a TTL of 1 second, resolvers keep Gcore's answer for a second and ask again. The list is in the review in the editor.",
        CLOUDFLARE_AUTOMATIC_TTL,
      ),
      choices: [automatic, asWritten],
    });
    if (choice === automatic) return withOneSecondTtlsAs(plan, CLOUDFLARE_AUTOMATIC_TTL);
    return choice === asWritten ? plan : undefined;
  };

  return [
    command<string, string>({
      id: COMMAND.editZoneFile,
      what: (zone) => (zone ? l10n.t('Edit the zone file of {0}', zoneNameForDisplay(zone)) : l10n.t('Edit zone file')),
      parse: (arg) => zoneNameArgument(arg) as string,
      ask: (ui, _draft, node) => askZone(ui, l10n.t('Gcore: Edit Zone File'), node),
      progress: (zone) => l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zone)),
      run: async (zoneName) => {
        const uri = editor.uriFor(zoneName);
        const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
        // Opened again: the record sets at Gcore now, unless the user is editing it (their edits stay).
        if (!open?.isDirty && !editor.hasDraft(uri)) await editor.load(uri);
        await vscode.window.showTextDocument(uri, { preview: false });
        return uri.toString();
      },
    }),
    command<vscode.Uri, void>({
      id: COMMAND.applyZoneFile,
      what: () => l10n.t('Review and apply the zone file'),
      ask: async (_ui, _draft, arg) =>
        editorDocumentArgument(
          arg,
          SCHEME.zoneFile,
          l10n.t('Open a zone with Edit Zone File first: this command reviews and applies that document.'),
        ),
      run: (uri) => editor.reviewSaved(uri),
    }),
    command<string, string>({
      id: COMMAND.exportZoneFile,
      what: (zone) => (zone ? l10n.t('Export the zone file of {0}', zoneNameForDisplay(zone)) : l10n.t('Export zone file')),
      parse: (arg) => zoneNameArgument(arg) as string,
      ask: (ui, _draft, node) => askZone(ui, l10n.t('Gcore: Export Zone File'), node),
      progress: (zone) => l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zone)),
      run: async (zoneName, { signal }) => printZoneFile(zoneName, await readSets(zoneName, signal)),
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
    }),
    command<ImportRequest, ImportOutcome, { request?: ImportRequest }>({
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
          zoneName: await askZone(ui, title, node),
          deleteMissing: false,
          ...(await askSource(ui, title)),
        };
        draft.request = request;
        const plan = await ui.withProgress({
          title: l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(request.zoneName)),
          cancellable: true,
          run: (signal) => planImport(request, request.source ?? '', signal),
        });
        const reviewed = await review(ui, request, plan);
        // Dismissed, or nothing to do: nothing is sent.
        if (reviewed === undefined) throw new UserCancelledError();
        return { ...request, reviewed };
      },
      progress: (request) => l10n.t('Importing into {0}…', zoneNameForDisplay(request.zoneName)),
      run: async (request, { signal, report }) => {
        // A programmatic import plans on its own; a reviewed one applies what the user saw, and a retry the rest.
        const plan = request.reviewed ?? (await planImport(request, l10n.t('The text'), signal));
        if (request.reviewed === undefined) refuseUnconfirmedPlan(request.zoneName, plan, request.confirmed);
        try {
          await applyRecordSetChanges(client.dns, request.zoneName, plan.changes, signal, waitShown(report));
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
    }),
  ];
}
