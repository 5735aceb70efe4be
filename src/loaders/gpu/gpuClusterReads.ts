import type { GcoreClient, ProjectRegionRef } from '../../api';
import type {
  GpuCluster,
  GpuClusterCost,
  GpuClusterRef,
  GpuImage,
  GpuKind,
  GpuLocationRef,
  GpuServer,
} from '../../api/gpu/gpuClusterTypes';
import type { CloudList, Task } from '../../api/types';
import { projectRegionKey } from '../../core/projectRegion';
import { clusterStatus, GPU_CLUSTER_TASK_TYPES } from '../../models/gpu/gpuCluster';
import { ConcurrencyLimit } from '../concurrencyLimit';
import { KeyedLoader, type Loaded } from '../keyedLoader';

/** A location's clusters of both kinds, each list loaded or failed on its own, and the GPU tasks running there. */
export interface LocationClusters {
  virtual: Loaded<CloudList<GpuCluster>>;
  baremetal: Loaded<CloudList<GpuCluster>>;
  /** The location's active GPU cluster tasks, whoever started them; failed: nothing is known to run. */
  tasks: Loaded<CloudList<Task>>;
}

/** Prices are read after the rows they belong to are shown, this many at a time, beside the lists' own slots. */
export const MAX_CONCURRENT_PRICE_READS = 4;

function locationKey(ref?: ProjectRegionRef): string {
  return ref ? `${projectRegionKey(ref)}|` : '';
}

/**
 * A cluster's price, by what changes it: its flavor, its servers count and whether it is stopped (a shelved
 * virtual cluster's servers are not billed). A status on the way (creating, rebooting, resizing) is not
 * stopped, so a moving cluster's next read asks for no price until one of those changes.
 */
function priceKey(ref: GpuClusterRef, cluster: GpuCluster): string {
  const stopped = clusterStatus(cluster) === 'shutoff' ? 'stopped' : 'on';
  return `${locationKey(ref)}${ref.kind}|${ref.clusterId}|${String(cluster.flavor)}|${String(cluster.servers_count)}|${stopped}`;
}

/**
 * The GPU clusters of each location (one list per kind, so that a kind can be read again alone), the GPU
 * tasks running there, each cluster's servers with their public addresses, the images they were made from and
 * what each cluster costs: loaded when a row asks, remembered until a Refresh, a poll of a moving cluster (not the
 * prices: they follow the cluster's flavor, size and stop) or a change made here.
 */
export class GpuClusterReads {
  private readonly lists: KeyedLoader<CloudList<GpuCluster>>;
  private readonly tasks: KeyedLoader<CloudList<Task>>;
  private readonly serverLists: KeyedLoader<CloudList<GpuServer>>;
  private readonly images: KeyedLoader<CloudList<GpuImage>>;
  private readonly prices = new KeyedLoader<GpuClusterCost>(new ConcurrencyLimit(MAX_CONCURRENT_PRICE_READS));

  /**
   * @param listed told of every list read (the ids it holds, and when its request began), by which the SSH entries of
   * clusters deleted elsewhere go
   */
  constructor(
    private readonly client: Pick<GcoreClient, 'gpuClusters'>,
    limit: ConcurrencyLimit,
    private readonly listed?: (ref: GpuLocationRef, clusterIds: readonly string[], since: number) => void,
  ) {
    this.lists = new KeyedLoader(limit);
    this.tasks = new KeyedLoader(limit);
    this.serverLists = new KeyedLoader(limit);
    this.images = new KeyedLoader(limit);
  }

  /** Both kinds' clusters and the location's GPU tasks, read at once. */
  async clusters(ref: ProjectRegionRef): Promise<LocationClusters> {
    const [virtual, baremetal, tasks] = await Promise.all([
      this.clustersOf({ ...ref, kind: 'virtual' }),
      this.clustersOf({ ...ref, kind: 'baremetal' }),
      this.tasks.load(locationKey(ref), (call) => this.client.gpuClusters.activeTasks(ref, GPU_CLUSTER_TASK_TYPES, call)),
    ]);
    return { virtual, baremetal, tasks };
  }

  clustersOf(ref: GpuLocationRef): Promise<Loaded<CloudList<GpuCluster>>> {
    return this.lists.load(`${locationKey(ref)}${ref.kind}`, async (call) => {
      const since = Date.now();
      const list = await this.client.gpuClusters.list(ref, call);
      this.listed?.(
        ref,
        list.results.map((cluster) => cluster.id),
        since,
      );
      return list;
    });
  }

  /** A cluster's servers, each with its public address when it has one. */
  servers(ref: GpuClusterRef): Promise<Loaded<CloudList<GpuServer>>> {
    return this.serverLists.load(`${locationKey(ref)}${ref.kind}|${ref.clusterId}`, (call) =>
      this.client.gpuClusters.serversWithAddresses(ref, call),
    );
  }

  /** The images a location offers a kind: what a server's hover names its image by. */
  imagesOf(ref: GpuLocationRef): Promise<Loaded<CloudList<GpuImage>>> {
    return this.images.load(`${locationKey(ref)}${ref.kind}`, (call) => this.client.gpuClusters.images(ref, call));
  }

  /** What the cluster costs now: read once for its flavor, servers count and stop, until its location is read again. */
  price(ref: GpuClusterRef, cluster: GpuCluster): Promise<Loaded<GpuClusterCost>> {
    return this.prices.load(priceKey(ref, cluster), (call) => this.client.gpuClusters.price(ref, call));
  }

  /** What the cluster's price read settled to, failures too, without reading it. */
  settledPrice(ref: GpuClusterRef, cluster: GpuCluster): Loaded<GpuClusterCost> | undefined {
    return this.prices.settledResult(priceKey(ref, cluster));
  }

  /**
   * The lists of some kinds of a location read again on next use (a poll of moving clusters), with its tasks
   * when `tasks`; every kind, the tasks, the servers and the prices without `kinds`, or all locations' without `ref`.
   */
  invalidateClusters(ref?: ProjectRegionRef, kinds?: readonly GpuKind[], tasks = true): void {
    const prefix = locationKey(ref);
    if (kinds && ref) for (const kind of kinds) this.lists.invalidate(`${prefix}${kind}`);
    else {
      this.lists.invalidate(prefix);
      this.serverLists.invalidate(prefix);
      this.prices.invalidate(prefix);
    }
    if (tasks) this.tasks.invalidate(prefix);
  }

  /** One cluster's servers. */
  invalidateServers(ref: GpuClusterRef): void {
    this.serverLists.invalidate(`${locationKey(ref)}${ref.kind}|${ref.clusterId}`);
  }

  invalidate(): void {
    this.lists.invalidate();
    this.tasks.invalidate();
    this.serverLists.invalidate();
    this.images.invalidate();
    this.prices.invalidate();
  }
}
