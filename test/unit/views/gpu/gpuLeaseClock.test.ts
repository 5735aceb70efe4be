import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../../src/api/errors';
import type { GpuCluster } from '../../../../src/api/gpu/gpuClusterTypes';
import { CLAIM_SETTLE_MS, LeaseClock } from '../../../../src/views/gpu/gpuLeaseClock';
import type { Log } from '../../../../src/logging/log';
import { formatLeaseValue, type GpuLease } from '../../../../src/models/gpu/gpuLease';
import { FakeClock } from '../../support/fakeClock';

const LOCATION = { projectId: 1, regionId: 76, kind: 'virtual' as const };
const ID = '058e03b4-c44b-4684-9075-810cb0354467';
const MINUTE = 60_000;

/** One window: its lease clock, what it said and the button clicked on each notification that offers it. */
interface Window {
  leases: LeaseClock;
  said: { severity: string; message: string; buttons: string[] }[];
  click: string | undefined;
}

/**
 * The clocks' world: Gcore's cluster (which the test changes as another writer would), and what was sent to it. Each
 * window is a lease clock of its own over the same cluster and the same time, as two VS Code windows are.
 */
class World {
  readonly clock = new FakeClock();
  cluster: GpuCluster = { id: ID, name: 'train-h100', status: 'active', tags: [] };
  readonly reads: string[] = [];
  readonly sent: string[] = [];
  /** When the cluster was started, as Gcore's start tasks tell. */
  readonly starts: number[] = [];
  /** A stop Gcore runs: the cluster is listed as it was until it ends, and a second stop is refused meanwhile. */
  stopRunning = false;
  /** The next stop is carried out but its answer is lost. */
  stopAnswerLost = false;
  /** Reads that fail before one answers. */
  failingReads = 0;
  /** Whether Gcore's task lists cannot be read. */
  tasksUnreadable = false;
  /** While set, a lease patch is sent but reaches Gcore only once it resolves. */
  patchGate: Promise<void> | undefined;
  private readonly windows: Window[] = [];
  readonly one = this.window();

  /** Another window, its claims drawn apart from the others'. */
  window(): Window {
    const prefix = 'abcdef'[this.windows.length];
    let drawn = 0;
    const window: Window = {
      said: [],
      click: undefined,
      leases: new LeaseClock({
        clock: this.clock,
        read: async () => {
          if (this.failingReads-- > 0) throw new Error('socket hang up');
          this.reads.push(ID);
          return structuredClone(this.cluster);
        },
        setLease: async (_ref, lease) => {
          this.sent.push(`lease ${lease === null ? 'null' : formatLeaseValue(lease)}`);
          await this.patchGate;
          this.lease(lease);
        },
        stop: async (_ref, name) => {
          this.sent.push(`stop ${name}`);
          if (this.stopRunning) throw new GcoreApiError('conflict', 'GPU cluster has a task in progress (stop_gpu_virtual_cluster)');
          this.stopRunning = true;
          if (this.stopAnswerLost) throw new GcoreApiError('server', 'Bad Gateway', { status: 502, mayHaveApplied: true });
        },
        startedSince: async (_ref, sinceMs) => {
          if (this.tasksUnreadable) throw new Error('task list: 500');
          return this.starts.some((startedMs) => startedMs >= sinceMs);
        },
        stopRuns: async () => {
          if (this.tasksUnreadable) throw new Error('active tasks: 500');
          return this.stopRunning;
        },
        claimToken: () => `${prefix}${String(++drawn).padStart(15, '0')}`,
        ui: () => ({
          notify: async (severity, message, ...buttons) => {
            window.said.push({ severity, message, buttons });
            return buttons.find((button) => button === window.click);
          },
        }),
        redraw: () => void this.redraws++,
        log: { info: () => undefined, warn: () => undefined } as unknown as Log,
      }),
    };
    this.windows.push(window);
    return window;
  }

  redraws = 0;

  get leases(): LeaseClock {
    return this.one.leases;
  }

  get said(): Window['said'] {
    return this.one.said;
  }

  set click(button: string | undefined) {
    this.one.click = button;
  }

  /** The lease tag as Gcore holds it. */
  lease(lease: GpuLease | null): void {
    const others = (this.cluster.tags ?? []).filter((tag) => tag.key !== 'gcore-vscode-lease');
    this.cluster.tags = lease === null ? others : [...others, { key: 'gcore-vscode-lease', value: formatLeaseValue(lease) }];
  }

  /** Each window's tree reads the location's clusters. */
  listed(windows: Window[] = this.windows): void {
    for (const window of windows) window.leases.saw(LOCATION, [structuredClone(this.cluster)]);
  }

  leaseFromNow(ms: number, stopWithoutAsking = false): GpuLease {
    return { endMs: this.clock.now() + ms, stopWithoutAsking };
  }

