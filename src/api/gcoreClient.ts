import { AccountClient } from './accountClient';
import { ContainersClient } from './containersClient';
import { DnsClient } from './dnsClient';
import { GpuClient } from './gpuClient';
import { GpuClustersClient } from './gpuClustersClient';
import { PullSecretsClient } from './pullSecretsClient';
import { RequestPipeline, type PipelineOptions } from './http/requestPipeline';
import { SshKeysClient } from './sshKeysClient';

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
    this.gpuClusters = new GpuClustersClient(this.pipeline);
    this.sshKeys = new SshKeysClient(this.pipeline);
    this.containers = new ContainersClient(this.pipeline);
    this.pullSecrets = new PullSecretsClient(this.pipeline);
    this.dns = new DnsClient(this.pipeline);
    this.account = new AccountClient(this.pipeline);
  }

  dispose(): void {
    this.pipeline.dispose();
  }
}
