import * as l10n from '@vscode/l10n';
import type { GpuCluster } from '../../api/gpu/gpuClusterTypes';
import type { BooleanFieldSpec, IntegerFieldSpec } from '../../validation/fieldSpec';
import type { Validated } from '../../validation/problems';
import { validateArgs } from '../../validation/argumentObjects';
import { CLUSTER_FIELDS, withDefaults, type GpuClusterArgs } from './gpuClusterArgs';

/*
 * A GPU cluster's lease: the Gcore tag `gcore-vscode-lease`, so that every window, machine and agent sees the
 * same one. Its value is `until=<UTC end, ISO 8601 to the second>;stop=<ask|auto>`, for example
 * `until=2026-11-27T15:00:00Z;stop=ask`: `auto` stops the cluster at the end without asking. At the end, the window
 * about to stop the cluster first writes its claim on that stop into the value (`;claim=<16 hex digits>`, a token
 * of its own), so that of several windows only the one whose claim Gcore then holds sends the stop. Anything else
 * in the tag is unreadable: shown as such, never acted on.
 */

export const LEASE_TAG = 'gcore-vscode-lease';

/** How long a reminder comes before a lease ends. */
export const LEASE_REMINDER_MS = 15 * 60_000;

const HOUR_MS = 60 * 60_000;

export interface GpuLease {
  /** When the cluster is to be stopped, ms since the epoch, to the second. */
  endMs: number;
  stopWithoutAsking: boolean;
  /** The token of the window that claimed the stop at the end, once one has. */
  claim?: string;
}

/** What a cluster's tags say of its lease. */
export type LeaseState = { kind: 'none' } | { kind: 'set'; lease: GpuLease } | { kind: 'unreadable'; value: string };

const VALUE = /^until=(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z);stop=(ask|auto)(?:;claim=([0-9a-f]{16}))?$/;

/** The tag's value read strictly: undefined unless it is exactly the documented form of a real time. */
export function parseLeaseValue(value: string): GpuLease | undefined {
  const match = VALUE.exec(value);
  if (!match) return undefined;
  const endMs = Date.parse(match[1]);
  // Date.parse accepts 2026-02-30; the time must write back as it was written.
  if (!Number.isFinite(endMs) || isoSeconds(endMs) !== match[1]) return undefined;
  const lease: GpuLease = { endMs, stopWithoutAsking: match[2] === 'auto' };
  return match[3] === undefined ? lease : { ...lease, claim: match[3] };
}

export function formatLeaseValue(lease: GpuLease): string {
  const claim = lease.claim === undefined ? '' : `;claim=${lease.claim}`;
  return `until=${isoSeconds(lease.endMs)};stop=${lease.stopWithoutAsking ? 'auto' : 'ask'}${claim}`;
}

/** The same lease, whoever has claimed its stop: the end and whether to ask. */
export function sameLease(a: GpuLease, b: GpuLease): boolean {
  return a.endMs === b.endMs && a.stopWithoutAsking === b.stopWithoutAsking;
}

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function leaseOf(cluster: Pick<GpuCluster, 'tags'>): LeaseState {
  const tag = Array.isArray(cluster.tags) ? cluster.tags.find((candidate) => candidate?.key === LEASE_TAG) : undefined;
  if (!tag) return { kind: 'none' };
  const value = typeof tag.value === 'string' ? tag.value : String(tag.value);
  const lease = parseLeaseValue(value);
  return lease ? { kind: 'set', lease } : { kind: 'unreadable', value };
}

/** Whether a cluster carries the lease tag, readable or not: what makes the lease clock start. */
export function hasLeaseTag(cluster: Pick<GpuCluster, 'tags'>): boolean {
  return leaseOf(cluster).kind !== 'none';
}

/**
 * The PATCH body that sets (or with null removes) the lease and nothing else: Gcore reads `tags` as a JSON
 * Merge Patch, so the cluster's other tags stay as they are.
 */
export function leasePatchBody(lease: GpuLease | null): { tags: Record<string, string | null> } {
  return { tags: { [LEASE_TAG]: lease === null ? null : formatLeaseValue(lease) } };
}

/** A lease of `hours` from now, its end cut to the second as the tag holds it. */
export function leaseFor(nowMs: number, hours: number, stopWithoutAsking: boolean): GpuLease {
  return { endMs: Math.floor((nowMs + hours * HOUR_MS) / 1000) * 1000, stopWithoutAsking };
}

/** The lease one hour longer, unclaimed; one already over runs an hour from now. */
export function extendedLease(lease: GpuLease, nowMs: number): GpuLease {
  return { endMs: Math.floor((Math.max(lease.endMs, nowMs) + HOUR_MS) / 1000) * 1000, stopWithoutAsking: lease.stopWithoutAsking };
}

export const LEASE_HOURS_FIELD: IntegerFieldSpec = {
  name: 'hours',
  kind: 'integer',
  label: l10n.t('Hours'),
  description: l10n.t('How many hours from now the cluster is stopped, 1 to 720; null removes the lease.'),
  required: true,
  nullable: true,
  minimum: 1,
  maximum: 720,
};

export const STOP_WITHOUT_ASKING_FIELD: BooleanFieldSpec = {
  name: 'stopWithoutAsking',
  kind: 'boolean',
  label: l10n.t('Stop without asking'),
  description: l10n.t('Stop the cluster when the lease ends without asking first (default false).'),
};

export interface SetGpuLeaseArgs extends GpuClusterArgs {
  hours: number | null;
  stopWithoutAsking?: boolean;
}

export function validateSetGpuLeaseArgs(input: unknown): Validated<SetGpuLeaseArgs> {
  return withDefaults(validateArgs<SetGpuLeaseArgs>(input, [...CLUSTER_FIELDS, LEASE_HOURS_FIELD, STOP_WITHOUT_ASKING_FIELD]));
}
