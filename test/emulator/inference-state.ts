import { ACCOUNT } from './account-endpoints';
import type { TaskStore, TaskTimings } from './task-store';

/** How long inference things take; Gcore's take minutes, a test shortens them (EmulatorOptions.inferenceTimings). */
export interface InferenceTimings {
  /** From a create, an update that restarts pods, or a start, to every region's pods ready. */
  deployMs: number;
  /** How long a create's, an update's and a deletion's tasks stay NEW, then RUNNING; a deletion ends with its task. */
  tasks: TaskTimings;
  /** How long a limits request stays `in progress` before it is granted (or rejected). */
  limitsRequestMs: number;
  /** How long a deployment at zero (PENDING) takes to answer its first request: a pod starts and loads the model. */
  wakeMs: number;
  /** The pause between two streamed tokens of a deployment's answer. */
  tokenMs: number;
  /** How often each pod writes a log line (at least 1 ms: a line's time is to the millisecond). */
  logLineMs: number;
}

/** About as long as Gcore takes: a model server pulls a large image and loads its weights; quota requests take a while. */
export const REALISTIC_INFERENCE_TIMINGS: InferenceTimings = {
  deployMs: 3 * 60_000,
  tasks: { newMs: 2_000, runningMs: 15_000 },
  limitsRequestMs: 5 * 60_000,
  // Gcore's take a minute or more; a few seconds keep the playground's first answer bearable.
  wakeMs: 5_000,
  tokenMs: 20,
  logLineMs: 5_000,
};

/** The seeded deployment being deployed stays so for half an hour, so that the playground always shows one. */
export const SEEDED_DEPLOY_MS = 30 * 60_000;

/** The inference clock: it moves with real time, and with the emulator's `advanceTasks` and `holdTasks`. */
export class InferenceClock {
  private offsetMs = 0;
  private heldAtMs: number | undefined;

