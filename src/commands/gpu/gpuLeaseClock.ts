import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { GpuCluster, GpuClusterRef, GpuLocationRef } from '../../api/gpuClusterTypes';
import { SYSTEM_CLOCK, type PollerClock } from '../../loaders/taskPoller';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { clusterStatus, gpuClusterChange } from '../../models/gpuCluster';
import { extendedLease, LEASE_REMINDER_MS, leaseOf, type GpuLease } from '../../models/gpuLease';
import type { PromptUi } from '../../ui/promptUi';
import { stopMeaning } from '../../views/presentation/gpu/gpuClusterWriteWords';
import { leaseEndText, leaseMeaning } from '../../views/presentation/gpu/leaseWords';
import { GPU_SECTION } from '../../views/sections/gpuNodes';
import type { TreeChanges } from '../../views/treeChanges';
import type { GpuClusterWrites } from './gpuClusterWrites';

/*
 * The clock of the leases the tree has shown: a reminder 15 minutes before a lease ends, and at its end the
 * cluster stopped through the one write path. The tag is the truth: the clock learns leases from the clusters
 * the tree reads, and reads the cluster again before it stops anything, so a lease moved or removed in another
 * window, on another machine or by an agent is honoured, and a cluster already stopped is left alone.
 */

export interface LeaseClockDeps {
  clock: PollerClock;
  /** The cluster as Gcore has it now. */
  read(ref: GpuClusterRef): Promise<GpuCluster>;
  /** Sets (null: removes) the lease tag, as Set Lease does. */
  setLease(ref: GpuClusterRef, lease: GpuLease | null): Promise<unknown>;
  /** Stops the cluster through the write path, its task followed and its end told. */
  stop(ref: GpuClusterRef, clusterName: string): Promise<unknown>;
  ui(): Pick<PromptUi, 'notify'>;
  /** The GPU section drawn again: its rows' time left. */
  redraw(): void;
  log: Log;
}

/** The longest the clock sleeps: a machine that slept past a lease's end acts soon after it wakes, and the rows' time left moves. */
const MAX_WAIT_MS = 10 * 60_000;
/** A cluster that could not be read at its lease's end is read again after this long. */
const RETRY_MS = 60_000;

interface Leased {
  ref: GpuClusterRef;
  name: string;
  lease: GpuLease;
  reminded: boolean;
  /** Its end has been acted on (or is being): never twice for the same lease. */
  ended: boolean;
  /** Not acted on before this time: a read at its end failed. */
  notBeforeMs: number;
}

/** A lease the clock has neither reminded of nor acted on yet. */
function freshLease(ref: GpuClusterRef, name: string, lease: GpuLease): Leased {
  return { ref, name, lease, reminded: false, ended: false, notBeforeMs: 0 };
}

function keyOf(ref: GpuClusterRef): string {
  return `${ref.projectId}|${ref.regionId}|${ref.kind}|${ref.clusterId.toLowerCase()}`;
}

function sameLease(a: GpuLease, b: GpuLease): boolean {
  return a.endMs === b.endMs && a.stopWithoutAsking === b.stopWithoutAsking;
}

/** A cluster that can be running: what a lease is kept for. */
function mayRun(cluster: GpuCluster): boolean {
  const status = clusterStatus(cluster);
  return status !== 'shutoff' && status !== 'deleting';
}

export class LeaseClock {
  private readonly leases = new Map<string, Leased>();
  private timer: unknown;
  private disposed = false;

  constructor(private readonly deps: LeaseClockDeps) {}

  /** A location's clusters of one kind as just read: their leases replace what the clock knew of that list. */
  saw(location: GpuLocationRef, clusters: readonly GpuCluster[]): void {
    const prefix = `${location.projectId}|${location.regionId}|${location.kind}|`;
    const listed = new Set<string>();
    for (const cluster of clusters) {
      const ref = { ...location, clusterId: cluster.id };
      const state = leaseOf(cluster);
      if (state.kind !== 'set' || !mayRun(cluster)) continue;
      const key = keyOf(ref);
      listed.add(key);
      const known = this.leases.get(key);
      if (known && sameLease(known.lease, state.lease)) known.name = cluster.name;
      else this.leases.set(key, freshLease(ref, cluster.name, state.lease));
    }
    for (const key of [...this.leases.keys()]) if (key.startsWith(prefix) && !listed.has(key)) this.leases.delete(key);
    this.schedule();
  }

