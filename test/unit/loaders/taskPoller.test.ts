import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../src/api/errors';
import type { Task } from '../../../src/api/types';
import { TaskPoller, TaskWaitTimeout, type TrackedTask } from '../../../src/loaders/taskPoller';
import { FakeClock } from '../support/fakeClock';

function task(id: string, state: string, extra: Partial<Task> = {}): Task {
  return { id, state, task_type: 'patch_caas_container', ...extra };
}

function apiError(status: number): GcoreApiError {
  return new GcoreApiError(status === 401 ? 'unauthorized' : status === 404 ? 'notFound' : 'server', `HTTP ${status}`, {
    status,
    method: 'GET',
    path: '/cloud/v1/tasks/x',
  });
}

/** A Gcore whose tasks answer from a script: each id's answers in turn, the last one repeated. */
function scriptedGcore(script: Record<string, (Task | Error)[]>) {
  const asked: string[] = [];
  const fetchTask = async (id: string): Promise<Task> => {
    asked.push(id);
    const answers = script[id] ?? [apiError(404)];
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { asked, fetchTask };
}

const SETTINGS = { intervalMs: 3_000, timeoutMs: 30 * 60_000 };

describe('TaskPoller', () => {
  let clock: FakeClock;
  let poller: TaskPoller | undefined;
  beforeEach(() => {
    clock = new FakeClock();
  });
  afterEach(() => poller?.dispose());

  function start(script: Record<string, (Task | Error)[]>, settings = SETTINGS) {
    const gcore = scriptedGcore(script);
    poller = new TaskPoller({ fetchTask: gcore.fetchTask, settings: () => settings, clock });
    return { poller, asked: gcore.asked };
  }

  it('holds no timer while nothing is tracked, and none once every task has ended', async () => {
    const { poller, asked } = start({ a: [task('a', 'RUNNING'), task('a', 'FINISHED')] });
    assert.equal(clock.pending, 0);
    await clock.advance(60_000);
    assert.deepEqual(asked, []);
    poller.track(['a']);
    assert.equal(clock.pending, 1);
    await clock.advance(6_000);
    assert.deepEqual(asked, ['a', 'a']);
    assert.equal(poller.get('a')?.end?.kind, 'finished');
    assert.equal(clock.pending, 0);
    assert.equal(poller.isScheduled, false);
  });

  it('asks once per unfinished task per round, every interval, all tasks in one loop', async () => {
    const { poller, asked } = start({
      a: [task('a', 'NEW'), task('a', 'RUNNING'), task('a', 'FINISHED')],
      b: [task('b', 'RUNNING'), task('b', 'ERROR', { error: 'Failed to pull image' })],
      c: [task('c', 'RUNNING')],
    });
    poller.track(['a', 'b', 'c']);
    await clock.advance(2_999);
    assert.deepEqual(asked, [], 'the first round waits one interval');
    await clock.advance(1);
    assert.deepEqual(asked.sort(), ['a', 'b', 'c']);
    await clock.advance(3_000);
    assert.equal(asked.length, 6);
    assert.equal(poller.get('b')?.end?.kind, 'error');
    await clock.advance(3_000);
    assert.equal(asked.length, 8, 'b ended: only a and c are asked');
    assert.equal(poller.get('a')?.end?.kind, 'finished');
    await clock.advance(3_000);
    assert.deepEqual(asked.slice(8), ['c']);
    assert.deepEqual(
      poller.unfinished().map((tracked) => tracked.id),
      ['c'],
    );
  });

  it('reads the interval each time it waits for the next round', async () => {
    const settings = { ...SETTINGS };
    const gcore = scriptedGcore({ a: [task('a', 'RUNNING')] });
    poller = new TaskPoller({ fetchTask: gcore.fetchTask, settings: () => settings, clock });
    poller.track(['a']);
    settings.intervalMs = 10_000;
    await clock.advance(3_000);
    assert.equal(gcore.asked.length, 1, 'the wait already begun keeps its length');
    await clock.advance(9_999);
    assert.equal(gcore.asked.length, 1);
    await clock.advance(1);
    assert.equal(gcore.asked.length, 2);
  });

  it('starts the wait again when told the interval changed', async () => {
    const settings = { ...SETTINGS, intervalMs: 600_000 };
    const gcore = scriptedGcore({ a: [task('a', 'RUNNING')] });
    poller = new TaskPoller({ fetchTask: gcore.fetchTask, settings: () => settings, clock });
    poller.track(['a']);
    await clock.advance(10_000);
    settings.intervalMs = 1_000;
    poller.reschedule();
    await clock.advance(1_000);
    assert.equal(gcore.asked.length, 1);
  });

  it('gives up after the timeout, saying the task still runs, and asks no more', async () => {
    const { poller, asked } = start({ a: [task('a', 'RUNNING')] }, { intervalMs: 1_000, timeoutMs: 10_000 });
    poller.track(['a']);
    await clock.advance(12_000);
    assert.equal(poller.get('a')?.end?.kind, 'timedOut');
    const count = asked.length;
    assert.ok(count >= 9 && count <= 10, `${count} rounds in 10 s`);
    await clock.advance(10_000);
    assert.equal(asked.length, count);
    assert.equal(clock.pending, 0);
  });

  it('times out each task from its own start, after the first-started one ended, and as the setting shortens', async () => {
    const settings = { intervalMs: 1_000, timeoutMs: 10_000 };
    const { poller } = start(
      { first: [task('first', 'FINISHED')], second: [task('second', 'RUNNING')], third: [task('third', 'RUNNING')] },
      settings,
    );
    poller.track(['first']);
    await clock.advance(1_000);
    assert.equal(poller.get('first')?.end?.kind, 'finished');
    poller.track(['second']);
    await clock.advance(9_000);
    assert.equal(poller.get('second')?.end, undefined, '9 s after its start');
    await clock.advance(1_000);
    assert.equal(poller.get('second')?.end?.kind, 'timedOut', '10 s after its start');
    poller.track(['third']);
    await clock.advance(3_000);
    assert.equal(poller.get('third')?.end, undefined);
    settings.timeoutMs = 2_000;
    await clock.advance(1_000);
    assert.equal(poller.get('third')?.end?.kind, 'timedOut', 'the shorter timeout applies at the next round');
  });

  it('keeps a task tracked through 5xx, 429 and network failures', async () => {
    const network = Object.assign(new GcoreApiError('network', 'connection reset', { method: 'GET', path: '/cloud/v1/tasks/a' }), {});
    const { poller } = start({ a: [apiError(503), apiError(429), network, task('a', 'FINISHED')] });
    poller.track(['a']);
    await clock.advance(9_000);
    assert.equal(poller.get('a')?.end, undefined);
    await clock.advance(3_000);
    assert.equal(poller.get('a')?.end?.kind, 'finished');
  });

  it('ends a task Gcore does not know (404), and every task when the key is refused (401)', async () => {
    const { poller } = start({ gone: [apiError(404)], a: [task('a', 'RUNNING'), apiError(401)], b: [task('b', 'RUNNING')] });
    poller.track(['gone', 'a', 'b']);
    await clock.advance(3_000);
    assert.equal(poller.get('gone')?.end?.kind, 'notFound');
    assert.equal(poller.unfinished().length, 2);
    await clock.advance(3_000);
    assert.equal(poller.get('a')?.end?.kind, 'unauthorized');
    assert.equal(poller.get('b')?.end?.kind, 'unauthorized');
    assert.equal(clock.pending, 0);
  });

  it('stops watching one task on request, and the timer goes when nothing is left', async () => {
    const { poller, asked } = start({ a: [task('a', 'RUNNING')] });
    poller.track(['a']);
    await clock.advance(3_000);
    poller.stop('a');
    assert.equal(poller.get('a')?.end?.kind, 'stopped');
    assert.equal(clock.pending, 0);
    await clock.advance(30_000);
    assert.equal(asked.length, 1);
  });

  it('resumes tasks after a reload with their first start, so the timeout still counts from then', async () => {
    const { poller } = start({ a: [task('a', 'RUNNING')] }, { intervalMs: 1_000, timeoutMs: 60_000 });
    poller.track(['a'], { kind: 'container', projectId: 1, regionId: 76, name: 'web-app', action: 'update' }, clock.now() - 59_500);
    assert.equal(poller.get('a')?.subject?.name, 'web-app');
    await clock.advance(1_000);
    assert.equal(poller.get('a')?.end?.kind, 'timedOut');
  });

  it('tells its listeners of every read and every end', async () => {
    const { poller } = start({ a: [task('a', 'NEW'), task('a', 'RUNNING'), task('a', 'FINISHED')] });
    const seen: string[] = [];
    poller.onDidChange((tracked: TrackedTask) => seen.push(tracked.end?.kind ?? tracked.task?.state ?? 'tracked'));
    poller.track(['a']);
    await clock.advance(9_000);
    assert.deepEqual(seen, ['tracked', 'NEW', 'RUNNING', 'finished']);
  });

  it('reads a state word named like a property of every object as a task still under way', async () => {
    const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const { poller } = start(
      Object.fromEntries(words.map((word) => [`t-${word}`, [task(`t-${word}`, word), task(`t-${word}`, 'FINISHED')]])),
    );
    poller.track(words.map((word) => `t-${word}`));
    await clock.advance(3_000);
    assert.deepEqual(
      poller.unfinished().map((tracked) => tracked.task?.state),
      words,
    );
    await clock.advance(3_000);
    assert.deepEqual(
      words.map((word) => poller.get(`t-${word}`)?.end?.kind),
      ['finished', 'finished', 'finished', 'finished'],
    );
  });

  it('has at most 4 task requests in flight, however many tasks it follows, and reaches every one', async () => {
    let inFlight = 0;
    let most = 0;
    const asked = new Set<string>();
    poller = new TaskPoller({
      fetchTask: (id) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        asked.add(id);
        return new Promise((resolve) =>
          clock.setTimeout(() => {
            inFlight -= 1;
            resolve(task(id, 'RUNNING'));
          }, 100),
        );
      },
      settings: () => SETTINGS,
      clock,
    });
    poller.track(Array.from({ length: 500 }, (_, i) => `t${i}`));
    // 500 requests, 4 at a time, 100 ms each: 12.5 s after the first round starts.
    await clock.advance(3_000 + 12_500);
    assert.equal(most, 4);
    assert.equal(asked.size, 500);
  });

  it('asks for the other tasks every interval while one request hangs, and not for that task again', async () => {
    const asked: string[] = [];
    poller = new TaskPoller({
      fetchTask: (id) => {
        asked.push(id);
        return id === 'hung' ? new Promise<Task>(() => undefined) : Promise.resolve(task(id, 'RUNNING'));
      },
      settings: () => SETTINGS,
      clock,
    });
    const batches: string[][] = [];
    poller.onDidChangeTasks((tasks) => batches.push(tasks.map((tracked) => tracked.id)));
    poller.track(['hung', 'b']);
    await clock.advance(9_000);
    assert.deepEqual(asked, ['hung', 'b', 'b', 'b']);
    // A round whose answers are not all in ends when the next one starts; b answering RUNNING again is no news.
    assert.deepEqual(batches, [['hung', 'b'], ['b']]);
  });

  it('hands its batch listeners the changes of a round together, once the round is answered', async () => {
    const { poller } = start({
      a: [task('a', 'RUNNING'), task('a', 'FINISHED')],
      b: [task('b', 'RUNNING'), task('b', 'ERROR', { error: 'boom' })],
    });
    const batches: string[][] = [];
    poller.onDidChangeTasks((tasks) =>
      batches.push(tasks.map((tracked) => `${tracked.id}:${tracked.end?.kind ?? tracked.task?.state ?? 'tracked'}`)),
    );
    poller.track(['a', 'b']);
    await clock.advance(6_000);
    poller.track(['c']);
    poller.stop('c');
    assert.deepEqual(batches, [
      ['a:tracked', 'b:tracked'],
      ['a:RUNNING', 'b:RUNNING'],
      ['a:finished', 'b:error'],
      ['c:tracked'],
      ['c:stopped'],
    ]);
  });

  describe('waitFor', () => {
    it('resolves with every final task, ERROR included, in the order asked', async () => {
      const { poller } = start({ a: [task('a', 'RUNNING'), task('a', 'FINISHED')], b: [task('b', 'ERROR', { error: 'boom' })] });
      const waiting = poller.waitFor(['a', 'b'], 60_000);
      await clock.advance(6_000);
      const ended = await waiting;
      assert.deepEqual(
        ended.map((tracked) => [tracked.id, tracked.task?.state]),
        [
          ['a', 'FINISHED'],
          ['b', 'ERROR'],
        ],
      );
      assert.equal(clock.pending, 0);
    });

    it('rejects on its timeout naming the ids still unfinished, and stops following them', async () => {
      const { poller, asked } = start({ a: [task('a', 'FINISHED')], b: [task('b', 'RUNNING')] });
      const waiting = poller.waitFor(['a', 'b'], 10_000);
      const rejected = assert.rejects(
        waiting,
        (error: unknown) => error instanceof TaskWaitTimeout && error.unfinishedIds.join() === 'b' && /task b/.test(error.message),
      );
      await clock.advance(10_000);
      await rejected;
      assert.equal(poller.get('b')?.end?.kind, 'stopped');
      const count = asked.length;
      await clock.advance(30_000);
      assert.equal(asked.length, count);
    });

    it('shares the loop with the tasks already tracked: one request per task per round', async () => {
      const { poller, asked } = start({ a: [task('a', 'RUNNING'), task('a', 'RUNNING'), task('a', 'FINISHED')] });
      poller.track(['a'], { kind: 'container', projectId: 1, regionId: 76, name: 'web-app', action: 'update' });
      const waiting = poller.waitFor(['a'], 60_000);
      await clock.advance(9_000);
      assert.equal((await waiting)[0].end?.kind, 'finished');
      assert.deepEqual(asked, ['a', 'a', 'a']);
    });

    it('names the tasks of updates sent here by their container, without asking for them before', async () => {
      const { poller, asked } = start({ a: [task('a', 'FINISHED')], b: [task('b', 'FINISHED')] });
      const webApp = { kind: 'container', projectId: 1, regionId: 76, name: 'web-app', action: 'update' };
      poller.remember(['a'], webApp);
      await clock.advance(60_000);
      assert.deepEqual(asked, []);
      assert.equal(clock.pending, 0);
      const waiting = poller.waitFor(['a', 'b'], 60_000);
      await clock.advance(3_000);
      assert.deepEqual(
        (await waiting).map((tracked) => tracked.subject),
        [webApp, undefined],
      );
    });

    it('remembers the containers of the newest 200 tasks only', async () => {
      const { poller } = start({});
      const webApp = { kind: 'container', projectId: 1, regionId: 76, action: 'update' };
      for (let i = 0; i < 201; i++) poller.remember([`t${i}`], { ...webApp, name: `c${i}` });
      const [oldest, second, newest] = poller.track(['t0', 't1', 't200']);
      assert.equal(oldest.subject, undefined);
      assert.equal(second.subject?.name, 'c1');
      assert.equal(newest.subject?.name, 'c200');
    });
  });
});