  /** What the stop of `lease` sends from the window whose claim is `claim`: the claim, the stop, the lease removed. */
  stopOf(lease: GpuLease, claim: string): string[] {
    return [`lease ${formatLeaseValue({ ...lease, claim })}`, 'stop train-h100', 'lease null'];
  }

  dispose(): void {
    for (const window of this.windows) window.leases.dispose();
  }
}

const FIRST_CLAIM = 'a000000000000001';

describe('the lease clock', () => {
  let world: World;
  beforeEach(() => {
    world = new World();
  });
  afterEach(() => world.dispose());

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
    const lease = world.leaseFromNow(60 * MINUTE);
    world.lease(lease);
    world.listed();
    await world.clock.advance(45 * MINUTE - 1);
    assert.equal(world.said.length, 0);
    await world.clock.advance(1);
    assert.deepEqual(world.said[0].buttons, ['Extend 1 Hour', 'Stop Now', 'Remove Lease']);
    assert.match(world.said[0].message, /^The lease of GPU cluster train-h100 ends in 15 minutes\. .+after you confirm\.$/);
    assert.deepEqual(world.reads, [], 'a reminder reads nothing');
    world.click = 'Stop';
    await world.clock.advance(15 * MINUTE + CLAIM_SETTLE_MS);
    assert.match(
      world.said[1].message,
      /^The lease of GPU cluster train-h100 ended at .+\. Stop it now\? Stopping GPU cluster train-h100 shelves/,
    );
    assert.deepEqual(world.said[1].buttons, ['Stop', 'Extend 1 Hour', 'Remove Lease']);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM), 'claimed first, so that no other window stops it too');
    assert.equal(world.reads.length, 3, 'read at the end, again after the answer, and once the claim has stood');
    world.listed();
    await world.clock.advance(24 * 60 * MINUTE);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM), 'never twice');
    assert.equal(world.clock.pending, 0);
  });

  it('stops without asking when the lease says so, and says what it did', async () => {
    const lease = world.leaseFromNow(10 * MINUTE, true);
    world.lease(lease);
    world.listed();
    await world.clock.advance(10 * MINUTE + CLAIM_SETTLE_MS);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
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
    const lease = world.leaseFromNow(10 * MINUTE);
    world.lease(lease);
    world.listed();
    world.click = 'Stop Now';
    await world.clock.advance(CLAIM_SETTLE_MS);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
    assert.equal(world.reads.length, 2);
  });

  it('honours a lease another window moved: the re-read at the end finds the new end, and acts at that one', async () => {
    world.lease(world.leaseFromNow(30 * MINUTE, true));
    world.listed();
    const moved = world.leaseFromNow(90 * MINUTE, true);
    world.lease(moved);
    await world.clock.advance(30 * MINUTE);
    assert.deepEqual(world.sent, [], 'nothing stopped at the old end');
    assert.equal(world.reads.length, 1);
    await world.clock.advance(60 * MINUTE + CLAIM_SETTLE_MS);
    assert.deepEqual(world.sent, world.stopOf(moved, FIRST_CLAIM));
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
    const lease = world.leaseFromNow(5 * MINUTE, true);
    world.lease(lease);
    world.listed();
    await world.clock.advance(5 * MINUTE + CLAIM_SETTLE_MS);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
  });

  it('reads a cluster that could not be read at the end again a minute later, and only then stops it', async () => {
    const lease = world.leaseFromNow(MINUTE, true);
    world.lease(lease);
    world.listed();
    world.failingReads = 1;
    await world.clock.advance(MINUTE);
    assert.deepEqual(world.sent, []);
    await world.clock.advance(MINUTE + CLAIM_SETTLE_MS);
    assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
  });

  it('redraws the rows while a lease runs, so that its time left moves, at least every ten minutes', async () => {
    world.lease(world.leaseFromNow(5 * 60 * MINUTE));
    world.listed();
    await world.clock.advance(60 * MINUTE);
    assert.ok(world.redraws >= 6, String(world.redraws));
  });

  describe('acts only on the run it was set for', () => {
    it('removes, and never stops, a lease whose end passed while the cluster was stopped, once it runs again', async () => {
      const lease = world.leaseFromNow(60 * MINUTE, true);
      world.lease(lease);
      world.cluster.status = 'shutoff';
      world.listed();
      await world.clock.advance(2 * 60 * MINUTE);
      // Started again an hour after its lease ended: the tree lists it running, its old lease tag still on it.
      world.starts.push(world.clock.now());
      world.cluster.status = 'active';
      world.listed();
      await world.clock.advance(CLAIM_SETTLE_MS + MINUTE);
      assert.deepEqual(world.sent, ['lease null'], 'the lease removed, no stop sent');
      assert.match(
        world.said.at(-1)!.message,
        /^GPU cluster train-h100 was started again after its lease ended at .+, so the lease no longer applies: it was removed, and the cluster keeps running\.$/,
      );
      world.listed();
      await world.clock.advance(24 * 60 * MINUTE);
      assert.deepEqual(world.sent, ['lease null']);
    });

    it('stops a cluster whose lease ended while it ran and nobody watched: a start before the end is its own run', async () => {
      world.starts.push(world.clock.now());
      const lease = world.leaseFromNow(30 * MINUTE, true);
      world.lease(lease);
      // The machine slept past the end: the first list it reads after waking shows the lease over.
      await world.clock.advance(3 * 60 * MINUTE);
      world.listed();
      await world.clock.advance(CLAIM_SETTLE_MS);
      assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
    });

    it('asks rather than stopping without asking when whether the cluster was started again cannot be read', async () => {
      world.tasksUnreadable = true;
      world.lease(world.leaseFromNow(-MINUTE, true));
      world.listed();
      await world.clock.advance(CLAIM_SETTLE_MS);
      assert.deepEqual(world.sent, []);
      const asked = world.said.at(-1)!;
      assert.match(
        asked.message,
        /^The lease of GPU cluster train-h100 ended at .+\. Whether it was started again since cannot be read, so it is not stopped without asking\. Stop it now\?/,
      );
      assert.deepEqual(asked.buttons, ['Stop', 'Extend 1 Hour', 'Remove Lease']);
    });
  });

  describe('one stop for one end', () => {
    it('sends one stop from two windows at the same end, and the other window says nothing of it being billed', async () => {
      const two = world.window();
      const lease = world.leaseFromNow(10 * MINUTE, true);
      world.lease(lease);
      world.listed();
      // Both windows read the lease before either's first write reaches Gcore.
      let release: () => void = () => undefined;
      world.patchGate = new Promise((resolve) => (release = resolve));
      await world.clock.advance(10 * MINUTE);
      world.patchGate = undefined;
      release();
      await world.clock.advance(0);
      await world.clock.advance(CLAIM_SETTLE_MS + 2 * MINUTE);
      const everything = [...world.said, ...two.said].map((said) => said.message).join('\n');
      assert.doesNotMatch(everything, /still billed|failed/);
      assert.deepEqual(
        world.sent.filter((sent) => sent.startsWith('stop')),
        ['stop train-h100'],
      );
      // Both claimed; the claim Gcore held when they read it back was the second's.
      assert.deepEqual(world.sent, [
        `lease ${formatLeaseValue({ ...lease, claim: FIRST_CLAIM })}`,
        `lease ${formatLeaseValue({ ...lease, claim: 'b000000000000001' })}`,
        'stop train-h100',
        'lease null',
      ]);
      assert.match(two.said.at(-1)!.message, /the extension is stopping it/);
      assert.equal(world.said.filter((said) => /stopping it/.test(said.message)).length, 0, 'told once, by the window that sent it');
    });

    it('sends no stop from a window that claims the end after another already stopped it, and removes its claim', async () => {
      // Another window claimed and sent the stop, and went away before it removed its claim.
      const lease = world.leaseFromNow(-MINUTE, true);
      world.lease({ ...lease, claim: 'f000000000000009' });
      world.stopRunning = true;
      world.listed();
      await world.clock.advance(CLAIM_SETTLE_MS);
      assert.deepEqual(
        world.sent.filter((sent) => sent.startsWith('stop')),
        [],
      );
      assert.deepEqual(world.sent, [`lease ${formatLeaseValue({ ...lease, claim: FIRST_CLAIM })}`, 'lease null']);
      assert.doesNotMatch(world.said.map((said) => said.message).join('\n'), /still billed|failed/);
    });

    it('starts no second stop from a list read before the claim and handed to the clock while the first runs', async () => {
      const lease = world.leaseFromNow(MINUTE, true);
      world.lease(lease);
      world.listed();
      const before = structuredClone(world.cluster);
      let release: () => void = () => undefined;
      world.patchGate = new Promise((resolve) => (release = resolve));
      await world.clock.advance(MINUTE);
      assert.equal(world.sent.length, 1, 'the first write is on its way');
      // The tree redraws from the list it read before the claim, which still shows the lease.
      world.leases.saw(LOCATION, [before]);
      await world.clock.advance(0);
      world.patchGate = undefined;
      release();
      await world.clock.advance(0);
      await world.clock.advance(CLAIM_SETTLE_MS + 2 * MINUTE);
      assert.deepEqual(
        world.sent.filter((sent) => sent.startsWith('stop')),
        ['stop train-h100'],
      );
      assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
    });

    it('takes a stop whose answer was lost, and which Gcore runs, as sent: it does not say the cluster is still billed', async () => {
      const lease = world.leaseFromNow(MINUTE, true);
      world.lease(lease);
      world.listed();
      world.stopAnswerLost = true;
      await world.clock.advance(MINUTE + CLAIM_SETTLE_MS);
      assert.doesNotMatch(world.said.map((said) => said.message).join('\n'), /still billed/);
      assert.match(world.said.at(-1)!.message, /^The lease of GPU cluster train-h100 ended: the extension is stopping it/);
      assert.deepEqual(world.sent, world.stopOf(lease, FIRST_CLAIM));
    });
  });
});