  /** How many leases it keeps: none means no timer. */
  get size(): number {
    return this.leases.size;
  }

  dispose(): void {
    this.disposed = true;
    this.deps.clock.clearTimeout(this.timer);
    this.leases.clear();
  }

  private schedule(): void {
    this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || this.leases.size === 0) return;
    const now = this.deps.clock.now();
    let next = now + MAX_WAIT_MS;
    for (const leased of this.leases.values()) {
      if (leased.ended) continue;
      const due = leased.reminded ? leased.lease.endMs : leased.lease.endMs - LEASE_REMINDER_MS;
      next = Math.min(next, Math.max(due, leased.notBeforeMs));
    }
    this.timer = this.deps.clock.setTimeout(() => this.tick(), Math.max(0, next - now));
  }

  private tick(): void {
    this.timer = undefined;
    const now = this.deps.clock.now();
    for (const leased of this.leases.values()) {
      if (leased.ended || now < leased.notBeforeMs) continue;
      if (now >= leased.lease.endMs) {
        leased.ended = true;
        void this.end(leased);
      } else if (!leased.reminded && now >= leased.lease.endMs - LEASE_REMINDER_MS) {
        leased.reminded = true;
        void this.remind(leased);
      }
    }
    this.deps.redraw();
    this.schedule();
  }

  private async remind(leased: Leased): Promise<void> {
    const [extend, stopNow, remove] = [l10n.t('Extend 1 Hour'), l10n.t('Stop Now'), l10n.t('Remove Lease')];
    const choice = await this.deps
      .ui()
      .notify(
        'warning',
        l10n.t('The lease of GPU cluster {0} ends in 15 minutes. {1}', leased.name, leaseMeaning(leased.name, leased.lease)),
        extend,
        stopNow,
        remove,
      );
    if (choice === extend) await this.extend(leased);
    else if (choice === remove) await this.remove(leased);
    else if (choice === stopNow) {
      leased.ended = true;
      await this.stopIfStillDue(leased, false);
    }
  }

  /** The end: the cluster read again, then stopped (asked first unless the lease says not to). */
  private async end(leased: Leased): Promise<void> {
    const cluster = await this.current(leased);
    if (!cluster) return;
    if (leased.lease.stopWithoutAsking) {
      await this.stopNow(leased);
      return;
    }
    const [stop, extend, remove] = [l10n.t('Stop'), l10n.t('Extend 1 Hour'), l10n.t('Remove Lease')];
    const choice = await this.deps
      .ui()
      .notify(
        'warning',
        l10n.t(
          'The lease of GPU cluster {0} ended at {1}. Stop it now? {2}',
          leased.name,
          leaseEndText(leased.lease.endMs),
          stopMeaning(leased.ref.kind, leased.name),
        ),
        stop,
        extend,
        remove,
      );
    if (choice === stop) await this.stopIfStillDue(leased, true);
    else if (choice === extend) await this.extend(leased);
    else if (choice === remove) await this.remove(leased);
  }

  /** Stop Now, or Stop after the end: only if the lease and the cluster are still what they were (time has passed). */
  private async stopIfStillDue(leased: Leased, ended: boolean): Promise<void> {
    if (await this.current(leased, ended)) await this.stopNow(leased);
  }

  /**
   * The cluster as Gcore has it, when its lease is still the one the clock keeps and it still runs; otherwise the
   * clock takes the lease as Gcore has it (moved, removed, or a cluster already stopped) and does nothing.
   */
  private async current(leased: Leased, retry = true): Promise<GpuCluster | undefined> {
    let cluster: GpuCluster;
    try {
      cluster = await this.deps.read(leased.ref);
    } catch (error) {
      this.deps.log.warn(`GPU cluster ${leased.name} could not be read for its lease: ${failureReason(error)}`);
      if (retry) this.retryLater(leased);
      return undefined;
    }
    const state = leaseOf(cluster);
    const status = clusterStatus(cluster);
    if (state.kind === 'set' && sameLease(state.lease, leased.lease) && status !== 'active' && mayRun(cluster)) {
      // A task moves it (a reboot, a resize): its lease waits until it rests.
      if (retry) this.retryLater(leased);
      return undefined;
    }
    if (state.kind !== 'set' || !sameLease(state.lease, leased.lease) || status !== 'active') {
      this.deps.log.info(`GPU cluster ${cluster.name}: its lease or status changed elsewhere; nothing done at the lease's end`);
      this.replace(leased, cluster);
      return undefined;
    }
    leased.name = cluster.name;
    return cluster;
  }

  private retryLater(leased: Leased): void {
    leased.ended = false;
    leased.notBeforeMs = this.deps.clock.now() + RETRY_MS;
    this.schedule();
  }

  /** The lease tag removed first, so that no other window stops the cluster again; then the stop, through the write path. */
  private async stopNow(leased: Leased): Promise<void> {
    this.forget(leased);
    try {
      await this.deps.setLease(leased.ref, null);
      await this.deps.stop(leased.ref, leased.name);
      void this.deps
        .ui()
        .notify('info', l10n.t('The lease of GPU cluster {0} ended: the extension is stopping it, and removed its lease.', leased.name));
    } catch (error) {
      void this.deps
        .ui()
        .notify(
          'error',
          l10n.t(
            'The lease of GPU cluster {0} ended, but stopping it failed: {1} It is still billed; stop it from its row.',
            leased.name,
            failureReason(error),
          ),
        );
    }
  }

  private async extend(leased: Leased): Promise<void> {
    const lease = extendedLease(leased.lease, this.deps.clock.now());
    await this.write(leased, lease, () =>
      l10n.t('Extended the lease of GPU cluster {0}: {1}', leased.name, leaseMeaning(leased.name, lease)),
    );
  }

  private async remove(leased: Leased): Promise<void> {
    await this.write(leased, null, () => l10n.t('Removed the lease of GPU cluster {0}.', leased.name));
  }

  private async write(leased: Leased, lease: GpuLease | null, said: () => string): Promise<void> {
    try {
      await this.deps.setLease(leased.ref, lease);
    } catch (error) {
      void this.deps
        .ui()
        .notify('error', l10n.t('The lease of GPU cluster {0} could not be changed: {1}', leased.name, failureReason(error)));
      return;
    }
    if (lease === null) this.forget(leased);
    else this.leases.set(keyOf(leased.ref), freshLease(leased.ref, leased.name, lease));
    this.schedule();
    void this.deps.ui().notify('info', said());
  }

  /** What Gcore now says of the cluster's lease replaces what the clock knew. */
  private replace(leased: Leased, cluster: GpuCluster): void {
    const state = leaseOf(cluster);
    if (state.kind === 'set' && mayRun(cluster) && !sameLease(state.lease, leased.lease)) {
      this.leases.set(keyOf(leased.ref), freshLease(leased.ref, cluster.name, state.lease));
    } else this.forget(leased);
    this.schedule();
  }

  private forget(leased: Leased): void {
    if (this.leases.get(keyOf(leased.ref)) === leased) this.leases.delete(keyOf(leased.ref));
    this.schedule();
  }
}

/** The clock as the GPU area runs it: on the system's time, its stop and lease changes through the cluster writes. */
export function gpuLeaseClock(deps: {
  client: Pick<GcoreClient, 'gpuClusters'>;
  writes: GpuClusterWrites;
  ui: () => PromptUi;
  tree: Pick<TreeChanges, 'refresh'>;
  log: Log;
}): LeaseClock {
  const stop = async (ref: GpuClusterRef, clusterName: string): Promise<void> => {
    const result = await deps.writes.action({ ...ref, clusterName }, 'stop');
    deps.writes.report(deps.ui(), gpuClusterChange(ref, clusterName, 'stop'), result, () => stop(ref, clusterName));
  };
  return new LeaseClock({
    clock: SYSTEM_CLOCK,
    read: (ref) => deps.client.gpuClusters.get(ref),
    setLease: (ref, lease) => deps.writes.setLease(ref, lease),
    stop,
    ui: deps.ui,
    redraw: () => deps.tree.refresh(GPU_SECTION),
    log: deps.log,
  });
}
