import type * as vscode from 'vscode';
import type { Task } from '../../../src/api/types';
import { TaskPoller } from '../../../src/loaders/taskPoller';
import { TaskHistory } from '../../../src/state/taskHistory';
import { ChangeKinds, type ChangeKind } from '../../../src/views/changeKinds';
import { TaskTracking } from '../../../src/views/taskTracking';
import { TASKS_SECTION } from '../../../src/views/tasks/taskNodes';
import type { TreeNode } from '../../../src/views/treeNodes';
import type { FakeClock } from './fakeClock';

/** globalState that counts its writes. */
export class CountingMemento implements Pick<vscode.Memento, 'get' | 'update'> {
  writes = 0;
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.writes += 1;
    this.values.set(key, value);
  }
}

/** The notifications a followed change ends with, and their buttons; its progress runs until the tasks end. */
export class NotedUi {
  readonly titles: string[] = [];
  readonly notifications: string[] = [];
  readonly buttons: string[][] = [];
  readonly clipboard: string[] = [];
  /** The button the user clicks in every notification that offers it. */
  constructor(private readonly click?: string) {}
  async copyToClipboard(text: string): Promise<void> {
    this.clipboard.push(text);
  }
  async withProgress<T>(task: { title: string; run: (signal: AbortSignal, report: (message: string) => void) => Promise<T> }): Promise<T> {
    this.titles.push(task.title);
    return task.run(new AbortController().signal, () => undefined);
  }
  async notify(_severity: string, message: string, ...actions: string[]): Promise<string | undefined> {
    this.notifications.push(message);
    this.buttons.push(actions);
    return actions.find((action) => action === this.click);
  }
}

/** The task tracking as activation builds it, over a poller whose tasks answer from a script. */
export interface TrackingRig {
  poller: TaskPoller;
  kinds: ChangeKinds;
  history: TaskHistory;
  tracking: TaskTracking;
}

/**
 * A tracking that follows `kind`'s changes on `clock`: the poller reads each task's `answers` in turn and repeats the
 * last; the history keeps to `memento`; what it redraws goes to `refresh`, the Tasks section whenever it records.
 */
export function trackingRig(deps: {
  answers: (id: string) => Task[];
  clock: FakeClock;
  kind: ChangeKind;
  refresh: (node: TreeNode) => void;
  memento?: CountingMemento;
}): TrackingRig {
  const script = new Map<string, Task[]>();
  const poller = new TaskPoller({
    fetchTask: async (id) => {
      if (!script.has(id)) script.set(id, deps.answers(id));
      const queue = script.get(id)!;
      return queue.length > 1 ? queue.shift()! : queue[0];
    },
    settings: () => ({ intervalMs: 3_000, timeoutMs: 30 * 60_000 }),
    clock: deps.clock,
  });
  const kinds = new ChangeKinds();
  kinds.register(deps.kind);
  const memento = deps.memento ?? new CountingMemento();
  const history = new TaskHistory(memento as unknown as vscode.Memento, (stored) => kinds.readStored(stored));
  const tracking = new TaskTracking({
    poller,
    history,
    kinds,
    tree: { refresh: (node?: TreeNode) => deps.refresh(node!) },
    now: () => deps.clock.now(),
    setApiKey: async () => undefined,
  });
  tracking.onDidRecord(() => deps.refresh(TASKS_SECTION));
  return { poller, kinds, history, tracking };
}
