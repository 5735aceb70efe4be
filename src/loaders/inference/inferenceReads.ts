import type {
  InferenceApi,
  InferenceApiKey,
  InferenceApplication,
  InferenceCatalogApplication,
  InferenceDeployment,
  InferenceFlavor,
  InferenceQuota,
  InferenceRegionCapacity,
  InferenceRegistryCredential,
} from '../../api/inference/inferenceTypes';
import type { CloudList } from '../../api/types';
import type { ConcurrencyLimit } from '../concurrencyLimit';
import { KeyedLoader, type Loaded } from '../keyedLoader';

/** One project's key, or the prefix of every project's. */
function projectKey(projectId?: number): string {
  return projectId === undefined ? '' : `${projectId}|`;
}

/** The account-wide lists have one key each. */
const ACCOUNT = 'account';

/**
 * Everywhere Inference as the tree and the prompts read it: per project its deployments, its applications (catalogue
 * deployments), its registry credentials and its API keys; for the account, the inference flavors, each region's free capacity,
 * the catalogue and the quota. Each is read when a row or a prompt asks, and remembered until a Refresh, a poll of a
 * project whose deployments move, or a change made here. Lists come whole: the client pages.
 */
export class InferenceReads {
  private readonly deploymentLists: KeyedLoader<CloudList<InferenceDeployment>>;
  private readonly applicationLists: KeyedLoader<CloudList<InferenceApplication>>;
  private readonly credentialLists: KeyedLoader<CloudList<InferenceRegistryCredential>>;
  private readonly apiKeyLists: KeyedLoader<CloudList<InferenceApiKey>>;
  private readonly flavorList: KeyedLoader<CloudList<InferenceFlavor>>;
  private readonly capacityList: KeyedLoader<CloudList<InferenceRegionCapacity>>;
  private readonly catalogList: KeyedLoader<CloudList<InferenceCatalogApplication>>;
  private readonly quotas: KeyedLoader<InferenceQuota>;

  constructor(
    private readonly client: InferenceApi,
    limit: ConcurrencyLimit,
  ) {
    this.deploymentLists = new KeyedLoader(limit);
    this.applicationLists = new KeyedLoader(limit);
    this.credentialLists = new KeyedLoader(limit);
    this.apiKeyLists = new KeyedLoader(limit);
    this.flavorList = new KeyedLoader(limit);
    this.capacityList = new KeyedLoader(limit);
    this.catalogList = new KeyedLoader(limit);
    this.quotas = new KeyedLoader(limit);
  }

  /** `maxAgeMs`: how old a remembered list may be (a prompt takes the one just shown, not an old one). */
  deployments(projectId: number, maxAgeMs?: number): Promise<Loaded<CloudList<InferenceDeployment>>> {
    return this.deploymentLists.load(projectKey(projectId), (call) => this.client.listDeployments({ projectId }, call), maxAgeMs);
  }

  applications(projectId: number, maxAgeMs?: number): Promise<Loaded<CloudList<InferenceApplication>>> {
    return this.applicationLists.load(projectKey(projectId), (call) => this.client.listApplications({ projectId }, call), maxAgeMs);
  }

  registryCredentials(projectId: number, maxAgeMs?: number): Promise<Loaded<CloudList<InferenceRegistryCredential>>> {
    return this.credentialLists.load(projectKey(projectId), (call) => this.client.listRegistryCredentials({ projectId }, call), maxAgeMs);
  }

  apiKeys(projectId: number, maxAgeMs?: number): Promise<Loaded<CloudList<InferenceApiKey>>> {
    return this.apiKeyLists.load(projectKey(projectId), (call) => this.client.listApiKeys({ projectId }, call), maxAgeMs);
  }

  flavors(): Promise<Loaded<CloudList<InferenceFlavor>>> {
    return this.flavorList.load(ACCOUNT, (call) => this.client.flavors(call));
  }

  capacity(maxAgeMs?: number): Promise<Loaded<CloudList<InferenceRegionCapacity>>> {
    return this.capacityList.load(ACCOUNT, (call) => this.client.capacity(call), maxAgeMs);
  }

  catalog(): Promise<Loaded<CloudList<InferenceCatalogApplication>>> {
    return this.catalogList.load(ACCOUNT, (call) => this.client.catalog(call));
  }

  quota(maxAgeMs?: number): Promise<Loaded<InferenceQuota>> {
    return this.quotas.load(ACCOUNT, (call) => this.client.quota(call), maxAgeMs);
  }

  /** What the quota's read settled to, without reading it. */
  settledQuota(): Loaded<InferenceQuota> | undefined {
    return this.quotas.settledResult(ACCOUNT);
  }

  /** A poll of moving deployments, a change made here, or a Refresh: one project's deployments, or all. */
  invalidateDeployments(projectId?: number): void {
    this.deploymentLists.invalidate(projectKey(projectId));
  }

  invalidateApplications(projectId?: number): void {
    this.applicationLists.invalidate(projectKey(projectId));
  }

  invalidateRegistryCredentials(projectId?: number): void {
    this.credentialLists.invalidate(projectKey(projectId));
  }

  invalidateApiKeys(projectId?: number): void {
    this.apiKeyLists.invalidate(projectKey(projectId));
  }

  /** The account's quota and free capacity, which a create or a granted request changes. */
  invalidateQuota(): void {
    this.quotas.invalidate();
    this.capacityList.invalidate();
  }

  /** Everything, the flavors and the catalogue too (a new key or base URL). */
  invalidate(): void {
    this.deploymentLists.invalidate();
    this.applicationLists.invalidate();
    this.credentialLists.invalidate();
    this.apiKeyLists.invalidate();
    this.flavorList.invalidate();
    this.capacityList.invalidate();
    this.catalogList.invalidate();
    this.quotas.invalidate();
  }
}
