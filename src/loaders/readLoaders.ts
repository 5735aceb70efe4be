import type { ContainerFlavorList, ContainerList, DnsZoneList, GcoreClient, ProjectRegionRef } from '../api';
import type { RegionProduct } from '../api/accountClient';
import type { Account, CloudList, DnssecState, Project, PullSecret, RecordSetList, Region } from '../api/types';
import { projectRegionKey } from '../core/projectRegion';
import { ConcurrencyLimit } from './concurrencyLimit';
import { KeyedLoader, type Loaded } from './keyedLoader';

/** Reads in flight at once across every list of this kind; the flavors have their own six. */
const MAX_CONCURRENT_READS = 6;

/** How long a container list just shown is reused by the prompts instead of being read again. */
export const CONTAINER_LIST_REUSE_MS = 30_000;

/**
 * What exists at Gcore, loaded on demand and remembered until a refresh or a change made here: the
 * containers and container sizes of each project and region, the account's zones, projects and regions,
 * and the account itself. Every load resolves to a value or a failure, never rejects.
 */
export class ReadLoaders {
  private readonly limit = new ConcurrencyLimit(MAX_CONCURRENT_READS);
  private readonly containerLists = new KeyedLoader<ContainerList>(this.limit);
  private readonly sizes = new KeyedLoader<ContainerFlavorList>(this.limit);
  private readonly secretLists = new KeyedLoader<CloudList<PullSecret>>(this.limit);
  private readonly zoneLists = new KeyedLoader<DnsZoneList>(this.limit);
  private readonly projectLists = new KeyedLoader<CloudList<Project>>(this.limit);
  private readonly regionLists = new KeyedLoader<CloudList<Region>>(this.limit);
  private readonly accounts = new KeyedLoader<Account>(this.limit);
  private readonly dsRecords = new KeyedLoader<DnssecState>(this.limit);
  private readonly recordSets = new KeyedLoader<RecordSetList>(this.limit);

  constructor(private readonly client: Pick<GcoreClient, 'containers' | 'pullSecrets' | 'dns' | 'account'>) {}

  /** `maxAgeMs`: how old a remembered list may be (prompts take the one just shown, not an old one). */
  containers(ref: ProjectRegionRef, maxAgeMs?: number): Promise<Loaded<ContainerList>> {
    return this.containerLists.load(`${projectRegionKey(ref)}|`, (call) => this.client.containers.list(ref, call), maxAgeMs);
  }

  containerSizes(ref: ProjectRegionRef): Promise<Loaded<ContainerFlavorList>> {
    return this.sizes.load(`${projectRegionKey(ref)}|`, (call) => this.client.containers.flavors(ref, call));
  }

  /** The pull secrets of a location; asked when its Pull Secrets row is expanded or a prompt offers them. */
  pullSecrets(ref: ProjectRegionRef, maxAgeMs?: number): Promise<Loaded<CloudList<PullSecret>>> {
    return this.secretLists.load(`${projectRegionKey(ref)}|`, (call) => this.client.pullSecrets.list(ref, call), maxAgeMs);
  }

  zones(): Promise<Loaded<DnsZoneList>> {
    return this.zoneLists.load('zones', (call) => this.client.dns.listZones(call));
  }

  projects(): Promise<Loaded<CloudList<Project>>> {
    return this.projectLists.load('projects', (call) => this.client.account.listProjects(call));
  }

  regions(product: RegionProduct | undefined): Promise<Loaded<CloudList<Region>>> {
    return this.regionLists.load(product ?? 'all', (call) => this.client.account.listRegions(product, call));
  }

  /** The DS record of a zone whose DNSSEC is on; asked when its row is expanded, not before. */
  dnssec(zoneName: string): Promise<Loaded<DnssecState>> {
    return this.dsRecords.load(zoneName, (call) => this.client.dns.getDnssec(zoneName, call));
  }

  /** Every record set of a zone (one request with `all=true`); asked when its row is expanded. */
  records(zoneName: string): Promise<Loaded<RecordSetList>> {
    return this.recordSets.load(`${zoneName}|`, (call) => this.client.dns.listRecords(zoneName, call));
  }

  account(): Promise<Loaded<Account>> {
    return this.accounts.load('me', (call) => this.client.account.me(call));
  }

  /** The account, if it was read already: for answers that must not send a request (the Accounts menu). */
  loadedAccount(): Account | undefined {
    return this.accounts.loaded('me');
  }

  /** After a change made here, or a Refresh: one location's containers, or all. */
  invalidateContainers(ref?: ProjectRegionRef): void {
    this.containerLists.invalidate(ref ? `${projectRegionKey(ref)}|` : '');
  }

  /** After a pull secret changed here, or a Refresh: one location's secrets, or all. */
  invalidatePullSecrets(ref?: ProjectRegionRef): void {
    this.secretLists.invalidate(ref ? `${projectRegionKey(ref)}|` : '');
  }

  invalidateZones(): void {
    this.zoneLists.invalidate();
    this.dsRecords.invalidate();
    this.recordSets.invalidate();
  }

  /** After a record set of the zone changed here: its sets and the account's counts are read again. */
  invalidateRecords(zoneName: string): void {
    this.recordSets.invalidate(`${zoneName}|`);
    this.zoneLists.invalidate();
  }

  /** A new key, a new base URL: nothing loaded before still holds. */
  invalidateAll(): void {
    for (const loader of [
      this.containerLists,
      this.sizes,
      this.secretLists,
      this.zoneLists,
      this.projectLists,
      this.regionLists,
      this.accounts,
      this.dsRecords,
      this.recordSets,
    ]) {
      loader.invalidate();
    }
  }
}
