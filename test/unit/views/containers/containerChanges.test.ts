import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { markEmptyAnswer } from '../../../../src/api/decode';
import type { Task } from '../../../../src/api/types';
import { containerChanges } from '../../../../src/views/containers/containerChanges';
import { ContainerReads } from '../../../../src/loaders/containers/containerReads';
import { Loaders } from '../../../../src/loaders/loaders';
import { TaskPoller } from '../../../../src/loaders/taskPoller';
import type { Log } from '../../../../src/logging/log';
import { CONTAINER_KIND, containerChange } from '../../../../src/models/containers/container';
import type { ContainerCreate } from '../../../../src/models/containers/containerCreate';
import type { ContainerUpdate } from '../../../../src/models/containers/containerUpdate';
import { RecentValues } from '../../../../src/state/recentValues';
import { TaskHistory } from '../../../../src/state/taskHistory';
import { ChangeKinds } from '../../../../src/views/changeKinds';
import { containerChangeKind } from '../../../../src/views/containers/containerChangeKind';
import { TaskTracking } from '../../../../src/views/taskTracking';
import {
  sendContainerCreate,
  sendContainerDelete,
  sendContainerUpdate,
  type ContainerRef,
} from '../../../../src/writes/containers/containerWrites';
import { ScriptedUi } from '../../../extension/support/scriptedUi';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { FakeClock } from '../../support/fakeClock';

const HERE = { projectId: 1, regionId: 76 };
const CONTAINERS = '/cloud/v1/caas/1/76/containers';
const WEB_APP = { ...HERE, containerName: 'web-app' };
const NEW_CONTAINER = { name: 'new-app', image: 'nginx:1.27', listening_port: 80, flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } };
const POLL_INTERVAL_MS = 3_000;
const QUIET = { info: () => undefined, debug: () => undefined, warn: () => undefined } as unknown as Log;
const reopen = async () => undefined;

