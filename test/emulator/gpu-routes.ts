import type { Route } from './api-router';
import { gpuClusterAction, resizeBaremetalCluster } from './gpu-cluster-actions';
import { createGpuCluster } from './gpu-cluster-create';
import { deleteGpuCluster, getGpuCluster, listGpuClusters, patchGpuCluster } from './gpu-cluster-endpoints';
import { listGpuFlavors } from './gpu-flavor-endpoint';
import { listGpuImages } from './gpu-images';
import { GPU_KINDS, type GpuKind } from './gpu-kind';
import { checkGpuLimits } from './gpu-limits';
import { gpuClusterCost, gpuServerCost, previewGpuClusterPrice } from './gpu-pricing';
import { deleteBaremetalNode, deleteGpuServer, listGpuInterfaces, listGpuServers, listGpuVolumes } from './gpu-server-endpoints';
import { createSshKey, deleteSshKey, getSshKey, listSshKeys, shareSshKey } from './ssh-key-endpoints';
import { listActiveTasks } from './task-endpoint';

/** The paths both kinds have, under `/cloud/v3/gpu/{kind}/…` and `/cloud/v2/pricing/…/gpu/{kind}/…`. */
function kindRoutes(kind: GpuKind): Route[] {
  const v3 = ['cloud', 'v3', 'gpu', kind, ':projectId', ':regionId'];
  const cluster = [...v3, 'clusters', ':clusterId'];
  const pricing = ['cloud', 'v2', 'pricing', ':projectId', ':regionId', 'gpu', kind, 'clusters'];
  return [
    {
      pattern: [...v3, 'clusters'],
      additions: {
        GET: (request, params, { gpu }) => listGpuClusters(request, kind, locationOf(params), gpu),
        POST: (request, params, { gpu }) => createGpuCluster(request, kind, locationOf(params), gpu),
      },
    },
    {
      pattern: cluster,
      additions: {
        GET: (request, params, { gpu }) => getGpuCluster(request, kind, clusterOf(params), gpu),
        PATCH: (request, params, { gpu }) => patchGpuCluster(request, kind, clusterOf(params), gpu),
        DELETE: (request, params, { gpu }) => deleteGpuCluster(request, kind, clusterOf(params), gpu),
      },
    },
    {
      pattern: [...cluster, 'action'],
      additions: { POST: (request, params, { gpu }) => gpuClusterAction(request, kind, clusterOf(params), gpu) },
    },
    {
      pattern: [...cluster, 'servers'],
      additions: { GET: (request, params, { gpu }) => listGpuServers(request, kind, clusterOf(params), gpu) },
    },
    { pattern: [...v3, 'images'], additions: { GET: (request, params) => listGpuImages(request, kind, locationOf(params)) } },
    {
      pattern: [...v3, 'check_limits'],
      additions: { POST: (request, params, { gpu }) => checkGpuLimits(request, kind, locationOf(params), gpu) },
    },
    {
      pattern: pricing,
      additions: { POST: (request, params, { gpu }) => previewGpuClusterPrice(request, kind, locationOf(params), gpu) },
    },
    {
      pattern: [...pricing, ':clusterId'],
      additions: { GET: (request, params, { gpu }) => gpuClusterCost(request, kind, clusterOf(params), gpu) },
    },
    {
      pattern: [...pricing, ':clusterId', 'servers', ':serverId'],
      additions: {
        GET: (request, params, { gpu }) => gpuServerCost(request, kind, { ...clusterOf(params), serverId: params.serverId }, gpu),
      },
    },
  ];
}

function locationOf(params: Record<string, string>): { projectId: string; regionId: string } {
  return { projectId: params.projectId, regionId: params.regionId };
}

function clusterOf(params: Record<string, string>): { projectId: string; regionId: string; clusterId: string } {
  return { projectId: params.projectId, regionId: params.regionId, clusterId: params.clusterId };
}

const VIRTUAL_CLUSTER = ['cloud', 'v3', 'gpu', 'virtual', ':projectId', ':regionId', 'clusters', ':clusterId'];

/**
 * Every GPU endpoint beyond the virtual flavor list: additions all, so a core-only server answers them 404
 * (docs/gcore-api.md#missing-endpoints). Bare metal's resize, node deletion and interfaces are on v1 paths
 * (docs: gpu-notes.md §2.11); it has no volumes.
 */
export const GPU_ROUTES: readonly Route[] = [
  ...GPU_KINDS.flatMap(kindRoutes),
  {
    pattern: [...VIRTUAL_CLUSTER, 'servers', ':serverId'],
    additions: { DELETE: (request, params, { gpu }) => deleteGpuServer(request, { ...clusterOf(params), serverId: params.serverId }, gpu) },
  },
  {
    pattern: [...VIRTUAL_CLUSTER, 'interfaces'],
    additions: { GET: (request, params, { gpu }) => listGpuInterfaces(request, 'virtual', clusterOf(params), gpu) },
  },
  {
    pattern: [...VIRTUAL_CLUSTER, 'volumes'],
    additions: { GET: (request, params, { gpu }) => listGpuVolumes(request, clusterOf(params), gpu) },
  },
  {
    pattern: ['cloud', 'v3', 'gpu', 'baremetal', ':projectId', ':regionId', 'flavors'],
    additions: {
      GET: (request, { projectId, regionId }, { gpu }) =>
        listGpuFlavors(request, { projectId, regionId }, gpu.catalogues.baremetal, (location) => gpu.clusters.settleIfSeeded(location)),
    },
  },
  {
    pattern: ['cloud', 'v1', 'ai', 'clusters', 'gpu', ':projectId', ':regionId', ':clusterId', 'resize'],
    additions: { POST: (request, params, { gpu }) => resizeBaremetalCluster(request, clusterOf(params), gpu) },
  },
  {
    pattern: ['cloud', 'v1', 'ai', 'clusters', 'gpu', ':projectId', ':regionId', ':clusterId', 'node', ':serverId'],
    additions: {
      DELETE: (request, params, { gpu }) => deleteBaremetalNode(request, { ...clusterOf(params), serverId: params.serverId }, gpu),
    },
  },
  {
    pattern: ['cloud', 'v1', 'ai', 'clusters', ':projectId', ':regionId', ':clusterId', 'interfaces'],
    additions: { GET: (request, params, { gpu }) => listGpuInterfaces(request, 'baremetal', clusterOf(params), gpu) },
  },
  {
    pattern: ['cloud', 'v1', 'tasks', ':projectId', ':regionId', 'active'],
    additions: {
      GET: (request, { projectId, regionId }, { gpu }) =>
        listActiveTasks(request, { projectId, regionId }, gpu.tasks, (location) => gpu.clusters.all(location)),
    },
  },
  {
    pattern: ['cloud', 'v1', 'ssh_keys', ':projectId'],
    additions: {
      GET: (request, { projectId }, { gpu }) => listSshKeys(request, projectId, gpu.sshKeys),
      POST: (request, { projectId }, { gpu }) => createSshKey(request, projectId, gpu.sshKeys),
    },
  },
  {
    pattern: ['cloud', 'v1', 'ssh_keys', ':projectId', ':keyId'],
    additions: {
      GET: (request, { projectId, keyId }, { gpu }) => getSshKey(request, { projectId, keyId }, gpu.sshKeys),
      PATCH: (request, { projectId, keyId }, { gpu }) => shareSshKey(request, { projectId, keyId }, gpu.sshKeys),
      DELETE: (request, { projectId, keyId }, { gpu }) => deleteSshKey(request, { projectId, keyId }, gpu.sshKeys),
    },
  },
];
