import * as assert from 'node:assert/strict';
import { formatLogLine, newLogLines, noLogsSeen, orderLines, podTag, readLogLine, type LogLine } from '../../../src/models/containerLogs';

const at = (iso: string): number => Date.parse(iso);
const line = (time: string | undefined, pod: string, message: string): LogLine => ({ timeMs: time === undefined ? undefined : at(time), pod, message });
const UTC = () => 0;

describe('container logs', () => {
  describe('readLogLine', () => {
    it('reads the guides\' shape, with microseconds and with or without a zone (no zone is UTC)', () => {
      assert.deepEqual(readLogLine({ time: '2026-05-30T20:56:37.704572Z', pod: 'web-58fcc6c77b-f4vzd', message: 'started' }), {
        timeMs: at('2026-05-30T20:56:37.704Z'),
        pod: 'web-58fcc6c77b-f4vzd',
        message: 'started',
      });
      assert.equal(readLogLine({ time: '2026-05-30T20:56:37', pod: 'p', message: 'm' }).timeMs, at('2026-05-30T20:56:37Z'));
      assert.equal(readLogLine({ time: '2026-05-30T22:56:37+02:00', pod: 'p', message: 'm' }).timeMs, at('2026-05-30T20:56:37Z'));
    });

    it('never fails on a line it does not know: no time, no message, not an object', () => {
      assert.deepEqual(readLogLine({ time: 'yesterday', level: 'warn', text: 'disk' }), { timeMs: undefined, pod: '', message: '{"level":"warn","text":"disk"}' });
      assert.deepEqual(readLogLine('plain text'), { timeMs: undefined, pod: '', message: 'plain text' });
      assert.deepEqual(readLogLine(null), { timeMs: undefined, pod: '', message: 'null' });
    });
  });

  describe('orderLines', () => {
    it('puts the newest at the bottom, keeps the order of one instant, and undated lines first', () => {
      const lines = [line('2026-05-30T20:00:02Z', 'a', '3'), line('2026-05-30T20:00:01Z', 'b', '1'), line('2026-05-30T20:00:01Z', 'a', '2'), line(undefined, '', '0')];
      assert.deepEqual(orderLines(lines).map((entry) => entry.message), ['0', '1', '2', '3']);
    });
  });

  describe('newLogLines: what a re-read adds', () => {
    const first = [line('2026-05-30T20:00:00Z', 'a', 'one'), line('2026-05-30T20:00:02Z', 'a', 'two'), line('2026-05-30T20:00:02Z', 'b', 'two')];

    it('shows everything the first time', () => {
      assert.deepEqual(newLogLines(noLogsSeen(), first).lines, first);
    });

    it('adds only what is newer, without repeating lines that share the last time', () => {
      const { seen } = newLogLines(noLogsSeen(), first);
      const reread = [...first.slice(1), line('2026-05-30T20:00:04Z', 'a', 'three'), line('2026-05-30T20:00:04Z', 'b', 'three')];
      const added = newLogLines(seen, reread);
      assert.deepEqual(added.lines.map((entry) => `${entry.pod} ${entry.message}`), ['a three', 'b three']);
      assert.deepEqual(newLogLines(added.seen, reread).lines, [], 'the same read again adds nothing');
    });

    it('adds a line at the last time that was not shown (a pod that wrote late), and the same line twice counts twice', () => {
      const { seen } = newLogLines(noLogsSeen(), first);
      const late = [...first, line('2026-05-30T20:00:02Z', 'c', 'two')];
      assert.deepEqual(newLogLines(seen, late).lines.map((entry) => entry.pod), ['c']);
      const twice = [line('2026-05-30T20:00:05Z', 'a', 'retry'), line('2026-05-30T20:00:05Z', 'a', 'retry')];
      const shown = newLogLines(noLogsSeen(), twice);
      assert.equal(shown.lines.length, 2);
      assert.equal(newLogLines(shown.seen, [...twice, line('2026-05-30T20:00:05Z', 'a', 'retry')]).lines.length, 1);
    });

    it('drops lines older than the last shown (a short re-read window) and shows each undated line once', () => {
      const { seen } = newLogLines(noLogsSeen(), first);
      assert.deepEqual(newLogLines(seen, [line('2026-05-30T19:59:00Z', 'a', 'old')]).lines, []);
      const undated = newLogLines(seen, [line(undefined, '', 'banner')]);
      assert.equal(undated.lines.length, 1);
      assert.deepEqual(newLogLines(undated.seen, [line(undefined, '', 'banner')]).lines, []);
    });
  });

  describe('formatLogLine', () => {
    it('writes local time to the millisecond, the pod\'s tag and the message on one line', () => {
      const entry = line('2026-05-30T20:56:37.704Z', 'web-app-58fcc6c77b-f4vzd', 'GET / 200\nnext');
      assert.equal(formatLogLine(entry, UTC), '2026-05-30 20:56:37.704  [f4vzd]  GET / 200 ⏎ next');
      assert.equal(formatLogLine(entry, () => 120), '2026-05-30 22:56:37.704  [f4vzd]  GET / 200 ⏎ next');
      assert.equal(formatLogLine(entry, () => -300), '2026-05-30 15:56:37.704  [f4vzd]  GET / 200 ⏎ next');
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
