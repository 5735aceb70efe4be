import * as assert from 'node:assert/strict';
import { COMMAND } from '../../../src/core/contributions';
import { IMAGE_24_04, virtualClusterBody } from '../../support/gpuClusterBodies';
import { inferenceDeploymentBody } from '../../support/inferenceBodies';
import { TOOL_DEFINITIONS, toolNamed, toolNoKeyText, type ToolSchema } from '../../../src/agentTools';

/** The contract's table ("Agent tools"), in its order. */
const CONTRACT_TOOLS: [name: string, kind: 'read' | 'write', commandId: string][] = [
  ['gcore_listLocations', 'read', COMMAND.listProjects],
  ['gcore_listContainers', 'read', COMMAND.listContainers],
  ['gcore_getContainer', 'read', COMMAND.getContainer],
  ['gcore_getContainerLogs', 'read', COMMAND.getContainerLogs],
  ['gcore_getTask', 'read', COMMAND.getTask],
  ['gcore_listZones', 'read', COMMAND.listZones],
  ['gcore_listRecords', 'read', COMMAND.listRecords],
  ['gcore_lookupName', 'read', COMMAND.lookupName],
  ['gcore_listGpuFlavors', 'read', COMMAND.listGpuFlavors],
  ['gcore_listContainerSizes', 'read', COMMAND.listContainerFlavors],
  ['gcore_updateContainer', 'write', COMMAND.updateContainer],
  ['gcore_createZone', 'write', COMMAND.createZone],
  ['gcore_enableDnssec', 'write', COMMAND.enableDnssec],
  ['gcore_disableDnssec', 'write', COMMAND.disableDnssec],
  ['gcore_createRecord', 'write', COMMAND.createRecord],
  ['gcore_updateRecord', 'write', COMMAND.updateRecord],
  ['gcore_deleteRecord', 'write', COMMAND.deleteRecord],
  ['gcore_createContainer', 'write', COMMAND.createContainer],
  ['gcore_deleteContainer', 'write', COMMAND.deleteContainer],
  ['gcore_importZoneFile', 'write', COMMAND.importZoneFile],
  ['gcore_listGpuClusters', 'read', COMMAND.listGpuClusters],
  ['gcore_getGpuCluster', 'read', COMMAND.getGpuCluster],
  ['gcore_previewGpuCluster', 'read', COMMAND.previewGpuCluster],
  ['gcore_createGpuCluster', 'write', COMMAND.createGpuCluster],
  ['gcore_gpuClusterAction', 'write', COMMAND.gpuClusterAction],
  ['gcore_resizeGpuCluster', 'write', COMMAND.resizeGpuCluster],
  ['gcore_deleteGpuCluster', 'write', COMMAND.deleteGpuCluster],
  ['gcore_setGpuLease', 'write', COMMAND.setGpuLease],
  ['gcore_listInferenceDeployments', 'read', COMMAND.listInferenceDeployments],
  ['gcore_getInferenceDeployment', 'read', COMMAND.getInferenceDeployment],
  ['gcore_getInferenceLogs', 'read', COMMAND.getInferenceLogs],
  ['gcore_previewInferenceDeployment', 'read', COMMAND.previewInferenceDeployment],
  ['gcore_getInferenceQuota', 'read', COMMAND.getInferenceQuota],
  ['gcore_createInferenceDeployment', 'write', COMMAND.createInferenceDeployment],
  ['gcore_updateInferenceDeployment', 'write', COMMAND.updateInferenceDeployment],
  ['gcore_startInferenceDeployment', 'write', COMMAND.startInferenceDeployment],
  ['gcore_stopInferenceDeployment', 'write', COMMAND.stopInferenceDeployment],
  ['gcore_deleteInferenceDeployment', 'write', COMMAND.deleteInferenceDeployment],
  ['gcore_listInferenceApiKeys', 'read', COMMAND.listInferenceApiKeys],
  ['gcore_createInferenceApiKey', 'write', COMMAND.createInferenceApiKey],
  ['gcore_deleteInferenceApiKey', 'write', COMMAND.deleteInferenceApiKey],
];

