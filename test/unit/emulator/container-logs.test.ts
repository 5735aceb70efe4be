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
    assert.deepEqual(times, [...times].sort((a, b) => a - b));
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
    assert.ok(lines.some((entry) => entry.message.startsWith('Error: ')), lines.map((entry) => entry.message).join(' | '));
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
