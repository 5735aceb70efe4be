import * as vscode from 'vscode';
import type { RecordSet } from '../../api/dns/dnsTypes';
import { isEndpointMissing } from '../../api/errors';
import { waitNotice, type RetryWait } from '../../api/http/retryWords';
import { COMMAND, SCHEME } from '../../core/contributions';
import { failureReason } from '../../logging/failureMessage';
import { validateZoneNameArg } from '../../models/dns/zoneNameArg';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { printZoneFile } from '../../models/dns/zoneFile/zoneFileWriter';
import { readZoneFileSets, type ZoneFileSets } from '../../models/dns/zoneFileDocument';
import {
  applyChanges,
  changeCounts,
  changedEditableSets,
  changeLines,
  changeName,
  cloudflareNotes,
  cloudflareProxiedChanges,
  cloudflareProxiedNote,
  oneSecondTtlChanges,
  oneSecondTtlNote,
  planZoneFile,
  type RecordSetChange,
  type ZoneFilePlan,
} from '../../models/dns/zoneFileChanges';
import { validated, type DocumentProblem } from '../../validation/problems';
import type { EditableResource } from '../editableResource';
import type { ResourceFileSystem } from '../resourceFileSystem';

/** A zone's record sets as read: what a zone file document renders, and is compared and checked against. */
export interface ZoneSets {
  zoneName: string;
  sets: readonly RecordSet[];
}

/** The edited text; it is read against the zone of the document's sets (its names are relative to it). */
export interface ZoneFileEdits {
  text: string;
}

/** The changes a review applies, and the zone they are for. */
export interface ZoneFileChange extends ZoneFilePlan {
  zoneName: string;
}

export type ZoneFileResource = EditableResource<string, ZoneSets, undefined, ZoneFileEdits, ZoneFileChange, RecordSetChange[]>;

export type ZoneFileEditor = ResourceFileSystem<string, ZoneSets, undefined, ZoneFileEdits, ZoneFileChange, RecordSetChange[]>;

export interface ZoneFileDocumentsDeps {
  /** Every record set of the zone, as Gcore holds them now. */
  readSets(zoneName: string): Promise<readonly RecordSet[]>;
  /**
   * Sends the plan's changes (one request per set, a few at a time); a PartlyAppliedError tells what was applied.
   * `onWait` hears of each wait Gcore asks for before a request is tried again.
   */
  apply(
    zoneName: string,
    changes: readonly RecordSetChange[],
    signal: AbortSignal,
    onWait: (wait: RetryWait) => void,
  ): Promise<RecordSetChange[]>;
  /** The record sets of the zone were written (all, or part of them): the tree reads them again. */
  written(zoneName: string): void;
  /** Tells the user what was applied; `reopen` shows the document. */
  applied(zoneName: string, changes: readonly RecordSetChange[], reopen: () => Promise<unknown>): void;
  /** Which of a batch's changes were carried out before it failed, when the failure says. */
  appliedBeforeFailure(error: unknown): readonly RecordSetChange[] | undefined;
}

/** How many changes a review's dialog lists; the diff beside it shows every line. */
const CHANGES_LISTED = 25;

const ZONE_FILE_PATH = /^\/(.+)\.zone$/;

/**
 * A zone's record sets as an RFC 1035 zone file (`/{zone}.zone`, the `dns-zone-file` language), saved as
 * the smallest set of record-set changes: PUT for each new or changed set, DELETE for each removed one,
 * nothing for the rest. Sets a zone file cannot carry (dynamic ones, disabled records, the SOA) are
 * comments, and saving never touches them. The pure parts are models/zoneFile/ and zoneFileChanges.ts.
 */
