import * as l10n from '@vscode/l10n';
import type { RecordSet, RecordSetBody } from '../../api/dns/dnsTypes';
import type { DeleteRecordResult } from '../../api/dns/dnsClient';
import { COMMAND } from '../../core/contributions';
import { validateRecordRefArgs, validateRecordSetArgs, type RecordRefArgs, type RecordSetArgs } from '../../models/dns/recordSetArgs';
import { API_RECORD_TYPES, formatRecordContent, RECORD_TYPE_FIELD, RECORD_TYPES } from '../../models/dns/recordContent';
import { RECORD_NAME_FIELD } from '../../models/dns/recordName';
import {
  editedRecordSetBody,
  RECORD_SET_META_FIELD,
  RECORD_TTL_FIELD,
  recordSetChanged,
  recordSetChangeLines,
  recordSetSelection,
} from '../../models/dns/recordSets';
import { ttlText } from '../../models/dns/recordTtl';
import { unwrap } from '../../validation/problems';
import { currentUnknownLine, readCurrent } from '../currentState';
import { givenRecordSetBody, recordSetNames } from '../../writes/dns/recordArgs';
import { recordSetWriteOf, sendRecordSetDelete, sendRecordSetWrite } from '../../writes/dns/recordSetWrites';
import { ZONE_NAME_PROPERTIES } from './dnsTools';
import type { ToolConfirmation, ToolContext, ToolDefinition, ToolWrite } from '../toolDefinition';
import { objectInput, specSchema, type ToolSchema } from '../toolSchemas';
import { lines } from '../toolText';

function recordRefProperties(types: readonly string[]): Record<string, ToolSchema> {
  return { ...ZONE_NAME_PROPERTIES, name: specSchema(RECORD_NAME_FIELD), type: { ...specSchema(RECORD_TYPE_FIELD), enum: [...types] } };
}

const RECORD_SET_SCHEMA = objectInput(
  {
    ...recordRefProperties(RECORD_TYPES),
    ttl: specSchema(RECORD_TTL_FIELD),
    resource_records: {
      type: 'array',
      minItems: 1,
      description: l10n.t(
        'The records of the set, each { content, enabled?, meta? }; no value twice, and a CNAME set holds one record. content by type: A ["203.0.113.1"], AAAA ["2001:db8::1"], CNAME, NS and PTR ["host.example.com."], MX [10, "mail.example.com."], SRV [priority, weight, port, "sip.example.com."], CAA [0, "issue", "letsencrypt.org"], TXT ["v=spf1 -all"], HTTPS and SVCB [priority, target, [param, values…]…].',
      ),
      items: {
        type: 'object',
        properties: {
          content: {
            type: 'array',
            minItems: 1,
            description: l10n.t('The value, as a list of its parts for the type (see resource_records).'),
          },
          enabled: { type: 'boolean', description: l10n.t('Whether the record is served; the API default is true.') },
          meta: {
            type: 'object',
            description: l10n.t(
              "What a dynamic set's pickers read of this record: countries, continents, asn, latlong, weight, backup, default, notes.",
            ),
          },
        },
        required: ['content'],
        additionalProperties: false,
      },
    },
    meta: specSchema(RECORD_SET_META_FIELD),
    pickers: {
      type: 'array',
      description: l10n.t(
        'What picks the answer of a dynamic set, in order, such as [{ "type": "geodns" }, { "type": "first_n", "limit": 1 }]; an update keeps the pickers unless given, and [] makes the set static.',
      ),
      items: {
        type: 'object',
        properties: {
          type: {
            type: 'string',
            minLength: 1,
            description: l10n.t(
              'geodns, asn, country, continent, region, ip, geodistance, weighted_shuffle, default, first_n or healthcheck.',
            ),
          },
          limit: { type: 'integer', minimum: 0, description: l10n.t('How many records the picker lets through; 0 for all.') },
          strict: { type: 'boolean', description: l10n.t('Answer nothing rather than every record when the picker matches none.') },
        },
        required: ['type'],
        additionalProperties: false,
      },
    },
  },
  ['zoneName', 'name', 'type', 'resource_records'],
);

