import * as assert from 'node:assert/strict';
import type { TaskListPage, TaskListQuery } from '../../../src/api/accountClient';
import { GcoreApiError } from '../../../src/api/errors';
import type { Task } from '../../../src/api/types';
import { TaskPoller } from '../../../src/loaders/taskPoller';
import { FakeClock } from '../support/fakeClock';

function apiError(status: number, path = '/cloud/v1/tasks'): GcoreApiError {
  return new GcoreApiError(
    status === 401 ? 'unauthorized' : status === 404 ? 'notFound' : status >= 500 ? 'server' : 'http',
    `HTTP ${status}`,
    { status, method: 'GET', path },
  );
}

type Request = { kind: 'list'; query: TaskListQuery } | { kind: 'get'; id: string };

/**
 * A Gcore whose task list answers as the real one: the account's tasks newest first, filtered on states,
 * projects, regions and creation time, `limit` a page (default 10). A test sets what list and reads answer.
 */
class FakeGcore {
  readonly tasks = new Map<string, Task>();
  readonly requests: Request[] = [];
  listFailure: Error | undefined;
  /** When set, list requests never answer. */
  listHangs = false;
  /** Tasks the list leaves out whatever their state (Gcore's filters and its answers disagree). */
  readonly unlisted = new Set<string>();
  private created = Date.parse('2026-11-01T10:00:00Z');

  add(id: string, state = 'RUNNING', projectId = 1, regionId = 76): Task {
    this.created += 1_000;
    const task: Task = {
      id,
      state,
      task_type: 'patch_caas_container',
      project_id: projectId,
      region_id: regionId,
      created_on: new Date(this.created).toISOString().replace('Z', ''),
      error: null,
    };
    this.tasks.set(id, task);
    return task;
  }

  end(ids: readonly string[], state: 'FINISHED' | 'ERROR' = 'FINISHED'): void {
    for (const id of ids) Object.assign(this.tasks.get(id)!, { state, error: state === 'ERROR' ? `${id} failed` : null });
  }

  readonly fetchTask = async (id: string): Promise<Task> => {
    this.requests.push({ kind: 'get', id });
    const task = this.tasks.get(id);
    if (!task) throw apiError(404, `/cloud/v1/tasks/${id}`);
    return { ...task };
  };

  readonly listTasks = async (query: TaskListQuery, signal: AbortSignal): Promise<TaskListPage> => {
    this.requests.push({ kind: 'list', query });
    if (this.listHangs) return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    if (this.listFailure) throw this.listFailure;
    const from = query.fromTimestamp === undefined ? undefined : Date.parse(query.fromTimestamp);
    const matching = [...this.tasks.values()]
      .filter((task) => !this.unlisted.has(task.id))
      .filter((task) => !query.states?.length || query.states.includes(task.state))
      .filter((task) => !query.projectIds?.length || query.projectIds.includes(task.project_id!))
      .filter((task) => !query.regionIds?.length || query.regionIds.includes(task.region_id!))
      .filter((task) => from === undefined || Date.parse(`${task.created_on}Z`) >= from)
      .reverse();
    const offset = query.offset ?? 0;
    return {
      count: matching.length,
      results: matching.slice(offset, offset + (query.limit ?? 10)).map((task) => ({ ...task })),
      unreadable: 0,
    };
  };

  /** The requests since the last call. */
  take(): Request[] {
    return this.requests.splice(0);
  }
}

