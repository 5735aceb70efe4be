import type { CloudLocation } from './cloud-location';
import { isoNow, startGpuChange } from './gpu-cluster-changes';
import type { GpuClusterRecord, GpuClusterSettings } from './gpu-cluster-store';
import { newestGpuImageId } from './gpu-images';
import type { GpuKind } from './gpu-kind';
import { makeServer, stableUuid } from './gpu-servers';
import type { GpuState } from './gpu-state';
import { SEEDED_CREATE_TIMINGS } from './gpu-tasks';
import { SEEDED_SSH_KEY_NAME } from './ssh-key-store';

interface ClusterSeed {
  kind: GpuKind;
  name: string;
  flavor: string;
  servers: number;
  /** `creating` starts a create task when the location is first used. */
  status: 'active' | 'shutoff' | 'creating';
  managedBy?: 'k8s';
  tags?: Record<string, string>;
  createdAt: string;
  settings: (location: CloudLocation) => Omit<GpuClusterSettings, 'sshKeyName' | 'userData' | 'fileShares'>;
}

const EXTERNAL = { type: 'external', ip_family: 'ipv4', name: 'pub_net' };

function bootVolume(size: number): GpuClusterSettings['volumes'][number] {
  return {
    source: 'image',
    image_id: newestGpuImageId('virtual'),
    name: 'boot-disk',
    size,
    type: 'ssd_hiiops',
    boot_index: 0,
    delete_on_termination: false,
  };
}

/**
 * Every location starts with these, so that each action can be tried: a running virtual cluster of two
 * servers, a shelved one reached through a floating IP (its server is private), one being created for half an
 * hour, a running bare-metal cluster of two, and a bare-metal pool that Managed Kubernetes owns (listed only
 * when `managed_by=k8s` is asked for). The flavors are in every region's default catalogue.
 */
const SEEDS: readonly ClusterSeed[] = [
  {
    kind: 'virtual',
    name: 'train-h100',
    flavor: 'g3-ai-24-232-1000-h100-80-1',
    servers: 2,
    status: 'active',
    tags: { env: 'production' },
    createdAt: '2026-06-17T18:52:19Z',
    settings: () => ({ interfaces: [EXTERNAL], volumes: [bootVolume(120)] }),
  },
  {
    kind: 'virtual',
    name: 'eval-l40s',
    flavor: 'g3-ai-32-192-1500-l40s-48-1',
    servers: 1,
    status: 'shutoff',
    createdAt: '2026-05-02T07:15:40Z',
    settings: (location) => ({
      interfaces: [
        {
          type: 'any_subnet',
          network_id: stableUuid(location.regionId, 'private-network'),
          floating_ip: { source: 'new' },
          name: 'private',
        },
      ],
      volumes: [
        bootVolume(120),
        { source: 'new', name: 'datasets', size: 500, type: 'standard', boot_index: 1, delete_on_termination: false },
      ],
    }),
  },
  {
    kind: 'virtual',
    name: 'finetune-h100x2',
    flavor: 'g3-ai-48-464-2000-h100-80-2',
    servers: 2,
    status: 'creating',
    createdAt: '',
    settings: () => ({ interfaces: [EXTERNAL], volumes: [bootVolume(200)] }),
  },
  {
    kind: 'baremetal',
    name: 'bm-h100-train',
    flavor: 'bm3-ai-1xlarge-h100-80-8',
    servers: 2,
    status: 'active',
    tags: { team: 'research' },
    createdAt: '2026-04-08T11:03:27Z',
    settings: () => ({ interfaces: [EXTERNAL], volumes: [] }),
  },
  {
    kind: 'baremetal',
    name: 'k8s-a100-pool',
    flavor: 'bm2-ai-1xlarge-a100-80-8',
    servers: 1,
    status: 'active',
    managedBy: 'k8s',
    createdAt: '2026-03-21T16:40:00Z',
    settings: () => ({ interfaces: [EXTERNAL], volumes: [] }),
  },
];

/** A cluster at rest with its servers, as a seed or a generated cluster starts. */
function restingCluster(location: CloudLocation, seed: ClusterSeed): GpuClusterRecord {
  const id = stableUuid(location.projectId, location.regionId, seed.kind, seed.name);
  const createdAt = seed.createdAt || isoNow();
  const { interfaces, volumes } = seed.settings(location);
  return {
    id,
    kind: seed.kind,
    ...location,
    name: seed.name,
    flavor: seed.flavor,
    imageId: newestGpuImageId(seed.kind),
    managedBy: seed.managedBy ?? 'user',
    tags: { ...seed.tags },
    createdAt,
    updatedAt: seed.createdAt ? createdAt : null,
    settings: { interfaces, volumes, sshKeyName: SEEDED_SSH_KEY_NAME, userData: null, fileShares: [] },
    servers: Array.from({ length: seed.servers }, (_, index) =>
      makeServer({ ...location, clusterId: id, clusterName: seed.name, index: index + 1, createdAt }, interfaces, volumes),
    ),
    nextServerIndex: seed.servers + 1,
    status: seed.status === 'shutoff' ? 'shutoff' : 'active',
    holdsCapacity: !(seed.kind === 'virtual' && seed.status === 'shutoff'),
  };
}

function generatedSeed(index: number): ClusterSeed {
  return {
    kind: 'virtual',
    name: `gpu-${String(index).padStart(5, '0')}`,
    flavor: 'g3-ai-32-192-1500-l40s-48-1',
    servers: 1,
    status: 'active',
    createdAt: '2026-01-01T00:00:00Z',
    settings: () => ({ interfaces: [EXTERNAL], volumes: [bootVolume(120)] }),
  };
}

/**
 * A location's clusters as it starts: the seeds (the one being created gets its create task now), or, with
 * `generated`, that many running virtual clusters of one server each, none moving.
 */
export function seededGpuClusters(state: GpuState, location: CloudLocation, generated?: number): GpuClusterRecord[] {
  const seeds = generated === undefined ? SEEDS : Array.from({ length: generated }, (_, index) => generatedSeed(index));
  return seeds.map((seed) => {
    const record = restingCluster(location, seed);
    // A failure a test queued is for the tasks it starts, not for this one.
    if (seed.status === 'creating') {
      startGpuChange(state, record, 'create', { data: { name: record.name }, timings: SEEDED_CREATE_TIMINGS, error: null });
    }
    return record;
  });
}
