import * as l10n from '@vscode/l10n';
import type { RecordSet, RecordSetBody } from '../../api/dns/dnsTypes';
import { domainNameKey } from '../../core/domainNameKey';
import { formatRecordContent, isEditableRecordType, recordContentKey } from './recordContent';
import { recordNameForDisplay } from './recordName';
import { editedRecordSetBody, recordSetBody, recordSetChanged, recordSetChangeLines } from './recordSets';
import { zoneFileEditability } from './zoneFile/zoneFileEditability';
import type { ZoneFileProblem } from './zoneFile/zoneFileProblems';
import type { ZoneFileSet } from './zoneFile/zoneFileSets';
import { sameSoaButSerial, soaContentAtGcore, type SoaContent } from './zoneFile/zoneFileSoa';

/**
 * One record set's change, as one request sends it: PUT for a new or changed set, DELETE for a removed one.
 * `cloudflareProxied`: the file's set is tagged proxied by Cloudflare's export (ZoneFileSet's).
 */
export type RecordSetChange =
  | { kind: 'create'; name: string; type: string; body: RecordSetBody; line: number; cloudflareProxied?: true }
  | { kind: 'update'; name: string; type: string; body: RecordSetBody; current: RecordSet; line: number; cloudflareProxied?: true }
  | { kind: 'delete'; name: string; type: string; current: RecordSet };

/**
 * A set of the file that is not applied, and why; `line` where the file has it. `gcore`: the SOA or the apex NS
 * set, which Gcore keeps, written otherwise than Gcore holds it (a file may carry them, as exports do).
 */
export interface SkippedRecordSet {
  name: string;
  type: string;
  line: number;
  reason: string;
  gcore?: true;
}

/** What applying a zone file to a zone's record sets comes to. */
export interface ZoneFilePlan {
  changes: RecordSetChange[];
  skipped: SkippedRecordSet[];
  /** Sets of the file that Gcore already holds as written. */
  unchanged: number;
  /** Sets at Gcore the file lacks that were not deleted (an import without deleteMissing): what the review offers to delete. */
  missing: RecordSet[];
  /** What reading the file said of its lines that refuses nothing (which TTL a record without one took), for the review. */
  notes?: readonly ZoneFileProblem[];
}

/**
 * `deleteMissing`: the sets at Gcore that the file lacks are deleted (the zone's own document, which is the
 * whole truth for the sets it can carry) rather than listed as missing (an import, unless asked).
 */
export interface ZoneFilePlanOptions {
  deleteMissing: boolean;
}

/** `name TYPE` as the contract's import result and the messages name a set: its full name without the trailing dot. */
export function recordSetLabel(set: { name: string; type: string }): string {
  return `${domainNameKey(set.name)} ${set.type}`;
}

function setKey(name: string, type: string): string {
  return `${domainNameKey(name)} ${type.toUpperCase()}`;
}

/**
 * The smallest set of record-set changes that make `atGcore` what the file says, and what is skipped with
 * its reason: names outside the zone, types a zone file is not applied for here, sets Gcore holds in a form
 * the file cannot carry (dynamic sets, disabled records), and the SOA and the apex NS set when the file's
 * differ from Gcore's (equal, they count as unchanged: an export imported again changes nothing). Each
 * changed set keeps what the file cannot say: its records' `enabled` and `meta` where the value stays, and
 * the set's `meta`.
 */
