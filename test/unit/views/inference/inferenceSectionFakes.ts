import type {
  InferenceApiKey,
  InferenceApplication,
  InferenceDeployment,
  InferenceQuota,
  InferenceRegistryCredential,
} from '../../../../src/api/inference/inferenceTypes';
import type { CloudList } from '../../../../src/api/types';
import type { InferenceReads } from '../../../../src/loaders/inference/inferenceReads';
import type { Loaded } from '../../../../src/loaders/keyedLoader';
import { loaded } from '../../support/fakeSectionView';

export const PROJECT = 482;

export function cloudList<T>(results: T[], gaps: object = {}): CloudList<T> {
  return { count: results.length, results, ...gaps };
}

/** A deployment running in one region, its pods all ready. */
export function deployment(name: string, fields: Partial<InferenceDeployment> = {}): InferenceDeployment {
  return {
    name,
    status: 'ACTIVE',
    flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
    image: 'vllm/vllm-openai:latest',
    address: `https://${name}.ai.example`,
    containers: [
      { region_id: 7, scale: { min: 1, max: 2 }, deploy_status: { ready: 1, total: 1 }, address: `https://${name}-7.ai.example` },
    ],
    ...fields,
  };
}

export const QUOTA: InferenceQuota = {
  limits: { inference_gpu_h100_count_limit: 0, inference_gpu_l40s_count_limit: 4, inference_cpu_millicore_count_limit: 8000 },
  usage: { inference_gpu_h100_count_usage: 0, inference_gpu_l40s_count_usage: 2, inference_cpu_millicore_count_usage: 1000 },
};

export const NO_QUOTA: InferenceQuota = {
  limits: { inference_gpu_h100_count_limit: 0, inference_gpu_l40s_count_limit: 0 },
  usage: {},
};

/** The inference reads answering what a test sets, counting each read and noting each invalidation. */
export class FakeInferenceReads {
  deploymentList: Loaded<CloudList<InferenceDeployment>> = loaded(cloudList([deployment('llama')]));
  applicationList: Loaded<CloudList<InferenceApplication>> = loaded(cloudList<InferenceApplication>([]));
  credentialList: Loaded<CloudList<InferenceRegistryCredential>> = loaded(
    cloudList([{ name: 'dockerhub', username: 'me', registry_url: 'registry.hub.docker.com' }]),
  );
  apiKeyList: Loaded<CloudList<InferenceApiKey>> = loaded(
    cloudList<InferenceApiKey>([{ name: 'team', description: 'For the team', expires_at: null, deployment_names: ['llama'] }]),
  );
  quotaRead: Loaded<InferenceQuota> = loaded(QUOTA);
  quotaSettled = false;
  readonly reads: string[] = [];
  readonly invalidated: string[] = [];

  async deployments(projectId: number): Promise<Loaded<CloudList<InferenceDeployment>>> {
    this.reads.push(`deployments ${projectId}`);
    return this.deploymentList;
  }
  async applications(projectId: number): Promise<Loaded<CloudList<InferenceApplication>>> {
    this.reads.push(`applications ${projectId}`);
    return this.applicationList;
  }
  async registryCredentials(projectId: number): Promise<Loaded<CloudList<InferenceRegistryCredential>>> {
    this.reads.push(`credentials ${projectId}`);
    return this.credentialList;
  }
  async apiKeys(projectId: number): Promise<Loaded<CloudList<InferenceApiKey>>> {
    this.reads.push(`api keys ${projectId}`);
    return this.apiKeyList;
  }
  async quota(): Promise<Loaded<InferenceQuota>> {
    this.reads.push('quota');
    this.quotaSettled = true;
    return this.quotaRead;
  }
  settledQuota(): Loaded<InferenceQuota> | undefined {
    return this.quotaSettled ? this.quotaRead : undefined;
  }
  invalidateDeployments(projectId?: number): void {
    this.invalidated.push(`deployments ${projectId ?? 'all'}`);
  }
  invalidateApplications(projectId?: number): void {
    this.invalidated.push(`applications ${projectId ?? 'all'}`);
  }
  invalidateRegistryCredentials(projectId?: number): void {
    this.invalidated.push(`credentials ${projectId ?? 'all'}`);
  }
  invalidateApiKeys(projectId?: number): void {
    this.invalidated.push(`api keys ${projectId ?? 'all'}`);
  }
  invalidateQuota(): void {
    this.invalidated.push('quota');
  }
  invalidate(): void {
    this.invalidated.push('all');
  }
}

export function asReads(reads: FakeInferenceReads): InferenceReads {
  return reads as unknown as InferenceReads;
}
