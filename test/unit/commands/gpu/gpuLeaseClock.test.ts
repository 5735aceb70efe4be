import * as assert from 'node:assert/strict';
import type { GpuCluster } from '../../../../src/api/gpuClusterTypes';
import { LeaseClock } from '../../../../src/commands/gpu/gpuLeaseClock';
import type { Log } from '../../../../src/logging/log';
import { formatLeaseValue, type GpuLease } from '../../../../src/models/gpuLease';
import { FakeClock } from '../../support/fakeClock';

const LOCATION = { projectId: 1, regionId: 76, kind: 'virtual' as const };
const ID = '058e03b4-c44b-4684-9075-810cb0354467';
const MINUTE = 60_000;

/** The clock's world: Gcore's cluster (which the test changes as another window would), and what was sent and said. */
class World {
  readonly clock = new FakeClock();
  cluster: GpuCluster = { id: ID, name: 'train-h100', status: 'active', tags: [] };
  readonly reads: string[] = [];
  readonly sent: string[] = [];
  readonly said: { message: string; buttons: string[] }[] = [];
  redraws = 0;
  /** The button clicked on each notification that offers it. */
  click: string | undefined;
  /** Reads that fail before one answers. */
  failingReads = 0;

  readonly leases = new LeaseClock({
    clock: this.clock,
    read: async () => {
      if (this.failingReads-- > 0) throw new Error('socket hang up');
      this.reads.push(ID);
      return structuredClone(this.cluster);
    },
    setLease: async (_ref, lease) => {
      this.sent.push(`lease ${lease === null ? 'null' : formatLeaseValue(lease)}`);
      this.lease(lease);
    },
    stop: async (_ref, name) => {
      this.sent.push(`stop ${name}`);
      this.cluster.status = 'shutoff';
    },
    ui: () => ({
      notify: async (_severity, message, ...buttons) => {
        this.said.push({ message, buttons });
        return buttons.find((button) => button === this.click);
      },
    }),
    redraw: () => void this.redraws++,
    log: { info: () => undefined, warn: () => undefined } as unknown as Log,
  });

  /** The lease tag as Gcore holds it. */
  lease(lease: GpuLease | null): void {
    const others = (this.cluster.tags ?? []).filter((tag) => tag.key !== 'gcore-vscode-lease');
    this.cluster.tags = lease === null ? others : [...others, { key: 'gcore-vscode-lease', value: formatLeaseValue(lease) }];
  }

  /** The tree reads the location's clusters. */
  listed(): void {
    this.leases.saw(LOCATION, [structuredClone(this.cluster)]);
  }

  leaseFromNow(ms: number, stopWithoutAsking = false): GpuLease {
    return { endMs: this.clock.now() + ms, stopWithoutAsking };
  }
}