/** A valid input of each tool: each must pass its validator, and fail it with one property more. */
const VALID_INPUTS: Record<string, Record<string, unknown>> = {
  gcore_listLocations: { product: 'containers' },
  gcore_listContainers: { projectId: 7, regionId: 76 },
  gcore_getContainer: { projectId: 7, regionId: 76, containerName: 'web-app' },
  gcore_getContainerLogs: { projectId: 7, regionId: 76, containerName: 'web-app', limit: 10, contains: 'GET' },
  gcore_getTask: { taskId: 'a1b2' },
  gcore_listZones: {},
  gcore_listRecords: { zoneName: 'example.com' },
  gcore_lookupName: { name: 'www.example.com', server: 'google' },
  gcore_listGpuFlavors: { projectId: 1, regionId: 76, hideDisabled: true, includePrices: false },
  gcore_listContainerSizes: { projectId: 7, regionId: 76 },
  gcore_updateContainer: { projectId: 7, regionId: 76, containerName: 'web-app', changes: { timeout: 30 } },
  gcore_createZone: { name: 'new.example', contact: 'hostmaster@new.example' },
  gcore_enableDnssec: { zoneName: 'example.org' },
  gcore_disableDnssec: { zoneName: 'example.com' },
  gcore_createRecord: { zoneName: 'example.com', name: 'new', type: 'A', ttl: 300, resource_records: [{ content: ['192.0.2.1'] }] },
  gcore_updateRecord: { zoneName: 'example.com', name: 'mail', type: 'A', resource_records: [{ content: ['192.0.2.2'] }] },
  gcore_deleteRecord: { zoneName: 'example.com', name: 'sip', type: 'A' },
  gcore_createContainer: {
    projectId: 7,
    regionId: 76,
    container: { name: 'new-app', image: 'nginx:1.27', listening_port: 80, flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } },
  },
  gcore_deleteContainer: { projectId: 7, regionId: 76, containerName: 'legacy-site' },
  gcore_importZoneFile: { zoneName: 'example.com', text: 'new 300 IN A 192.0.2.9\n', deleteMissing: false },
  gcore_listGpuClusters: { projectId: 1, regionId: 76, kind: 'baremetal' },
  gcore_getGpuCluster: { projectId: 1, regionId: 76, clusterId: '058e03b4-c44b-4684-9075-810cb0354467', kind: 'virtual' },
  gcore_previewGpuCluster: { projectId: 7, regionId: 76, kind: 'virtual', cluster: virtualClusterBody() },
  gcore_createGpuCluster: {
    projectId: 7,
    regionId: 76,
    kind: 'baremetal',
    cluster: {
      name: 'bm-train',
      flavor: 'bm3-ai-1xlarge-h100-80-8',
      image_id: IMAGE_24_04,
      servers_count: 1,
      servers_settings: { interfaces: [{ type: 'external' }] },
    },
  },
  gcore_gpuClusterAction: {
    projectId: 7,
    regionId: 76,
    kind: 'virtual',
    clusterId: '058e03b4-c44b-4684-9075-810cb0354467',
    action: 'stop',
  },
  gcore_resizeGpuCluster: {
    projectId: 7,
    regionId: 76,
    kind: 'baremetal',
    clusterId: '058e03b4-c44b-4684-9075-810cb0354467',
    serversCount: 3,
  },
  gcore_deleteGpuCluster: {
    projectId: 7,
    regionId: 76,
    clusterId: '058e03b4-c44b-4684-9075-810cb0354467',
    deleteVolumes: true,
    deleteFloatingIps: false,
  },
  gcore_setGpuLease: { projectId: 7, regionId: 76, clusterId: '058e03b4-c44b-4684-9075-810cb0354467', hours: 4, stopWithoutAsking: true },
  gcore_listInferenceDeployments: { projectId: 1 },
  gcore_getInferenceDeployment: { projectId: 1, name: 'llama-chat' },
  gcore_getInferenceLogs: { projectId: 1, name: 'llama-chat', regionId: 76, limit: 200 },
  gcore_previewInferenceDeployment: { projectId: 1, deployment: inferenceDeploymentBody() },
  gcore_getInferenceQuota: {},
  gcore_createInferenceDeployment: { projectId: 1, deployment: inferenceDeploymentBody() },
  gcore_updateInferenceDeployment: { projectId: 1, name: 'qwen-coder', changes: { containers: [{ region_id: 76, scale: { max: 3 } }] } },
  gcore_startInferenceDeployment: { projectId: 1, name: 'qwen-coder' },
  gcore_stopInferenceDeployment: { projectId: 1, name: 'llama-chat' },
  gcore_deleteInferenceDeployment: { projectId: 1, name: 'mistral-rag' },
  gcore_listInferenceApiKeys: { projectId: 1 },
  gcore_createInferenceApiKey: { projectId: 1, name: 'ci-key', description: 'For CI', expiresAt: '2099-01-01T00:00:00Z' },
  gcore_deleteInferenceApiKey: { projectId: 1, name: 'team-key' },
};