/** globalState: where the recent names and the task history are kept. */
class MapMemento implements Pick<vscode.Memento, 'get' | 'update'> {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

/**
 * The containers' write path as their commands take it, on a client of the emulator: what is sent
 * (writes/containers/), and what it leaves behind (`containerChanges`), with the area's reads registered with the
 * loaders and the task tracking that marks a change on its row (Gcore's tasks end at the first poll).
 */
function containersArea(harness: Harness) {
  const memento = new MapMemento() as unknown as vscode.Memento;
  const clock = new FakeClock();
  const loaders = new Loaders();
  const reads = loaders.register(new ContainerReads(harness.client, loaders.limit));
  const poller = new TaskPoller({
    fetchTask: async (id): Promise<Task> => ({ id, state: 'FINISHED' }),
    settings: () => ({ intervalMs: POLL_INTERVAL_MS, timeoutMs: 30 * 60_000 }),
    clock,
  });
  const kinds = new ChangeKinds();
  kinds.register(
    containerChangeKind({ client: harness.client, reads, log: QUIET, showLogs: async () => undefined, refreshDocuments: () => undefined }),
  );
  const tracking = new TaskTracking({
    poller,
    history: new TaskHistory(memento, (stored) => kinds.readStored(stored)),
    kinds,
    tree: { refresh: () => undefined },
    now: () => clock.now(),
    setApiKey: async () => undefined,
  });
  const recent = new RecentValues(memento, 'gcore.recentContainers');
  const changes = containerChanges({
    taskPoller: poller,
    tasks: tracking,
    recentContainers: recent,
    reads,
    tree: { refresh: () => undefined },
  });
  const deps = { client: harness.client, log: QUIET };
  const writes = {
    update: async (ref: ContainerRef, update: ContainerUpdate) =>
      (await changes.record(await sendContainerUpdate(deps, ref, update))).result,
    create: async (location: typeof HERE, container: ContainerCreate) =>
      (await changes.record(await sendContainerCreate(deps, location, container))).result,
    delete: async (ref: ContainerRef) => (await changes.record(await sendContainerDelete(deps, ref))).result,
    report: changes.report.bind(changes),
  };
  /** What the Containers section's rows of the location say is under way, by name. */
  const rowChanges = () =>
    Object.fromEntries([...tracking.changesAt(CONTAINER_KIND, HERE)].map(([name, subject]) => [name, subject.action]));
  const dispose = () => {
    tracking.dispose();
    poller.dispose();
  };
  return { writes, reads, poller, recent, clock, rowChanges, dispose };
}

describe("the containers' changes once sent", () => {
  let harness: Harness;
  let area: ReturnType<typeof containersArea>;

  beforeEach(async () => {
    harness = await startHarness();
    area = containersArea(harness);
  });

  afterEach(async () => {
    area.dispose();
    await stopHarness(harness);
  });

  const listReads = () => harness.emulator.requests.filter((request) => request.method === 'GET' && request.path === CONTAINERS).length;

  it("reads the location's containers again after every change, and offers the names changed as recent", async () => {
    const { writes, reads, recent } = area;
    const readList = async () => {
      await reads.containers(HERE);
      return listReads();
    };
    assert.equal(await readList(), 1);
    assert.equal(await readList(), 1, 'a list shown is kept until a change');
    await writes.update(WEB_APP, { timeout: 30 });
    assert.equal(await readList(), 2, 'after an update');
    await writes.create(HERE, NEW_CONTAINER as ContainerCreate);
    assert.equal(await readList(), 3, 'after a create');
    await writes.delete({ ...HERE, containerName: 'legacy-site' });
    assert.equal(await readList(), 4, 'after a delete');
    assert.deepEqual(recent.list(), ['new-app', 'web-app'], 'a deleted container is no name to offer');
  });

  it("marks each change on its container's row while its tasks are followed, and names them for a script that waits", async () => {
    const { writes, poller, clock, rowChanges } = area;
    const ui = new ScriptedUi([]);
    const updated = await writes.update(WEB_APP, { timeout: 30 });
    const created = await writes.create(HERE, NEW_CONTAINER as ContainerCreate);
    const deleted = await writes.delete({ ...HERE, containerName: 'legacy-site' });
    writes.report(ui, containerChange(HERE, 'web-app', 'update'), updated, reopen);
    writes.report(ui, containerChange(HERE, 'new-app', 'create'), created, reopen);
    writes.report(ui, containerChange(HERE, 'legacy-site', 'delete'), deleted, reopen);
    assert.deepEqual(rowChanges(), { 'web-app': 'update', 'new-app': 'create', 'legacy-site': 'delete' });
    assert.deepEqual(
      ui.notifications.map(({ message }) => message),
      [`Sent the update of container web-app. Tasks: ${updated.tasks.join(', ')}`],
      'an update says which tasks it started; a create and a delete say how they end',
    );
    await clock.advance(POLL_INTERVAL_MS);
    assert.deepEqual(rowChanges(), {}, 'the rows say nothing more once the tasks ended');
    // gcore.waitForTasks follows task IDs alone: the write named what they change.
    assert.deepEqual(
      [updated, created, deleted].map((result) => poller.track(result.tasks).map((task) => task.subject)),
      [
        [containerChange(HERE, 'web-app', 'update')],
        [containerChange(HERE, 'new-app', 'create')],
        [containerChange(HERE, 'legacy-site', 'delete')],
      ],
    );
  });

  it('warns instead of following when Gcore named no task to follow', async () => {
    const { writes, poller, rowChanges } = area;
    const ui = new ScriptedUi([]);
    writes.report(ui, containerChange(HERE, 'web-app', 'update'), markEmptyAnswer({ tasks: [] }), reopen);
    writes.report(ui, containerChange(HERE, 'new-app', 'create'), { tasks: [] }, reopen);
    writes.report(ui, containerChange(HERE, 'legacy-site', 'delete'), { tasks: [] }, reopen);
    assert.deepEqual(
      ui.notifications.map(({ severity, message }) => `${severity}: ${message.split(',')[0]}`),
      [
        'warning: The update of container web-app was sent',
        'warning: Gcore took the creation of container new-app',
        'warning: Gcore took the deletion of container legacy-site',
      ],
    );
    assert.deepEqual(rowChanges(), {});
    assert.deepEqual(poller.unfinished(), []);
  });
});
