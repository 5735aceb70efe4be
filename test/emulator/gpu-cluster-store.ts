import type { CloudLocation } from './cloud-location';
import type { GpuKind } from './gpu-kind';
import type { GpuServerRecord, InterfaceTemplate, VolumeTemplate } from './gpu-servers';
import type { GpuTaskChange } from './gpu-tasks';

/** Where a cluster rests when no task moves it; the transitional statuses come from its task. */
export type GpuRestStatus = 'active' | 'shutoff' | 'error' | 'degraded';

/** What the create asked of every server (`servers_settings`). */
export interface GpuClusterSettings {
  interfaces: InterfaceTemplate[];
  /** Empty for bare metal, which has local disks only. */
  volumes: VolumeTemplate[];
  sshKeyName: string | null;
  userData: string | null;
  fileShares: Record<string, unknown>[];
}

/** The resources a deletion leaves in the location (kept volumes and floating IPs keep costing). */
export interface KeptResources {
  volumes: { id: string; name: string; size: number; type: string }[];
  floatingIps: { id: string; address: string }[];
}

/** The task under way on a cluster and what it changes when it ends. */
export interface PendingGpuChange {
  taskId: string;
  change: GpuTaskChange;
  /** A resize's servers count once it ends. */
  serversCount?: number;
  /** The server a server deletion removes. */
  serverId?: string;
  /** What a deletion (of the cluster or of a server) leaves behind. */
  kept?: KeptResources;
}

export interface GpuClusterRecord {
  id: string;
  kind: GpuKind;
  projectId: number;
  regionId: number;
  name: string;
  flavor: string;
  /** Bare metal's `image_id`; for a virtual cluster, its boot volume's image. */
  imageId: string | null;
  managedBy: 'user' | 'k8s';
  tags: Record<string, string>;
  createdAt: string;
  updatedAt: string | null;
  settings: GpuClusterSettings;
  servers: GpuServerRecord[];
  /** The number the next server's name ends with. */
  nextServerIndex: number;
  status: GpuRestStatus;
  /** Whether its servers hold the flavor's capacity (a shelved virtual cluster gave it back). */
  holdsCapacity: boolean;
  pending?: PendingGpuChange;
}

/** Ends a cluster's task if its time has come: whether that removed the cluster, and what a deletion left behind. */
export type SettleCluster = (record: GpuClusterRecord) => { removed: boolean; kept?: KeptResources };

/**
 * The GPU clusters of each location, both kinds, in creation order. A location's seeded clusters appear on
 * its first use; every read first ends the tasks whose time has come, so a cluster is always where its
 * tasks have taken it, however long nobody asked.
 */
export class GpuClusterStore {
  private readonly locations = new Map<string, GpuClusterRecord[]>();
  private readonly kept = new Map<string, KeptResources>();

  constructor(
    private readonly seed: (location: CloudLocation) => GpuClusterRecord[],
    private readonly settle: SettleCluster,
  ) {}

  /** The location's clusters of the kind, after settling their tasks. */
  clusters(location: CloudLocation, kind: GpuKind): GpuClusterRecord[] {
    return this.settled(location).filter((record) => record.kind === kind);
  }

  find(location: CloudLocation, kind: GpuKind, id: string): GpuClusterRecord | undefined {
    return this.clusters(location, kind).find((record) => record.id === id);
  }

  /** Every cluster of the location, both kinds (quotas count them all). */
  all(location: CloudLocation): GpuClusterRecord[] {
    return this.settled(location);
  }

  /** Ends the due tasks of a location already in use (without seeding one that is not): flavor capacity follows them. */
  settleIfSeeded(location: CloudLocation): void {
    if (this.locations.has(keyOf(location))) this.settled(location);
  }

  add(record: GpuClusterRecord): void {
    this.settled({ projectId: record.projectId, regionId: record.regionId }).push(record);
  }

  /** What deletions at the location left behind. */
  keptAt(location: CloudLocation): KeptResources {
    this.settled(location);
    const kept = this.kept.get(keyOf(location));
    return kept ? structuredClone(kept) : { volumes: [], floatingIps: [] };
  }

  reset(): void {
    this.locations.clear();
    this.kept.clear();
  }

  private settled(location: CloudLocation): GpuClusterRecord[] {
    const key = keyOf(location);
    let records = this.locations.get(key);
    if (!records) {
      records = this.seed(location);
      this.locations.set(key, records);
    }
    for (const record of [...records]) {
      const { removed, kept } = this.settle(record);
      if (kept) this.keep(key, kept);
      if (removed) records.splice(records.indexOf(record), 1);
    }
    return records;
  }

  private keep(key: string, resources: KeptResources): void {
    const kept = this.kept.get(key) ?? { volumes: [], floatingIps: [] };
    kept.volumes.push(...resources.volumes);
    kept.floatingIps.push(...resources.floatingIps);
    this.kept.set(key, kept);
  }
}

function keyOf(location: CloudLocation): string {
  return `${location.projectId}/${location.regionId}`;
}