export function planZoneFile(
  zoneName: string,
  atGcore: readonly RecordSet[],
  file: readonly ZoneFileSet[],
  options: ZoneFilePlanOptions,
): ZoneFilePlan {
  const zoneKey = domainNameKey(zoneName);
  const current = new Map(atGcore.map((set) => [setKey(set.name, set.type), set]));
  const seen = new Set<string>();
  const plan: ZoneFilePlan = { changes: [], skipped: [], unchanged: 0, missing: [] };
  for (const set of file) {
    const key = setKey(set.name, set.type);
    const name = domainNameKey(set.name);
    const held = current.get(key);
    seen.add(key);
    const skip = (reason: string): void => void plan.skipped.push({ name, type: set.type, line: set.line, reason });
    if (name === zoneKey && (set.type === 'SOA' || set.type === 'NS')) {
      const differs = gcoreSetDiffers(set, held);
      if (differs === undefined) plan.unchanged++;
      else plan.skipped.push({ name, type: set.type, line: set.line, reason: differs, gcore: true });
    } else if (set.type === 'SOA') skip(l10n.t('the SOA is managed by Gcore (Edit Zone Settings changes its timers)'));
    else if (name !== zoneKey && !name.endsWith(`.${zoneKey}`)) skip(l10n.t('outside the zone {0}', zoneKey));
    else if (!isEditableRecordType(set.type)) skip(l10n.t('{0} records are not applied from a zone file here', set.type));
    else if (held !== undefined && zoneFileEditability(held, zoneName) !== undefined) {
      skip(l10n.t('at Gcore this set {0}', zoneFileEditability(held, zoneName) ?? ''));
    } else planSet(plan, { ...set, name }, held);
  }
  for (const set of atGcore) {
    const key = setKey(set.name, set.type);
    if (seen.has(key) || zoneFileEditability(set, zoneName) !== undefined) continue;
    if (options.deleteMissing) plan.changes.push(deletionOf(set));
    else plan.missing.push(set);
  }
  return plan;
}

/**
 * Why the file's SOA or apex NS set is not what Gcore holds, or undefined when it is (its TTL and values; an
 * SOA's serial aside, which Gcore raises with every change): Gcore keeps both, so a file that changes them
 * changes nothing, and says so.
 */
function gcoreSetDiffers(set: ZoneFileSet, held: RecordSet | undefined): string | undefined {
  const notSent =
    set.type === 'SOA'
      ? l10n.t(
          "the SOA is Gcore's and a zone file does not change it (Edit Zone Settings changes its contact, primary server and timers): this line is not sent",
        )
      : l10n.t("the zone's NS set at the apex is Gcore's and a zone file does not change it: this line is not sent");
  const ttl = set.ttl ?? set.defaultTtl;
  if (held === undefined || (ttl !== undefined && ttl !== held.ttl)) return notSent;
  const heldRecords = Array.isArray(held.resource_records) ? held.resource_records : [];
  if (set.type === 'SOA') {
    const atGcore = heldRecords.length === 1 ? soaContentAtGcore(heldRecords[0].content) : undefined;
    const inFile = set.records.length === 1 ? (set.records[0].content as SoaContent) : undefined;
    return atGcore !== undefined && inFile !== undefined && sameSoaButSerial(atGcore, inFile) ? undefined : notSent;
  }
  const keys = (contents: readonly unknown[][]): string =>
    contents
      .map((content) => recordContentKey('NS', content))
      .sort()
      .join('\n');
  return keys(set.records.map((record) => record.content)) ===
    keys(heldRecords.map((record) => (Array.isArray(record.content) ? record.content : [])))
    ? undefined
    : notSent;
}

/** The change that deletes a set Gcore holds. */
export function deletionOf(set: RecordSet): RecordSetChange {
  return { kind: 'delete', name: domainNameKey(set.name), type: set.type, current: set };
}

/**
 * A set's TTL is the one written on its line; without one, a new set takes the $TTL in force and an
 * existing set keeps its TTL at Gcore (a file printed from a set without a TTL must not change it).
 */
function planSet(plan: ZoneFilePlan, set: ZoneFileSet, held: RecordSet | undefined): void {
  const values = set.records.map((record) => ({ content: record.content }));
  const proxied = set.cloudflareProxied ? { cloudflareProxied: set.cloudflareProxied } : {};
  if (held === undefined) {
    plan.changes.push({
      kind: 'create',
      name: set.name,
      type: set.type,
      body: recordSetBody({ ttl: set.ttl ?? set.defaultTtl, resource_records: values }),
      line: set.line,
      ...proxied,
    });
    return;
  }
  const typed = { ...held, type: set.type };
  const body = editedRecordSetBody(typed, { values, ttl: set.ttl });
  if (recordSetChanged(typed, body)) {
    plan.changes.push({ kind: 'update', name: set.name, type: set.type, body, current: held, line: set.line, ...proxied });
  } else plan.unchanged++;
}

