import { validateZoneNameArg } from '../models/commandArgs';
import { isNodeOfType } from '../views/treeNodes';
import { unwrap } from '../validation/problems';

/**
 * The zone a command is about: a zone tree node (or one of its detail rows), a name string, or
 * `{ zoneName }`. Returns undefined when no argument was given, so the caller can prompt.
 */
export function zoneNameArgument(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  if (isNodeOfType(arg, 'zone') || isNodeOfType(arg, 'zoneDetail')) return arg.zone.name;
  return unwrap(validateZoneNameArg(arg));
}