  now(): number {
    return (this.heldAtMs ?? Date.now()) + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  hold(): void {
    this.heldAtMs ??= Date.now();
  }

  release(): void {
    if (this.heldAtMs === undefined) return;
    this.offsetMs -= Date.now() - this.heldAtMs;
    this.heldAtMs = undefined;
  }

  reset(): void {
    this.offsetMs = 0;
    this.heldAtMs = undefined;
  }
}

/** A region of a deployment as stored: its id and its scale as Gcore holds it (defaults filled in). */
export interface RegionContainer {
  region_id: number;
  scale: Record<string, unknown> & { min: number; max: number };
}

/** A stretch of time during which pods ran, with how many in each region: what the logs are made of. */
export interface PodRun {
  fromMs: number;
  toMs: number | null;
  pods: { regionId: number; count: number }[];
}

export interface DeploymentRecord {
  projectId: number;
  name: string;
  image: string;
  listeningPort: number;
  flavorName: string;
  containers: RegionContainer[];
  credentialsName: string | null;
  envs: Record<string, string>;
  command: string[] | null;
  apiKeys: string[];
  /** Probes, ingress options, logging, timeout, description: kept as sent (defaults filled in). */
  settings: Record<string, unknown>;
  objectReferences: { kind: string; name: string }[];
  /** Its first region keeps crashing (an image named `failing`, an application named so): PARTIALLYDEPLOYED. */
  failing: boolean;
  createdAt: string;
  /** When the pods last started to roll out, and how long the rollout takes. */
  rollout: { startMs: number; durationMs: number };
  stopped: boolean;
  /**
   * A deployment at zero woken by a request to its address: one pod from `readyAtMs` (PENDING until then), ACTIVE
   * until `untilMs` (its `timeout` after the last request), then at zero again.
   */
  awake: { readyAtMs: number; untilMs: number } | null;
  /** The deletion's task: the deployment is DELETING until it ends, then gone. */
  deletionTaskId: string | null;
  runs: PodRun[];
  /** How many deployments of its name its project held before it: a name made again gets a new address. */
  creation: number;
}

export interface ApplicationRecord {
  projectId: number;
  name: string;
  applicationName: string;
  regions: number[];
  /** Each component's configuration as sent; a component disabled by a PATCH is left out. */
  components: Record<string, Record<string, unknown>>;
  apiKeys: string[];
  createdAt: string;
  deletionTaskId: string | null;
}

export interface ApiKeyRecord {
  name: string;
  description: string | null;
  expiresAt: string | null;
  createdAt: string;
  secret: string;
}

export interface RegistryCredentialRecord {
  name: string;
  username: string;
  password: string;
  registryUrl: string;
}

export interface InferenceProject {
  deployments: Map<string, DeploymentRecord>;
  applications: Map<string, ApplicationRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  credentials: Map<string, RegistryCredentialRecord>;
  /** How many deployments of each name were made here, the seeded ones included. */
  creations: Map<string, number>;
}

export interface LimitsRequestRecord {
  id: number;
  description: string;
  requestedLimits: Record<string, number>;
  createdAtMs: number;
}

export interface InferenceAccount {
  id: number;
  /** The limits the account started with (a granted request raises them; see inference-quota.ts). */
  limits: Record<string, number>;
  requests: LimitsRequestRecord[];
  projects: Map<number, InferenceProject>;
}

/** Every `inference_*` quota of `/cloud/v2/client_quotas`, without its `_limit`/`_usage` ending. */
export const INFERENCE_QUOTAS = [
  'inference_cpu_millicore_count',
  'inference_gpu_a100_count',
  'inference_gpu_h100_count',
  'inference_gpu_l40s_count',
  'inference_instance_count',
  'inference_public_model_api_key_count',
] as const;

/** The main account's limits: room for a few deployments beside the seeded ones. */
export const DEFAULT_INFERENCE_LIMITS: Readonly<Record<string, number>> = {
  inference_cpu_millicore_count_limit: 400_000,
  inference_gpu_a100_count_limit: 4,
  inference_gpu_h100_count_limit: 2,
  inference_gpu_l40s_count_limit: 12,
  inference_instance_count_limit: 20,
  inference_public_model_api_key_count_limit: 5,
};

/** A new account's: nothing, until a limits request is granted. */
const ZERO_LIMITS = Object.fromEntries(INFERENCE_QUOTAS.map((quota) => [`${quota}_limit`, 0]));

/** The project (the default one, the playground's) whose inference resources are seeded. */
export const SEEDED_PROJECT_ID = 1;

/** What the inference endpoints read and change, per account, then per project. */
export interface InferenceState {
  clock: InferenceClock;
  timings: InferenceTimings;
  tasks: TaskStore;
  accounts: Map<number, InferenceAccount>;
  /** How each project of the main account starts (inference-seed.ts); a new account's start empty. */
  seed: (state: InferenceState, project: InferenceProject, projectId: number) => void;
  startingLimits: Record<string, number>;
  nextRequestId: number;
  /** Where the emulator serves the deployments' addresses (its own URL, once it listens): inference-endpoint.ts. */
  endpointBase: string;
}

export function createInferenceState(options: {
  tasks: TaskStore;
  timings: InferenceTimings;
  limits: Record<string, number>;
  seed: InferenceState['seed'];
}): InferenceState {
  return {
    clock: new InferenceClock(),
    timings: options.timings,
    tasks: options.tasks,
    accounts: new Map(),
    seed: options.seed,
    startingLimits: { ...options.limits },
    nextRequestId: 1,
    endpointBase: '',
  };
}

/** Forgets every change: accounts and projects start again as seeded, the clock as real time. */
export function resetInferenceState(state: InferenceState, limits: Record<string, number>): void {
  state.accounts.clear();
  state.clock.reset();
  state.startingLimits = { ...limits };
  state.nextRequestId = 1;
}

/** Where the emulator serves an account's deployments. */
export function endpointSite(state: InferenceState, accountId: number): { base: string; accountId: number } {
  return { base: state.endpointBase, accountId };
}

export function accountOf(state: InferenceState, accountId: number): InferenceAccount {
  let account = state.accounts.get(accountId);
  if (!account) {
    const main = accountId === ACCOUNT.id;
    account = { id: accountId, limits: main ? { ...state.startingLimits } : { ...ZERO_LIMITS }, requests: [], projects: new Map() };
    state.accounts.set(accountId, account);
    // At once, so that the account's usage counts the seeded project before anything reads it.
    if (main) addProject(state, account, SEEDED_PROJECT_ID);
  }
  return account;
}

function addProject(state: InferenceState, account: InferenceAccount, projectId: number): InferenceProject {
  const project: InferenceProject = {
    deployments: new Map(),
    applications: new Map(),
    apiKeys: new Map(),
    credentials: new Map(),
    creations: new Map(),
  };
  account.projects.set(projectId, project);
  if (account.id === ACCOUNT.id) state.seed(state, project, projectId);
  return project;
}

/** A project's inference resources, as the seed makes them on first use (a new account's: empty). */
export function projectOf(state: InferenceState, accountId: number, projectId: number): InferenceProject {
  const account = accountOf(state, accountId);
  return account.projects.get(projectId) ?? addProject(state, account, projectId);
}

/**
 * Puts a new deployment in its project with its creation number: one made again under a name gets a new address, as
 * Gcore's hash does, while the seeded ones are the first of their names on every start, at the same addresses.
 */
export function placeDeployment(project: InferenceProject, record: DeploymentRecord): void {
  record.creation = project.creations.get(record.name) ?? 0;
  project.creations.set(record.name, record.creation + 1);
  project.deployments.set(record.name, record);
}

/** Drops what finished deleting, so that every read sees it gone. */
export function settleProject(state: InferenceState, project: InferenceProject): void {
  const finished = (taskId: string | null) => {
    if (taskId === null) return false;
    const progress = state.tasks.progress(taskId)?.state;
    return progress === undefined || progress === 'FINISHED';
  };
  for (const [name, record] of project.deployments) if (finished(record.deletionTaskId)) project.deployments.delete(name);
  for (const [name, record] of project.applications) if (finished(record.deletionTaskId)) project.applications.delete(name);
}
