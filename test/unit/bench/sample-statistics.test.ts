import * as assert from 'node:assert/strict';
import { median, peakOverlap } from '../../bench/sample-statistics';

describe('bench sample statistics', () => {
  it('takes the middle sample, or the mean of the two middle ones, whatever the order', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
  });

  it('counts the most spans open at one instant', () => {
    const spans = [
      { receivedAtMs: 0, finishedAtMs: 10 },
      { receivedAtMs: 2, finishedAtMs: 12 },
      { receivedAtMs: 4, finishedAtMs: 6 },
      { receivedAtMs: 11, finishedAtMs: 20 },
    ];
    assert.equal(peakOverlap(spans), 3);
  });

  it('does not count a span that starts the instant another ends as concurrent', () => {
    assert.equal(
      peakOverlap([
        { receivedAtMs: 0, finishedAtMs: 5 },
        { receivedAtMs: 5, finishedAtMs: 9 },
      ]),
      1,
    );
  });

  it('treats a span without an end as still open', () => {
    assert.equal(peakOverlap([{ receivedAtMs: 0 }, { receivedAtMs: 50, finishedAtMs: 60 }]), 2);
  });
});
