import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { CallOptions } from '../callOptions';
import { asObject, unexpected } from '../decode';
import { decodeGpuCluster, decodeGpuImage, decodeGpuInterface, decodeGpuServer, decodeGpuVolume } from './decodeGpuItems';
import { decodeTask } from '../decodeItems';
import type { RequestPipeline } from '../http/requestPipeline';
import { withPublicAddresses } from './gpuServerAddresses';
import { CLOUD_LIST, fetchList, readListPage, type PagedListMessages } from '../paging';
import { decodeTaskAnswer } from '../taskAnswer';
import type {
  GpuCluster,
  GpuClusterAction,
  GpuClusterCost,
  GpuClusterRef,
  GpuDeleteOptions,
  GpuImage,
  GpuInterface,
  GpuLocationRef,
  GpuPrice,
  GpuQuotaCheck,
  GpuServer,
  GpuVolume,
} from './gpuClusterTypes';
import type { CloudList, ContainerUpdateResult, Task } from '../types';

/**
 * The largest page the cluster, server and image lists give. Clusters, servers and SSH keys come 10 to a
 * page unless asked for more; a server that keeps to its own page size is still walked page by page.
 */
const GPU_PAGE_LIMIT = 1000;

/** Gcore's active task list says it gives at most 100 a page, whatever its schema allows. */
const ACTIVE_TASK_PAGE_LIMIT = 100;

function listMessages(notAnObject: () => string, noItems: (field: string) => string, what: (total: number, max: number) => string) {
  return { notAnObject, noItems, tooMany: what } satisfies PagedListMessages;
}

