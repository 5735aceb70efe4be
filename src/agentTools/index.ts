import { getContainer, getContainerLogs, listContainers, listContainerSizes } from './containers/containerTools';
import { createContainer, deleteContainer, updateContainer } from './containers/containerWriteTools';
import { listRecords, listZones, lookupName } from './dns/dnsTools';
import { listGpuFlavors } from './gpu/flavorTools';
import { createGpuCluster, previewGpuCluster } from './gpu/gpuClusterCreateTools';
import { getGpuCluster, listGpuClusters } from './gpu/gpuClusterTools';
import { deleteGpuCluster, gpuClusterAction, resizeGpuCluster, setGpuLease } from './gpu/gpuClusterWriteTools';
import {
  getInferenceDeployment,
  getInferenceLogs,
  getInferenceQuota,
  listInferenceDeployments,
} from './inference/inferenceDeploymentTools';
import { createInferenceDeployment, previewInferenceDeployment } from './inference/inferenceCreateTools';
import { createInferenceApiKey, deleteInferenceApiKey, listInferenceApiKeys } from './inference/inferenceApiKeyTools';
import {
  deleteInferenceDeployment,
  startInferenceDeployment,
  stopInferenceDeployment,
  updateInferenceDeployment,
} from './inference/inferenceWriteTools';
import { listLocations } from './account/locationTools';
import { createRecord, deleteRecord, updateRecord } from './dns/recordWriteTools';
import { getTask } from './tasks/taskTools';
import type { AnyToolDefinition } from './toolDefinition';
import { createZone, disableDnssec, enableDnssec, importZoneFile } from './dns/zoneWriteTools';

export { clientWrites, commandWrites } from './toolWrites';
export { callTool, type ToolOutcome } from './toolCall';
export {
  toolNoKeyText,
  type AnyToolDefinition,
  type ToolConfirmation,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
  type ToolSurface,
  type ToolWrite,
  type ToolWrites,
} from './toolDefinition';
export { ToolContextRegistry, type ToolContextParts } from './toolContextParts';
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
  listGpuClusters,
  getGpuCluster,
  previewGpuCluster,
  createGpuCluster,
  gpuClusterAction,
  resizeGpuCluster,
  deleteGpuCluster,
  setGpuLease,
  listInferenceDeployments,
  getInferenceDeployment,
  getInferenceLogs,
  previewInferenceDeployment,
  getInferenceQuota,
  createInferenceDeployment,
  updateInferenceDeployment,
  startInferenceDeployment,
  stopInferenceDeployment,
  deleteInferenceDeployment,
  listInferenceApiKeys,
  createInferenceApiKey,
  deleteInferenceApiKey,
];

/** A tool by its name (`gcore_listZones`), or undefined. */
export function toolNamed(name: string): AnyToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((tool) => tool.name === name);
}