const SETTINGS = { intervalMs: 3_000, timeoutMs: 30 * 60_000 };
const ids = (count: number, prefix = 't') => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('TaskPoller on the task list', () => {
  let clock: FakeClock;
  let gcore: FakeGcore;
  let poller: TaskPoller;
  beforeEach(() => {
    clock = new FakeClock();
    gcore = new FakeGcore();
    poller = new TaskPoller({ fetchTask: gcore.fetchTask, listTasks: gcore.listTasks, settings: () => SETTINGS, clock });
  });
  afterEach(() => poller.dispose());

  it('asks nothing and holds no timer while nothing is followed', async () => {
    await clock.advance(60_000);
    assert.deepEqual(gcore.requests, []);
    assert.equal(clock.pending, 0);
  });

  it('asks one request a round for 100 followed tasks while none ends, narrowed once their places and times are known', async () => {
    const followed = ids(100);
    followed.forEach((id, i) => gcore.add(id, i % 3 === 0 ? 'NEW' : 'RUNNING', i % 2 === 0 ? 1 : 7, i % 2 === 0 ? 76 : 8));
    for (let i = 0; i < 1_500; i++) gcore.add(`other${i}`, 'RUNNING', 99, 76);
    for (let i = 0; i < 30; i++) gcore.add(`later${i}`, 'RUNNING', 1, 76);
    poller.track(followed);
    await clock.advance(3_000);
    const first = gcore.take();
    assert.ok(first.length <= 2, `${first.length} requests in the first round`);
    assert.deepEqual(
      first.map((request) => request.kind),
      ['list', 'list'],
      'unnarrowed, 1630 unfinished tasks take two pages',
    );
    const [page] = first as { kind: 'list'; query: TaskListQuery }[];
    assert.deepEqual(page.query, {
      states: ['NEW', 'RUNNING'],
      projectIds: undefined,
      regionIds: undefined,
      fromTimestamp: undefined,
      limit: 1000,
      offset: 0,
    });
    assert.equal(poller.get('t3')?.task?.state, 'NEW');
    assert.equal(poller.get('t1')?.task?.state, 'RUNNING');
    for (let round = 0; round < 5; round++) {
      await clock.advance(3_000);
      const asked = gcore.take();
      assert.equal(asked.length, 1, `round ${round + 2}: ${JSON.stringify(asked)}`);
      const { query } = asked[0] as { kind: 'list'; query: TaskListQuery };
      assert.deepEqual(query.states, ['NEW', 'RUNNING']);
      assert.deepEqual([...query.projectIds!].sort(), [1, 7]);
      assert.deepEqual([...query.regionIds!].sort(), [76, 8]);
      assert.equal(query.fromTimestamp, new Date(Date.parse(`${gcore.tasks.get('t0')!.created_on}Z`) - 60_000).toISOString());
    }
    assert.equal(poller.unfinished().length, 100);
  });

  it('narrows anew when a followed task starts, is first read and ends', async () => {
    const lastQuery = () => {
      const asked = gcore.take().filter((request) => request.kind === 'list');
      return (asked[asked.length - 1] as { kind: 'list'; query: TaskListQuery }).query;
    };
    const createdOf = (id: string) => new Date(Date.parse(`${gcore.tasks.get(id)!.created_on}Z`) - 60_000).toISOString();
    gcore.add('a', 'RUNNING', 1, 76);
    poller.track(['a']);
    await clock.advance(3_000);
    await clock.advance(3_000);
    assert.deepEqual(pick(lastQuery()), { projectIds: [1], regionIds: [76], fromTimestamp: createdOf('a') });
    gcore.add('b', 'RUNNING', 7, 8);
    poller.track(['b']);
    await clock.advance(3_000);
    assert.deepEqual(
      pick(lastQuery()),
      { projectIds: undefined, regionIds: undefined, fromTimestamp: undefined },
      'b not read yet: where it runs is unknown',
    );
    await clock.advance(3_000);
    assert.deepEqual(pick(lastQuery()), { projectIds: [1, 7], regionIds: [76, 8], fromTimestamp: createdOf('a') }, 'b read');
    gcore.end(['a']);
    await clock.advance(3_000);
    assert.equal(poller.get('a')?.end?.kind, 'finished');
    gcore.take();
    await clock.advance(3_000);
    assert.deepEqual(pick(lastQuery()), { projectIds: [7], regionIds: [8], fromTimestamp: createdOf('b') }, 'a ended');
  });

  it('asks at most three requests in the round where 100 followed tasks end, and ends each as Gcore says', async () => {
    const followed = ids(100);
    for (const id of followed) gcore.add(id);
    poller.track(followed);
    await clock.advance(3_000);
    gcore.take();
    gcore.end(followed.slice(0, 60));
    gcore.end(followed.slice(60), 'ERROR');
    await clock.advance(3_000);
    const asked = gcore.take();
    assert.ok(asked.length <= 3, `${asked.length} requests`);
    assert.deepEqual(
      asked.map((request) => (request.kind === 'list' ? request.query.states : request.id)),
      [
        ['NEW', 'RUNNING'],
        ['FINISHED', 'ERROR'],
      ],
    );
    assert.equal(poller.unfinished().length, 0);
    assert.equal(poller.get('t0')?.end?.kind, 'finished');
    const failed = poller.get('t99')?.end;
    assert.equal(failed?.kind, 'error');
    assert.equal(failed?.kind === 'error' && failed.task.error, 't99 failed');
    assert.equal(clock.pending, 0);
    await clock.advance(30_000);
    assert.deepEqual(gcore.requests, []);
  });

  it('reads one or two tasks that left the list on their own', async () => {
    const followed = ids(10);
    for (const id of followed) gcore.add(id);
    poller.track(followed);
    await clock.advance(3_000);
    gcore.take();
    gcore.end(['t2'], 'ERROR');
    gcore.end(['t7']);
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => (request.kind === 'list' ? 'list' : request.id)),
      ['list', 't2', 't7'],
    );
    assert.equal(poller.get('t2')?.end?.kind, 'error');
    assert.equal(poller.get('t7')?.end?.kind, 'finished');
    assert.equal(poller.unfinished().length, 8);
  });

  it('reads one by one the tasks that left the list and that the list of ended tasks does not hold', async () => {
    const followed = ids(5);
    for (const id of followed) gcore.add(id);
    poller.track(followed);
    await clock.advance(3_000);
    gcore.take();
    gcore.end(['t0', 't1', 't2']);
    gcore.tasks.delete('t3');
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => (request.kind === 'list' ? request.query.states?.join('+') : request.id)),
      ['NEW+RUNNING', 'FINISHED+ERROR', 't3'],
    );
    assert.deepEqual(
      followed.map((id) => poller.get(id)?.end?.kind ?? 'followed'),
      ['finished', 'finished', 'finished', 'notFound', 'followed'],
    );
  });

  it('reads a followed task that left the list when the list also shows one followed while it was asked', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    poller.dispose();
    poller = new TaskPoller({
      fetchTask: gcore.fetchTask,
      listTasks: async (query, signal) => {
        const answer = gcore.listTasks(query, signal);
        await held;
        return answer;
      },
      settings: () => SETTINGS,
      clock,
    });
    for (const id of ['a', 'b', 'c']) gcore.add(id);
    gcore.end(['c']);
    poller.track(['a', 'c']);
    await clock.advance(3_000);
    poller.track(['b']);
    release();
    await clock.advance(0);
    assert.deepEqual(
      gcore.take().map((request) => (request.kind === 'get' ? `get ${request.id}` : request.kind)),
      ['list', 'get c'],
      'b, listed, does not stand for c, which left',
    );
    assert.equal(poller.get('c')?.end?.kind, 'finished');
    assert.equal(poller.get('b')?.task?.state, 'RUNNING');
  });

  it('ends as today a task the list never showed and that Gcore does not know (404)', async () => {
    gcore.add('known');
    poller.track(['known', 'unknown']);
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => (request.kind === 'list' ? 'list' : request.id)),
      ['list', 'unknown'],
    );
    assert.equal(poller.get('unknown')?.end?.kind, 'notFound');
    assert.equal(poller.get('known')?.end, undefined);
  });

  for (const status of [404, 405, 501]) {
    it(`falls back for good to one request per task, at most 4 in flight, against a list that answers ${status}`, async () => {
      gcore.listFailure = apiError(status);
      let inFlight = 0;
      let most = 0;
      const fetchTask = async (id: string): Promise<Task> => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), 10));
        inFlight -= 1;
        return gcore.fetchTask(id);
      };
      poller.dispose();
      poller = new TaskPoller({ fetchTask, listTasks: gcore.listTasks, settings: () => SETTINGS, clock });
      const changes: string[] = [];
      poller.onDidChange((tracked) => changes.push(tracked.end?.kind ?? 'read'));
      const followed = ids(20);
      for (const id of followed) gcore.add(id);
      poller.track(followed);
      await clock.advance(3_000 + 100);
      const first = gcore.take();
      assert.deepEqual(first[0].kind, 'list');
      assert.equal(first.filter((request) => request.kind === 'get').length, 20, 'every task read in the same round');
      assert.equal(most, 4);
      gcore.end(['t0']);
      await clock.advance(3_000);
      const second = gcore.take();
      assert.equal(second.filter((request) => request.kind === 'list').length, 0, 'the list is not asked again');
      assert.equal(second.length, 20);
      assert.equal(poller.get('t0')?.end?.kind, 'finished');
      assert.ok(!changes.includes('unauthorized') && !changes.includes('notFound'), 'nothing said of the missing list');
    });
  }

  it('asks the task list again once told the API may have changed', async () => {
    for (const id of ids(3)) gcore.add(id);
    poller.track(ids(3));
    gcore.listFailure = apiError(404);
    await clock.advance(6_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list', 'get', 'get', 'get', 'get', 'get', 'get'],
    );
    gcore.listFailure = undefined;
    poller.resetApiSupport();
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list'],
    );
  });

  it('asks unnarrowed once the narrowed list misses a task under way, and narrowed again once told the API may have changed', async () => {
    gcore.add('a', 'RUNNING', 1, 76);
    poller.track(['a']);
    await clock.advance(6_000);
    const narrowed = gcore.take()[1];
    assert.ok(narrowed.kind === 'list' && narrowed.query.projectIds?.[0] === 1);
    gcore.unlisted.add('a');
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list', 'get'],
      'a left the list, yet it runs',
    );
    gcore.unlisted.clear();
    await clock.advance(3_000);
    const [unnarrowed, ...rest] = gcore.take();
    assert.ok(unnarrowed.kind === 'list' && unnarrowed.query.projectIds === undefined && unnarrowed.query.regionIds === undefined);
    assert.equal(rest.length, 0);
    poller.resetApiSupport();
    await clock.advance(3_000);
    const [again] = gcore.take();
    assert.ok(again.kind === 'list' && again.query.projectIds?.[0] === 1 && again.query.regionIds?.[0] === 76);
  });

  it('keeps the tasks followed through a list failure that may pass, and ends them all on a refused key', async () => {
    for (const id of ids(3)) gcore.add(id);
    poller.track(ids(3));
    gcore.listFailure = apiError(503);
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list'],
    );
    assert.equal(poller.unfinished().length, 3);
    gcore.listFailure = undefined;
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list'],
      'still on the list',
    );
    gcore.listFailure = apiError(401);
    await clock.advance(3_000);
    assert.deepEqual(
      ids(3).map((id) => poller.get(id)?.end?.kind),
      ['unauthorized', 'unauthorized', 'unauthorized'],
    );
    assert.equal(clock.pending, 0);
  });

  it('starts no round while the list request of the one before has not answered, and cancels it when nothing is followed', async () => {
    gcore.add('a');
    gcore.listHangs = true;
    poller.track(['a']);
    await clock.advance(15_000);
    assert.equal(gcore.take().length, 1);
    poller.stopAll();
    assert.equal(clock.pending, 0);
    gcore.listHangs = false;
    poller.track(['a']);
    await clock.advance(3_000);
    assert.deepEqual(
      gcore.take().map((request) => request.kind),
      ['list'],
      'the cancelled round no longer holds the next one back',
    );
  });

  it('asks the list unnarrowed once a task it left out turns out to be under way', async () => {
    gcore.add('a', 'RUNNING', 1, 76);
    poller.track(['a']);
    await clock.advance(3_000);
    gcore.take();
    // Gcore's filter and its answers disagree: the list narrowed to the task's project no longer shows it.
    Object.assign(gcore.tasks.get('a')!, { project_id: 2 });
    poller.get('a')!.task!.project_id = 1;
    await clock.advance(3_000);
    const [list, read] = gcore.take();
    assert.deepEqual(list.kind === 'list' && list.query.projectIds, [1], 'narrowed by the project last read');
    assert.equal(read?.kind, 'get');
    await clock.advance(3_000);
    const [next] = gcore.take();
    assert.ok(next.kind === 'list' && next.query.projectIds === undefined && next.query.fromTimestamp === undefined);
  });

  it('hands its batch listeners a round of the list together', async () => {
    for (const id of ids(3)) gcore.add(id);
    const batches: string[][] = [];
    // In the order the tasks were read (the list's, newest first): sorted, the batches read the same either way.
    poller.onDidChangeTasks((tasks) =>
      batches.push(tasks.map((tracked) => `${tracked.id}:${tracked.end?.kind ?? tracked.task?.state ?? 'tracked'}`).sort()),
    );
    poller.track(ids(3));
    await clock.advance(3_000);
    gcore.end(['t1']);
    await clock.advance(3_000);
    // The second round's t0 and t2 answer RUNNING again: only t1's end is news.
    assert.deepEqual(batches, [['t0:tracked', 't1:tracked', 't2:tracked'], ['t0:RUNNING', 't1:RUNNING', 't2:RUNNING'], ['t1:finished']]);
  });
});

function pick(query: TaskListQuery): Pick<TaskListQuery, 'projectIds' | 'regionIds' | 'fromTimestamp'> {
  return { projectIds: query.projectIds, regionIds: query.regionIds, fromTimestamp: query.fromTimestamp };
}
