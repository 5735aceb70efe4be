/** A resource record as the emulator keeps it. */
export interface StoredRecord {
  id: number;
  content: unknown[];
  enabled: boolean;
  meta: Record<string, unknown>;
}

export type NewRecord = Omit<StoredRecord, 'id'>;

/** What a write asks for, checked: everything of a set but its name, type, ids and time. */
export interface RecordSetInput {
  ttl: number;
  records: NewRecord[];
  meta: Record<string, unknown>;
  /** Empty for a static set. */
  pickers: Record<string, unknown>[];
}

export interface StoredRecordSet extends Omit<RecordSetInput, 'records'> {
  id: number;
  /** Canonical: lower case, no trailing dot. */
  name: string;
  /** Upper case. */
  type: string;
  records: StoredRecord[];
  /** Milliseconds since the epoch; answered as integer nanoseconds, as Gcore's real data carries it. */
  updatedAtMs: number;
}

/** One answer of `/dns/v2/lookup`. */
export interface ResolverAnswer {
  name: string;
  type: string;
  ttl: number;
  content: unknown[];
}

/** `rrsets_amount` of a zone. */
export interface RecordSetAmount {
  total: number;
  static: number;
  dynamic: { total: number; healthcheck: number };
}

/** From `at` on, the resolvers answered `answers` for one set (none while it did not exist). */
interface Publication {
  at: number;
  answers: ResolverAnswer[];
}

/** The longest the public resolvers may lag behind the zone; older history is forgotten. */
export const MAX_PROPAGATION_DELAY_MS = 600_000;

export function canonicalRecordName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

function keyOf(name: string, type: string): string {
  return `${canonicalRecordName(name)} ${type.toUpperCase()}`;
}

function isDynamic(set: StoredRecordSet): boolean {
  return set.pickers.length > 0 || set.meta.failover !== undefined;
}

function isHealthChecked(set: StoredRecordSet): boolean {
  return set.meta.failover !== undefined || set.pickers.some((picker) => picker.type === 'healthcheck');
}

/**
 * The record sets of one zone, and how each was published: the public resolvers see a set as it was some
 * seconds ago, so every write remembers what they answered before it and from when.
 */
export class ZoneRecordSets {
  private readonly sets = new Map<string, StoredRecordSet>();
  private readonly history = new Map<string, Publication[]>();
  /** Sorted on demand and kept until the next write: a zone of thousands is listed far more often than changed. */
  private sorted: StoredRecordSet[] | undefined;

  constructor(private readonly nextId: () => number) {}

  get size(): number {
    return this.sets.size;
  }

  /** Every set, by name and then type, as the list answers them. */
  all(): readonly StoredRecordSet[] {
    this.sorted ??= [...this.sets.values()].sort((a, b) => (a.name === b.name ? compare(a.type, b.type) : compare(a.name, b.name)));
    return this.sorted;
  }

  /** Names and types in any case, names with or without the trailing dot. */
  find(name: string, type: string): StoredRecordSet | undefined {
    return this.sets.get(keyOf(name, type));
  }

  amount(): RecordSetAmount {
    const amount: RecordSetAmount = { total: this.sets.size, static: 0, dynamic: { total: 0, healthcheck: 0 } };
    for (const set of this.sets.values()) {
      if (!isDynamic(set)) amount.static += 1;
      else {
        amount.dynamic.total += 1;
        if (isHealthChecked(set)) amount.dynamic.healthcheck += 1;
      }
    }
    return amount;
  }

  /** A set that was there before anything was asked: no resolver ever saw it otherwise. */
  seed(name: string, type: string, input: RecordSetInput, updatedAtMs: number): StoredRecordSet {
    const set = this.build(name, type, input, updatedAtMs, this.nextId());
    this.sets.set(keyOf(name, type), set);
    this.sorted = undefined;
    return set;
  }

  /** Undefined when the set exists. */
  create(name: string, type: string, input: RecordSetInput): StoredRecordSet | undefined {
    if (this.find(name, type)) return undefined;
    return this.put(name, type, input);
  }

  /** Creates the set or replaces it whole; a replaced set keeps its id. */
  put(name: string, type: string, input: RecordSetInput): StoredRecordSet {
    const now = Date.now();
    const key = keyOf(name, type);
    const before = this.sets.get(key);
    const set = this.build(name, type, input, now, before?.id ?? this.nextId());
    this.sets.set(key, set);
    this.sorted = undefined;
    this.publish(key, before, set, now);
    return set;
  }

  /** False when there was no such set. */
  delete(name: string, type: string): boolean {
    const now = Date.now();
    const key = keyOf(name, type);
    const before = this.sets.get(key);
    if (!before) return false;
    this.sets.delete(key);
    this.sorted = undefined;
    this.publish(key, before, undefined, now);
    return true;
  }

  /** What a resolver answers for a name, by type, seeing the zone as it was at `at` (now for Gcore's own servers). */
  answersAt(name: string, at: number): ResolverAnswer[] {
    const owner = canonicalRecordName(name);
    const types = new Set<string>();
    for (const set of this.sets.values()) if (set.name === owner) types.add(set.type);
    for (const key of this.history.keys()) if (key.startsWith(`${owner} `)) types.add(key.slice(owner.length + 1));
    const answers: ResolverAnswer[] = [];
    for (const type of [...types].sort(compare)) {
      const key = keyOf(owner, type);
      const seen = lastPublishedBy(this.history.get(key) ?? [], at);
      answers.push(...(seen ? seen.answers : answersOf(this.sets.get(key))));
    }
    return answers;
  }

  private build(name: string, type: string, input: RecordSetInput, updatedAtMs: number, id: number): StoredRecordSet {
    const records = input.records.map((record) => ({ ...record, id: this.nextId() }));
    return { ...input, id, name: canonicalRecordName(name), type: type.toUpperCase(), records, updatedAtMs };
  }

  private publish(key: string, before: StoredRecordSet | undefined, after: StoredRecordSet | undefined, now: number): void {
    const publications = this.history.get(key) ?? [{ at: -Infinity, answers: answersOf(before) }];
    publications.push({ at: now, answers: answersOf(after) });
    // The latest publication older than the longest lag is what a lagging resolver may still see; the rest is gone.
    while (publications.length > 1 && publications[1].at <= now - MAX_PROPAGATION_DELAY_MS) publications.shift();
    this.history.set(key, publications);
  }
}

function lastPublishedBy(publications: readonly Publication[], at: number): Publication | undefined {
  for (let index = publications.length - 1; index >= 0; index--) if (publications[index].at <= at) return publications[index];
  return undefined;
}

function answersOf(set: StoredRecordSet | undefined): ResolverAnswer[] {
  if (!set) return [];
  return set.records
    .filter((record) => record.enabled)
    .map((record) => ({ name: `${set.name}.`, type: set.type, ttl: set.ttl, content: record.content }));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A set as the API answers it: the name with the trailing dot, `updated_at` in nanoseconds, a dynamic set's pickers also as `filters`. */
export function recordSetView(set: StoredRecordSet): Record<string, unknown> {
  return {
    id: set.id,
    name: `${set.name}.`,
    type: set.type,
    ttl: set.ttl,
    meta: set.meta,
    updated_at: set.updatedAtMs * 1_000_000,
    ...(set.pickers.length > 0 ? { filters: set.pickers, pickers: set.pickers } : {}),
    resource_records: set.records.map((record) => ({ id: record.id, content: record.content, enabled: record.enabled, meta: record.meta })),
    warnings: [],
  };
}
