import { describeProblems, type FieldProblem, type Validated } from '../validation/problems';
import { normalizeZoneName } from '../validation/zone';
import { isNodeOfType } from '../tree/treeNodes';

/** A programmatic argument was refused before any request: the message names the field. */
export class InvalidArgumentError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(`Invalid argument: ${describeProblems(problems)}`);
    this.name = 'InvalidArgumentError';
  }
}

export function unwrap<T>(checked: Validated<T>): T {
  if (!checked.ok) throw new InvalidArgumentError(checked.problems);
  return checked.value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The zone a command is about: a zone tree node (or one of its detail rows), a name string, or
 * `{ zoneName }`. Returns undefined when no argument was given, so the caller can prompt.
 */
export function zoneNameArgument(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  if (isNodeOfType(arg, 'zone') || isNodeOfType(arg, 'zoneDetail')) return arg.zone.name;
  if (typeof arg === 'string') return unwrap(normalizeZoneName(arg, 'zoneName'));
  if (isPlainObject(arg) && 'zoneName' in arg) return unwrap(normalizeZoneName(arg.zoneName, 'zoneName'));
  throw new InvalidArgumentError([{ field: 'zoneName', message: 'must be a zone name string or { zoneName: string }' }]);
}
