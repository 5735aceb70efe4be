import * as l10n from '@vscode/l10n';
import type { CreateZoneResult, DnssecState } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { validateZoneNameArg } from '../../models/dns/zoneNameArg';
import { validateZoneCreate, ZONE_CREATE_FIELDS, zoneNameForDisplay, type ZoneCreate } from '../../models/dns/zoneCreate';
import { validateImportZoneFileArgs, ZONE_FILE_MAX_LENGTH, type ImportZoneFileArgs } from '../../models/dns/zoneFileArgs';
import {
  changeCounts,
  changeLines,
  changeName,
  cloudflareProxiedChanges,
  cloudflareProxiedNote,
  importResult,
  oneSecondTtlChanges,
  oneSecondTtlNote,
  type ZoneFileImportResult,
} from '../../models/dns/zoneFileChanges';
import { planDigest, withConfirmedPlan } from '../../models/dns/confirmedImportPlan';
import { unwrap } from '../../validation/problems';
import { currentUnknownLine, readCurrent } from '../currentState';
import { dnssecState, ZONE_NAME_PROPERTIES } from './dnsTools';
import { applyRecordSetChanges } from '../../writes/dns/recordSetBatch';
import { unreviewedImportPlan } from '../../writes/dns/zoneFileImports';
import { sendDnssec, sendZoneCreate } from '../../writes/dns/zoneWrites';
import type { ToolConfirmation, ToolContext, ToolDefinition, ToolWrite } from '../toolDefinition';
import { objectInput, specSchema } from '../toolSchemas';
import { itemLines, lines } from '../toolText';
import { planImport, zoneFileSetsOf } from './zoneFileImport';

