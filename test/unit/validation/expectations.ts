import * as assert from 'node:assert/strict';
import { describeProblems } from '../../../src/validation/problems';
import type { Validated } from '../../../src/validation/problems';

export interface ExpectedProblem {
  field: string;
  message: RegExp;
}

/** Asserts the exact field paths in order, each message, and that the description names each field. */
export function assertProblems<T>(result: Validated<T>, expected: readonly ExpectedProblem[]): void {
  assert.equal(result.ok, false, `expected problems, got ${JSON.stringify(result)}`);
  if (result.ok) {
    return;
  }
  assert.deepEqual(
    result.problems.map((p) => p.field),
    expected.map((e) => e.field),
    `fields of ${JSON.stringify(result.problems)}`,
  );
  expected.forEach((e, i) => assert.match(result.problems[i].message, e.message));
  const description = describeProblems(result.problems);
  for (const problem of result.problems) {
    const shown = problem.field === '' ? problem.message : `${problem.field}: ${problem.message}`;
    assert.ok(description.includes(shown), `'${description}' should include '${shown}'`);
  }
}

export function assertValid<T>(result: Validated<T>, expected: T): void {
  assert.deepStrictEqual(result, { ok: true, value: expected });
}

export function label(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}… (${value.length})` : value);
  }
  if (typeof value === 'number' || value === undefined) {
    return String(value);
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** A table of inputs a validator accepts (with what it makes of them) and refuses (with the problems it names). */
export interface ValidatorRows<T> {
  valid: { input: unknown; expected: T }[];
  invalid: { input: unknown; problems: ExpectedProblem[] }[];
}

/** One test per row of the table, under `name`. */
export function validatorRows<T>(name: string, validate: (input: unknown) => Validated<T>, rows: ValidatorRows<T>): void {
  describe(name, () => {
    for (const row of rows.valid) {
      it(`accepts ${label(row.input)}`, () => assertValid(validate(row.input), row.expected));
    }
    for (const row of rows.invalid) {
      it(`refuses ${label(row.input)}`, () => assertProblems(validate(row.input), row.problems));
    }
  });
}
