import * as l10n from '@vscode/l10n';
import type { DnsZone, LookupAnswer, RecordSetList } from '../api';
import { LOOKUP_SERVERS } from '../api/types';
import { COMMAND } from '../core/contributions';
import { validateLookupNameArgs, validateNoArgs, validateZoneNameArg, type LookupNameArgs } from '../models/commandArgs';
import { formatRecordContent } from '../models/recordContent';
import { ttlText } from '../models/recordTtl';
import { ZONE_NAME_FIELD, zoneNameForDisplay } from '../models/zoneCreate';
import { unwrap } from '../validation/problems';
import { recordSetRows } from '../views/presentation/recordView';
import { recordSetCountText } from '../views/presentation/recordSetCount';
import { resolverName } from '../views/presentation/resolutionReport';
import { nonEmptyText } from '../views/presentation/wireValues';
import type { ToolDefinition } from './toolDefinition';
import { objectInput, specSchema } from './toolSchemas';
import { gapLines, itemLines, lines } from './toolText';

/** `{ zoneName }`, the argument of every tool about one zone. */
export const ZONE_NAME_PROPERTIES = { zoneName: specSchema({ ...ZONE_NAME_FIELD, name: 'zoneName' }) };

/** A zone's DNSSEC state as Gcore words it (active, pending, pending-disabled, disabled), or on/off when it gives no word. */
export function dnssecState(zone: Pick<DnsZone, 'dnssec_status' | 'dnssec_enabled'>): string {
  return nonEmptyText(zone.dnssec_status) ?? (zone.dnssec_enabled === true ? l10n.t('on') : l10n.t('off'));
}

/** `example.com: served, DNSSEC active, 16 record sets`. */
function zoneLine(zone: DnsZone): string {
  const parts = [zone.enabled === false ? l10n.t('disabled (not served)') : l10n.t('served'), l10n.t('DNSSEC {0}', dnssecState(zone)), recordSetCountText(zone)];
  return `${zoneNameForDisplay(zone.name)}: ${parts.filter(Boolean).join(', ')}`;
}

export const listZones: ToolDefinition<Record<string, never>> = {
  name: 'gcore_listZones',
  kind: 'read',
  commandId: COMMAND.listZones,
  displayName: l10n.t('List Gcore DNS Zones'),
  modelDescription: l10n.t(
    "Lists every DNS zone of the Gcore account with whether it is served and its DNSSEC state: active (signed, the registrar publishes the DS record), pending (signed, waiting for the DS record at the registrar), pending-disabled, disabled, or off. Use it to find zones that still wait for their DS record.",
  ),
  userDescription: l10n.t('Lists your DNS zones with their DNSSEC state.'),
  inputSchema: objectInput({}),
  parse: (input) => unwrap(validateNoArgs(input)),
  invoke: async (_input, { client, signal }) => {
    const list = await client.dns.listZones({ signal });
    const heading = list.total_amount === 0 ? l10n.t('The account has no DNS zones.') : l10n.t('{0} DNS zones:', list.total_amount);
    return { text: lines(list.total_amount === 0 ? heading : itemLines(heading, list.zones.map(zoneLine)), ...gapLines(list, 'zones')), json: list };
  },
};

export const listRecords: ToolDefinition<string> = {
  name: 'gcore_listRecords',
  kind: 'read',
  commandId: COMMAND.listRecords,
  displayName: l10n.t('List DNS Record Sets'),
  modelDescription: l10n.t(
    "Lists every record set of a DNS zone at Gcore: name (relative to the zone, @ for the apex), type, TTL, values, and whether it is managed by Gcore, dynamic (GeoDNS, weighted, health-checked) or has disabled records. Read it before changing a record set.",
  ),
  userDescription: l10n.t('Lists the record sets of a DNS zone.'),
  inputSchema: objectInput(ZONE_NAME_PROPERTIES, ['zoneName']),
  parse: (input) => unwrap(validateZoneNameArg(input)),
  invoke: async (zoneName, { client, signal }) => {
    const list = await client.dns.listRecords(zoneName, { signal });
    const rows = recordSetRows(zoneName, list.rrsets);
    const zone = zoneNameForDisplay(zoneName);
    const heading = rows.length === 0 ? l10n.t('{0} has no record sets.', zone) : l10n.t('{0} record sets in {1}:', rows.length, zone);
    const json: RecordSetList = { total_amount: list.total_amount, rrsets: list.rrsets };
    return { text: lines(rows.length === 0 ? heading : itemLines(heading, rows.map((row) => `${row.name.label} ${row.view.description ?? row.type}`)), ...gapLines(list, 'recordSets')), json };
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
      name: { type: 'string', minLength: 1, description: l10n.t('The full name to look up, such as www.example.com or _dmarc.example.com.') },
      server: { type: 'string', enum: [...LOOKUP_SERVERS], description: l10n.t("Who answers: authoritative_dns (Gcore's own name servers, the default), google, cloudflare, open_dns, quad9 or gcore.") },
    },
    ['name'],
  ),
  parse: (input) => unwrap(validateLookupNameArgs(input)),
  invoke: async (args, { client, signal }) => {
    const answers = await client.dns.lookup(args.name, args.server, { signal });
    const resolver = resolverName(args.server);
    const text =
      answers.length === 0
        ? l10n.t('{0} answer nothing for {1}.', resolver, args.name)
        : itemLines(l10n.t('{0} answer for {1}:', resolver, args.name), answers.map(answerLine));
    return { text, json: answers };
  },
};
