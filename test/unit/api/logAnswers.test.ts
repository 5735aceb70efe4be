import * as assert from 'node:assert/strict';
import { logAnswerCap, logLinesThatFit } from '../../../src/api/containers/containersClient';
import { MAX_RESPONSE_BYTES } from '../../../src/api/http/attemptGuard';
import { rejection, startHarness, stopHarness, type Harness } from './clientHarness';

const WEB_APP = { projectId: 7, regionId: 76 };

/*
 * The size of a log answer is set by the lines asked for: 100,000 ordinary access-log lines are about
 * 25 MB as Gcore sends them, more than the 16 MB any other answer may be.
 */
describe('container log answers and their size', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('reads 100,000 access-log lines of a full user agent each (about 25 MB)', async () => {
    h = await startHarness();
    const record = h.emulator.container(7, 76, 'web-app');
    assert.ok(record);
    record.logs = { messageLength: 190 };
    const { logs } = await h.client.containers.logs(WEB_APP, 'web-app', 100_000);
    assert.equal(logs.length, 100_000);
    assert.ok(JSON.stringify({ logs }).length > MAX_RESPONSE_BYTES, 'the answer is past the default cap');
  });

  it('stops reading lines far longer than usual, and says to ask for fewer lines; the number offered fits', async () => {
    h = await startHarness();
    const record = h.emulator.container(7, 76, 'web-app');
    assert.ok(record);
    record.logs = { messageLength: 3_000 };
    const error = await rejection(h.client.containers.logs(WEB_APP, 'web-app', 20_000));
    assert.equal(error.kind, 'badResponse');
    assert.match(
      error.message,
      /The newest 20000 log lines of web-app are more than 19\.5 MB, the most the extension reads for that many lines; ask for fewer lines\./,
    );
    const tooLarge = error.tooLarge as { capBytes: number; declaredBytes?: number };
    assert.equal(tooLarge.capBytes, 20_000 * 1024);
    assert.ok((tooLarge.declaredBytes ?? 0) > tooLarge.capBytes, 'the emulator declares its length');
    const fewer = logLinesThatFit(20_000, tooLarge);
    assert.ok(fewer < 20_000 && fewer > 1_000, String(fewer));
    assert.equal((await h.client.containers.logs(WEB_APP, 'web-app', fewer)).logs.length, fewer);
  });

  it('sizes the cap by the lines asked for, never below the default', () => {
    assert.equal(logAnswerCap(10), MAX_RESPONSE_BYTES);
    assert.equal(logAnswerCap(100_000), 100_000 * 1024);
  });

  it('offers a round number of lines that fits, or half as many without a declared size', () => {
    assert.equal(logLinesThatFit(100_000, {}), 50_000);
    assert.equal(logLinesThatFit(100_000, { declaredBytes: 300 * 1024 * 1024 }), 4_800);
    assert.equal(logLinesThatFit(3, {}), 1);
    assert.equal(logLinesThatFit(1, {}), 1);
  });
});
