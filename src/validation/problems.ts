export interface FieldProblem {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export function validated<T>(value: T, problems: FieldProblem[]): Validated<T> {
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}

// A problem with an empty field is about the input as a whole; its message already says so.
export function describeProblems(problems: FieldProblem[]): string {
  return problems.map((p) => (p.field === '' ? p.message : `${p.field}: ${p.message}`)).join('; ');
}
