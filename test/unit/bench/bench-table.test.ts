import * as assert from 'node:assert/strict';
import {
  exitCode,
  formatValue,
  outcome,
  passes,
  renderSummary,
  renderTable,
  tally,
  verdict,
  withinNoise,
  type Figure,
  type Row,
} from '../../bench/bench-table';

function figure(overrides: Partial<Figure>): Figure {
  return { area: 'Area', name: 'figure', value: 1, unit: 'ms', rule: 'atMost', budget: 1, ...overrides };
}

describe('bench table', () => {
  it('passes a figure at or under an atMost budget and misses one above it by the excess', () => {
    assert.equal(verdict(figure({ value: 25, budget: 25 })), 'pass');
    assert.equal(verdict(figure({ value: 30, budget: 25 })), 'MISS by 5.0 ms (+20%)');
    assert.equal(verdict(figure({ value: 2.15, budget: 1.5, unit: 'ratio' })), 'MISS by 0.65× (+43%)');
  });

  it('passes an exact budget only when equal, and names what was expected', () => {
    assert.equal(passes(figure({ value: 1, budget: 1, rule: 'exactly', unit: 'requests' })), true);
    assert.equal(verdict(figure({ value: 2, budget: 1, rule: 'exactly', unit: 'requests' })), 'MISS (expected 1 request)');
    assert.equal(verdict(figure({ value: 0, budget: 1, rule: 'exactly', unit: 'yes/no' })), 'MISS (expected yes)');
  });

  it('misses a figure that was not measured', () => {
    assert.equal(passes(figure({ value: Number.NaN })), false);
    assert.equal(verdict(figure({ value: Number.NaN })), 'MISS (not measured)');
  });

  it('formats values with their unit and thousands separators', () => {
    assert.equal(formatValue(5000, 'flavors'), '5,000 flavors');
    assert.equal(formatValue(103.2264, 'KB'), '103.2 KB');
    assert.equal(formatValue(1, 'yes/no'), 'yes');
    assert.equal(formatValue(1, 'connections'), '1 connection');
    assert.equal(formatValue(0, 'requests'), '0 requests');
  });

  it('renders one Markdown row per figure and an error row for a part that could not run', () => {
    const table = renderTable([
      figure({ name: 'activation', value: 12, budget: 25 }),
      { area: 'Area', name: 'broken part', reason: 'no browser' },
    ]);
    const lines = table.split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0], /^\| Area +\| Figure +\| Value +\| Budget +\| Result +\|$/);
    assert.match(lines[2], /\| activation +\| 12\.0 ms +\| ≤ 25\.0 ms +\| pass +\|/);
    assert.match(lines[3], /\| broken part +\| — +\| — +\| ERROR: no browser +\|/);
    assert.equal(new Set(lines.map((line) => line.length)).size, 1);
  });

  it('prints a measured-many-times figure as its median and spread, and calls it inconclusive when the budget lies within the spread', () => {
    const steady = figure({ unit: 'ratio', value: 1.3, samples: [1.25, 1.3, 1.41], budget: 1.5 });
    const borderline = figure({ unit: 'ratio', value: 1.47, samples: [1.42, 1.47, 1.62], budget: 1.5 });
    assert.equal(withinNoise(steady), false);
    assert.equal(outcome(steady), 'pass');
    assert.equal(verdict(steady), 'pass');
    assert.equal(outcome(borderline), 'inconclusive');
    assert.equal(verdict(borderline), 'inconclusive: 1 of 3 over budget (1.42×–1.62×), median within budget');
    assert.equal(
      verdict({ ...borderline, value: 1.55, samples: [1.42, 1.55, 1.62] }),
      'inconclusive: 2 of 3 over budget (1.42×–1.62×), median over budget',
    );
    assert.equal(outcome({ ...borderline, samples: [1.51, 1.55, 1.62], value: 1.55 }), 'miss');
    assert.match(
      renderTable([borderline]),
      /\| 1\.47× \(1\.42–1\.62 over 3\) +\| ≤ 1\.50× +\| inconclusive: 1 of 3 over budget \(1\.42×–1\.62×\), median within budget +\|/,
    );
  });

  it('never calls a count inconclusive: its value is its worst round, over budget is a miss', () => {
    const requests = figure({ unit: 'requests', value: 137, samples: [26, 100, 137], budget: 100 });
    assert.equal(outcome(requests), 'miss');
    assert.equal(verdict(requests), 'MISS by 37 requests (+37%)');
  });

  it('reports a figure without a budget, which never fails the run', () => {
    const reported = figure({ unit: 'ratio', value: 1.2, rule: 'report', budget: Number.NaN, samples: [1.1, 1.2, 1.3] });
    assert.equal(passes(reported), true);
    assert.match(renderTable([reported]), /\| 1\.20× \(1\.10–1\.30 over 3\) +\| — +\| reported +\|/);
  });

  describe("the run's verdict", () => {
    const within = figure({ name: 'within', unit: 'ratio', value: 1.1, samples: [1.05, 1.1, 1.2], budget: 1.25 });
    const crossing = figure({ name: 'crossing', unit: 'ratio', value: 1.3, samples: [1.1, 1.3, 1.5], budget: 1.25 });
    const missed = figure({ name: 'missed', unit: 'ratio', value: 1.4, samples: [1.3, 1.4, 1.5], budget: 1.25 });
    const reported = figure({ name: 'reported', unit: 'ratio', rule: 'report', budget: Number.NaN, value: 1.3 });
    const broken: Row = { area: 'Area', name: 'broken part', reason: 'no browser' };

    it('does not fail the run for a figure whose spread crosses its budget, even with its median over it', () => {
      assert.equal(outcome(crossing), 'inconclusive');
      const counts = tally([within, crossing, reported]);
      assert.deepEqual(counts, { passed: 1, missed: 0, inconclusive: 1, reported: 1, failed: 0 });
      assert.equal(exitCode(counts), 0);
      assert.equal(
        renderSummary(counts),
        '3 figures: 1 within budget, 0 missed, 1 inconclusive (not failing the run), 1 reported without a budget.',
      );
    });

    it('fails the run with 1 when a figure misses, inconclusive ones beside it or not', () => {
      assert.equal(exitCode(tally([within, missed])), 1);
      assert.equal(exitCode(tally([crossing, missed, reported])), 1);
      assert.equal(exitCode(tally([figure({ value: Number.NaN })])), 1);
    });

    it('ends with 2 when a part could not run, and says how many', () => {
      const counts = tally([within, missed, broken]);
      assert.equal(exitCode(counts), 2);
      assert.equal(
        renderSummary(counts),
        '2 figures: 1 within budget, 1 missed, 0 inconclusive (not failing the run), 0 reported without a budget; 1 part could not run.',
      );
    });
  });
});
