import { randomBytes } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import { isGcoreApiError } from '../../api/errors';
import type { GpuCluster, GpuClusterRef, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { Task } from '../../api/types';
import { SYSTEM_CLOCK, type PollerClock } from '../../loaders/taskPoller';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { clustersOfTask, clusterStatus, taskTypesOf } from '../../models/gpu/gpuCluster';
import { extendedLease, LEASE_REMINDER_MS, leaseOf, sameLease, type GpuLease } from '../../models/gpu/gpuLease';
import type { PromptUi } from '../../ui/promptUi';
import { clustersOf, sendGpuClusterAction, sendGpuClusterLease } from '../../writes/gpu/gpuClusterWrites';
import type { TreeChanges } from '../treeChanges';
import type { GpuClusterChanges } from './gpuClusterChanges';
import { GPU_SECTION } from './gpuNodes';
import { stopMeaning } from './presentation/gpuClusterWriteWords';
import { leaseEndText, leaseMeaning } from './presentation/leaseWords';

/*
 * The clock of the leases the tree has shown: a reminder 15 minutes before a lease ends, and at its end the
 * cluster stopped through the one write path. The tag is the truth: the clock learns leases from the clusters
 * the tree reads, and reads the cluster again before it stops anything, so a lease moved or removed in another
 * window, on another machine or by an agent is honoured, and a cluster already stopped is left alone. A lease acts
 * on the run it was set for only: a cluster started again after its lease ended (its end passed while it was
 * stopped) loses the lease instead of being stopped. Of the windows that reach one end, one sends the stop: each
 * writes a claim of its own into the tag, waits, reads the tag back, and only the one whose claim Gcore holds sends
 * it, unless a stop of the cluster already runs.
 */

export interface LeaseClockDeps {
  clock: PollerClock;
  /** The cluster as Gcore has it now. */
  read(ref: GpuClusterRef): Promise<GpuCluster>;
  /** Sets (null: removes) the lease tag, as Set Lease does. */
  setLease(ref: GpuClusterRef, lease: GpuLease | null): Promise<unknown>;
  /** Stops the cluster through the write path, its task followed and its end told. */
  stop(ref: GpuClusterRef, clusterName: string): Promise<unknown>;
  /** Whether the cluster was started at or after this time (its start tasks at Gcore); throws when that cannot be told. */
  startedSince(ref: GpuClusterRef, sinceMs: number): Promise<boolean>;
  /** Whether a stop of the cluster runs at Gcore now; throws when that cannot be told. */
  stopRuns(ref: GpuClusterRef): Promise<boolean>;
  /** A token no other window draws: this window's claim on a stop. */
  claimToken(): string;
  ui(): Pick<PromptUi, 'notify'>;
  /** The GPU section drawn again: its rows' time left. */
  redraw(): void;
  log: Log;
}

/** The longest the clock sleeps: a machine that slept past a lease's end acts soon after it wakes, and the rows' time left moves. */
const MAX_WAIT_MS = 10 * 60_000;
/** A cluster that could not be read at its lease's end, or whose stop another window claimed, is read again after this long. */
const RETRY_MS = 60_000;
/**
 * How long a claim stands before it is read back: longer than another window that read the lease before the claim
 * takes to write its own (one request), so that the claim read back is the last one written; and a stop sent right
 * after it has reached Gcore before a later claimer looks for one.
 */
export const CLAIM_SETTLE_MS = 5_000;

interface Leased {
  ref: GpuClusterRef;
  name: string;
  lease: GpuLease;
  reminded: boolean;
  /** Its end has been acted on (or is being): never twice for the same lease. */
  ended: boolean;
  /** Not acted on before this time: a read at its end failed, or another window claimed the stop. */
  notBeforeMs: number;
}

/** A lease the clock has neither reminded of nor acted on yet. */
function freshLease(ref: GpuClusterRef, name: string, lease: GpuLease): Leased {
  return { ref, name, lease, reminded: false, ended: false, notBeforeMs: 0 };
}

function keyOf(ref: GpuClusterRef): string {
  return `${ref.projectId}|${ref.regionId}|${ref.kind}|${ref.clusterId.toLowerCase()}`;
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

  /**
   * The end: the cluster read again; a cluster started again since the end loses the lease; otherwise it is stopped,
   * asked first unless the lease says not to, or whether it was started again cannot be read.
   */
  private async end(leased: Leased): Promise<void> {
    const cluster = await this.current(leased);
    if (!cluster) return;
    const restarted = await this.startedSinceEnd(leased);
    if (restarted === true) {
      await this.write(leased, null, () =>
        l10n.t(
          'GPU cluster {0} was started again after its lease ended at {1}, so the lease no longer applies: it was removed, and the cluster keeps running.',
          leased.name,
          leaseEndText(leased.lease.endMs),
        ),
      );
      return;
    }
    if (leased.lease.stopWithoutAsking && restarted === false) {
      await this.stopNow(leased);
      return;
    }
    const [stop, extend, remove] = [l10n.t('Stop'), l10n.t('Extend 1 Hour'), l10n.t('Remove Lease')];
    const end = leaseEndText(leased.lease.endMs);
    const meaning = stopMeaning(leased.ref.kind, leased.name);
    const choice = await this.deps
      .ui()
      .notify(
        'warning',
        leased.lease.stopWithoutAsking
          ? l10n.t(
              'The lease of GPU cluster {0} ended at {1}. Whether it was started again since cannot be read, so it is not stopped without asking. Stop it now? {2}',
              leased.name,
              end,
              meaning,
            )
          : l10n.t('The lease of GPU cluster {0} ended at {1}. Stop it now? {2}', leased.name, end, meaning),
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

  /** Whether the cluster was started again since the lease's end; undefined when Gcore's tasks cannot tell. */
  private async startedSinceEnd(leased: Leased): Promise<boolean | undefined> {
    try {
      return await this.deps.startedSince(leased.ref, leased.lease.endMs);
    } catch (error) {
      this.deps.log.warn(
        `GPU cluster ${leased.name}: whether it was started after its lease ended cannot be read: ${failureReason(error)}`,
      );
      return undefined;
    }
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

  /**
   * The stop, by one window alone: its claim written into the tag and read back once it has stood; another claim
   * there means another window (or another try of this one) sends it, and this one looks again later in case that
   * one went away; a stop already running or a cluster no longer running means nothing is to be sent. The claim is
   * removed once the stop is sent, which removes the lease. The entry stays, done, until Gcore's list no longer
   * shows the lease, so that a list read before the claim cannot start the end again.
   */
  private async stopNow(leased: Leased): Promise<void> {
    const token = this.deps.claimToken();
    try {
      await this.deps.setLease(leased.ref, { ...leased.lease, claim: token });
    } catch (error) {
      this.stopFailed(leased, error);
      return;
    }
    await this.wait(CLAIM_SETTLE_MS);
    if (this.disposed) return;
    let cluster: GpuCluster;
    try {
      cluster = await this.deps.read(leased.ref);
    } catch (error) {
      this.deps.log.warn(`GPU cluster ${leased.name} could not be read after claiming its stop: ${failureReason(error)}`);
      this.retryLater(leased);
      return;
    }
    const state = leaseOf(cluster);
    if (state.kind !== 'set' || state.lease.claim !== token) {
      this.deps.log.info(`GPU cluster ${leased.name}: another window or machine claimed the stop at its lease's end`);
      this.retryLater(leased);
      return;
    }
    if (clusterStatus(cluster) !== 'active' && mayRun(cluster)) {
      this.retryLater(leased);
      return;
    }
    if (!mayRun(cluster) || (await this.stopRuns(leased))) {
      this.deps.log.info(`GPU cluster ${leased.name} is stopped or stopping already: no stop sent at its lease's end`);
      await this.removeClaim(leased);
      return;
    }
    try {
      await this.deps.stop(leased.ref, leased.name);
    } catch (error) {
      // A stop whose answer was lost may be running: then it was sent, and the cluster is not "still billed".
      if (!(isGcoreApiError(error) && error.mayHaveApplied === true && (await this.stopRuns(leased)))) {
        await this.removeClaim(leased);
        this.stopFailed(leased, error);
        return;
      }
    }
    await this.removeClaim(leased);
    void this.deps
      .ui()
      .notify('info', l10n.t('The lease of GPU cluster {0} ended: the extension is stopping it, and removed its lease.', leased.name));
  }

  /** Whether a stop of the cluster runs; one that cannot be told is taken as none, the claim being this window's. */
  private async stopRuns(leased: Leased): Promise<boolean> {
    try {
      return await this.deps.stopRuns(leased.ref);
    } catch (error) {
      this.deps.log.warn(`GPU cluster ${leased.name}: whether a stop runs cannot be read: ${failureReason(error)}`);
      return false;
    }
  }

  /** The claim goes, and with it the lease; one that cannot be removed is only logged (the stop is what mattered). */
  private async removeClaim(leased: Leased): Promise<void> {
    try {
      await this.deps.setLease(leased.ref, null);
    } catch (error) {
      this.deps.log.warn(`The lease of GPU cluster ${leased.name} could not be removed after its end: ${failureReason(error)}`);
    }
  }

  private stopFailed(leased: Leased, error: unknown): void {
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

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.deps.clock.setTimeout(resolve, ms));
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

/**
 * The clock as the GPU area runs it: on the system's time, its lease changes and stops sent and told as Set Lease and
 * Stop send and tell them (the stop's notification follows its task; Retry sends it again).
 */
export function gpuLeaseClock(deps: {
  client: Pick<GcoreClient, 'gpuClusters' | 'account'>;
  changes: GpuClusterChanges;
  ui: () => PromptUi;
  tree: Pick<TreeChanges, 'refresh'>;
  log: Log;
}): LeaseClock {
  const { changes } = deps;
  const stop = async (ref: GpuClusterRef, clusterName: string): Promise<void> => {
    const { change, result } = await changes.record(await sendGpuClusterAction(deps, { ...ref, clusterName }, 'stop'));
    changes.report(deps.ui(), change, result, () => stop(ref, clusterName));
  };
  const namesCluster = (ref: GpuClusterRef) => {
    const ids = new Set([ref.clusterId.toLowerCase()]);
    return (task: Task) => clustersOfTask(task, ids).length > 0;
  };
  return new LeaseClock({
    clock: SYSTEM_CLOCK,
    read: (ref) => deps.client.gpuClusters.get(ref),
    setLease: async (ref, lease) => {
      await sendGpuClusterLease(deps, ref, lease);
      changes.changed(clustersOf(ref));
    },
    stop,
    startedSince: async (ref, sinceMs) => {
      const { results } = await deps.client.account.listTasks({
        projectIds: [ref.projectId],
        regionIds: [ref.regionId],
        taskTypes: taskTypesOf(ref.kind, 'start'),
        fromTimestamp: new Date(sinceMs).toISOString(),
        limit: 100,
      });
      return results.some(namesCluster(ref));
    },
    stopRuns: async (ref) =>
      (await deps.client.gpuClusters.activeTasks(ref, taskTypesOf(ref.kind, 'stop'))).results.some(namesCluster(ref)),
    claimToken: () => randomBytes(8).toString('hex'),
    ui: deps.ui,
    redraw: () => deps.tree.refresh(GPU_SECTION),
    log: deps.log,
  });
}
