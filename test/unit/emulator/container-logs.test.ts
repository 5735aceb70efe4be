import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

const LOGS = '/cloud/v1/caas/1/76/containers/web-app/logs';

interface Line {
  time: string;
  pod: string;
  message: string;
}

describe('emulator container logs', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  after(() => emulator.close());

  async function logs(path: string): Promise<Line[]> {
    const response = await rawRequest(emulator, 'GET', path);
    assert.equal(response.status, 200, JSON.stringify(response.json));
    return (response.json as { logs: Line[] }).logs;
  }

  it('answers the newest `limit` lines (1000 by default), oldest first, from every pod at the same instants', async () => {
    const lines = await logs(LOGS);
    assert.equal(lines.length, 1000);
    const times = lines.map((entry) => Date.parse(entry.time));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    assert.deepEqual(new Set(lines.map((entry) => entry.pod)).size, 2, 'web-app runs two pods');
    assert.equal(lines[lines.length - 1].time, lines[lines.length - 2].time, 'pods write at the same instant');
    assert.match(lines[0].time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.equal((await logs(`${LOGS}?limit=100000`)).length, 100_000);
    assert.equal((await logs(`${LOGS}?limit=1`)).length, 1);
  });

  it('refuses a limit outside 1..100000 and answers 404 for a container it does not have', async () => {
    for (const limit of ['0', '100001', 'ten']) {
      const response = await rawRequest(emulator, 'GET', `${LOGS}?limit=${limit}`);
      assert.equal(response.status, 400, limit);
    }
    assert.equal((await rawRequest(emulator, 'GET', '/cloud/v1/caas/1/76/containers/none/logs')).status, 404);
  });

  it('says why a failed container fails', async () => {
    const lines = await logs('/cloud/v1/caas/1/76/containers/broken-build/logs?limit=4');
    assert.ok(
      lines.some((entry) => entry.message.startsWith('Error: ')),
      lines.map((entry) => entry.message).join(' | '),
    );
  });

  describe('a log that misbehaves as real ones do (LogScript on the record)', () => {
    afterEach(() => emulator.reset());

    it('holds back the lines of every pod but the first for lateMs (a slow shipper)', async () => {
      const record = emulator.container(1, 76, 'web-app');
      assert.ok(record);
      record.logs = { lateMs: 10_000 };
      const lines = await logs(`${LOGS}?limit=20`);
      const newest = (pod: string) => Math.max(...lines.filter((entry) => entry.pod.endsWith(pod)).map((entry) => Date.parse(entry.time)));
      assert.ok(newest('f4vzd') - newest('k8x2q') >= 10_000, 'the second pod lags');
      assert.equal(lines.length, 20);
    });

    it('serves extra lines of any shape as the newest, and long messages', async () => {
      const record = emulator.container(1, 76, 'web-app');
      assert.ok(record);
      const odd = [
        { time: '2099-01-01T00:00:00Z', pod: 'x', message: 'future' },
        { time: 1e300, message: 'progress 10%\r20%' },
      ];
      record.logs = { extraLines: odd, messageLength: 190 };
      const lines = await logs(`${LOGS}?limit=5`);
      assert.deepEqual(lines.slice(-2), odd);
      assert.equal(lines.length, 5);
      assert.equal(lines[0].message.length, 190);
    });
  });

  it('is not served by a core-only server', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true });
    try {
      assert.equal((await rawRequest(core, 'GET', LOGS)).status, 404);
    } finally {
      await core.close();
    }
  });
});
