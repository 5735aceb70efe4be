import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { ChangeSubject, TrackedTask } from '../../../src/loaders/taskPoller';
import { TaskHistory } from '../../../src/state/taskHistory';

/** globalState as VS Code gives it: values kept, updates resolved later. */
class FakeMemento implements Pick<vscode.Memento, 'get' | 'update'> {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Thenable<void> {
    return new Promise((resolve) =>
      setTimeout(() => {
        this.values.set(key, JSON.parse(JSON.stringify(value)));
        resolve();
      }, 1),
    );
  }
}

const WEB_APP: ChangeSubject = { kind: 'container', projectId: 1, regionId: 76, name: 'web-app', action: 'update' };

function tracked(id: string, startedAtMs: number, extra: Partial<TrackedTask> = {}): TrackedTask {
  return { id, startedAtMs, subject: WEB_APP, ...extra };
}

/** Reads back a subject stored in today's shape, as the kinds of change do, and nothing else. */
function readSubject(stored: unknown): ChangeSubject | undefined {
  const subject = stored as Partial<ChangeSubject> | undefined;
  return typeof subject?.kind === 'string' ? (subject as ChangeSubject) : undefined;
}

function historyOf(memento: Pick<vscode.Memento, 'get' | 'update'>, onWriteFailed?: (error: unknown) => void): TaskHistory {
  return new TaskHistory(memento as unknown as vscode.Memento, readSubject, onWriteFailed);
}

describe('TaskHistory', () => {
  it('keeps every change of quick succession, in order, newest first, as a reload reads it', async () => {
    const memento = new FakeMemento();
    const history = historyOf(memento);
    history.record([tracked('a', 1_000)], 1_000);
    history.record([tracked('b', 2_000, { task: { id: 'b', state: 'RUNNING' } })], 2_000);
    history.record(
      [tracked('a', 1_000, { end: { kind: 'finished', task: { id: 'a', state: 'FINISHED', task_type: 'patch_caas_container' } } })],
      5_000,
    );
    await history.stored();
    const reloaded = historyOf(memento);
    assert.deepEqual(
      reloaded.all().map((record) => [record.id, record.state, record.end, record.endedAtMs]),
      [
        ['b', 'RUNNING', undefined, undefined],
        ['a', 'FINISHED', 'finished', 5_000],
      ],
    );
    assert.deepEqual(
      reloaded.unfinished().map((record) => record.id),
      ['b'],
    );
    assert.equal(reloaded.all()[1].taskType, 'patch_caas_container');
  });

  it('a failed write is reported and does not keep the next change from being stored', async () => {
    const memento = new FakeMemento();
    const store = memento.update.bind(memento);
    let failures = 1;
    memento.update = (key, value) => (failures-- > 0 ? Promise.reject(new Error('storage is full')) : store(key, value));
    const reported: unknown[] = [];
    const history = historyOf(memento, (error) => reported.push(error));
    history.record([tracked('a', 1_000)], 1_000);
    history.record([tracked('b', 2_000)], 2_000);
    await history.stored();
    assert.deepEqual(
      reported.map((error) => (error as Error).message),
      ['storage is full'],
    );
    assert.deepEqual(
      historyOf(memento)
        .all()
        .map((record) => record.id),
      ['b', 'a'],
    );
  });

  it('keeps the last 20 ended tasks and every task still followed', async () => {
    const memento = new FakeMemento();
    const history = historyOf(memento);
    history.record([tracked('following', 0)], 0);
    for (let i = 1; i <= 25; i++) history.record([tracked(`t${i}`, i * 1_000, { end: { kind: 'stopped' } })], i * 1_000);
    await history.stored();
    const ids = historyOf(memento)
      .all()
      .map((record) => record.id);
    assert.equal(ids.length, 21);
    assert.equal(ids[0], 't25');
    assert.ok(ids.includes('following'));
    assert.ok(!ids.includes('t5'));
  });

  it('keeps an error text from the answer that carried it', async () => {
    const history = historyOf(new FakeMemento());
    history.record([tracked('a', 0, { end: { kind: 'error', task: { id: 'a', state: 'ERROR', error: 'Failed to pull image' } } })], 10);
    assert.equal(history.all()[0].error, 'Failed to pull image');
  });

  it('writes nothing when a round brings the state it already has', async () => {
    const memento = new FakeMemento();
    let writes = 0;
    const counting = { get: memento.get.bind(memento), update: (key: string, value: unknown) => (writes++, memento.update(key, value)) };
    const history = historyOf(counting);
    const running = tracked('a', 0, { task: { id: 'a', state: 'RUNNING' } });
    assert.equal(history.record([running], 1), true);
    assert.equal(history.record([running], 2), false);
    assert.equal(history.record([running], 3), false);
    assert.equal(history.record([{ ...running, end: { kind: 'finished', task: { id: 'a', state: 'FINISHED' } } }], 4), true);
    await history.stored();
    assert.equal(writes, 2);
  });

  it('stores the changes of many tasks in one write', async () => {
    const memento = new FakeMemento();
    let writes = 0;
    const counting = { get: memento.get.bind(memento), update: (key: string, value: unknown) => (writes++, memento.update(key, value)) };
    const history = historyOf(counting);
    const ended = Array.from({ length: 100 }, (_, i) =>
      tracked(`t${i}`, i, { end: { kind: 'finished', task: { id: `t${i}`, state: 'FINISHED' } } }),
    );
    assert.equal(history.record(ended, 500), true);
    await history.stored();
    assert.equal(writes, 1);
    const reloaded = historyOf(memento).all();
    assert.deepEqual(
      reloaded.map((record) => record.id),
      [
        't99',
        't98',
        't97',
        't96',
        't95',
        't94',
        't93',
        't92',
        't91',
        't90',
        't89',
        't88',
        't87',
        't86',
        't85',
        't84',
        't83',
        't82',
        't81',
        't80',
      ],
    );
  });

  it('stores a 100 KB error shortened, on one line', async () => {
    const memento = new FakeMemento();
    const history = historyOf(memento);
    const error = `Build failed:\n${'step output '.repeat(8_500)}`;
    history.record([tracked('a', 0, { end: { kind: 'error', task: { id: 'a', state: 'ERROR', error } } })], 10);
    await history.stored();
    const [stored] = historyOf(memento).all();
    assert.ok((stored.error ?? '').length <= 1_000, `${stored.error?.length} characters`);
    assert.match(stored.error ?? '', /^Build failed: step output step output .*…$/);
  });

  it('reads each stored subject through the reader it is given, and names a task whose subject it cannot read by its id alone', () => {
    const memento = new FakeMemento();
    memento.values.set('gcore.tasks', [
      { id: 'a', startedAtMs: 3, subject: WEB_APP },
      { id: 'b', startedAtMs: 2, subject: { shape: 'of no kind' } },
      { id: 'c', startedAtMs: 1 },
    ]);
    assert.deepEqual(
      historyOf(memento)
        .all()
        .map((record) => [record.id, record.subject]),
      [
        ['a', WEB_APP],
        ['b', undefined],
        ['c', undefined],
      ],
    );
  });

  it('reads what it can of a stored value and drops the rest', () => {
    const memento = new FakeMemento();
    memento.values.set('gcore.tasks', [{ id: 'ok', startedAtMs: 5 }, { id: '', startedAtMs: 1 }, { startedAtMs: 2 }, 'junk', null]);
    assert.deepEqual(
      historyOf(memento)
        .all()
        .map((record) => record.id),
      ['ok'],
    );
  });
});
