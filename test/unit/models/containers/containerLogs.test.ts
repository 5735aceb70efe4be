import * as assert from 'node:assert/strict';
import { LogReads, formatLogLine, orderLines, podTag, readLogLine, type LogLine } from '../../../../src/models/containers/containerLogs';

const at = (iso: string): number => Date.parse(iso);
const line = (time: string | undefined, pod: string, message: string): LogLine => ({
  timeMs: time === undefined ? undefined : at(time),
  pod,
  message,
});
const UTC = () => 0;

describe('container logs', () => {
  describe('readLogLine', () => {
    it("reads the guides' shape, with microseconds and with or without a zone (no zone is UTC)", () => {
      assert.deepEqual(readLogLine({ time: '2026-05-30T20:56:37.704572Z', pod: 'web-58fcc6c77b-f4vzd', message: 'started' }), {
        timeMs: at('2026-05-30T20:56:37.704Z'),
        pod: 'web-58fcc6c77b-f4vzd',
        message: 'started',
      });
      assert.equal(readLogLine({ time: '2026-05-30T20:56:37', pod: 'p', message: 'm' }).timeMs, at('2026-05-30T20:56:37Z'));
      assert.equal(readLogLine({ time: '2026-05-30T22:56:37+02:00', pod: 'p', message: 'm' }).timeMs, at('2026-05-30T20:56:37Z'));
    });

    it('reads epoch numbers in seconds, milliseconds, microseconds and nanoseconds, as numbers or text', () => {
      const expected = at('2024-04-22T16:13:58.584Z');
      for (const time of [1713802438.584, 1713802438584, 1713802438584317, 1713802438584317000, '1713802438584317000', '1713802438.584']) {
        assert.equal(Math.round(readLogLine({ time, pod: 'p', message: 'm' }).timeMs ?? 0), expected, String(time));
      }
    });

    it('shows a line undated when its time is outside what a date can hold, instead of failing the log', () => {
      for (const time of [1e300, -5, Number.MAX_VALUE, '+275760-09-13T00:00:00.001Z', '99999-01-01T00:00:00Z', 'NaN']) {
        const read = readLogLine({ time, pod: 'p', message: 'm' });
        assert.equal(read.timeMs, undefined, String(time));
        assert.doesNotThrow(() => formatLogLine(read, UTC));
      }
      assert.match(
        formatLogLine(readLogLine({ time: '9999-12-31T23:59:59.999Z', pod: 'p', message: 'm' }), UTC),
        /^9999-12-31 23:59:59\.999/,
      );
    });

    it('never fails on a line it does not know: no time, no message, not an object', () => {
      assert.deepEqual(readLogLine({ time: 'yesterday', level: 'warn', text: 'disk' }), {
        timeMs: undefined,
        pod: '',
        message: '{"level":"warn","text":"disk"}',
      });
      assert.deepEqual(readLogLine('plain text'), { timeMs: undefined, pod: '', message: 'plain text' });
      assert.deepEqual(readLogLine(null), { timeMs: undefined, pod: '', message: 'null' });
    });
  });

  describe('orderLines', () => {
    it('puts the newest at the bottom, keeps the order of one instant, and undated lines first', () => {
      const lines = [
        line('2026-05-30T20:00:02Z', 'a', '3'),
        line('2026-05-30T20:00:01Z', 'b', '1'),
        line('2026-05-30T20:00:01Z', 'a', '2'),
        line(undefined, '', '0'),
      ];
      assert.deepEqual(
        orderLines(lines).map((entry) => entry.message),
        ['0', '1', '2', '3'],
      );
    });
  });

  describe('LogReads: what a re-read adds', () => {
    const first = [
      line('2026-05-30T20:00:00Z', 'a', 'one'),
      line('2026-05-30T20:00:02Z', 'a', 'two'),
      line('2026-05-30T20:00:02Z', 'b', 'two'),
    ];
    const clock = () => at('2026-05-30T20:00:10Z');
    const shownAfter = (...reads: LogLine[][]): LogLine[][] => {
      const tracker = new LogReads(clock);
      return reads.map((read) => tracker.read(read).lines);
    };

    it('shows everything the first time', () => {
      assert.deepEqual(shownAfter(first), [first]);
    });

    it('adds only what is new, without repeating lines that share the last time', () => {
      const reread = [...first.slice(1), line('2026-05-30T20:00:04Z', 'a', 'three'), line('2026-05-30T20:00:04Z', 'b', 'three')];
      const [, added, again] = shownAfter(first, reread, reread);
      assert.deepEqual(
        added.map((entry) => `${entry.pod} ${entry.message}`),
        ['a three', 'b three'],
      );
      assert.deepEqual(again, [], 'the same read again adds nothing');
    });

    it('adds a line at the last time that was not shown (a pod that wrote late), and the same line twice counts twice', () => {
      const [, late] = shownAfter(first, [...first, line('2026-05-30T20:00:02Z', 'c', 'two')]);
      assert.deepEqual(
        late.map((entry) => entry.pod),
        ['c'],
      );
      const twice = [line('2026-05-30T20:00:05Z', 'a', 'retry'), line('2026-05-30T20:00:05Z', 'a', 'retry')];
      const [shown, third] = shownAfter(twice, [...twice, line('2026-05-30T20:00:05Z', 'a', 'retry')]);
      assert.equal(shown.length, 2);
      assert.equal(third.length, 1);
    });

    it('shows a line older than lines already shown when it reaches Gcore late, marked, in time order among the new ones', () => {
      const reread = [...first, line('2026-05-30T20:00:01Z', 'b', 'slow shipper'), line('2026-05-30T20:00:03Z', 'a', 'next')];
      const [, added] = shownAfter(first, reread);
      assert.deepEqual(
        added.map((entry) => [entry.message, entry.late === true]),
        [
          ['slow shipper', true],
          ['next', false],
        ],
      );
    });

    it('loses no line of a second pod whose lines arrive 2 s late (600 lines each, a read every 5 s)', () => {
      const start = at('2026-05-30T20:00:00Z');
      const written = [
        ...Array.from({ length: 600 }, (_, index) => ({ pod: 'a', at: start + index * 1000, lateBy: 0 })),
        ...Array.from({ length: 600 }, (_, index) => ({ pod: 'b', at: start + index * 1000 + 500, lateBy: 2000 })),
      ];
      const visibleAt = (now: number) =>
        written
          .filter((entry) => entry.at + entry.lateBy <= now)
          .sort((x, y) => x.at - y.at)
          .map((entry) => ({ timeMs: entry.at, pod: entry.pod, message: `line at ${entry.at - start}` }));
      let now = start;
      const tracker = new LogReads(() => now);
      const shown = [...tracker.read(visibleAt(now), 1000).lines];
      for (now = start + 5000; now <= start + 605_000; now += 5000) shown.push(...tracker.read(visibleAt(now), 1000).lines);
      assert.equal(shown.filter((entry) => entry.pod === 'a').length, 600);
      assert.equal(shown.filter((entry) => entry.pod === 'b').length, 600, 'every line of the late pod');
      assert.equal(new Set(shown.map((entry) => `${entry.pod}${entry.message}`)).size, 1200, 'none twice');
      assert.ok(
        shown.some((entry) => entry.late),
        'lines that came after newer ones are marked',
      );
    });

    it('goes on after a line dated far in the future: it neither silences later lines nor makes them late', () => {
      const future = line('2099-01-01T00:00:00Z', 'a', 'clock skew');
      const [, , later] = shownAfter(first, [...first, future], [...first, future, line('2026-05-30T20:00:06Z', 'a', 'after')]);
      assert.deepEqual(
        later.map((entry) => [entry.message, entry.late === true]),
        [['after', false]],
      );
    });

    it('does not show again lines older than the last read (more lines asked for while following)', () => {
      const [, added] = shownAfter(first, [line('2026-05-30T19:59:00Z', 'a', 'old'), ...first]);
      assert.deepEqual(added, []);
    });

    it('counts identical undated lines per read: a banner printed again is shown again', () => {
      const banner = line(undefined, '', 'banner');
      const [, once, none, again] = shownAfter(first, [banner, ...first], [banner, ...first], [banner, banner, ...first]);
      assert.equal(once.length, 1);
      assert.deepEqual(none, []);
      assert.deepEqual(
        again.map((entry) => entry.message),
        ['banner'],
      );
    });

    it('says when a full read shares no line with the last one: lines in between are missing', () => {
      const tracker = new LogReads(clock);
      tracker.read(first, 3);
      const next = [line('2026-05-30T20:00:07Z', 'a', 'x'), line('2026-05-30T20:00:08Z', 'a', 'y'), line('2026-05-30T20:00:09Z', 'a', 'z')];
      assert.deepEqual(tracker.read(next, 3), { lines: next, gap: true });
      assert.equal(tracker.read([...next.slice(1), line('2026-05-30T20:00:09Z', 'b', 'w')], 3).gap, false, 'an overlapping read');
      const quiet = new LogReads(clock);
      quiet.read(first, 10);
      assert.equal(quiet.read(next, 10).gap, false, 'a read that is not full has every line');
    });
  });

  describe('formatLogLine', () => {
    it("writes local time to the millisecond, the pod's tag and the message on one line", () => {
      const entry = line('2026-05-30T20:56:37.704Z', 'web-app-58fcc6c77b-f4vzd', 'GET / 200\nnext');
      assert.equal(formatLogLine(entry, UTC), '2026-05-30 20:56:37.704  [f4vzd]  GET / 200 ⏎ next');
      assert.equal(
        formatLogLine(entry, () => 120),
        '2026-05-30 22:56:37.704  [f4vzd]  GET / 200 ⏎ next',
      );
      assert.equal(
        formatLogLine(entry, () => -300),
        '2026-05-30 15:56:37.704  [f4vzd]  GET / 200 ⏎ next',
      );
    });

    it('keeps a log line on one document line, whatever breaks it holds (progress bars, LS, PS, NEL)', () => {
      for (const message of ['10%\r20%\r30%', 'a\u2028b', 'a\u2029b', 'a\u0085b', 'a\r\nb\nc']) {
        const formatted = formatLogLine(line('2026-05-30T20:56:37.704Z', 'web-58fcc6c77b-f4vzd', message), UTC);
        assert.equal(formatted.split(/\r\n|[\n\r\u2028\u2029\u0085]/).length, 1, JSON.stringify(formatted));
        assert.match(formatted, /⏎/);
      }
      assert.equal(formatLogLine(line(undefined, 'odd-pod\nname', 'm'), UTC).split('\n').length, 1, 'a pod name too');
    });

    it('marks a line that arrived late', () => {
      assert.equal(
        formatLogLine({ ...line('2026-05-30T20:56:37.704Z', 'a-f4vzd', 'slow'), late: true }, UTC),
        '2026-05-30 20:56:37.704  [f4vzd]  (arrived late) slow',
      );
    });

    it('keeps the columns for a line without a time or pod', () => {
      const formatted = formatLogLine(line(undefined, '', 'banner'), UTC);
      assert.equal(formatted, `${'—'.padEnd(23)}  [-]  banner`);
      assert.equal(formatted.indexOf('['), formatLogLine(line('2026-05-30T20:56:37.704Z', 'x', 'm'), UTC).indexOf('['));
    });

    it('tells pods apart by the last part of their names', () => {
      assert.equal(podTag('web-app-58fcc6c77b-f4vzd'), 'f4vzd');
      assert.equal(podTag('single'), 'single');
      assert.equal(podTag(''), '-');
    });
  });
});