/** A setting as the confirmation of a new zone shows it. */
function settingLine(field: string, value: unknown): string {
  return `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/** gcore.createZone's change. */
function createZoneWrite(zone: ZoneCreate): ToolWrite<CreateZoneResult> {
  return { command: COMMAND.createZone, argument: zone, viaClient: (client, signal) => sendZoneCreate({ client }, zone, { signal }) };
}

export const createZone: ToolDefinition<ZoneCreate> = {
  name: 'gcore_createZone',
  kind: 'write',
  commandId: COMMAND.createZone,
  displayName: l10n.t('Create a DNS Zone'),
  modelDescription: l10n.t(
    "Creates a DNS zone at Gcore for a domain, such as example.com; the other fields (contact, SOA timers, primary_server, meta, enabled) are optional and take Gcore's defaults. The zone answers only once the domain's registrar points to Gcore's name servers. Refused when the account has the zone already.",
  ),
  userDescription: l10n.t('Creates a DNS zone at Gcore, after you confirm.'),
  inputSchema: objectInput(Object.fromEntries(ZONE_CREATE_FIELDS.map((spec) => [spec.name, specSchema(spec)])), ['name']),
  parse: (input) => unwrap(validateZoneCreate(input)),
  confirm: async (zone) => {
    const settings = Object.entries(zone).filter(([field]) => field !== 'name');
    return {
      title: l10n.t('Create DNS zone {0}?', zoneNameForDisplay(zone.name)),
      message: lines(
        l10n.t('A new zone {0} in the Gcore account.', zoneNameForDisplay(zone.name)),
        ...settings.map(([field, value]) => settingLine(field, value)),
        settings.length < ZONE_CREATE_FIELDS.length - 1 ? l10n.t("Every other setting takes Gcore's default.") : undefined,
      ),
    };
  },
  invoke: async (zone, { writes, signal }) => {
    const result = await writes.send(createZoneWrite(zone), signal);
    const display = zoneNameForDisplay(zone.name);
    const text = lines(
      result.id === undefined ? l10n.t('Created DNS zone {0}.', display) : l10n.t('Created DNS zone {0} (id {1}).', display, result.id),
      result.warnings.length > 0 ? l10n.t('Gcore warned: {0}', result.warnings.join(' ')) : undefined,
    );
    return { text, json: result };
  },
};

/** The DNSSEC state a toggle changes, current → new, and what it does besides. */
async function dnssecConfirmation(zoneName: string, enabled: boolean, { client, signal }: ToolContext): Promise<ToolConfirmation> {
  const current = await readCurrent(() => client.dns.getZone(zoneName, { signal }));
  const display = zoneNameForDisplay(zoneName);
  const state = current.known
    ? l10n.t('DNSSEC: {0} → {1}', dnssecState(current.value), enabled ? l10n.t('on') : l10n.t('off'))
    : currentUnknownLine(current);
  return enabled
    ? {
        title: l10n.t('Enable DNSSEC for {0}?', display),
        message: lines(
          state,
          l10n.t(
            "Gcore signs the zone and answers its DS record. Resolvers validate the zone once the domain's registrar publishes that DS record.",
          ),
        ),
      }
    : {
        title: l10n.t('Disable DNSSEC for {0}?', display),
        message: lines(
          state,
          l10n.t(
            "Gcore will stop signing the zone. If the domain's registrar still publishes a DS record for it, validating resolvers will treat its answers as bogus and the domain will stop resolving for their users. Remove the DS record at the registrar first (and wait for its TTL to pass).",
          ),
        ),
      };
}

/** gcore.enableDnssec's or gcore.disableDnssec's change. */
function dnssecWrite(zoneName: string, enabled: boolean): ToolWrite<DnssecState> {
  return {
    command: enabled ? COMMAND.enableDnssec : COMMAND.disableDnssec,
    argument: { zoneName },
    viaClient: (client, signal, log) => sendDnssec({ client, log }, zoneName, enabled, { signal }),
  };
}

function dnssecTool(enabled: boolean): ToolDefinition<string> {
  return {
    name: enabled ? 'gcore_enableDnssec' : 'gcore_disableDnssec',
    kind: 'write',
    commandId: enabled ? COMMAND.enableDnssec : COMMAND.disableDnssec,
    displayName: enabled ? l10n.t('Enable DNSSEC') : l10n.t('Disable DNSSEC'),
    modelDescription: enabled
      ? l10n.t(
          "Turns DNSSEC on for a DNS zone at Gcore and returns the zone's DS record, which the user must give to the domain's registrar before resolvers validate the zone.",
        )
      : l10n.t(
          "Turns DNSSEC off for a DNS zone at Gcore. Only safe once the domain's registrar no longer publishes the zone's DS record: otherwise validating resolvers stop resolving the domain. Gcore refuses while the DS record may still be published.",
        ),
    userDescription: enabled
      ? l10n.t('Turns DNSSEC on for a zone, after you confirm.')
      : l10n.t('Turns DNSSEC off for a zone, after you confirm.'),
    inputSchema: objectInput(ZONE_NAME_PROPERTIES, ['zoneName']),
    parse: (input) => unwrap(validateZoneNameArg(input)),
    confirm: (zoneName, context) => dnssecConfirmation(zoneName, enabled, context),
    invoke: async (zoneName, { writes, signal }) => {
      const state = await writes.send(dnssecWrite(zoneName, enabled), signal);
      const display = zoneNameForDisplay(zoneName);
      const text = !enabled
        ? l10n.t('DNSSEC is disabled for {0}.', display)
        : state.ds
          ? l10n.t(
              "DNSSEC is enabled for {0}. Give this DS record to the domain's registrar so that resolvers can validate the zone: {1}",
              display,
              state.ds,
            )
          : l10n.t('DNSSEC is enabled for {0}, but Gcore sent no DS record yet; gcore_listZones shows when it is pending.', display);
      return { text, json: state };
    },
  };
}

export const enableDnssec = dnssecTool(true);
export const disableDnssec = dnssecTool(false);

/** The zone file's text, refused before any request when it does not read (naming its lines). */
function parseImport(input: unknown): ImportZoneFileArgs {
  const args = unwrap(validateImportZoneFileArgs(input));
  zoneFileSetsOf(args);
  return args;
}

/**
 * gcore.importZoneFile's change. `confirmed`: the digest of the plan a person allowed; the import then sends
 * nothing unless it plans that one (the command gets it in-process, see confirmedImportPlan.ts).
 */
function importWrite(request: ImportZoneFileArgs, confirmed: string | undefined): ToolWrite<ZoneFileImportResult> {
  return {
    command: COMMAND.importZoneFile,
    argument: withConfirmedPlan(request, confirmed),
    viaClient: async (client, signal) => {
      const plan = await unreviewedImportPlan(client.dns, request, zoneFileSetsOf(request), confirmed, { signal });
      await applyRecordSetChanges(client.dns, request.zoneName, plan.changes, signal);
      return importResult(plan);
    },
  };
}

export const importZoneFile: ToolDefinition<ImportZoneFileArgs> = {
  name: 'gcore_importZoneFile',
  kind: 'write',
  commandId: COMMAND.importZoneFile,
  displayName: l10n.t('Import a Zone File'),
  modelDescription: l10n.t(
    "Makes a DNS zone at Gcore hold what a zone file (RFC 1035 master file text, such as another provider's export) says: only the record sets that differ are sent, one request each. With deleteMissing, the sets the text lacks are deleted too (never the SOA, the apex NS set or dynamic sets). A text that does not parse is refused, naming the line, before anything is sent. Cloudflare's exports write a TTL of 1 for their automatic TTL (300 seconds): write 300 there unless 1 second is meant.",
  ),
  userDescription: l10n.t('Imports a zone file into a DNS zone, after you confirm what changes.'),
  inputSchema: objectInput(
    {
      ...ZONE_NAME_PROPERTIES,
      text: {
        type: 'string',
        minLength: 1,
        maxLength: ZONE_FILE_MAX_LENGTH,
        description: l10n.t('The zone file text (RFC 1035 master file); names are relative to the zone unless they end with a dot.'),
      },
      deleteMissing: {
        type: 'boolean',
        description: l10n.t('Also delete the record sets the text lacks (never the SOA, the apex NS set or dynamic sets). Default false.'),
      },
    },
    ['zoneName', 'text'],
  ),
  narrowing: l10n.t('The import made every change counted above; gcore_listRecords with name or type reads any of these record sets.'),
  parse: parseImport,
  confirm: async (args, { client, signal }) => {
    const zone = zoneNameForDisplay(args.zoneName);
    const title = l10n.t('Import a zone file into {0}?', zone);
    const planned = await readCurrent(() => planImport(client, args, signal));
    if (!planned.known) {
      return {
        title,
        message: lines(
          currentUnknownLine(planned),
          l10n.t('What changes is worked out from the record sets at Gcore when the import runs.'),
        ),
      };
    }
    const plan = planned.value;
    const counts = changeCounts(plan.changes);
    const oneSecond = oneSecondTtlChanges(plan);
    const proxied = cloudflareProxiedChanges(plan);
    return {
      title,
      message: lines(
        l10n.t(
          '{0} to create, {1} to change, {2} to delete, {3} unchanged, {4} skipped.',
          counts.create,
          counts.update,
          counts.delete,
          plan.unchanged,
          plan.skipped.length,
        ),
        plan.changes.length > 0 ? itemLines(l10n.t('Changes:'), changeLines(args.zoneName, plan.changes)) : undefined,
        plan.missing.length > 0
          ? itemLines(
              l10n.t('At Gcore but not in the text, kept (deleteMissing is off):'),
              plan.missing.map((set) => changeName(args.zoneName, set)),
            )
          : undefined,
        plan.skipped.length > 0
          ? itemLines(
              l10n.t('Skipped:'),
              plan.skipped.map((skip) => l10n.t('{0} (line {1}): {2}', changeName(args.zoneName, skip), skip.line, skip.reason)),
            )
          : undefined,
        oneSecond.length > 0
          ? itemLines(
              oneSecondTtlNote(oneSecond.length),
              oneSecond.map((change) => changeName(args.zoneName, change)),
            )
          : undefined,
        proxied.length > 0
          ? itemLines(
              cloudflareProxiedNote(proxied.length),
              proxied.map((change) => changeName(args.zoneName, change)),
            )
          : undefined,
      ),
      confirmed: planDigest(plan),
    };
  },
  invoke: async (args, { writes, signal, confirmed }) => {
    const result = await writes.send(importWrite(args, confirmed), signal);
    const zone = zoneNameForDisplay(args.zoneName);
    const listed = (heading: string, names: string[]): string | undefined => (names.length > 0 ? itemLines(heading, names) : undefined);
    const text = lines(
      l10n.t(
        'Imported into {0}: {1} created, {2} changed, {3} deleted, {4} unchanged.',
        zone,
        result.created.length,
        result.updated.length,
        result.deleted.length,
        result.unchanged,
      ),
      listed(l10n.t('Created:'), result.created),
      listed(l10n.t('Changed:'), result.updated),
      listed(l10n.t('Deleted:'), result.deleted),
    );
    return { text, json: result };
  },
};