const CLUSTER_LIST = listMessages(
  () => l10n.t('the GPU cluster list is not an object'),
  (field) => l10n.t('the GPU cluster list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} GPU clusters, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const SERVER_LIST = listMessages(
  () => l10n.t('the GPU server list is not an object'),
  (field) => l10n.t('the GPU server list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} GPU servers, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const INTERFACE_LIST = listMessages(
  () => l10n.t('the GPU cluster interface list is not an object'),
  (field) => l10n.t('the GPU cluster interface list has no {0} array', field),
  (total, max) =>
    l10n.t(
      'The Gcore API reports {0} GPU cluster interfaces, more than the {1} this extension lists at once; nothing was loaded.',
      total,
      max,
    ),
);

const VOLUME_LIST = listMessages(
  () => l10n.t('the GPU cluster volume list is not an object'),
  (field) => l10n.t('the GPU cluster volume list has no {0} array', field),
  (total, max) =>
    l10n.t(
      'The Gcore API reports {0} GPU cluster volumes, more than the {1} this extension lists at once; nothing was loaded.',
      total,
      max,
    ),
);

const IMAGE_LIST = listMessages(
  () => l10n.t('the GPU image list is not an object'),
  (field) => l10n.t('the GPU image list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} GPU images, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const ACTIVE_TASK_LIST = listMessages(
  () => l10n.t('the active task list is not an object'),
  (field) => l10n.t('the active task list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} active tasks, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

function gpuSegments(ref: GpuLocationRef, ...rest: string[]): (string | number)[] {
  return ['cloud', 'v3', 'gpu', ref.kind, ref.projectId, ref.regionId, ...rest];
}

/** Bare metal's resize, node delete and interfaces live under the v1 AI cluster paths (docs/gcore-api.md, "GPU clusters"). */
function baremetalV1Segments(ref: GpuClusterRef, ...rest: string[]): (string | number)[] {
  return ['cloud', 'v1', 'ai', 'clusters', 'gpu', ref.projectId, ref.regionId, ref.clusterId, ...rest];
}

function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** Virtual and bare-metal GPU clusters (`/cloud/v3/gpu/{virtual|baremetal}/…`), their servers, images, quota and prices. */
export class GpuClustersClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Every cluster of a location. Bare metal lists Kubernetes node pools only when asked, so both owners are asked for. */
  async list(ref: GpuLocationRef, options: CallOptions = {}): Promise<CloudList<GpuCluster>> {
    return this.cloudList(CLUSTER_LIST, gpuSegments(ref, 'clusters'), decodeGpuCluster, options, {
      managed_by: ref.kind === 'baremetal' ? ['user', 'k8s'] : undefined,
    });
  }

  /** One cluster; an unknown id answers 404 (kind notFound). */
  async get(ref: GpuClusterRef, options: CallOptions = {}): Promise<GpuCluster> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: gpuSegments(ref, 'clusters', ref.clusterId),
      signal: options.signal,
      gate: options.gate,
    });
    const cluster = decodeGpuCluster(asObject(response.body, () => l10n.t('the GPU cluster is not an object')));
    if (!cluster) throw unexpected(l10n.t('the GPU cluster has no id'));
    return cluster;
  }

  /**
   * Changes the cluster's tags as a JSON Merge Patch (`null` removes one; tags not named stay): synchronous,
   * answered with the cluster. Sending the same patch twice does what sending it once does.
   */
  async patchTags(ref: GpuClusterRef, tags: Record<string, string | null>, options: CallOptions = {}): Promise<GpuCluster> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: gpuSegments(ref, 'clusters', ref.clusterId),
      body: { tags },
      idempotent: true,
      signal: options.signal,
      onWait: options.onWait,
    });
    const cluster = decodeGpuCluster(asObject(response.body, () => l10n.t('the GPU cluster is not an object')));
    if (!cluster) throw unexpected(l10n.t('the GPU cluster has no id'));
    return cluster;
  }

  /** Every server of a cluster, as Gcore lists them (no public address: see serversWithAddresses). */
  async servers(ref: GpuClusterRef, options: CallOptions = {}): Promise<CloudList<GpuServer>> {
    return this.cloudList(SERVER_LIST, gpuSegments(ref, 'clusters', ref.clusterId, 'servers'), decodeGpuServer, options);
  }

  /**
   * The cluster's ports. Virtual clusters list them under the v3 path; bare-metal ones only under the v1 AI
   * cluster path, which is not paged.
   */
  async interfaces(ref: GpuClusterRef, options: CallOptions = {}): Promise<GpuInterface[]> {
    if (ref.kind === 'virtual') {
      return (
        await this.cloudList(
          INTERFACE_LIST,
          gpuSegments(ref, 'clusters', ref.clusterId, 'interfaces'),
          decodeGpuInterface,
          options,
          {},
          keyOfPort,
        )
      ).results;
    }
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'ai', 'clusters', ref.projectId, ref.regionId, ref.clusterId, 'interfaces'],
      signal: options.signal,
      gate: options.gate,
    });
    const { entries } = readListPage(response.body, CLOUD_LIST, INTERFACE_LIST);
    return entries.map(decodeGpuInterface).filter((port): port is GpuInterface => port !== undefined);
  }

  /** The servers, each with its public address (`public_ip`) when it has one: the two lists read at once. */
  async serversWithAddresses(ref: GpuClusterRef, options: CallOptions = {}): Promise<CloudList<GpuServer>> {
    const [servers, interfaces] = await Promise.all([this.servers(ref, options), this.interfaces(ref, options)]);
    return { ...servers, results: withPublicAddresses(servers.results, interfaces) };
  }

  /** A virtual cluster's volumes (bare metal has local disks only). */
  async volumes(ref: GpuClusterRef, options: CallOptions = {}): Promise<CloudList<GpuVolume>> {
    return this.cloudList(VOLUME_LIST, gpuSegments(ref, 'clusters', ref.clusterId, 'volumes'), decodeGpuVolume, options);
  }

  /** The images a location offers the product. */
  async images(ref: GpuLocationRef, options: CallOptions = {}): Promise<CloudList<GpuImage>> {
    return this.cloudList(IMAGE_LIST, gpuSegments(ref, 'images'), decodeGpuImage, options);
  }

  /** Start, stop, soft or hard reboot: exactly `{"action": …}`. Never sent twice on its own (a POST). */
  async action(ref: GpuClusterRef, action: GpuClusterAction, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    return this.taskWrite('POST', gpuSegments(ref, 'clusters', ref.clusterId, 'action'), { action }, {}, options);
  }

  /** A new server count: virtual clusters through the `resize` action, bare-metal ones through the v1 resize. */
  async resize(ref: GpuClusterRef, serversCount: number, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    return ref.kind === 'virtual'
      ? this.taskWrite(
          'POST',
          gpuSegments(ref, 'clusters', ref.clusterId, 'action'),
          { action: 'resize', servers_count: serversCount },
          {},
          options,
        )
      : this.taskWrite('POST', baremetalV1Segments(ref, 'resize'), { instances_count: serversCount }, {}, options);
  }

  /** Deletes the cluster; what it leaves behind is kept unless a flag says otherwise (bare metal has no volume flag). */
  async deleteCluster(ref: GpuClusterRef, leftovers: GpuDeleteOptions = {}, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    return this.taskWrite(
      'DELETE',
      gpuSegments(ref, 'clusters', ref.clusterId),
      undefined,
      {
        all_volumes: ref.kind === 'virtual' ? flag(leftovers.deleteVolumes) : undefined,
        all_floating_ips: flag(leftovers.deleteFloatingIps),
      },
      options,
    );
  }

  /** Deletes one server; Gcore deletes the cluster with its last one. Bare metal deletes a node through the v1 path. */
  async deleteServer(
    ref: GpuClusterRef,
    serverId: string,
    leftovers: GpuDeleteOptions = {},
    options: CallOptions = {},
  ): Promise<ContainerUpdateResult> {
    return ref.kind === 'virtual'
      ? this.taskWrite(
          'DELETE',
          gpuSegments(ref, 'clusters', ref.clusterId, 'servers', serverId),
          undefined,
          { all_volumes: flag(leftovers.deleteVolumes), all_floating_ips: flag(leftovers.deleteFloatingIps) },
          options,
        )
      : this.taskWrite(
          'DELETE',
          baremetalV1Segments(ref, 'node', serverId),
          undefined,
          { delete_floatings: flag(leftovers.deleteFloatingIps) },
          options,
        );
  }

  /**
   * Creates a cluster from a create payload (wire field names, already validated). Never sent twice on its
   * own: a lost answer may still have created a cluster billed by the hour.
   */
  async create(ref: GpuLocationRef, cluster: object, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    return this.taskWrite('POST', gpuSegments(ref, 'clusters'), cluster, {}, options);
  }

  /** What a create or resize would take of the quota: each quota it would exceed, or nothing when it fits. */
  async checkLimits(ref: GpuLocationRef, request: object, options: CallOptions = {}): Promise<GpuQuotaCheck> {
    const response = await this.pipeline.send({
      method: 'POST',
      segments: gpuSegments(ref, 'check_limits'),
      body: request,
      signal: options.signal,
    });
    return response.body === undefined ? {} : asObject(response.body, () => l10n.t('the quota check is not an object'));
  }

  /** The price of a cluster as it would be created (the pricing body, not the create body). */
  async pricePreview(ref: GpuLocationRef, request: object, options: CallOptions = {}): Promise<GpuPrice> {
    const response = await this.pipeline.send({
      method: 'POST',
      segments: ['cloud', 'v2', 'pricing', ref.projectId, ref.regionId, 'gpu', ref.kind, 'clusters'],
      body: request,
      signal: options.signal,
    });
    return asObject(response.body, () => l10n.t('the price answer is not an object')) as GpuPrice;
  }

  /** What a running cluster costs. */
  async price(ref: GpuClusterRef, options: CallOptions = {}): Promise<GpuClusterCost> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v2', 'pricing', ref.projectId, ref.regionId, 'gpu', ref.kind, 'clusters', ref.clusterId],
      signal: options.signal,
      gate: options.gate,
    });
    return asObject(response.body, () => l10n.t('the price answer is not an object')) as GpuClusterCost;
  }

  /**
   * The volume types the region offers (`available_volume_types` of its region, asked with `show_volume_types`;
   * docs/gcore-api.md, "GPU clusters"): undefined when the answer does not say.
   */
  async regionVolumeTypes(ref: ProjectRegionRef, options: CallOptions = {}): Promise<string[] | undefined> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'regions', ref.regionId],
      query: { show_volume_types: 'true' },
      signal: options.signal,
      gate: options.gate,
    });
    const types = asObject(response.body, () => l10n.t('the region is not an object')).available_volume_types;
    return Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string' && type !== '') : undefined;
  }

  /** The location's tasks still running (`NEW` or `RUNNING`), whoever started them: the portal's changes too. */
  async activeTasks(ref: ProjectRegionRef, taskTypes: readonly string[] = [], options: CallOptions = {}): Promise<CloudList<Task>> {
    const { body, items, gaps } = await fetchList({
      messages: ACTIVE_TASK_LIST,
      shape: CLOUD_LIST,
      pageLimit: ACTIVE_TASK_PAGE_LIMIT,
      keyOf: (task) => task.id,
      decodeItem: decodeTask,
      pipeline: this.pipeline,
      segments: ['cloud', 'v1', 'tasks', ref.projectId, ref.regionId, 'active'],
      query: { task_type: taskTypes.length > 0 ? taskTypes : undefined },
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }

  private async taskWrite(
    method: 'POST' | 'DELETE',
    segments: (string | number)[],
    body: object | undefined,
    query: Record<string, string | undefined>,
    options: CallOptions,
  ): Promise<ContainerUpdateResult> {
    const response = await this.pipeline.send({ method, segments, body, query, signal: options.signal, onWait: options.onWait });
    return decodeTaskAnswer(response.body, () => l10n.t('the answer to the GPU cluster change is not an object'));
  }

  private async cloudList<T>(
    messages: PagedListMessages,
    segments: readonly (string | number)[],
    decodeItem: (entry: unknown) => T | undefined,
    options: CallOptions,
    query: Record<string, string | readonly string[] | undefined> = {},
    keyOf: (item: T) => string = (item) => (item as { id: string }).id,
  ): Promise<CloudList<T>> {
    const { body, items, gaps } = await fetchList({
      messages,
      shape: CLOUD_LIST,
      pageLimit: GPU_PAGE_LIMIT,
      keyOf,
      decodeItem,
      pipeline: this.pipeline,
      segments,
      query,
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }
}

/** Ports have no id of their own in every answer: what tells two apart. */
function keyOfPort(port: GpuInterface): string {
  return port.port_id ?? JSON.stringify(port);
}
