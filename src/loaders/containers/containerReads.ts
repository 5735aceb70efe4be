import type { GcoreClient, ProjectRegionRef } from '../../api';
import type { ContainerFlavorList, ContainerList } from '../../api/containers/containerTypes';
import type { CloudList } from '../../api/types';
import type { PullSecret } from '../../api/containers/containerTypes';
import { projectRegionKey } from '../../core/projectRegion';
import type { ConcurrencyLimit } from '../concurrencyLimit';
import { KeyedLoader, type Loaded } from '../keyedLoader';

/** How long a container list just shown is reused by the prompts instead of being read again. */
export const CONTAINER_LIST_REUSE_MS = 30_000;

/** One location's key, or the prefix of every location's. */
function locationKey(ref?: ProjectRegionRef): string {
  return ref ? `${projectRegionKey(ref)}|` : '';
}

/**
 * The containers, container sizes and pull secrets of each project and region, loaded when a row or a
 * prompt asks and remembered until a Refresh or a change made here.
 */
export class ContainerReads {
  private readonly containerLists: KeyedLoader<ContainerList>;
  private readonly sizes: KeyedLoader<ContainerFlavorList>;
  private readonly secretLists: KeyedLoader<CloudList<PullSecret>>;

  constructor(
    private readonly client: Pick<GcoreClient, 'containers' | 'pullSecrets'>,
    limit: ConcurrencyLimit,
  ) {
    this.containerLists = new KeyedLoader(limit);
    this.sizes = new KeyedLoader(limit);
    this.secretLists = new KeyedLoader(limit);
  }

  /** `maxAgeMs`: how old a remembered list may be (prompts take the one just shown, not an old one). */
  containers(ref: ProjectRegionRef, maxAgeMs?: number): Promise<Loaded<ContainerList>> {
    return this.containerLists.load(locationKey(ref), (call) => this.client.containers.list(ref, call), maxAgeMs);
  }

  containerSizes(ref: ProjectRegionRef): Promise<Loaded<ContainerFlavorList>> {
    return this.sizes.load(locationKey(ref), (call) => this.client.containers.flavors(ref, call));
  }

  /** The pull secrets of a location; asked when its Pull Secrets row is expanded or a prompt offers them. */
  pullSecrets(ref: ProjectRegionRef, maxAgeMs?: number): Promise<Loaded<CloudList<PullSecret>>> {
    return this.secretLists.load(locationKey(ref), (call) => this.client.pullSecrets.list(ref, call), maxAgeMs);
  }

  /** After a change made here, or a Refresh: one location's containers, or all. */
  invalidateContainers(ref?: ProjectRegionRef): void {
    this.containerLists.invalidate(locationKey(ref));
  }

  /** After a pull secret changed here, or a Refresh: one location's secrets, or all. */
  invalidatePullSecrets(ref?: ProjectRegionRef): void {
    this.secretLists.invalidate(locationKey(ref));
  }

  /** Everything, the sizes too. */
  invalidate(): void {
    this.containerLists.invalidate();
    this.sizes.invalidate();
    this.secretLists.invalidate();
  }
}
