import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { ZoneFileSet } from '../../models/dns/zoneFile/zoneFileSets';
import type { ImportZoneFileArgs } from '../../models/dns/zoneFileArgs';
import type { ZoneFilePlan } from '../../models/dns/zoneFileChanges';
import { readZoneFileSets } from '../../models/dns/zoneFileDocument';
import { InvalidArgumentError } from '../../validation/problems';
import { planZoneFileImport } from '../../writes/dns/zoneFileImports';

/** How many problems of a text that does not read are named; the rest are counted. */
const PROBLEMS_NAMED = 5;

/** The record sets the text holds; a text that does not read is refused, naming its lines, before any request. */
export function zoneFileSetsOf(args: ImportZoneFileArgs): ZoneFileSet[] {
  const reading = readZoneFileSets(args.text, args.zoneName);
  if (reading.problems.length === 0) return reading.sets;
  const named = reading.problems
    .slice(0, PROBLEMS_NAMED)
    .map((problem) => ({ field: 'text', message: l10n.t('line {0}: {1}', problem.line, problem.message) }));
  const more = reading.problems.length - named.length;
  throw new InvalidArgumentError(more > 0 ? [...named, { field: 'text', message: l10n.t('and {0} more problems', more) }] : named);
}

/** What importing the text comes to against the zone's record sets as Gcore holds them now. */
export function planImport(client: GcoreClient, args: ImportZoneFileArgs, signal?: AbortSignal): Promise<ZoneFilePlan> {
  return planZoneFileImport(client.dns, args, zoneFileSetsOf(args), { signal });
}
