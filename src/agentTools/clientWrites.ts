import type { GcoreClient } from '../api';
import type { ToolWrites } from './toolDefinition';
import { sendContainerDelete } from '../writes/containers/containerDelete';
import { applyRecordSetChanges } from '../writes/dns/recordSetBatch';
import { recordSetWriteOf, sendRecordSetWrite } from '../writes/dns/recordSetWrites';
import { refuseUnconfirmedPlan } from '../models/confirmedImportPlan';
import { importResult } from '../models/zoneFileChanges';
import { planImport } from './dns/zoneFileImport';

/**
 * The writes as the client sends them, where no extension is around to follow them (the MCP server, tests):
 * the same client calls with the same payloads as the commands' programmatic paths.
 */
export function clientWrites(client: GcoreClient): ToolWrites {
  const { containers, dns } = client;
  return {
    updateContainer: (location, containerName, changes, signal) => containers.update(location, containerName, changes, { signal }),
    createContainer: (location, container, signal) => containers.create(location, container, { signal }),
    deleteContainer: (ref, signal) => sendContainerDelete(containers, ref, signal),
    createZone: (zone, signal) => dns.createZone(zone, { signal }),
    enableDnssec: (zoneName, signal) => dns.setDnssec(zoneName, true, { signal }),
    disableDnssec: (zoneName, signal) => dns.setDnssec(zoneName, false, { signal }),
    createRecord: (record, signal) => sendRecordSetWrite(dns, recordSetWriteOf(record, 'create'), 'gcore_updateRecord', signal),
    updateRecord: (record, signal) => sendRecordSetWrite(dns, recordSetWriteOf(record, 'replace'), 'gcore_updateRecord', signal),
    deleteRecord: (ref, signal) => dns.deleteRecord(ref.zoneName, ref.name, ref.type, { signal }),
    importZoneFile: async (request, confirmed, signal) => {
      const plan = await planImport(client, request, signal);
      refuseUnconfirmedPlan(request.zoneName, plan, confirmed);
      await applyRecordSetChanges(client.dns, request.zoneName, plan.changes, signal);
      return importResult(plan);
    },
  };
}
