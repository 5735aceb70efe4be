import type { ApiRequest } from './api-request';
import { updateContainer } from './container-endpoint';
import type { ContainerStore } from './container-store';
import { listGpuFlavors } from './gpu-flavor-endpoint';
import type { GpuFlavorCatalogue } from './gpu-flavor-catalogue';
import { GPU_ROUTES } from './gpu-routes';
import { INFERENCE_ROUTES } from './inference-routes';
import type { InferenceState } from './inference-state';
import type { GpuState } from './gpu-state';
import { areaError, areaOfPath, type Reply } from './replies';
import { getAccount, getRegion, listProjects, listRegions } from './account-endpoints';
import { getContainer, listContainerFlavors, listContainers } from './container-read-endpoints';
import { containerLogs } from './container-logs-endpoint';
import { createContainer } from './container-create-endpoint';
import { deleteContainer } from './container-delete-endpoint';
import { checkContainerLimits } from './container-limits-endpoint';
import { priceContainer } from './container-pricing';
import type { QuotaLimits } from './container-quota';
import { createPullSecret, deletePullSecret, listPullSecrets, updatePullSecret } from './pull-secret-endpoints';
import type { PullSecretStore } from './pull-secret-store';
import { lookup } from './lookup-endpoint';
import {
  createRecordSet,
  deleteRecordSet,
  getRecordSet,
  listRecordSets,
  replaceRecordSet,
  type RecordSetSegments,
} from './record-set-endpoints';
import { getTask, listTasks } from './task-endpoint';
import type { TaskStore, TaskTimings } from './task-store';
import {
  createZone,
  delegationStatus,
  deleteZone,
  getDnssec,
  getZone,
  listZones,
  setZoneEnabled,
  toggleDnssec,
  updateZone,
} from './zone-endpoints';
import type { ZoneStore } from './zone-store';

export interface ApiState {
  containers: ContainerStore;
  zones: ZoneStore;
  flavors: GpuFlavorCatalogue;
  tasks: TaskStore;
  secrets: PullSecretStore;
  /** What every location may hold; a test changes it through the emulator. */
  quota: QuotaLimits;
  /** How long a create's task stays NEW and RUNNING (other tasks follow the task store's timings). */
  createTimings: TaskTimings;
  /** Only the four core operations (docs/gcore-api.md#core-operations): every addition answers as missing. */
  coreOnly: boolean;
  /** How far behind the zone the public resolvers of `/dns/v2/lookup` answer. */
  propagationDelayMs: number;
  /** GPU clusters, their flavors, images and SSH keys; `flavors` is its virtual catalogue. */
  gpu: GpuState;
  /** Everywhere Inference: deployments, applications, keys and credentials per account and project, quota requests. */
  inference: InferenceState;
}

type Params = Record<string, string>;
type Handler = (request: ApiRequest, params: Params, state: ApiState) => Reply;

export interface Route {
  /** Literal segments, or `:name` for a parameter that matches any non-empty decoded segment. */
  pattern: readonly string[];
  /** The four core operations (docs/gcore-api.md#core-operations). */
  handlers?: Readonly<Record<string, Handler>>;
  /** The endpoints beyond the four core operations (docs/gcore-api.md) (reads, record sets, lookups, container create and delete, pull secrets, quota, prices), absent from a core-only server. */
  additions?: Readonly<Record<string, Handler>>;
}

const recordSet = ({ name, rrsetName, rrsetType }: Params): RecordSetSegments => ({ zone: name, name: rrsetName, type: rrsetType });

