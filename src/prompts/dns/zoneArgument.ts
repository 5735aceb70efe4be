import { validateZoneNameArg } from '../../models/dns/zoneNameArg';
import { unwrap } from '../../validation/problems';
import { isRecordNode, isRecordSetNode, isZoneDetailNode, isZoneNode } from '../../views/dns/zoneNodes';

/**
 * The zone a command is about: a zone tree node (or one of its rows: DNSSEC facts, record sets, records), a
 * name string, or `{ zoneName }`. Returns undefined when no argument was given, so the caller can prompt.
 */
export function zoneNameArgument(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  // A row's name came from a server's list: it is checked as a typed one is, before it goes into a path.
  if (isZoneNode(arg) || isZoneDetailNode(arg) || isRecordSetNode(arg)) return unwrap(validateZoneNameArg(arg.zone.name));
  if (isRecordNode(arg)) return unwrap(validateZoneNameArg(arg.parent.zone.name));
  return unwrap(validateZoneNameArg(arg));
}
