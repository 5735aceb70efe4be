import * as assert from 'node:assert/strict';
import { addFollowedLines, followedText } from '../../../../src/models/logs/followedLines';
import type { FollowedChange, FollowedLines } from '../../../../src/models/logs/followedLines';

const EMPTY = 'No log lines yet.\n';

/** A document's text after a change, made as the editor makes it: lines dropped at the top, text before the last line. */
function applied(text: string, change: FollowedChange): string {
  const lines = text.split('\n');
  assert.equal(lines.length, change.linesBefore, 'the change was made for the lines the document holds');
  return `${lines.slice(change.dropLines, -1).join('\n')}${change.dropLines < lines.length - 1 ? '\n' : ''}${change.append}`;
}

/** Follows `reads` into a document, checking after each read that the edits give what a whole new text would. */
function follow(log: FollowedLines, reads: readonly (readonly [string, string | undefined][])[], maxLines: number): string {
  let text = followedText(log, EMPTY);
  for (const read of reads) {
    const change = addFollowedLines(
      log,
      read.map(([line]) => line),
      read.map(([, pod]) => pod),
      maxLines,
      EMPTY,
    );
    if (change) text = applied(text, change);
    assert.equal(text, followedText(log, EMPTY));
  }
  return text;
}

describe('followed log lines', () => {
  it('appends new lines after those shown', () => {
    const log: FollowedLines = { lines: ['a', 'b'], pods: [] };
    const change = addFollowedLines(log, ['c', 'd'], [], 10, EMPTY);
    assert.deepEqual(change, { linesBefore: 3, dropLines: 0, append: 'c\nd\n' });
    assert.deepEqual(log.lines, ['a', 'b', 'c', 'd']);
  });

  it('drops the oldest lines beyond the cap in the same change', () => {
    const log: FollowedLines = { lines: ['a', 'b', 'c'], pods: [] };
    assert.deepEqual(addFollowedLines(log, ['d', 'e'], [], 3, EMPTY), { linesBefore: 4, dropLines: 2, append: 'd\ne\n' });
    assert.deepEqual(log.lines, ['c', 'd', 'e']);
    assert.equal(followedText(log, EMPTY), 'c\nd\ne\n');
  });

  it('replaces the empty note with the first lines, and changes nothing for a read of none', () => {
    const log: FollowedLines = { lines: [], pods: [] };
    assert.equal(followedText(log, EMPTY), EMPTY);
    assert.equal(addFollowedLines(log, [], [], 10, EMPTY), undefined);
    assert.deepEqual(addFollowedLines(log, ['a'], [], 10, EMPTY), { linesBefore: 2, dropLines: 1, append: 'a\n' });
  });

  it('under a pod filter shows that pod and the lines of no pod, and keeps every line', () => {
    const log: FollowedLines = { lines: [], pods: [], pod: 'p1' };
    const text = follow(
      log,
      [
        [['one', 'p2']],
        [
          ['two', 'p1'],
          ['gap', undefined],
        ],
        [['three', 'p2']],
      ],
      10,
    );
    assert.equal(text, 'two\ngap\n');
    assert.deepEqual(log.lines, ['one', 'two', 'gap', 'three']);
  });

  it('says the filtered log is empty again when its last shown line is dropped at the cap', () => {
    const log: FollowedLines = { lines: ['old'], pods: ['p1'], pod: 'p1' };
    assert.deepEqual(addFollowedLines(log, ['new'], ['p2'], 1, EMPTY), { linesBefore: 2, dropLines: 1, append: EMPTY });
    assert.equal(followedText(log, EMPTY), EMPTY);
  });

  it('keeps the document equal to its whole text over many reads at the cap, filtered or not', () => {
    for (const pod of [undefined, 'p1']) {
      const reads = Array.from({ length: 30 }, (_read, r) =>
        Array.from({ length: (r * 7) % 5 }, (_line, i): [string, string | undefined] => [
          `r${r}-${i}`,
          i === 3 ? undefined : `p${(r + i) % 3}`,
        ]),
      );
      const log: FollowedLines = { lines: [], pods: [], pod };
      follow(log, reads, 8);
      assert.equal(log.lines.length, 8);
    }
  });
});
