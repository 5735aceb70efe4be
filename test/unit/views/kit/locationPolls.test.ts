import * as assert from 'node:assert/strict';
import { LocationPolls } from '../../../../src/views/kit/locationPolls';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LocationPolls', () => {
  it('runs one read per location after the interval, however often it is asked for meanwhile', async () => {
    const polls = new LocationPolls(5);
    const runs: string[] = [];
    polls.schedule('1/76', () => runs.push('first'));
    polls.schedule('1/76', () => runs.push('second'));
    polls.schedule('1/77', () => runs.push('other'));
    assert.equal(polls.pending, 2);
    await wait(30);
    assert.deepEqual(runs.sort(), ['first', 'other']);
    assert.equal(polls.pending, 0);
  });

  it('asks again once a read has run, so that the next list decides', async () => {
    const polls = new LocationPolls(5);
    let runs = 0;
    polls.schedule('1/76', () => runs++);
    await wait(30);
    polls.schedule('1/76', () => runs++);
    await wait(30);
    assert.equal(runs, 2);
  });

  it('runs nothing once disposed', async () => {
    const polls = new LocationPolls(5);
    let runs = 0;
    polls.schedule('1/76', () => runs++);
    polls.dispose();
    await wait(30);
    assert.equal(runs, 0);
    assert.equal(polls.pending, 0);
  });
});