const ROUTES: readonly Route[] = [
  {
    pattern: ['cloud', 'v1', 'caas', 'secrets', ':projectId', ':regionId'],
    additions: {
      GET: (request, { projectId, regionId }, { secrets }) => listPullSecrets(request, { projectId, regionId }, secrets),
      POST: (request, { projectId, regionId }, { secrets }) => createPullSecret(request, { projectId, regionId }, secrets),
    },
  },
  {
    pattern: ['cloud', 'v1', 'caas', 'secrets', ':projectId', ':regionId', ':secretName'],
    additions: {
      PATCH: (request, { projectId, regionId, secretName }, { secrets }) =>
        updatePullSecret(request, { projectId, regionId, secretName }, secrets),
      DELETE: (request, { projectId, regionId, secretName }, { secrets }) =>
        deletePullSecret(request, { projectId, regionId, secretName }, secrets),
    },
  },
  {
    pattern: ['cloud', 'v1', 'caas', ':projectId', ':regionId', 'containers', ':containerName'],
    handlers: {
      PATCH: (request, { projectId, regionId, containerName }, { containers, tasks, secrets }) =>
        updateContainer(request, { projectId, regionId, containerName }, containers, tasks, secrets),
    },
    additions: {
      GET: (request, params, { containers, tasks }) =>
        getContainer(
          request,
          { projectId: params.projectId, regionId: params.regionId, containerName: params.containerName },
          containers,
          tasks,
        ),
      DELETE: (request, { projectId, regionId, containerName }, { containers, tasks }) =>
        deleteContainer(request, { projectId, regionId, containerName }, containers, tasks),
    },
  },
  {
    pattern: ['cloud', 'v1', 'caas', ':projectId', ':regionId', 'containers', ':containerName', 'logs'],
    additions: {
      GET: (request, params, { containers, tasks }) =>
        containerLogs(
          request,
          { projectId: params.projectId, regionId: params.regionId, containerName: params.containerName },
          containers,
          tasks,
        ),
    },
  },
  {
    pattern: ['cloud', 'v1', 'caas', ':projectId', ':regionId', 'containers'],
    additions: {
      GET: (request, params, { containers, tasks }) =>
        listContainers(request, { projectId: params.projectId, regionId: params.regionId }, containers, tasks),
      POST: (request, { projectId, regionId }, state) => createContainer(request, { projectId, regionId }, state),
    },
  },
  {
    pattern: ['cloud', 'v1', 'caas', ':projectId', ':regionId', 'check_limits'],
    additions: {
      POST: (request, { projectId, regionId }, { containers, quota }) =>
        checkContainerLimits(request, { projectId, regionId }, containers, quota),
    },
  },
  {
    pattern: ['cloud', 'v1', 'pricing', ':projectId', ':regionId', 'caas'],
    additions: { POST: (request, { projectId, regionId }) => priceContainer(request, { projectId, regionId }) },
  },
  {
    pattern: ['cloud', 'v1', 'caas', 'flavors', ':projectId', ':regionId'],
    additions: { GET: (request, params) => listContainerFlavors(request, { projectId: params.projectId, regionId: params.regionId }) },
  },
  {
    pattern: ['dns', 'v2', 'zones'],
    handlers: { POST: (request, _params, { zones }) => createZone(request, zones) },
    additions: { GET: (request, _params, { zones }) => listZones(request, zones) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name'],
    additions: {
      GET: (_request, { name }, { zones }) => getZone(name, zones),
      PUT: (request, { name }, { zones }) => updateZone(request, name, zones),
      DELETE: (_request, { name }, { zones }) => deleteZone(name, zones),
    },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', 'enable'],
    additions: { PATCH: (_request, { name }, { zones }) => setZoneEnabled(name, true, zones) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', 'disable'],
    additions: { PATCH: (_request, { name }, { zones }) => setZoneEnabled(name, false, zones) },
  },
  {
    pattern: ['dns', 'v2', 'analyze', ':name', 'delegation-status'],
    additions: { GET: (_request, { name }, { zones }) => delegationStatus(name, zones) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', 'rrsets'],
    additions: { GET: (request, { name }, { zones }) => listRecordSets(request, name, zones) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', ':rrsetName', ':rrsetType'],
    additions: {
      GET: (_request, params, { zones }) => getRecordSet(recordSet(params), zones),
      POST: (request, params, { zones }) => createRecordSet(request, recordSet(params), zones),
      PUT: (request, params, { zones }) => replaceRecordSet(request, recordSet(params), zones),
      DELETE: (_request, params, { zones }) => deleteRecordSet(recordSet(params), zones),
    },
  },
  {
    pattern: ['dns', 'v2', 'lookup'],
    additions: { GET: (request, _params, { zones, propagationDelayMs }) => lookup(request, zones, propagationDelayMs) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', 'dnssec'],
    handlers: { PATCH: (request, { name }, { zones }) => toggleDnssec(request, name, zones) },
    additions: { GET: (_request, { name }, { zones }) => getDnssec(name, zones) },
  },
  {
    pattern: ['cloud', 'v3', 'gpu', 'virtual', ':projectId', ':regionId', 'flavors'],
    handlers: {
      GET: (request, { projectId, regionId }, { flavors, gpu }) =>
        listGpuFlavors(request, { projectId, regionId }, flavors, (location) => gpu.clusters.settleIfSeeded(location)),
    },
  },
  { pattern: ['cloud', 'v1', 'tasks'], additions: { GET: (request, _params, { tasks }) => listTasks(request, tasks) } },
  { pattern: ['cloud', 'v1', 'tasks', ':taskId'], additions: { GET: (request, { taskId }, { tasks }) => getTask(request, taskId, tasks) } },
  { pattern: ['cloud', 'v1', 'projects'], additions: { GET: (request) => listProjects(request) } },
  { pattern: ['cloud', 'v1', 'regions'], additions: { GET: (request) => listRegions(request) } },
  { pattern: ['cloud', 'v1', 'regions', ':regionId'], additions: { GET: (request, { regionId }) => getRegion(request, regionId) } },
  { pattern: ['iam', 'clients', 'me'], additions: { GET: (request) => getAccount(request) } },
  ...GPU_ROUTES,
  ...INFERENCE_ROUTES,
];

function matchPattern(pattern: readonly string[], segments: readonly string[]): Params | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i];
    if (expected.startsWith(':')) {
      if (segments[i] === '') return undefined;
      params[expected.slice(1)] = segments[i];
    } else if (expected !== segments[i]) {
      return undefined;
    }
  }
  return params;
}

/** Answers an authenticated request: routing, 404 and 405 in the shape of the path's service. */
export function answerApiRequest(request: ApiRequest, state: ApiState): Reply {
  const area = areaOfPath(request.path);
  let segments: string[];
  try {
    segments = request.path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return areaError(area, request.requestId, 400, 'Malformed percent-encoding in the request path');
  }
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    const handlers = { ...route.handlers, ...(state.coreOnly ? {} : route.additions) };
    if (Object.keys(handlers).length === 0) break;
    const handler = Object.hasOwn(handlers, request.method) ? handlers[request.method] : undefined;
    if (handler) return handler(request, params, state);
    const reply = areaError(area, request.requestId, 405, `Method "${request.method}" not allowed.`);
    return { ...reply, headers: { Allow: Object.keys(handlers).join(', ') } };
  }
  return areaError(area, request.requestId, 404, 'The requested URL was not found on the server.');
}
