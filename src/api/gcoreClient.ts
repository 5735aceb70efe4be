import { AccountClient } from './accountClient';
import { ContainersClient } from './containers/containersClient';
import { DnsClient } from './dns/dnsClient';
import { GpuClient } from './gpu/gpuClient';
import { lazyGpuClustersClient, lazySshKeysClient } from './gpu/lazyGpuClients';
import type { GpuClustersClient } from './gpu/gpuClustersClient';
import type { InferenceApi } from './inference/inferenceTypes';
import { lazyInferenceClient } from './inference/lazyInferenceClient';
import { PullSecretsClient } from './containers/pullSecretsClient';
import { RequestPipeline, type PipelineOptions } from './http/requestPipeline';
import type { SshKeysClient } from './gpu/sshKeysClient';

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
  readonly inference: InferenceApi;
  private readonly pipeline: RequestPipeline;

  constructor(options: PipelineOptions) {
    this.pipeline = new RequestPipeline(options);
    this.gpu = new GpuClient(this.pipeline);
    // Only a GPU cluster row or command calls these: their code loads then, on the same pipeline.
    this.gpuClusters = lazyGpuClustersClient(this.pipeline);
    this.sshKeys = lazySshKeysClient(this.pipeline);
    this.containers = new ContainersClient(this.pipeline);
    this.pullSecrets = new PullSecretsClient(this.pipeline);
    this.dns = new DnsClient(this.pipeline);
    this.account = new AccountClient(this.pipeline);
    // Only an inference row or command calls it: its code loads then.
    this.inference = lazyInferenceClient(this.pipeline);
  }

  dispose(): void {
    this.pipeline.dispose();
  }
}
