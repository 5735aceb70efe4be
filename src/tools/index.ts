import { getContainer, getContainerLogs, listContainers, listContainerSizes } from './containerTools';
import { createContainer, deleteContainer, updateContainer } from './containerWriteTools';
import { listRecords, listZones, lookupName } from './dnsTools';
import { listGpuFlavors } from './flavorTools';
import { listLocations } from './locationTools';
import { createRecord, deleteRecord, updateRecord } from './recordWriteTools';
import { getTask } from './taskTools';
import type { AnyToolDefinition } from './toolDefinition';
import { createZone, disableDnssec, enableDnssec, importZoneFile } from './zoneWriteTools';

export { clientWrites } from './clientWrites';
export { callTool, type ToolOutcome } from './toolCall';
export {
  toolNoKeyText,
  type AnyToolDefinition,
  type ToolConfirmation,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
  type ToolSurface,
  type ToolWrites,
  type ZoneFileImportResult,
} from './toolDefinition';
export type { ToolSchema } from './toolSchemas';

/** Every tool, in the contract's order: the reads, then the writes. */
export const TOOL_DEFINITIONS: readonly AnyToolDefinition[] = [
  listLocations,
  listContainers,
  getContainer,
  getContainerLogs,
  getTask,
  listZones,
  listRecords,
  lookupName,
  listGpuFlavors,
  listContainerSizes,
  updateContainer,
  createZone,
  enableDnssec,
  disableDnssec,
  createRecord,
  updateRecord,
  deleteRecord,
  createContainer,
  deleteContainer,
  importZoneFile,
];

/** A tool by its name (`gcore_listZones`), or undefined. */
export function toolNamed(name: string): AnyToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((tool) => tool.name === name);
}