type WriteChange = Extract<RecordSetChange, { kind: 'create' | 'update' }>;

/**
 * The sets a plan writes with a TTL of 1 second that Gcore does not already hold so. Cloudflare's exports
 * write 1 for its automatic TTL, and Gcore would answer with a TTL of 1 second: the reviews point them out.
 */
export function oneSecondTtlChanges(plan: ZoneFilePlan): WriteChange[] {
  return plan.changes.filter(
    (change): change is WriteChange =>
      change.kind !== 'delete' && change.body.ttl === 1 && (change.kind === 'create' || change.current.ttl !== 1),
  );
}

/** Cloudflare's automatic TTL, which its exports write as 1. */
export const CLOUDFLARE_AUTOMATIC_TTL = 300;

/** What the reviews say about the sets of oneSecondTtlChanges. */
export function oneSecondTtlNote(count: number): string {
  return count === 1
    ? l10n.t('1 record set gets a TTL of 1 second. Cloudflare writes 1 for its automatic TTL ({0} seconds).', CLOUDFLARE_AUTOMATIC_TTL)
    : l10n.t(
        '{0} record sets get a TTL of 1 second. Cloudflare writes 1 for its automatic TTL ({1} seconds).',
        count,
        CLOUDFLARE_AUTOMATIC_TTL,
      );
}

/**
 * The sets a plan writes that Cloudflare's export tags proxied: Cloudflare answers for them with addresses of
 * its own, and Gcore will answer with what the file holds, the origin behind the proxy. The reviews point them out.
 */
export function cloudflareProxiedChanges(plan: ZoneFilePlan): WriteChange[] {
  return plan.changes.filter((change): change is WriteChange => change.kind !== 'delete' && change.cloudflareProxied === true);
}

/** What the reviews say about the sets of cloudflareProxiedChanges. */
export function cloudflareProxiedNote(count: number): string {
  const what =
    count === 1
      ? l10n.t('1 record set was proxied by Cloudflare (cf-proxied:true in the file).')
      : l10n.t('{0} record sets were proxied by Cloudflare (cf-proxied:true in the file).', count);
  return `${what} ${l10n.t(
    "Cloudflare answers for such records with its own addresses and passes visitors on to the origin the file names. Gcore answers with the origin itself: once the domain uses Gcore's name servers, visitors reach it directly, without Cloudflare's proxy, its certificate or its caching.",
  )}`;
}

/** What a review says of a plan's sets as Cloudflare's exports write them: the TTL-1 note, the proxied one, each where it applies. */
export function cloudflareNotes(plan: ZoneFilePlan): string[] {
  const oneSecond = oneSecondTtlChanges(plan).length;
  const proxied = cloudflareProxiedChanges(plan).length;
  return [...(oneSecond > 0 ? [oneSecondTtlNote(oneSecond)] : []), ...(proxied > 0 ? [cloudflareProxiedNote(proxied)] : [])];
}

/**
 * The plan with the sets of oneSecondTtlChanges given `ttl` instead: a changed set that then holds what Gcore
 * has is no longer a change (it counts as unchanged).
 */
export function withOneSecondTtlsAs(plan: ZoneFilePlan, ttl: number): ZoneFilePlan {
  const replaced = new Set<RecordSetChange>(oneSecondTtlChanges(plan));
  const changes: RecordSetChange[] = [];
  let unchanged = plan.unchanged;
  for (const change of plan.changes) {
    if (!replaced.has(change) || change.kind === 'delete') changes.push(change);
    else if (change.kind === 'create') changes.push({ ...change, body: { ...change.body, ttl } });
    else {
      const body = { ...change.body, ttl };
      if (recordSetChanged({ ...change.current, type: change.type }, body)) changes.push({ ...change, body });
      else unchanged++;
    }
  }
  return { ...plan, changes, unchanged };
}