/** Every property of a schema and of the objects it holds, with where it is. */
function properties(schema: ToolSchema, where: string): [string, ToolSchema][] {
  const own = Object.entries((schema.properties ?? {}) as Record<string, ToolSchema>).map(([name, property]): [string, ToolSchema] => [
    `${where}.${name}`,
    property,
  ]);
  const nested = own.flatMap(([path, property]) => [
    ...properties(property, path),
    ...(typeof property.items === 'object' ? properties(property.items as ToolSchema, `${path}[]`) : []),
  ]);
  return [...own, ...nested];
}

describe('tool definitions', () => {
  it("are the contract's tools, in its order, each like its command", () => {
    assert.deepEqual(
      TOOL_DEFINITIONS.map((tool) => [tool.name, tool.kind, tool.commandId]),
      CONTRACT_TOOLS,
    );
    assert.equal(toolNamed('gcore_listZones'), TOOL_DEFINITIONS[5]);
    assert.equal(toolNamed('gcore_nothing'), undefined);
  });

  it('describe themselves to people and to models', () => {
    for (const tool of TOOL_DEFINITIONS) {
      for (const text of [tool.displayName, tool.userDescription, tool.modelDescription]) assert.ok(text.trim().length > 0, tool.name);
      assert.ok(tool.modelDescription.length > tool.userDescription.length, `${tool.name}: a model is told more than a person`);
    }
  });

  it('confirm every write and no read', () => {
    for (const tool of TOOL_DEFINITIONS) assert.equal(typeof tool.confirm === 'function', tool.kind === 'write', tool.name);
  });

  it('take an object of listed properties, each described, the required ones among them', () => {
    for (const tool of TOOL_DEFINITIONS) {
      const schema = tool.inputSchema;
      assert.equal(schema.type, 'object', tool.name);
      assert.equal(schema.additionalProperties, false, tool.name);
      for (const name of (schema.required ?? []) as string[]) {
        assert.ok(name in (schema.properties as object), `${tool.name}: required ${name} is a property`);
      }
      for (const [path, property] of properties(schema, tool.name)) {
        assert.equal(typeof property.description, 'string', `${path} has a description`);
        assert.ok((property.description as string).length > 10, `${path} is described`);
      }
      assert.doesNotMatch(
        JSON.stringify(schema),
        /patternErrorMessage|defaultSnippets|markdownDescription/,
        `${tool.name}: only JSON Schema keywords`,
      );
    }
  });

  it("take what their schema lists and refuse any other property, as the commands' validators do", () => {
    for (const tool of TOOL_DEFINITIONS) {
      const input = VALID_INPUTS[tool.name];
      assert.ok(input, `${tool.name} has an example`);
      for (const name of Object.keys(input)) {
        assert.ok(name in (tool.inputSchema.properties as object), `${tool.name}: ${name} is in the schema`);
      }
      assert.doesNotThrow(() => tool.parse(input), tool.name);
      assert.throws(() => tool.parse({ ...input, surprise: 1 }), /surprise: unknown field/, tool.name);
    }
  });

  it('say how to set a key where they run', () => {
    assert.match(toolNoKeyText('vscode'), /Gcore: Set API Key/);
    assert.doesNotMatch(toolNoKeyText('vscode'), /GCORE_API_KEY/);
    assert.match(toolNoKeyText('mcp'), /GCORE_API_KEY/);
  });
});
