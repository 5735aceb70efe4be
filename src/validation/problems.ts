import * as l10n from '@vscode/l10n';
export interface FieldProblem {
  field: string;
  message: string;
}

/** A problem of an edited document: errors block sending it, warnings and information are shown only. */
export interface DocumentProblem extends FieldProblem {
  severity: 'error' | 'warning' | 'information';
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export function validated<T>(value: T, problems: FieldProblem[]): Validated<T> {
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}

// A problem with an empty field is about the input as a whole; its message already says so.
export function describeProblems(problems: FieldProblem[]): string {
  return problems.map((p) => (p.field === '' ? p.message : `${p.field}: ${p.message}`)).join('; ');
}

/** Input was refused before any request; the message names the field. */
export class InvalidArgumentError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(l10n.t('Invalid argument: {0}', describeProblems(problems)));
    this.name = 'InvalidArgumentError';
  }
}

/** The value of a valid result; an invalid one throws InvalidArgumentError. */
export function unwrap<T>(checked: Validated<T>): T {
  if (!checked.ok) throw new InvalidArgumentError(checked.problems);
  return checked.value;
}
