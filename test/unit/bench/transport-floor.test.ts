import * as assert from 'node:assert/strict';
import { OVER_FETCH_AS_SENT_BUDGET } from '../../bench/fetch-as-sent';
import { requestCpuFigures, type RequestCpuRun } from '../../bench/request-cpu';
import { listRoundCpuFigures } from '../../bench/task-bench';

function run(clientOverSent: number[], sentOverHttp: number[]): RequestCpuRun {
  return { clientOverSent, sentOverHttp, clientMicros: 0, sentBesideClientMicros: 0, sentBesideHttpMicros: 0, httpMicros: 0 };
}

describe('bench CPU figures bound by the transport', () => {
  it('budgets the extension at 1.25× node-fetch as sent', () => {
    assert.equal(OVER_FETCH_AS_SENT_BUDGET, 1.25);
  });

  it("takes each process's median round as one sample of the request path over node-fetch as sent, node:http reported beside it", () => {
    const [budgeted, reported] = requestCpuFigures([
      run([1.1, 1.3, 1.2], [1.3, 1.2, 1.4]),
      run([1.05, 1.0, 1.1], [1.25, 1.25, 1.2]),
      run([1.2, 1.4, 1.3], [1.3, 1.3, 1.3]),
    ]);
    assert.deepEqual(budgeted.samples, [1.2, 1.05, 1.3]);
    assert.equal(budgeted.value, 1.2);
    assert.equal(budgeted.rule, 'atMost');
    assert.equal(budgeted.budget, OVER_FETCH_AS_SENT_BUDGET);
    assert.match(budgeted.name, /÷ node-fetch sending that request as every request must go.*\(3 processes × 3 rounds\)/);
    assert.deepEqual(reported.samples, [1.3, 1.25, 1.3]);
    assert.equal(reported.rule, 'report');
    assert.ok(Number.isNaN(reported.budget));
    assert.match(reported.name, /^node-fetch as sent ÷ bare node:http/);
  });

  it('divides each task-list round by node-fetch as sent in that round for the budget, and by bare node:http only for the record', () => {
    const pairs = [
      { round: 4, clientMs: 1.25, sentMs: 1, bareMs: 0.5 },
      { round: 5, clientMs: 3, sentMs: 2, bareMs: 1 },
      { round: 6, clientMs: 1.5, sentMs: 1.5, bareMs: 1.5 },
    ];
    const [budgeted, overBare, sentOverBare, sentMs] = listRoundCpuFigures(pairs);
    assert.deepEqual(budgeted.samples, [1.25, 1.5, 1]);
    assert.equal(budgeted.value, 1.25);
    assert.equal(budgeted.rule, 'atMost');
    assert.equal(budgeted.budget, OVER_FETCH_AS_SENT_BUDGET);
    assert.deepEqual(overBare.samples, [2.5, 3, 1]);
    assert.equal(overBare.rule, 'report');
    assert.deepEqual(sentOverBare.samples, [2, 2, 1]);
    assert.equal(sentOverBare.rule, 'report');
    assert.equal(sentMs.value, 1.5);
    assert.equal(sentMs.rule, 'report');
  });

  it('leaves the task-list figure unmeasured, not passed, when no quiet round was paired', () => {
    const [budgeted] = listRoundCpuFigures([]);
    assert.ok(Number.isNaN(budgeted.value));
    assert.deepEqual(budgeted.samples, []);
  });
});
