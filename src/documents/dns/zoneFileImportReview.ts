import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Snapshots } from '../snapshots';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import {
  CLOUDFLARE_AUTOMATIC_TTL,
  changeCounts,
  changeLines,
  changeName,
  cloudflareNotes,
  cloudflareProxiedChanges,
  cloudflareProxiedNote,
  deletionOf,
  oneSecondTtlChanges,
  oneSecondTtlNote,
  withOneSecondTtlsAs,
  type RecordSetChange,
  type ZoneFilePlan,
} from '../../models/dns/zoneFileChanges';
import type { PromptUi } from '../../ui/promptUi';

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

/** Shows the plan beside the editor and asks: Apply, Apply and Delete the missing sets, or nothing. */
export async function reviewImport(
  ui: PromptUi,
  reports: Snapshots,
  request: { zoneName: string; source?: string },
  plan: ZoneFilePlan,
): Promise<ZoneFilePlan | undefined> {
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
}

/** Sets the file gives a TTL of 1 second, most likely Cloudflare's automatic TTL: which TTL they get. */
async function askOneSecondTtls(ui: PromptUi, plan: ZoneFilePlan, count: number): Promise<ZoneFilePlan | undefined> {
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
}