/** Whether two readings of a zone differ in a set a zone file carries: the names of those that do (a conflict). */
export function changedEditableSets(zoneName: string, opened: readonly RecordSet[], now: readonly RecordSet[]): string[] {
  const carried = (set: RecordSet): boolean => zoneFileEditability(set, zoneName) === undefined;
  const before = new Map(opened.filter(carried).map((set) => [setKey(set.name, set.type), set]));
  const after = new Map(now.filter(carried).map((set) => [setKey(set.name, set.type), set]));
  const names: string[] = [];
  for (const [key, set] of after) {
    const old = before.get(key);
    if (old === undefined || recordSetChanged({ ...old, type: old.type.toUpperCase() }, recordSetBody(set))) {
      names.push(recordSetLabel(set));
    }
  }
  for (const [key, set] of before) if (!after.has(key)) names.push(recordSetLabel(set));
  return names;
}

/** The record sets after `changes` were carried out on `sets`: what Gcore holds then, as best known until read again. */
export function applyChanges(sets: readonly RecordSet[], changes: readonly RecordSetChange[]): RecordSet[] {
  const result = new Map(sets.map((set) => [setKey(set.name, set.type), set]));
  for (const change of changes) {
    const key = setKey(change.name, change.type);
    if (change.kind === 'delete') result.delete(key);
    else {
      const { resource_records: records, ...fields } = change.body;
      const resource_records = records.map((record) => ({ content: record.content, enabled: record.enabled, meta: record.meta }));
      result.set(key, {
        ...(change.kind === 'update' ? change.current : {}),
        ...fields,
        name: change.name,
        type: change.type,
        resource_records,
      });
    }
  }
  return [...result.values()];
}

/** The short name of a change's set in its zone: `www A`, `@ MX`. */
export function changeName(zoneName: string, change: { name: string; type: string }): string {
  return `${recordNameForDisplay(change.name, zoneName)} ${change.type}`;
}

/** One line per change for a review: what is created, changed (current → new) and deleted, in that order. */
export function changeLines(zoneName: string, changes: readonly RecordSetChange[]): string[] {
  const order = { create: 0, update: 1, delete: 2 };
  return [...changes]
    .sort((a, b) => order[a.kind] - order[b.kind])
    .map((change) => {
      const name = changeName(zoneName, change);
      if (change.kind === 'delete') {
        const values = change.current.resource_records.map((record) => formatRecordContent(change.type, record.content)).join(', ');
        return l10n.t('Delete {0}: {1}', name, values);
      }
      if (change.kind === 'create') {
        const values = change.body.resource_records.map((record) => formatRecordContent(change.type, record.content)).join(', ');
        const ttl = change.body.ttl === undefined ? l10n.t("Gcore's default") : String(change.body.ttl);
        return l10n.t('Create {0} (TTL {1}): {2}', name, ttl, values);
      }
      return l10n.t('Change {0}: {1}', name, recordSetChangeLines(change.type, change.current, change.body, true).join('; '));
    });
}

/** The counts a review's question and an import's message give. */
export function changeCounts(changes: readonly RecordSetChange[]): { create: number; update: number; delete: number } {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const change of changes) counts[change.kind]++;
  return counts;
}

/** What an import of a zone file resolves to (`gcore.importZoneFile`, `gcore_importZoneFile`): each set as `"<name> <TYPE>"`. */
export interface ZoneFileImportResult {
  created: string[];
  updated: string[];
  deleted: string[];
  unchanged: number;
}

export function importResult(plan: ZoneFilePlan): ZoneFileImportResult {
  const labels = (kind: RecordSetChange['kind']): string[] => plan.changes.filter((change) => change.kind === kind).map(recordSetLabel);
  return { created: labels('create'), updated: labels('update'), deleted: labels('delete'), unchanged: plan.unchanged };
}
