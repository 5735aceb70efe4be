import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { Task } from '../../../../src/api/types';
import { TaskTracking } from '../../../../src/views/taskTracking';
import { TaskPoller } from '../../../../src/loaders/taskPoller';
import type { Log } from '../../../../src/logging/log';
import { TaskHistory } from '../../../../src/state/taskHistory';
import type { PromptUi } from '../../../../src/ui/promptUi';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { CONTAINERS_SECTION } from '../../../../src/views/sections/containerNodes';
import { TASKS_SECTION } from '../../../../src/views/sections/taskNodes';
import { FakeClock } from '../../support/fakeClock';

const SUBJECT = { projectId: 1, regionId: 76, containerName: 'web-app' };
const SETTINGS = { intervalMs: 3_000, timeoutMs: 30 * 60_000 };

/** globalState that counts its writes. */
class CountingMemento implements Pick<vscode.Memento, 'get' | 'update'> {
  writes = 0;
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.writes += 1;
    this.values.set(key, value);
  }
}

/** The notifications a followed update ends with; its progress runs until the tasks end. */
class NotedUi {
  readonly notifications: string[] = [];
  async withProgress<T>(task: { run: (signal: AbortSignal, report: (message: string) => void) => Promise<T> }): Promise<T> {
    return task.run(new AbortController().signal, () => undefined);
  }
  async notify(_severity: string, message: string): Promise<string | undefined> {
    this.notifications.push(message);
    return undefined;
  }
}

describe('TaskTracking', () => {
  let clock: FakeClock;
  let poller: TaskPoller;
  let tracking: TaskTracking;
  let memento: CountingMemento;
  let history: TaskHistory;
  let refreshed: TreeNode[];

  function follow(answers: (id: string) => Task[]): void {
    const script = new Map<string, Task[]>();
    poller = new TaskPoller({
      fetchTask: async (id) => {
        if (!script.has(id)) script.set(id, answers(id));
        const queue = script.get(id)!;
        return queue.length > 1 ? queue.shift()! : queue[0];
      },
      settings: () => SETTINGS,
      clock,
    });
    history = new TaskHistory(memento as unknown as vscode.Memento);
    tracking = new TaskTracking({
      poller,
      history,
      client: { containers: { get: async () => ({ name: 'web-app', status: 'Ready', deploy_status: { ready: 1, total: 1 } }) } } as never,
      reads: { invalidateContainers: () => undefined },
      tree: { refresh: (node?: TreeNode) => void refreshed.push(node!) },
      log: { warn: () => undefined } as unknown as Log,
      now: () => clock.now(),
      setApiKey: async () => undefined,
      showLogs: async () => undefined,
    });
  }

  beforeEach(() => {
    clock = new FakeClock();
    memento = new CountingMemento();
    refreshed = [];
  });

  afterEach(() => {
    tracking.dispose();
    poller.dispose();
  });

  it('stores the task history once per round and redraws the tree once, with 100 tasks ending together', async () => {
    follow((id) => [
      { id, state: 'RUNNING' },
      { id, state: 'FINISHED' },
    ]);
    tracking.start(
      SUBJECT,
      Array.from({ length: 100 }, (_, i) => `t${i}`),
    );
    await history.stored();
    assert.equal(memento.writes, 1, 'following 100 tasks is one write');
    await clock.advance(3_000);
    await history.stored();
    assert.equal(memento.writes, 2, 'a round that reads 100 tasks is one write');
    await clock.advance(3_000);
    await history.stored();
    assert.equal(memento.writes, 3, 'a round that ends 100 tasks is one write');
    assert.equal(history.unfinished().length, 0);
    assert.equal(refreshed.filter((node) => node === TASKS_SECTION).length, 3);
    assert.equal(refreshed.filter((node) => node === CONTAINERS_SECTION).length, 2, 'when the rows start and stop saying "Updating…"');
  });

  it("says why an update failed in a notification of a readable length when Gcore's error is 100 KB", async () => {
    follow((id) => [{ id, state: 'ERROR', error: `Build failed:\n${'step output '.repeat(8_500)}` }]);
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, SUBJECT, ['a'], async () => undefined);
    await clock.advance(3_000);
    await following;
    const [message] = ui.notifications;
    assert.match(message, /^The update of container web-app failed at Gcore: Build failed: step output step output .*…$/);
    assert.ok(message.length <= 600, `${message.length} characters`);
    assert.ok((history.all()[0].error ?? '').length <= 1_000);
  });
});