export function zoneFileResource(deps: ZoneFileDocumentsDeps): ZoneFileResource {
  type Planned = ZoneFileChange & { problems: DocumentProblem[] };
  // Diagnostics and the lens plan the same text on every keystroke, and the review once more: the last plan
  // serves them all while the text and what it is compared with stay the same.
  let last: { base: ZoneSets | undefined; text: string; planned: Planned } | undefined;
  /** What saving `edited` would apply to `base` (a document always has its zone's sets: opening fails without them). */
  const plan = (base: ZoneSets | undefined, edited: ZoneFileEdits): Planned => {
    if (last !== undefined && last.base === base && last.text === edited.text) return last.planned;
    const zoneName = base?.zoneName ?? '';
    const reading = readZoneFileSets(edited.text, zoneName);
    const changes = planZoneFile(zoneName, base?.sets ?? [], reading.sets, { deleteMissing: true });
    last = { base, text: edited.text, planned: { ...changes, zoneName, problems: documentProblems(reading, changes) } };
    return last.planned;
  };

  const readSets = async (zoneName: string): Promise<ZoneSets> => {
    try {
      return { zoneName, sets: await deps.readSets(zoneName) };
    } catch (error) {
      if (!isEndpointMissing(error)) throw error;
      throw new Error(
        vscode.l10n.t(
          'Gcore answered that {0} or its record sets do not exist here ({1}), so it cannot be edited as a zone file.',
          zoneNameForDisplay(zoneName),
          failureReason(error),
        ),
        { cause: error },
      );
    }
  };

  return {
    scheme: SCHEME.zoneFile,
    applyCommand: COMMAND.applyZoneFile,
    renderAfterSend: true,
    words: {
      name: (zoneName) => zoneNameForDisplay(zoneName),
      openedEmpty: (zoneName) =>
        vscode.l10n.t('The record sets of {0} cannot be read from Gcore, so its zone file starts empty.', zoneNameForDisplay(zoneName)),
      autoSaveKept: (zoneName) =>
        vscode.l10n.t(
          'Auto Save keeps your edits of the zone file of {0} in this editor only: nothing is sent to Gcore until you choose Review and Apply (Ctrl+S, or the check button above the editor).',
          zoneNameForDisplay(zoneName),
        ),
      changedAtGcore: (zoneName, changes) =>
        vscode.l10n.t('Record sets of {0} changed at Gcore after you opened its zone file ({1}).', zoneNameForDisplay(zoneName), changes),
      unreadable: (zoneName, reason) =>
        vscode.l10n.t(
          'the record sets of {0} could not be read to compare with your edits ({1}). Save again to retry.',
          zoneNameForDisplay(zoneName),
          reason,
        ),
      nothingToSend: (zoneName) =>
        vscode.l10n.t(
          'Nothing to apply: the zone file holds the record sets of {0} at Gcore. Nothing was sent.',
          zoneNameForDisplay(zoneName),
        ),
      applyQuestion: (zoneName, count) =>
        count === 1
          ? vscode.l10n.t('Apply 1 record set change to {0}?', zoneNameForDisplay(zoneName))
          : vscode.l10n.t('Apply {0} record set changes to {1}?', count, zoneNameForDisplay(zoneName)),
      sending: (zoneName) => vscode.l10n.t('Applying the zone file of {0}…', zoneNameForDisplay(zoneName)),
      refused: vscode.l10n.t('Gcore did not take every change'),
      sendFailedLog: (zoneName) => `applying the zone file of ${zoneName} failed`, // not user text: a log line
    },
    path: (zoneName) => `/${zoneName}.zone`,
    address: (path) => {
      const match = ZONE_FILE_PATH.exec(path);
      const checked = match === null ? undefined : validateZoneNameArg(match[1]);
      return checked?.ok === true ? checked.value : undefined;
    },
    open: async (zoneName) => ({ opened: await readSets(zoneName), context: undefined }),
    readNow: readSets,
    render: (opened) => (opened === undefined ? '' : printZoneFile(opened.zoneName, opened.sets, 'document')),
    parse: (text) => ({ ok: true, value: { text } }),
    problems: (edited, { opened }) => plan(opened, edited).problems,
    locate: (text, field) => lineRange(text, field),
    changedFields: (base, edited) => {
      const planned = plan(base, edited);
      return planned.changes.map((change) => changeName(planned.zoneName, change));
    },
    conflicts: (opened, now) => changedEditableSets(opened.zoneName, opened.sets, now.sets),
    change: (base, edited) => {
      const { problems, ...planned } = plan(base, edited);
      return validated<ZoneFileChange>(
        planned,
        problems.filter((problem) => problem.severity === 'error'),
      );
    },
    describe: (planned) => {
      const counts = changeCounts(planned.changes);
      const lines = changeLines(planned.zoneName, planned.changes);
      const listed = lines.slice(0, CHANGES_LISTED);
      if (lines.length > listed.length) {
        listed.push(vscode.l10n.t('… and {0} more (the diff shows every line)', lines.length - listed.length));
      }
      const summary = vscode.l10n.t(
        '{0} to create, {1} to change, {2} to delete; one request each, nothing for the sets that stay.',
        counts.create,
        counts.update,
        counts.delete,
      );
      const notes = cloudflareNotes(planned).flatMap((note) => ['', note]);
      return { count: planned.changes.length, detail: [summary, ...notes, '', ...listed].join('\n') };
    },
    send: async (zoneName, planned, signal, report) => {
      try {
        return await deps.apply(zoneName, planned.changes, signal, (wait) => report(waitNotice(wait)));
      } finally {
        deps.written(zoneName);
      }
    },
    partlySent: (base, error) => {
      const applied = deps.appliedBeforeFailure(error);
      return applied === undefined || base === undefined ? undefined : { zoneName: base.zoneName, sets: applyChanges(base.sets, applied) };
    },
    afterSend: (base, planned) => ({ zoneName: planned.zoneName, sets: applyChanges(base?.sets ?? [], planned.changes) }),
    sent: (zoneName, applied, reopen) => deps.applied(zoneName, applied, reopen),
  };
}

