import type { RequestPipeline } from '../http/requestPipeline';
import { lazyClient } from '../lazyClient';
import type { GpuClustersClient } from './gpuClustersClient';
import type { SshKeysClient } from './sshKeysClient';

const GPU_CLUSTERS_METHODS: { readonly [K in keyof GpuClustersClient]: true } = {
  list: true,
  get: true,
  patchTags: true,
  servers: true,
  interfaces: true,
  serversWithAddresses: true,
  volumes: true,
  images: true,
  action: true,
  resize: true,
  deleteCluster: true,
  deleteServer: true,
  create: true,
  checkLimits: true,
  pricePreview: true,
  price: true,
  regionVolumeTypes: true,
  activeTasks: true,
};

const SSH_KEYS_METHODS: { readonly [K in keyof SshKeysClient]: true } = { list: true, create: true, delete: true };

/** The GPU clusters' client, whose code loads on its first call (only a GPU cluster row or command calls it). */
export function lazyGpuClustersClient(pipeline: RequestPipeline): GpuClustersClient {
  return lazyClient(GPU_CLUSTERS_METHODS, async () => new (await import('./gpuClustersClient.js')).GpuClustersClient(pipeline));
}

/** The SSH keys' client, loaded as the GPU clusters' is: only creating a cluster lists or adds keys. */
export function lazySshKeysClient(pipeline: RequestPipeline): SshKeysClient {
  return lazyClient(SSH_KEYS_METHODS, async () => new (await import('./sshKeysClient.js')).SshKeysClient(pipeline));
}