describe('the lease clock', () => {
  let world: World;
  beforeEach(() => {
    world = new World();
  });
  afterEach(() => world.leases.dispose());

  it('keeps no timer and reads nothing while no cluster has a lease', async () => {
    world.listed();
    assert.equal(world.clock.pending, 0);
    world.cluster.tags = [{ key: 'gcore-vscode-lease', value: 'tomorrow' }];
    world.listed();
    assert.equal(world.clock.pending, 0, 'an unreadable lease is never acted on');
    await world.clock.advance(48 * 60 * MINUTE);
    assert.deepEqual([world.reads, world.sent, world.said], [[], [], []]);
  });

  it('reminds 15 minutes before the end, then at the end reads the cluster again and asks before it stops it, once', async () => {
    world.lease(world.leaseFromNow(60 * MINUTE));
    world.listed();
    await world.clock.advance(45 * MINUTE - 1);
    assert.equal(world.said.length, 0);
    await world.clock.advance(1);
    assert.deepEqual(world.said[0].buttons, ['Extend 1 Hour', 'Stop Now', 'Remove Lease']);
    assert.match(world.said[0].message, /^The lease of GPU cluster train-h100 ends in 15 minutes\. .+after you confirm\.$/);
    assert.deepEqual(world.reads, [], 'a reminder reads nothing');
    world.click = 'Stop';
    await world.clock.advance(15 * MINUTE);
    assert.match(
      world.said[1].message,
      /^The lease of GPU cluster train-h100 ended at .+\. Stop it now\? Stopping GPU cluster train-h100 shelves/,
    );
    assert.deepEqual(world.said[1].buttons, ['Stop', 'Extend 1 Hour', 'Remove Lease']);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100'], 'the lease goes first, so no other window stops it again');
    assert.equal(world.reads.length, 2, 'read at the end and again after the answer');
    world.listed();
    await world.clock.advance(24 * 60 * MINUTE);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100'], 'never twice');
    assert.equal(world.clock.pending, 0);
  });

  it('stops without asking when the lease says so, and says what it did', async () => {
    world.lease(world.leaseFromNow(10 * MINUTE, true));
    world.listed();
    await world.clock.advance(10 * MINUTE);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100']);
    assert.match(world.said.at(-1)!.message, /^The lease of GPU cluster train-h100 ended: the extension is stopping it/);
  });

  it('does nothing when the user does not answer at the end: the cluster runs, and is not asked about again', async () => {
    world.lease(world.leaseFromNow(MINUTE));
    world.listed();
    await world.clock.advance(2 * 60 * MINUTE);
    assert.deepEqual(world.sent, []);
    assert.equal(world.said.length, 2, 'the reminder (the lease was already within 15 minutes) and the question at the end');
  });

  it('extends by an hour from the reminder: the new end is sent as a merge patch and kept', async () => {
    const lease = world.leaseFromNow(20 * MINUTE);
    world.lease(lease);
    world.listed();
    world.click = 'Extend 1 Hour';
    await world.clock.advance(5 * MINUTE);
    assert.deepEqual(world.sent, [`lease ${formatLeaseValue({ ...lease, endMs: lease.endMs + 60 * MINUTE })}`]);
    world.click = undefined;
    await world.clock.advance(15 * MINUTE);
    assert.equal(world.reads.length, 0, 'the old end passes unnoticed');
    await world.clock.advance(60 * MINUTE);
    assert.equal(world.reads.length, 1, 'the new end is acted on');
  });

  it('removes the lease from the reminder: nothing happens at the end', async () => {
    world.lease(world.leaseFromNow(20 * MINUTE));
    world.listed();
    world.click = 'Remove Lease';
    await world.clock.advance(5 * MINUTE);
    assert.deepEqual(world.sent, ['lease null']);
    assert.equal(world.clock.pending, 0);
    await world.clock.advance(60 * MINUTE);
    assert.equal(world.reads.length, 0);
  });

  it('stops at once from the reminder after reading the cluster again', async () => {
    world.lease(world.leaseFromNow(10 * MINUTE));
    world.listed();
    world.click = 'Stop Now';
    await world.clock.advance(0);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100']);
    assert.equal(world.reads.length, 1);
  });

  it('honours a lease another window moved: the re-read at the end finds the new end, and acts at that one', async () => {
    world.lease(world.leaseFromNow(30 * MINUTE, true));
    world.listed();
    const moved = world.leaseFromNow(90 * MINUTE, true);
    world.lease(moved);
    await world.clock.advance(30 * MINUTE);
    assert.deepEqual(world.sent, [], 'nothing stopped at the old end');
    assert.equal(world.reads.length, 1);
    await world.clock.advance(60 * MINUTE);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100']);
  });

  it('leaves alone a cluster stopped elsewhere, or whose lease another window removed', async () => {
    world.lease(world.leaseFromNow(30 * MINUTE, true));
    world.listed();
    world.cluster.status = 'shutoff';
    await world.clock.advance(30 * MINUTE);
    assert.deepEqual(world.sent, []);
    assert.equal(world.clock.pending, 0);

    world.cluster.status = 'active';
    world.lease(world.leaseFromNow(30 * MINUTE, true));
    world.listed();
    world.lease(null);
    await world.clock.advance(30 * MINUTE);
    assert.deepEqual(world.sent, []);
    assert.equal(world.clock.pending, 0);
  });

  it('forgets a lease a later list no longer shows, and learns one a list shows for the first time', async () => {
    world.lease(world.leaseFromNow(30 * MINUTE, true));
    world.listed();
    world.lease(null);
    world.listed();
    assert.equal(world.clock.pending, 0);
    world.lease(world.leaseFromNow(5 * MINUTE, true));
    world.listed();
    await world.clock.advance(5 * MINUTE);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100']);
  });

  it('reads a cluster that could not be read at the end again a minute later, and only then stops it', async () => {
    world.lease(world.leaseFromNow(MINUTE, true));
    world.listed();
    world.failingReads = 1;
    await world.clock.advance(MINUTE);
    assert.deepEqual(world.sent, []);
    await world.clock.advance(MINUTE);
    assert.deepEqual(world.sent, ['lease null', 'stop train-h100']);
  });

  it('redraws the rows while a lease runs, so that its time left moves, at least every ten minutes', async () => {
    world.lease(world.leaseFromNow(5 * 60 * MINUTE));
    world.listed();
    await world.clock.advance(60 * MINUTE);
    assert.ok(world.redraws >= 6, String(world.redraws));
  });
});