/**
 * The problems of a zone file, each at its line: what does not read and the sets it cannot apply (errors);
 * a set it would give a TTL of 1 second, most likely pasted from a Cloudflare export (a note), and one that
 * Cloudflare's export tags proxied, whose origin Gcore would answer with (a warning). Neither stops the save;
 * the review says them again.
 */
function documentProblems(edited: ZoneFileSets, planned: ZoneFilePlan): DocumentProblem[] {
  return [
    ...edited.problems.map((problem) => ({ field: lineField(problem.line), message: problem.message, severity: 'error' as const })),
    ...edited.notes.map((note) => ({ field: lineField(note.line), message: note.message, severity: 'information' as const })),
    ...planned.skipped.map((skip) => ({
      field: lineField(skip.line),
      message: `${skip.name} ${skip.type}: ${skip.reason}`,
      severity: skip.gcore ? ('warning' as const) : ('error' as const),
    })),
    ...oneSecondTtlChanges(planned).map((change) => ({
      field: lineField(change.line),
      message: oneSecondTtlNote(1),
      severity: 'information' as const,
    })),
    ...cloudflareProxiedChanges(planned).map((change) => ({
      field: lineField(change.line),
      message: cloudflareProxiedNote(1),
      severity: 'warning' as const,
    })),
  ];
}

function lineField(line: number): string {
  return vscode.l10n.t('line {0}', line);
}

/** The offsets of the line a problem's field names ("line 12"), without its leading blanks. */
function lineRange(text: string, field: string): { start: number; end: number } | undefined {
  const line = Number(/\d+/.exec(field)?.[0]);
  if (!Number.isInteger(line) || line < 1) return undefined;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const newline = text.indexOf('\n', start);
  const end = newline < 0 ? text.length : newline;
  const blanks = /^\s*/.exec(text.slice(start, end))?.[0].length ?? 0;
  return { start: start + Math.min(blanks, end - start), end };
}
