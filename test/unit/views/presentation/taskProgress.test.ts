import * as assert from 'node:assert/strict';
import { durationText, progressLine } from '../../../../src/views/presentation/taskProgress';

describe('a task duration', () => {
  it('counts durations in words a person reads', () => {
    assert.deepEqual([0, 59_400, 60_000, 61_000, 3_600_000, 3_720_000].map(durationText), [
      '0 s',
      '59 s',
      '1 min',
      '1 min 1 s',
      '1 h 0 min',
      '1 h 2 min',
    ]);
  });
});

describe('a followed change', () => {
  it("reports each task's state and the elapsed time under the notification's title", () => {
    assert.equal(progressLine([{ task: undefined }], 0), 'waiting for Gcore · 0 s');
    assert.equal(progressLine([{ task: { id: 'a', state: 'RUNNING' } }], 12_000), 'running · 12 s');
    assert.equal(
      progressLine([{ task: { id: 'a', state: 'RUNNING' } }, { task: { id: 'b', state: 'NEW' } }], 3_000),
      '2 tasks: running, queued · 3 s',
    );
  });

  it('shows a state word named like a property of every object as it came', () => {
    const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    assert.equal(
      progressLine(
        words.map((state) => ({ task: { id: state, state } })),
        0,
      ),
      '4 tasks: constructor, __proto__, toString, hasOwnProperty · 0 s',
    );
  });
});
