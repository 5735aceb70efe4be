import * as assert from 'node:assert/strict';
import type { InferenceLogLine } from '../../../../src/api/inference/inferenceTypes';
import { InferenceLogFollower, formatInferenceLogLine } from '../../../../src/models/inference/inferenceLogs';

function line(second: number, pod: string, message = `line ${second}`): InferenceLogLine {
  return { time: new Date(Date.UTC(2026, 10, 29, 9, 0, second)).toISOString(), region_id: 7, pod, message };
}

/** The newest `limit` lines of a log, newest first, as Gcore answers with order_by=time.desc. */
function newestPage(log: readonly InferenceLogLine[], limit: number): InferenceLogLine[] {
  return [...log]
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
    .slice(-limit)
    .reverse();
}

describe('following an inference log', () => {
  it('shows the first page oldest first, then only what each read adds', () => {
    const follower = new InferenceLogFollower();
    const log = [line(1, 'a'), line(2, 'a'), line(3, 'b')];
    assert.deepEqual(follower.next(newestPage(log, 10), 10).lines, log);
    log.push(line(4, 'a'), line(4, 'b', 'line 4'));
    assert.deepEqual(follower.next(newestPage(log, 10), 10), { lines: [line(4, 'a'), line(4, 'b', 'line 4')], gap: false });
    assert.deepEqual(follower.next(newestPage(log, 10), 10), { lines: [], gap: false });
  });

  it('counts a line a pod writes twice in one second twice', () => {
    const follower = new InferenceLogFollower();
    follower.next([line(1, 'a', 'tick')], 10);
    assert.deepEqual(follower.next([line(1, 'a', 'tick'), line(1, 'a', 'tick')], 10).lines, [line(1, 'a', 'tick')]);
  });

  it('loses no line of a pod whose lines reach Gcore late, and shows none twice, one page in memory', () => {
    const follower = new InferenceLogFollower();
    const stored: InferenceLogLine[] = [];
    const shown: InferenceLogLine[] = [];
    const limit = 50;
    for (let second = 0; second < 600; second += 1) {
      stored.push(line(second, 'fast'));
      // The slow pod's line of each second reaches the store three seconds late.
      if (second >= 3) stored.push(line(second - 3, 'slow'));
      if (second % 5 === 4) shown.push(...follower.next(newestPage(stored, limit), limit).lines);
    }
    shown.push(...follower.next(newestPage(stored, limit), limit).lines);
    const keys = shown.map((item) => `${item.time} ${item.pod}`);
    assert.equal(new Set(keys).size, keys.length, 'a line shown twice');
    assert.equal(shown.length, stored.length);
  });

  it('says when a full read shares no line with the last one', () => {
    const follower = new InferenceLogFollower();
    follower.next(newestPage([line(1, 'a'), line(2, 'a')], 2), 2);
    assert.equal(follower.next(newestPage([line(8, 'a'), line(9, 'a')], 2), 2).gap, true);
    assert.equal(follower.next(newestPage([line(9, 'a'), line(10, 'a')], 2), 2).gap, false);
  });

  it('does not show again lines older than the last read', () => {
    const follower = new InferenceLogFollower();
    const log = [line(1, 'a'), line(2, 'a'), line(3, 'a'), line(4, 'a')];
    follower.next(newestPage(log, 2), 2);
    assert.deepEqual(follower.next(newestPage(log, 4), 4).lines, []);
  });
});

describe('an inference log line as shown', () => {
  it('gives local time, pod and the message on one line', () => {
    const shown = formatInferenceLogLine(
      { time: '2026-11-29T09:00:01.250Z', region_id: 7, pod: 'llama-0', message: 'ready\nserving' },
      () => 60,
    );
    assert.equal(shown, '2026-11-29 10:00:01.250  [llama-0]  ready ⏎ serving');
  });

  it("keeps Gcore's text of a time it cannot read", () => {
    assert.equal(
      formatInferenceLogLine({ time: 'soon', message: 'm' }, () => 0),
      'soon  [—]  m',
    );
  });
});
