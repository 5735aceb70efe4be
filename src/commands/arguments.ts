import { describeProblems, type FieldProblem, type Validated } from '../validation/problems';
import { validateZoneNameArg } from '../models/commandArgs';
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

/**
 * The zone a command is about: a zone tree node (or one of its detail rows), a name string, or
 * `{ zoneName }`. Returns undefined when no argument was given, so the caller can prompt.
 */
export function zoneNameArgument(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  if (isNodeOfType(arg, 'zone') || isNodeOfType(arg, 'zoneDetail')) return arg.zone.name;
  return unwrap(validateZoneNameArg(arg));
}
