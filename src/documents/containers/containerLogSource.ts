import type { GcoreClient } from '../../api';
import { LogReads, formatLogLine, localOffsetMinutes, readLogLine, type LogLine } from '../../models/containers/containerLogs';
import {
  containerDocumentPath,
  parseContainerDocumentPath,
  type ContainerDocumentAddress,
} from '../../models/containers/containerDocument';
import type { LogSource } from '../../models/logs/logSource';
import type { LogDocuments } from '../logs/logDocuments';

/**
 * A container's log (`gcore-logs:/{project}/{region}/{name} · {place}.log`): local time, pod, message. Gcore
 * sends its lines as free-form objects, read as the extension shows them before the merge.
 */
export function containerLogSource(
  client: Pick<GcoreClient, 'containers'>,
  placeOf: (address: ContainerDocumentAddress) => string,
): LogSource<ContainerDocumentAddress, readonly LogLine[], LogLine> {
  return {
    path: (address) => containerDocumentPath(address, placeOf(address)).replace(/\.json$/, '.log'),
    name: (address) => address.containerName,
    nameAt: (path) => parseContainerDocumentPath(path.replace(/\.log$/, '.json'))?.containerName,
    newest: async (address, limit, signal) =>
      (await client.containers.logs(address, address.containerName, limit, { signal })).logs.map(readLogLine),
    merge: () => {
      const reads = new LogReads();
      return { next: (page, limit) => reads.read(page, limit) };
    },
    format: (line) => formatLogLine(line, localOffsetMinutes),
  };
}

export type ContainerLogDocuments = LogDocuments<ContainerDocumentAddress, readonly LogLine[], LogLine>;
