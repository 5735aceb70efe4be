import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

type Json = Record<string, unknown>;
interface TaskList {
  count: number;
  results: Json[];
}

async function list(emulator: Emulator, query = '', status = 200): Promise<TaskList & Json> {
  const response = await rawRequest(emulator, 'GET', `/cloud/v1/tasks${query}`);
  assert.equal(response.status, status, `${query}: ${response.text}`);
  return response.json as TaskList & Json;
}

/** Starts an update of web-app at a location; its one task's id. */
async function update(emulator: Emulator, location: string, body: Json = { timeout: 30 }): Promise<string> {
  const response = await rawRequest(emulator, 'PATCH', `/cloud/v1/caas/${location}/containers/web-app`, { body });
  assert.equal(response.status, 200, response.text);
  return (response.json as { tasks: string[] }).tasks[0];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('emulator task list (GET /cloud/v1/tasks)', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, demo: true, taskTimings: { newMs: 100, runningMs: 200 } });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('lists the tasks newest first with their count, 10 unless asked for more, paged by offset', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await update(emulator, '7/76', { timeout: 30 + i }));
    const first = await list(emulator);
    assert.equal(first.count, 12);
    assert.deepEqual(
      first.results.map((task) => task.id),
      [...ids].reverse().slice(0, 10),
    );
    const rest = await list(emulator, '?offset=10&limit=1000');
    assert.deepEqual(
      rest.results.map((task) => task.id),
      [ids[1], ids[0]],
    );
    assert.deepEqual(
      (await list(emulator, '?order_by=asc&limit=2')).results.map((task) => task.id),
      ids.slice(0, 2),
    );
    for (const field of ['id', 'task_type', 'state', 'error', 'created_on', 'project_id', 'region_id']) {
      assert.ok(field in first.results[0], field);
    }
  });

  it('filters on repeated states, projects and regions, and on the creation time', async () => {
    const early = await update(emulator, '7/76');
    await pause(350);
    const failing = await update(emulator, '7/76', { image: 'ghcr.io/example/does-not-exist:1' });
    await pause(350);
    const elsewhere = await update(emulator, '1/8');
    const running = await update(emulator, '7/76', { timeout: 40 });
    const ids = (answer: TaskList) => answer.results.map((task) => task.id);
    assert.deepEqual(ids(await list(emulator, '?state=NEW&state=RUNNING&limit=1000')), [running, elsewhere]);
    assert.deepEqual(ids(await list(emulator, '?state=FINISHED&state=ERROR')), [failing, early]);
    assert.equal((await list(emulator, '?state=ERROR')).results[0].error !== null, true);
    assert.deepEqual(ids(await list(emulator, '?project_id=7&project_id=3')), [running, failing, early]);
    assert.deepEqual(ids(await list(emulator, '?region_id=8')), [elsewhere]);
    assert.deepEqual(ids(await list(emulator, '?project_id=1&region_id=76')), []);
    const failedAt = String((await list(emulator, '?state=ERROR')).results[0].created_on);
    assert.deepEqual(ids(await list(emulator, `?from_timestamp=${encodeURIComponent(failedAt)}`)), [running, elsewhere, failing]);
    assert.deepEqual(ids(await list(emulator, `?to_timestamp=${encodeURIComponent(failedAt)}&state=FINISHED&state=ERROR`)), [
      failing,
      early,
    ]);
    assert.equal((await list(emulator, '?state=RUNNING&state=NEW&project_id=7')).count, 1);
  });

  it('refuses a limit over 1000, an unknown state, a project that is not a number and a time that is not one', async () => {
    for (const [query, field] of [
      ['?limit=1001', 'limit'],
      ['?limit=0', 'limit'],
      ['?state=DONE', 'state'],
      ['?project_id=seven', 'project_id'],
      ['?from_timestamp=yesterday', 'from_timestamp'],
    ]) {
      const refused = await list(emulator, query, 400);
      assert.equal(refused.exception_class, 'ValidationError', query);
      assert.ok(field in (refused.invalid_fields as Json), query);
    }
  });

  it('asks for the key, as every Cloud endpoint', async () => {
    const response = await rawRequest(emulator, 'GET', '/cloud/v1/tasks', { authorization: null });
    assert.equal(response.status, 401);
    assert.equal((response.json as Json).exception_class, 'NotAuthenticated');
  });

  it('is not served by a core-only emulator, nor by any method but GET', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true });
    try {
      const missing = await rawRequest(core, 'GET', '/cloud/v1/tasks?state=NEW');
      assert.equal(missing.status, 404);
      assert.equal((missing.json as Json).exception_class, 'NotFoundError');
    } finally {
      await core.close();
    }
    const posted = await rawRequest(emulator, 'POST', '/cloud/v1/tasks', { body: {} });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.allow, 'GET');
  });
});
