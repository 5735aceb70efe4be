import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../../api/callOptions';
import type { DnsClient } from '../../api/dns/dnsClient';
import { ConcurrencyLimit } from '../../loaders/concurrencyLimit';
import { failureReason } from '../../logging/failureMessage';
import { changeName, type RecordSetChange } from '../../models/dns/zoneFileChanges';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';

/**
 * How many record-set writes of one batch are in flight at once. A zone file of thousands of sets is sent
 * one request per set; eight at a time sends 5,000 in about half a minute at 50 ms a request without
 * opening more connections than a browser would to one host.
 */
export const RECORD_SET_WRITES_IN_FLIGHT = 8;

/** How many names a message lists before "and N more": the log holds the whole list. */
const NAMES_SHOWN = 8;

/**
 * A batch that stopped: what Gcore took, the change it refused and why (none when the user cancelled), and
 * what was not applied after that (not sent, or refused while in flight).
 */
export class PartlyAppliedError extends Error {
  constructor(
    readonly zoneName: string,
    readonly applied: readonly RecordSetChange[],
    readonly failed: { change: RecordSetChange; error: unknown } | undefined,
    readonly notApplied: readonly RecordSetChange[],
  ) {
    super(partlyAppliedMessage(zoneName, applied, failed, notApplied), { cause: failed?.error });
    this.name = 'PartlyAppliedError';
  }
}

export function isPartlyApplied(error: unknown): error is PartlyAppliedError {
  return error instanceof PartlyAppliedError;
}

function names(zoneName: string, changes: readonly RecordSetChange[]): string {
  const shown = changes.slice(0, NAMES_SHOWN).map((change) => changeName(zoneName, change));
  const more = changes.length - shown.length;
  return more > 0 ? l10n.t('{0} and {1} more', shown.join(', '), more) : shown.join(', ');
}

function partlyAppliedMessage(
  zoneName: string,
  applied: readonly RecordSetChange[],
  failed: { change: RecordSetChange; error: unknown } | undefined,
  notApplied: readonly RecordSetChange[],
): string {
  const zone = zoneNameForDisplay(zoneName);
  const total = applied.length + notApplied.length + (failed ? 1 : 0);
  const parts = [
    applied.length === 0
      ? l10n.t('None of the {0} changes to {1} was applied.', total, zone)
      : l10n.t('{0} of the {1} changes to {2} were applied ({3}).', applied.length, total, zone, names(zoneName, applied)),
  ];
  if (failed) {
    parts.push(l10n.t('{0} was refused: {1}.', changeName(zoneName, failed.change), failureReason(failed.error).replace(/\.$/, '')));
  } else parts.push(l10n.t('Cancelled.'));
  if (notApplied.length > 0) parts.push(l10n.t('{0} more were not applied ({1}).', notApplied.length, names(zoneName, notApplied)));
  return parts.join(' ');
}

/**
 * Sends each change as one request (PUT creates or replaces a whole set, DELETE removes one; a set already
 * gone counts as deleted), a few at a time, the deletions first: a name moving from CNAME to A must lose
 * its CNAME before the A can exist. The first refusal stops the batch: what was in flight finishes, nothing
 * more is sent, and PartlyAppliedError says exactly what is where. A cancelled signal stops it the same way.
 * Each request waits and tries again as Gcore asks (429, 503; retryPolicy.ts), telling `onWait` of each wait.
 */
export async function applyRecordSetChanges(
  dns: DnsClient,
  zoneName: string,
  changes: readonly RecordSetChange[],
  signal?: AbortSignal,
  onWait?: CallOptions['onWait'],
): Promise<RecordSetChange[]> {
  const limit = new ConcurrencyLimit(RECORD_SET_WRITES_IN_FLIGHT);
  const applied: RecordSetChange[] = [];
  const notApplied: RecordSetChange[] = [];
  let failed: { change: RecordSetChange; error: unknown } | undefined;
  const send = async (change: RecordSetChange): Promise<void> => {
    if (failed !== undefined || signal?.aborted) {
      notApplied.push(change);
      return;
    }
    try {
      if (change.kind === 'delete') await dns.deleteRecord(zoneName, change.name, change.type, { signal, onWait });
      else await dns.replaceRecord(zoneName, change.name, change.type, change.body, { signal, onWait });
      applied.push(change);
    } catch (error) {
      if (failed === undefined && !signal?.aborted) failed = { change, error };
      else notApplied.push(change);
    }
  };
  const deletions = changes.filter((change) => change.kind === 'delete');
  await Promise.all(deletions.map((change) => limit.run(() => send(change))));
  await Promise.all(changes.filter((change) => change.kind !== 'delete').map((change) => limit.run(() => send(change))));
  if (failed !== undefined || notApplied.length > 0) throw new PartlyAppliedError(zoneName, applied, failed, notApplied);
  return applied;
}
