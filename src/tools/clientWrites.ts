import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../api';
import { GcoreApiError, isGcoreApiError } from '../api/errors';
import { editedRecordSetBody } from '../models/recordSets';
import { givenRecordSetBody, recordSetNames } from './recordArgs';
import type { ToolWrites } from './toolDefinition';
import { applyRecordSetChanges } from './recordSetBatch';
import { importResult, planImport } from './zoneFileImport';

/**
 * The writes as the client sends them, where no extension is around to follow them (the MCP server, tests):
 * the same client calls with the same payloads as the commands' programmatic paths.
 */
export function clientWrites(client: GcoreClient): ToolWrites {
  const { containers, dns } = client;
  return {
    updateContainer: (location, containerName, changes, signal) => containers.update(location, containerName, changes, { signal }),
    createContainer: (location, container, signal) => containers.create(location, container, { signal }),
    deleteContainer: async (ref, signal) => {
      try {
        return await containers.delete(ref, ref.containerName, { signal });
      } catch (error) {
        if (isGcoreApiError(error) && error.status === 404 && (await containers.containerGone(ref, ref.containerName, { signal }))) {
          throw new Error(l10n.t('Container {0} is not in project {1}, region {2} (Gcore answered 404): it may have been deleted already.', ref.containerName, ref.projectId, ref.regionId), { cause: error });
        }
        throw error;
      }
    },
    createZone: (zone, signal) => dns.createZone(zone, { signal }),
    enableDnssec: (zoneName, signal) => dns.setDnssec(zoneName, true, { signal }),
    disableDnssec: (zoneName, signal) => dns.setDnssec(zoneName, false, { signal }),
    createRecord: async (record, signal) => {
      try {
        return await dns.createRecord(record.zoneName, record.name, record.type, givenRecordSetBody(record), { signal });
      } catch (error) {
        if (!isGcoreApiError(error) || error.kind !== 'conflict') throw error;
        const { set, zone } = recordSetNames(record);
        throw new GcoreApiError('conflict', l10n.t('{0} already exists in {1}; nothing was changed (gcore_updateRecord replaces a set)', set, zone), {
          status: error.status,
          requestId: error.requestId,
          apiMessage: error.apiMessage,
          method: error.method,
          path: error.path,
        });
      }
    },
    updateRecord: async (record, signal) => {
      const { zoneName, name, type } = record;
      // As gcore.updateRecord: what the caller did not give (the TTL, the pickers, the metadata) is kept from the set at Gcore.
      const current = await dns.findRecord(zoneName, name, type, { signal });
      const body = current ? editedRecordSetBody({ ...current, type }, { values: record.resource_records, ttl: record.ttl, meta: record.meta, pickers: record.pickers }) : givenRecordSetBody(record);
      return dns.replaceRecord(zoneName, name, type, body, { signal });
    },
    deleteRecord: (ref, signal) => dns.deleteRecord(ref.zoneName, ref.name, ref.type, { signal }),
    importZoneFile: async (request, signal) => {
      const plan = await planImport(client, request, signal);
      await applyRecordSetChanges(client.dns, request.zoneName, plan.changes, signal);
      return importResult(plan);
    },
  };
}
