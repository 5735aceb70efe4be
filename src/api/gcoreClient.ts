import { AccountClient } from './accountClient';
import { ContainersClient } from './containers/containersClient';
import { DnsClient } from './dns/dnsClient';
import { GpuClient } from './gpu/gpuClient';
import { lazyClient } from './lazyClient';
import type { GpuClustersClient } from './gpu/gpuClustersClient';
import { PullSecretsClient } from './containers/pullSecretsClient';
import { RequestPipeline, type PipelineOptions } from './http/requestPipeline';
import type { SshKeysClient } from './gpu/sshKeysClient';

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

/**
 * The Gcore API, one client per area, all sending through one request pipeline (one keep-alive pool,
 * one set of settings, one request log). Payloads are expected to be validated already; this layer sends
 * exactly what it is given.
 */
export class GcoreClient {
  readonly gpu: GpuClient;
  readonly gpuClusters: GpuClustersClient;
  readonly sshKeys: SshKeysClient;
  readonly containers: ContainersClient;
  readonly pullSecrets: PullSecretsClient;
  readonly dns: DnsClient;
  readonly account: AccountClient;
  private readonly pipeline: RequestPipeline;

  constructor(options: PipelineOptions) {
    this.pipeline = new RequestPipeline(options);
    this.gpu = new GpuClient(this.pipeline);
    // Only a GPU cluster row or command calls these: their code loads then, on the same pipeline.
    this.gpuClusters = lazyClient(
      GPU_CLUSTERS_METHODS,
      async () => new (await import('./gpu/gpuClustersClient.js')).GpuClustersClient(this.pipeline),
    );
    this.sshKeys = lazyClient(SSH_KEYS_METHODS, async () => new (await import('./gpu/sshKeysClient.js')).SshKeysClient(this.pipeline));
    this.containers = new ContainersClient(this.pipeline);
    this.pullSecrets = new PullSecretsClient(this.pipeline);
    this.dns = new DnsClient(this.pipeline);
    this.account = new AccountClient(this.pipeline);
  }

  dispose(): void {
    this.pipeline.dispose();
  }
}
