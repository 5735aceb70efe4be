import { checkFieldText, checkValue, isPlainObject } from '../../validation/fieldChecks';
import type { ObjectFieldSpec, OrderedPair, TextFieldSpec } from '../../validation/fieldSpec';
import type { FieldProblem } from '../../validation/problems';
import { textValue } from './textPrompt';

/** An object as its parts' answers so far, by sub-field name; a nested object is a nested record. */
export type ObjectDraft = Record<string, unknown>;

/** The paths of an object's leaves inside it, in the spec's order: a nested object is asked part by part ('retention_policy.period'). */
export function leafPaths(spec: ObjectFieldSpec): string[] {
  return spec.fields.flatMap((field) => (field.kind === 'object' ? leafPaths(field).map((path) => `${field.name}.${path}`) : [field.name]));
}

/** The ordered pairs of an object and of the objects inside it, with their bounds as paths inside the object. */
export function orderedPairsOf(spec: ObjectFieldSpec): OrderedPair[] {
  const nested = spec.fields.flatMap((field) =>
    field.kind === 'object'
      ? orderedPairsOf(field).map(({ lower, upper }) => ({ lower: `${field.name}.${lower}`, upper: `${field.name}.${upper}` }))
      : [],
  );
  return [...(spec.orderedPairs ?? []), ...nested];
}

/** The value at a path inside an object; null, as unset, is undefined. */
export function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split('.')) at = isPlainObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at === null ? undefined : at;
}

/** Sets the value at a path, making the objects on the way; undefined removes it, and the objects it leaves empty. */
export function setValueAt(draft: ObjectDraft, path: string, value: unknown): void {
  const [key, ...rest] = path.split('.');
  if (rest.length === 0) {
    if (value === undefined) delete draft[key];
    else draft[key] = value;
    return;
  }
  const inner = isPlainObject(draft[key]) ? draft[key] : {};
  setValueAt(inner, rest.join('.'), value);
  if (Object.keys(inner).length === 0) delete draft[key];
  else draft[key] = inner;
}

/** Whether the answers make an object the spec accepts: every required part there, every ordered pair in order. */
export function isWhole(spec: ObjectFieldSpec, draft: ObjectDraft): boolean {
  const problems: FieldProblem[] = [];
  checkValue(spec, draft, spec.name, problems);
  return problems.length === 0;
}

/**
 * The check of the box that completes ordered pairs: its own rules, then the pairs with the other bounds
 * as answered. The problems are named as the object's parts ("Scale min: must not be greater than
 * scale.max"), since a pair's fault may lie with the bound answered before.
 */
export function pairBoxProblem(
  spec: ObjectFieldSpec,
  pairs: readonly OrderedPair[],
  draft: ObjectDraft,
  path: string,
  partSpec: TextFieldSpec,
  text: string,
): string | undefined {
  const own = checkFieldText(partSpec, text);
  const problems =
    own === undefined
      ? pairProblems(spec, pairs, draft, path, textValue(partSpec, text))
      : [{ field: `${spec.name}.${path}`, message: own }];
  if (problems.length === 0) return undefined;
  return problems.map((problem) => `${spec.label} ${problem.field.slice(spec.name.length + 1)}: ${problem.message}`).join('; ');
}

function pairProblems(
  spec: ObjectFieldSpec,
  pairs: readonly OrderedPair[],
  draft: ObjectDraft,
  path: string,
  value: unknown,
): FieldProblem[] {
  const candidate = structuredClone(draft);
  setValueAt(candidate, path, value);
  const bounds = new Set(pairs.flatMap(({ lower, upper }) => [lower, upper]).map((bound) => `${spec.name}.${bound}`));
  const problems: FieldProblem[] = [];
  checkValue(spec, candidate, spec.name, problems);
  return problems.filter((problem) => bounds.has(problem.field));
}
