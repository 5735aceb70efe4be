import type { CallOptions } from '../callOptions';
import type { CloudList, ContainerUpdateResult } from '../types';

/*
 * Everywhere Inference as Gcore answers it (docs/gcore-api.md, "Everywhere Inference"). Deployments belong to a
 * project, not a region: a deployment spans regions through `containers[].region_id`. Only what a caller relies
 * on is typed; every object keeps the fields it came with, and any of them may be null or missing.
 */

export interface InferenceProjectRef {
  projectId: number;
}

/** A deployment, application, API key or registry credential: named within its project. */
export interface InferenceNamedRef extends InferenceProjectRef {
  name: string;
}

export type InferenceDeploymentRef = InferenceNamedRef;

/** `DEPLOYING, PARTIALLYDEPLOYED, ACTIVE, DISABLED (stopped), PENDING (scaled to zero), DELETING`, or what else Gcore sends. */
export type InferenceDeploymentStatus = string;

export interface InferenceTrigger {
  threshold?: number | null;
  [extra: string]: unknown;
}

export interface InferenceScale {
  min: number;
  max: number;
  cooldown_period?: number | null;
  polling_interval?: number | null;
  triggers?: Record<string, InferenceTrigger | Record<string, unknown> | null> | null;
  [extra: string]: unknown;
}

export interface InferenceRegionContainer {
  region_id: number;
  scale: InferenceScale;
  deploy_status?: { total?: number | null; ready?: number | null; [extra: string]: unknown } | null;
  error_message?: string | null;
  address?: string | null;
  [extra: string]: unknown;
}

export interface InferenceProbe {
  enabled: boolean;
  probe?: Record<string, unknown> | null;
  [extra: string]: unknown;
}

export interface InferenceDeployment {
  name: string;
  status?: InferenceDeploymentStatus | null;
  image?: string | null;
  listening_port?: number | null;
  flavor_name?: string | null;
  /** The deployment's endpoint. Read it, never build it: Gcore's guides show two shapes. */
  address?: string | null;
  containers?: InferenceRegionContainer[] | null;
  credentials_name?: string | null;
  envs?: Record<string, string> | null;
  /** A string array going in, a string (or null) coming back: never sent back as read. */
  command?: string | string[] | null;
  api_keys?: string[] | null;
  auth_enabled?: boolean | null;
  timeout?: number | null;
  description?: string | null;
  readiness_probe?: InferenceProbe | null;
  liveness_probe?: InferenceProbe | null;
  startup_probe?: InferenceProbe | null;
  /** Set on a catalogue application's components: `[{ kind: "AppDeployment", name }]`. */
  object_references?: { kind?: string | null; name?: string | null; [extra: string]: unknown }[] | null;
  created_at?: string | null;
  /** Known fields Gcore sent in a shape the extension cannot read, left out of this object (api/inference/decodeInferenceItems.ts). */
  unreadable_fields?: string[];
  [extra: string]: unknown;
}

export interface InferenceFlavor {
  name: string;
  cpu?: number | null;
  memory?: number | null;
  gpu?: number | null;
  gpu_model?: string | null;
  gpu_memory?: number | null;
  gpu_compute_capability?: string | null;
  description?: string | null;
  [extra: string]: unknown;
}

export interface InferenceRegionCapacity {
  region_id: number;
  capacity: { flavor_name: string; capacity: number; [extra: string]: unknown }[];
  [extra: string]: unknown;
}

export interface InferenceComponentParameter {
  type?: string | null;
  default_value?: unknown;
  min_value?: number | null;
  max_value?: number | null;
  enum_values?: string[] | null;
  pattern?: string | null;
  required?: boolean | null;
  description?: string | null;
  [extra: string]: unknown;
}

export interface InferenceCatalogComponent {
  display_name?: string | null;
  required?: boolean | null;
  exposable?: boolean | null;
  license_url?: string | null;
  suitable_flavors?: { name: string; [extra: string]: unknown }[] | null;
  parameters?: Record<string, InferenceComponentParameter> | null;
  [extra: string]: unknown;
}

/** An application of Gcore's catalogue, made of components that run as ordinary deployments. */
export interface InferenceCatalogApplication {
  name: string;
  display_name?: string | null;
  description?: string | null;
  readme?: string | null;
  tags?: Record<string, string> | string[] | null;
  components?: Record<string, InferenceCatalogComponent> | null;
  /** Known fields Gcore sent in a shape the extension cannot read, left out of this object (api/inference/decodeInferenceItems.ts). */
  unreadable_fields?: string[];
  [extra: string]: unknown;
}

export interface InferenceApplicationStatus {
  /** `Active, Failed, PartiallyDeployed, Unknown`: another casing than a deployment's. */
  consolidated_status?: string | null;
  regions?:
    { region_id: number; status?: string | null; components?: Record<string, { status?: string | null; error?: string | null }> }[] | null;
  expose_addresses?: Record<string, { address?: string | null; [extra: string]: unknown }> | null;
  [extra: string]: unknown;
}

/** A deployment of a catalogue application. */
export interface InferenceApplication {
  name: string;
  application_name?: string | null;
  regions?: number[] | null;
  components_configuration?: Record<string, Record<string, unknown> | null> | null;
  status?: InferenceApplicationStatus | null;
  api_keys?: string[] | null;
  /** Known fields Gcore sent in a shape the extension cannot read, left out of this object (api/inference/decodeInferenceItems.ts). */
  unreadable_fields?: string[];
  [extra: string]: unknown;
}

export interface InferenceApiKey {
  name: string;
  description?: string | null;
  expires_at?: string | null;
  deployment_names?: string[] | null;
  [extra: string]: unknown;
}