function valuesOf(set: RecordSet): string {
  return set.resource_records.map((record) => formatRecordContent(set.type, record.content)).join(', ');
}

function indented(texts: readonly string[]): string[] {
  return texts.map((text) => `  ${text}`);
}

/** What a set given in full is: its TTL and values, and what picks its answer when it is dynamic. */
function newSetLines(type: string, body: RecordSetBody): string[] {
  const selection = recordSetSelection(body);
  return indented([
    ...recordSetChangeLines(type, undefined, body),
    ...(selection === undefined ? [] : [l10n.t('What picks the answer: {0}', selection)]),
  ]);
}

/**
 * gcore.createRecord's change (`create`: refused, naming the set, when it exists) or gcore.updateRecord's
 * (`replace`: the whole set, keeping what `record` does not give, created when absent).
 */
function recordSetWrite(record: RecordSetArgs, write: 'create' | 'replace'): ToolWrite<RecordSet> {
  return {
    command: write === 'create' ? COMMAND.createRecord : COMMAND.updateRecord,
    argument: record,
    viaClient: (client, signal) => sendRecordSetWrite(client.dns, recordSetWriteOf(record, write), 'gcore_updateRecord', signal),
  };
}

export const createRecord: ToolDefinition<RecordSetArgs> = {
  name: 'gcore_createRecord',
  kind: 'write',
  commandId: COMMAND.createRecord,
  displayName: l10n.t('Add a DNS Record Set'),
  modelDescription: l10n.t(
    'Adds a record set (one name, one type, its records) to a DNS zone at Gcore. name is relative to the zone (www, @ for the apex, selector1._domainkey) or full with a trailing dot. Refused, changing nothing, when the set exists: gcore_updateRecord replaces a set.',
  ),
  userDescription: l10n.t('Adds a DNS record set, after you confirm.'),
  inputSchema: RECORD_SET_SCHEMA,
  parse: (input) => unwrap(validateRecordSetArgs(input)),
  confirm: async (record, { client, signal }) => {
    const { set, zone } = recordSetNames(record);
    const current = await readCurrent(() => client.dns.findRecord(record.zoneName, record.name, record.type, { signal }));
    const now = !current.known
      ? currentUnknownLine(current)
      : current.value === undefined
        ? l10n.t('Current: {0} does not exist in {1}.', set, zone)
        : l10n.t(
            '{0} already exists in {1} ({2}): Gcore will refuse to add it and nothing changes; gcore_updateRecord replaces a set.',
            set,
            zone,
            valuesOf(current.value),
          );
    return {
      title: l10n.t('Add {0} to {1}?', set, zone),
      message: lines(now, l10n.t('New:'), ...newSetLines(record.type, givenRecordSetBody(record))),
    };
  },
  invoke: async (record, { writes, signal }) => {
    const answered = await writes.send(recordSetWrite(record, 'create'), signal);
    const { set, zone } = recordSetNames(record);
    return { text: l10n.t('Added {0} to {1}: {2}.', set, zone, valuesOf(answered)), json: answered };
  },
};

/** Current → new as the update will send it: what the call does not give is kept from the set at Gcore. */
async function updateConfirmation(record: RecordSetArgs, { client, signal }: ToolContext): Promise<ToolConfirmation> {
  const { set, zone } = recordSetNames(record);
  const title = l10n.t('Replace {0} in {1}?', set, zone);
  const current = await readCurrent(() => client.dns.findRecord(record.zoneName, record.name, record.type, { signal }));
  if (!current.known) {
    return {
      title,
      message: lines(
        currentUnknownLine(current),
        l10n.t('New (what is not given is kept from the set at Gcore):'),
        ...newSetLines(record.type, givenRecordSetBody(record)),
      ),
    };
  }
  if (current.value === undefined) {
    return {
      title,
      message: lines(
        l10n.t('{0} does not exist in {1}: it is created.', set, zone),
        ...newSetLines(record.type, givenRecordSetBody(record)),
      ),
    };
  }
  const held = { ...current.value, type: record.type };
  const body = editedRecordSetBody(held, { values: record.resource_records, ttl: record.ttl, meta: record.meta, pickers: record.pickers });
  const change = recordSetChanged(held, body) ? l10n.t('Current → new:') : l10n.t('No change: {0} already holds these values.', set);
  return { title, message: lines(change, ...indented(recordSetChangeLines(record.type, held, body))) };
}

