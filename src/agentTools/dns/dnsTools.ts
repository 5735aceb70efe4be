import * as l10n from '@vscode/l10n';
import type { DnsZone, LookupAnswer } from '../../api/dns/dnsTypes';
import { LOOKUP_SERVERS } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { domainNameKey } from '../../core/domainNameKey';
import {
  RECORD_NAME_FILTER_FIELD,
  RECORD_TYPE_FILTER_FIELD,
  validateListRecordsArgs,
  type ListRecordsArgs,
} from '../../models/dns/recordSetArgs';
import { validateLookupNameArgs, type LookupNameArgs } from '../../models/dns/lookupNameArgs';
import { API_RECORD_TYPES, formatRecordContent } from '../../models/dns/recordContent';
import { recordNameForDisplay } from '../../models/dns/recordName';
import { ttlText } from '../../models/dns/recordTtl';
import { ZONE_NAME_FIELD, zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { validateNoArgs } from '../../validation/argumentObjects';
import { unwrap } from '../../validation/problems';
import { recordSetRows } from '../../views/dns/presentation/recordView';
import { recordSetCountText } from '../../views/dns/presentation/recordSetCount';
import { resolverName } from '../../views/dns/presentation/resolutionReport';
import { nonEmptyText } from '../../views/presentation/wireValues';
import type { ToolDefinition } from '../toolDefinition';
import { objectInput, specSchema } from '../toolSchemas';
import { gapLines, itemLines, lines, listText } from '../toolText';
import { RECORD_SET_GAPS, ZONE_GAPS } from '../../views/dns/presentation/dnsGaps';

/** `{ zoneName }`, the argument of every tool about one zone. */
export const ZONE_NAME_PROPERTIES = { zoneName: specSchema({ ...ZONE_NAME_FIELD, name: 'zoneName' }) };

/** A zone's DNSSEC state as Gcore words it (active, pending, pending-disabled, disabled), or on/off when it gives no word. */
export function dnssecState(zone: Pick<DnsZone, 'dnssec_status' | 'dnssec_enabled'>): string {
  return nonEmptyText(zone.dnssec_status) ?? (zone.dnssec_enabled === true ? l10n.t('on') : l10n.t('off'));
}

/** `example.com: served, DNSSEC active, 16 record sets`. */
function zoneLine(zone: DnsZone): string {
  const parts = [
    zone.enabled === false ? l10n.t('disabled (not served)') : l10n.t('served'),
    l10n.t('DNSSEC {0}', dnssecState(zone)),
    recordSetCountText(zone),
  ];
  return `${zoneNameForDisplay(zone.name)}: ${parts.filter(Boolean).join(', ')}`;
}

export const listZones: ToolDefinition<Record<string, never>> = {
  name: 'gcore_listZones',
  kind: 'read',
  commandId: COMMAND.listZones,
  displayName: l10n.t('List Gcore DNS Zones'),
  modelDescription: l10n.t(
    'Lists every DNS zone of the Gcore account with whether it is served and its DNSSEC state: active (signed, the registrar publishes the DS record), pending (signed, waiting for the DS record at the registrar), pending-disabled, disabled, or off. Use it to find zones that still wait for their DS record.',
  ),
  userDescription: l10n.t('Lists your DNS zones with their DNSSEC state.'),
  inputSchema: objectInput({}),
  parse: (input) => unwrap(validateNoArgs(input)),
  invoke: async (_input, { client, signal }) => {
    const list = await client.dns.listZones({ signal });
    const heading = list.total_amount === 0 ? l10n.t('The account has no DNS zones.') : l10n.t('{0} DNS zones:', list.total_amount);
    return {
      text: lines(list.total_amount === 0 ? heading : itemLines(heading, list.zones.map(zoneLine)), ...gapLines(list, ZONE_GAPS)),
      json: list,
    };
  },
};

/** `name www, type MX`: what a record list was narrowed to, or undefined when it was not. */
function filterText({ zoneName, name, type }: ListRecordsArgs): string | undefined {
  const parts = [
    name === undefined ? undefined : l10n.t('name {0}', recordNameForDisplay(name, zoneName)),
    type === undefined ? undefined : l10n.t('type {0}', type),
  ];
  const given = parts.filter((part): part is string => part !== undefined);
  return given.length === 0 ? undefined : given.join(', ');
}

export const listRecords: ToolDefinition<ListRecordsArgs> = {
  name: 'gcore_listRecords',
  kind: 'read',
  commandId: COMMAND.listRecords,
  displayName: l10n.t('List DNS Record Sets'),
  modelDescription: l10n.t(
    'Lists the record sets of a DNS zone at Gcore: name (relative to the zone, @ for the apex), type, TTL, values, and whether it is managed by Gcore, dynamic (GeoDNS, weighted, health-checked) or has disabled records. Give name or type (or both) to list only those sets: a zone may hold thousands. Read a set before changing it.',
  ),
  userDescription: l10n.t('Lists the record sets of a DNS zone, or those of one name or type.'),
  inputSchema: objectInput(
    {
      ...ZONE_NAME_PROPERTIES,
      name: specSchema(RECORD_NAME_FILTER_FIELD),
      type: { ...specSchema(RECORD_TYPE_FILTER_FIELD), enum: [...API_RECORD_TYPES] },
    },
    ['zoneName'],
  ),
  narrowing: l10n.t('Give name (such as www, or @ for the apex) or type (such as MX) to list fewer record sets.'),
  parse: (input) => unwrap(validateListRecordsArgs(input)),
  invoke: async (args, { client, signal }) => {
    const list = await client.dns.listRecords(args.zoneName, { signal });
    const nameKey = args.name === undefined ? undefined : domainNameKey(args.name);
    const sets = list.rrsets.filter(
      (set) =>
        (nameKey === undefined || domainNameKey(set.name) === nameKey) && (args.type === undefined || set.type.toUpperCase() === args.type),
    );
    const rows = recordSetRows(args.zoneName, sets);
    const zone = zoneNameForDisplay(args.zoneName);
    const filter = filterText(args);
    const heading =
      filter === undefined
        ? rows.length === 0
          ? l10n.t('{0} has no record sets.', zone)
          : l10n.t('{0} record sets in {1}:', rows.length, zone)
        : rows.length === 0
          ? l10n.t('No record set of {0} matches {1} ({2} record sets in all).', zone, filter, list.total_amount)
          : l10n.t('{0} of the {1} record sets in {2} match {3}:', rows.length, list.total_amount, zone, filter);
    const json =
      filter === undefined
        ? { total_amount: list.total_amount, rrsets: sets }
        : { total_amount: list.total_amount, matched: sets.length, rrsets: sets };
    return {
      text: lines(
        rows.length === 0
          ? heading
          : itemLines(
              heading,
              rows.map((row) => `${row.name.label} ${row.view.description ?? row.type}`),
            ),
        ...gapLines(list, RECORD_SET_GAPS),
      ),
      json,
    };
  },
};

function answerLine(answer: LookupAnswer): string {
  const value = `${answer.type} ${formatRecordContent(answer.type.toUpperCase(), answer.content)}`;
  return typeof answer.ttl === 'number' ? l10n.t('{0} (TTL {1})', value, ttlText(answer.ttl)) : value;
}

export const lookupName: ToolDefinition<LookupNameArgs> = {
  name: 'gcore_lookupName',
  kind: 'read',
  commandId: COMMAND.lookupName,
  displayName: l10n.t('Look Up a DNS Name'),
  modelDescription: l10n.t(
    "Asks one resolver, through Gcore, what a DNS name resolves to: Gcore's authoritative name servers (the default, what the zone says now) or a public resolver (google, cloudflare, quad9, open_dns, gcore), which may still answer a cached older value. Use it to check that a record change is live.",
  ),
  userDescription: l10n.t('Looks up what a DNS name resolves to.'),
  inputSchema: objectInput(
    {
      name: {
        type: 'string',
        minLength: 1,
        description: l10n.t('The full name to look up, such as www.example.com or _dmarc.example.com.'),
      },
      server: {
        type: 'string',
        enum: [...LOOKUP_SERVERS],
        description: l10n.t(
          "Who answers: authoritative_dns (Gcore's own name servers, the default), google, cloudflare, open_dns, quad9 or gcore.",
        ),
      },
    },
    ['name'],
  ),
  parse: (input) => unwrap(validateLookupNameArgs(input)),
  invoke: async (args, { client, signal }) => {
    const answers = await client.dns.lookup(args.name, args.server, { signal });
    const resolver = resolverName(args.server);
    const text = listText(answers.map(answerLine), l10n.t('{0} answer nothing for {1}.', resolver, args.name), () =>
      l10n.t('{0} answer for {1}:', resolver, args.name),
    );
    return { text, json: answers };
  },
};
