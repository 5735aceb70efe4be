import { EXIT_HARNESS_FAILURE } from '../runner/entry-point';

export type Unit =
  | 'KB'
  | 'ms'
  | 'ratio'
  | 'MB'
  | 'connections'
  | 'requests'
  | 'flavors'
  | 'containers'
  | 'clusters'
  | 'deployments'
  | 'zones'
  | 'record sets'
  | 'timers'
  | 'lines'
  | 'yes/no';

/**
 * One measured figure against its budget. `atMost`: value ≤ budget; `exactly`: value = budget; `report`:
 * printed beside the others with no budget (NaN).
 */
export interface Figure {
  area: string;
  name: string;
  /** The median of `samples` when there are samples. */
  value: number;
  unit: Unit;
  rule: 'atMost' | 'exactly' | 'report';
  budget: number;
  /** One value per round (or per process) when the figure is measured more than once. */
  samples?: readonly number[];
}

/** A part of the benchmark that could not run at all; it is a row of its own so the table stays complete. */
export interface Failure {
  area: string;
  name: string;
  reason: string;
}

export type Row = Figure | Failure;

export function isFailure(row: Row): row is Failure {
  return 'reason' in row;
}

export function passes(figure: Figure): boolean {
  if (figure.rule === 'report') return true;
  if (!Number.isFinite(figure.value)) return false;
  return figure.rule === 'atMost' ? figure.value <= figure.budget : figure.value === figure.budget;
}

/**
 * Whether another run could well give the other verdict: the budget lies within the spread of the
 * samples, so some rounds passed and some missed. Only for a median of measured times, sizes or ratios;
 * a count's value is its worst round, and a worst round over budget is a miss however the others went.
 */
export function withinNoise(figure: Figure): boolean {
  if (figure.rule !== 'atMost' || !figure.samples || figure.samples.length < 2 || COUNTED.has(figure.unit)) return false;
  return Math.min(...figure.samples) <= figure.budget && figure.budget < Math.max(...figure.samples);
}

/** A figure's verdict: a spread that crosses the budget decides neither way on this machine. */
export function outcome(figure: Figure): 'pass' | 'miss' | 'inconclusive' | 'reported' {
  if (figure.rule === 'report') return 'reported';
  if (withinNoise(figure)) return 'inconclusive';
  return passes(figure) ? 'pass' : 'miss';
}

const COUNTED: ReadonlySet<Unit> = new Set([
  'connections',
  'requests',
  'flavors',
  'containers',
  'clusters',
  'deployments',
  'zones',
  'record sets',
  'timers',
  'lines',
]);

const DECIMALS: Record<Unit, number> = {
  KB: 1,
  ms: 1,
  ratio: 2,
  MB: 2,
  connections: 0,
  requests: 0,
  flavors: 0,
  containers: 0,
  clusters: 0,
  deployments: 0,
  zones: 0,
  'record sets': 0,
  timers: 0,
  lines: 0,
  'yes/no': 0,
};

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'not measured';
  if (unit === 'yes/no') return value === 1 ? 'yes' : 'no';
  const number = value.toLocaleString('en-US', { minimumFractionDigits: DECIMALS[unit], maximumFractionDigits: DECIMALS[unit] });
  if (unit === 'ratio') return `${number}×`;
  // "1 request", "0 requests": the counted units are plural words.
  return `${number} ${value === 1 && COUNTED.has(unit) ? unit.slice(0, -1) : unit}`;
}

/** The median, then the least and greatest sample: "1.32× (1.25–1.41 over 9)". */
function formatMeasured(figure: Figure): string {
  const value = formatValue(figure.value, figure.unit);
  const samples = figure.samples;
  if (!samples || samples.length < 2 || !Number.isFinite(figure.value)) return value;
  const bound = (sample: number) =>
    formatValue(sample, figure.unit)
      .replace(/[^\d.,-]+$/, '')
      .trim();
  return `${value} (${bound(Math.min(...samples))}–${bound(Math.max(...samples))} over ${samples.length})`;
}

function formatBudget(figure: Figure): string {
  if (figure.rule === 'report') return '—';
  const budget = formatValue(figure.budget, figure.unit);
  return figure.rule === 'atMost' ? `≤ ${budget}` : budget;
}

/**
 * "pass"; "inconclusive" with how many of its samples were over the budget, the spread and where the median
 * fell; or by how much the figure misses.
 */
export function verdict(figure: Figure): string {
  const result = outcome(figure);
  if (result === 'reported') return 'reported';
  if (result === 'pass') return 'pass';
  if (result === 'inconclusive') {
    const samples = figure.samples ?? [];
    const over = samples.filter((sample) => sample > figure.budget).length;
    const bound = (sample: number) => formatValue(sample, figure.unit);
    return `inconclusive: ${over} of ${samples.length} over budget (${bound(Math.min(...samples))}–${bound(Math.max(...samples))}), median ${passes(figure) ? 'within' : 'over'} budget`;
  }
  if (!Number.isFinite(figure.value)) return 'MISS (not measured)';
  if (figure.rule === 'exactly' || figure.budget === 0) return `MISS (expected ${formatValue(figure.budget, figure.unit)})`;
  const excess = figure.value - figure.budget;
  const percent = Math.round((excess / figure.budget) * 100);
  return `MISS by ${formatValue(excess, figure.unit)} (+${percent}%)`;
}

/** The rows as one Markdown table with padded columns, readable in a terminal and pasteable into docs. */
export function renderTable(rows: readonly Row[]): string {
  const header = ['Area', 'Figure', 'Value', 'Budget', 'Result'];
  const cells = rows.map((row) =>
    isFailure(row)
      ? [row.area, row.name, '—', '—', `ERROR: ${row.reason}`]
      : [row.area, row.name, formatMeasured(row), formatBudget(row), verdict(row)],
  );
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** How the rows of a run came out. */
export interface Tally {
  passed: number;
  missed: number;
  inconclusive: number;
  reported: number;
  /** Parts that could not run. */
  failed: number;
}

export function tally(rows: readonly Row[]): Tally {
  const counts: Tally = { passed: 0, missed: 0, inconclusive: 0, reported: 0, failed: 0 };
  for (const row of rows) {
    if (isFailure(row)) {
      counts.failed += 1;
      continue;
    }
    const result = outcome(row);
    if (result === 'pass') counts.passed += 1;
    else if (result === 'miss') counts.missed += 1;
    else if (result === 'inconclusive') counts.inconclusive += 1;
    else counts.reported += 1;
  }
  return counts;
}

const EXIT_MISSED = 1;

/**
 * The run's exit code: 2 when a part could not run, 1 when a budget is missed, 0 otherwise. An inconclusive
 * figure does not fail the run: on this machine it decided neither way, and the table says so.
 */
export function exitCode(counts: Tally): number {
  if (counts.failed > 0) return EXIT_HARNESS_FAILURE;
  return counts.missed > 0 ? EXIT_MISSED : 0;
}

/** The line under the table. */
export function renderSummary(counts: Tally): string {
  const figures = counts.passed + counts.missed + counts.inconclusive + counts.reported;
  const parts = [
    `${figures} figures: ${counts.passed} within budget`,
    `${counts.missed} missed`,
    `${counts.inconclusive} inconclusive (not failing the run)`,
    `${counts.reported} reported without a budget`,
  ];
  const broken = counts.failed > 0 ? `; ${counts.failed} ${counts.failed === 1 ? 'part' : 'parts'} could not run` : '';
  return `${parts.join(', ')}${broken}.`;
}