export const updateRecord: ToolDefinition<RecordSetArgs> = {
  name: 'gcore_updateRecord',
  kind: 'write',
  commandId: COMMAND.updateRecord,
  displayName: l10n.t('Replace a DNS Record Set'),
  modelDescription: l10n.t(
    "Replaces a record set's records in a DNS zone at Gcore, creating the set when absent. resource_records is the whole new list; the TTL, the set's meta and its pickers are kept unless given, and so is the meta of each record whose value stays, so a dynamic (GeoDNS, failover) set stays dynamic. Read the set with gcore_listRecords first.",
  ),
  userDescription: l10n.t('Replaces the records of a DNS record set, after you confirm.'),
  inputSchema: RECORD_SET_SCHEMA,
  parse: (input) => unwrap(validateRecordSetArgs(input)),
  confirm: updateConfirmation,
  invoke: async (record, { writes, signal }) => {
    const answered = await writes.send(recordSetWrite(record, 'replace'), signal);
    const { set, zone } = recordSetNames(record);
    return { text: l10n.t('Updated {0} in {1}: {2}.', set, zone, valuesOf(answered)), json: answered };
  },
};

/** gcore.deleteRecord's change: a set already gone counts as deleted; the command resolves to nothing, so it does not tell which it was. */
function deleteRecordWrite({ zoneName, name, type }: RecordRefArgs): ToolWrite<DeleteRecordResult | undefined> {
  return {
    command: COMMAND.deleteRecord,
    argument: { zoneName, name, type },
    viaClient: (client, signal) => sendRecordSetDelete(client.dns, { zoneName, name, type }, { signal }),
  };
}

export const deleteRecord: ToolDefinition<RecordRefArgs> = {
  name: 'gcore_deleteRecord',
  kind: 'write',
  commandId: COMMAND.deleteRecord,
  displayName: l10n.t('Delete a DNS Record Set'),
  modelDescription: l10n.t(
    'Deletes a whole record set (every value of one name and type) from a DNS zone at Gcore. A set already gone counts as deleted.',
  ),
  userDescription: l10n.t('Deletes a DNS record set, after you confirm.'),
  inputSchema: objectInput(recordRefProperties(API_RECORD_TYPES), ['zoneName', 'name', 'type']),
  parse: (input) => unwrap(validateRecordRefArgs(input)),
  confirm: async (ref, { client, signal }) => {
    const { set, zone } = recordSetNames(ref);
    const current = await readCurrent(() => client.dns.findRecord(ref.zoneName, ref.name, ref.type, { signal }));
    const title = l10n.t('Delete {0} from {1}?', set, zone);
    if (!current.known) return { title, message: currentUnknownLine(current) };
    if (current.value === undefined) return { title, message: l10n.t('{0} does not exist in {1}: nothing is deleted.', set, zone) };
    const records = current.value.resource_records;
    const ttl = typeof current.value.ttl === 'number' ? current.value.ttl : undefined;
    return {
      title,
      message: lines(
        records.length === 1 ? l10n.t('Its value goes:') : l10n.t('All {0} of its values go:', records.length),
        ...indented(records.map((record) => formatRecordContent(ref.type, record.content))),
        ttl === undefined
          ? l10n.t('Resolvers may keep answering with them until their cached answers expire.')
          : l10n.t('Resolvers may keep answering with them for up to {0} (its TTL).', ttlText(ttl)),
      ),
    };
  },
  invoke: async (ref, { writes, signal }) => {
    const result = await writes.send(deleteRecordWrite(ref), signal);
    const { set, zone } = recordSetNames(ref);
    return {
      text: result?.alreadyGone ? l10n.t('{0} was already gone from {1}.', set, zone) : l10n.t('Deleted {0} from {1}.', set, zone),
      json: result ?? null,
    };
  },
};