/** A key as its create answers it, the one time Gcore shows its secret. */
export interface InferenceApiKeyCreated extends InferenceApiKey {
  secret?: string | null;
}

/** A private registry's credential; Gcore never answers its password. */
export interface InferenceRegistryCredential {
  name: string;
  username?: string | null;
  registry_url?: string | null;
  [extra: string]: unknown;
}

export interface InferenceLogLine {
  time: string;
  region_id?: number | null;
  pod?: string | null;
  message: string;
  [extra: string]: unknown;
}

export interface InferenceLogQuery {
  limit?: number;
  offset?: number;
  order?: 'time.desc' | 'time.asc';
  regionId?: number;
}

export interface InferenceLogPage {
  count: number;
  results: InferenceLogLine[];
}

/** What `check_limits` answers: the `inference_*` limits the deployment would exceed, empty when it fits. */
export type InferenceQuotaCheck = Record<string, unknown>;

/** A price answer; a ceiling, computed at each region's `scale.max`. */
export interface InferencePrice {
  price_per_hour?: number | string | null;
  price_per_month?: number | string | null;
  currency_code?: string | null;
  price_status?: string | null;
  [extra: string]: unknown;
}

/** The account's `inference_*` quota entries, as `GET /cloud/v2/client_quotas` keys them under `global_quotas`. */
export interface InferenceQuota {
  limits: Record<string, number>;
  usage: Record<string, number>;
}

export interface LimitsRequest {
  id: number | string;
  /** `done`, `in progress`, `rejected`, or what else Gcore sends. */
  status?: string | null;
  description?: string | null;
  requested_limits?: Record<string, unknown> | null;
  [extra: string]: unknown;
}

/** The tasks a write answers (the create's finished task names the deployment in `created_resources.inference_instances`). */
export type InferenceTaskAnswer = ContainerUpdateResult;

/**
 * Every call of the inference client. The client's code loads on its first call (api/inference/lazyInferenceClient.ts),
 * so the eager side knows only this shape.
 */
export interface InferenceApi {
  flavors(options?: CallOptions): Promise<CloudList<InferenceFlavor>>;
  capacity(options?: CallOptions): Promise<CloudList<InferenceRegionCapacity>>;
  catalog(options?: CallOptions): Promise<CloudList<InferenceCatalogApplication>>;
  catalogApplication(name: string, options?: CallOptions): Promise<InferenceCatalogApplication>;

  listDeployments(ref: InferenceProjectRef, options?: CallOptions): Promise<CloudList<InferenceDeployment>>;
  getDeployment(ref: InferenceDeploymentRef, options?: CallOptions): Promise<InferenceDeployment>;
  createDeployment(ref: InferenceProjectRef, deployment: object, options?: CallOptions): Promise<InferenceTaskAnswer>;
  updateDeployment(ref: InferenceDeploymentRef, changes: object, options?: CallOptions): Promise<InferenceTaskAnswer>;
  deleteDeployment(ref: InferenceDeploymentRef, options?: CallOptions): Promise<InferenceTaskAnswer>;
  startDeployment(ref: InferenceDeploymentRef, options?: CallOptions): Promise<void>;
  stopDeployment(ref: InferenceDeploymentRef, options?: CallOptions): Promise<void>;
  logs(ref: InferenceDeploymentRef, query: InferenceLogQuery, options?: CallOptions): Promise<InferenceLogPage>;
  checkLimits(ref: InferenceProjectRef, request: object, options?: CallOptions): Promise<InferenceQuotaCheck>;
  priceDeployment(request: object, options?: CallOptions): Promise<InferencePrice>;
  priceApplication(request: object, options?: CallOptions): Promise<InferencePrice>;

  listApplications(ref: InferenceProjectRef, options?: CallOptions): Promise<CloudList<InferenceApplication>>;
  getApplication(ref: InferenceNamedRef, options?: CallOptions): Promise<InferenceApplication>;
  createApplication(ref: InferenceProjectRef, application: object, options?: CallOptions): Promise<InferenceTaskAnswer>;
  updateApplication(ref: InferenceNamedRef, changes: object, options?: CallOptions): Promise<InferenceTaskAnswer>;
  deleteApplication(ref: InferenceNamedRef, options?: CallOptions): Promise<InferenceTaskAnswer>;

  listApiKeys(ref: InferenceProjectRef, options?: CallOptions): Promise<CloudList<InferenceApiKey>>;
  createApiKey(ref: InferenceProjectRef, key: object, options?: CallOptions): Promise<InferenceApiKeyCreated>;
  deleteApiKey(ref: InferenceNamedRef, options?: CallOptions): Promise<void>;

  listRegistryCredentials(ref: InferenceProjectRef, options?: CallOptions): Promise<CloudList<InferenceRegistryCredential>>;
  createRegistryCredential(ref: InferenceProjectRef, credential: object, options?: CallOptions): Promise<InferenceRegistryCredential>;
  replaceRegistryCredential(ref: InferenceNamedRef, credential: object, options?: CallOptions): Promise<InferenceRegistryCredential>;
  deleteRegistryCredential(ref: InferenceNamedRef, options?: CallOptions): Promise<void>;

  quota(options?: CallOptions): Promise<InferenceQuota>;
  requestLimits(request: object, options?: CallOptions): Promise<LimitsRequest | undefined>;
  getLimitsRequest(id: number | string, options?: CallOptions): Promise<LimitsRequest>;
  listLimitsRequests(options?: CallOptions): Promise<CloudList<LimitsRequest>>;
}
