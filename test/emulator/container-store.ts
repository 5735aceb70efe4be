import { createHash } from 'node:crypto';

/** The stored configuration of a container: the seeded settings with every accepted update merged in. */
export type ContainerConfig = Record<string, unknown>;

/** What the service reports about a container beyond its configuration. */
export interface ContainerState {
  status: string;
  statusMessage: string | null;
  ready: number;
  total: number;
  createdAt: string;
}

export interface ContainerRecord {
  name: string;
  projectId: number;
  regionId: number;
  /** Where the service answers; fixed for the container's life, like Gcore's. */
  address: string;
  config: ContainerConfig;
  state: ContainerState;
  /** Successful PATCH requests applied to this container. */
  updates: number;
  /** The task rolling out the last update; while it runs the container is Deploying. */
  rolloutTaskId?: string;
  /** The task that created it (absent for seeded ones): Pending while NEW, Deploying while RUNNING, Error if it fails. */
  createTaskId?: string;
  /** The task removing it: Deleting while it runs, gone once it ends. */
  deleteTaskId?: string;
  /** How its log misbehaves, as real logs do; a test sets it on the record. */
  logs?: LogScript;
}

/** What a container's log holds besides the lines every pod writes at each interval. */
export interface LogScript {
  /** Lines of every pod but the first reach the log store this long after their time (a slow shipper). */
  lateMs?: number;
  /** Lines as Gcore would send them (any shape, any time), served as the newest, after the generated ones. */
  extraLines?: unknown[];
  /** Each generated message is this long, as access logs with a full user agent are (default about 80). */
  messageLength?: number;
}

interface Seed {
  config: () => ContainerConfig;
  state: ContainerState;
}

const TRIGGERS_CPU = { cpu: { threshold: 80 }, memory: null, http: null };

/**
 * Every project/region pair has these containers, so any location works in tests and the playground: one
 * in each status the guides name, with the nullable and missing fields of real answers among them.
 */
const SEEDS: Record<string, Seed> = {
  'web-app': {
    config: () => ({
      image: 'nginx:1.27-alpine',
      flavor: '250mCPU-512MiB',
      listening_port: 80,
      timeout: 60,
      scale: { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } },
      envs: { NGINX_PORT: '80' },
      description: 'Public web front end',
      is_api_key_auth: false,
      is_disabled: false,
      pull_secret: null,
      commands: null,
      logging: { enabled: false, destination_region_id: null, topic_name: null, retention_policy: null },
    }),
    state: { status: 'Ready', statusMessage: null, ready: 2, total: 2, createdAt: '2026-05-30T20:56:36Z' },
  },
  'inference-api': {
    config: () => ({
      image: 'ghcr.io/example/inference-api:2.4.1',
      flavor: '1140mCPU-2048MiB',
      listening_port: 8080,
      timeout: 120,
      scale: { min: 0, max: 5, cooldown_period: 300, triggers: { cpu: null, memory: null, http: { rate: 20, window: 60 } } },
      envs: { MODEL_NAME: 'llama-3.1-8b-instruct', LOG_LEVEL: 'info' },
      description: 'Text generation endpoint',
      is_api_key_auth: true,
      is_disabled: false,
      pull_secret: null,
      logging: { enabled: true, destination_region_id: 76, topic_name: 'inference.api', retention_policy: { period: 30 } },
    }),
    // No trailing Z: the API sends timestamps both ways.
    state: { status: 'Ready', statusMessage: null, ready: 1, total: 1, createdAt: '2026-06-02T08:14:09' },
  },
  'batch-worker': {
    config: () => ({
      image: 'registry.example.com/batch/worker:1.9.0',
      flavor: '580mCPU-1024MiB',
      listening_port: 9000,
      timeout: 180,
      scale: { min: 0, max: 10, cooldown_period: null, triggers: null },
      envs: { QUEUE: 'default' },
      commands: 'worker --queue default',
      pull_secret: 'registry-example',
      description: 'Background jobs',
      is_api_key_auth: false,
      is_disabled: false,
      logging: { enabled: false },
    }),
    // Scaled to zero.
    state: { status: 'Ready', statusMessage: null, ready: 0, total: 0, createdAt: '2026-04-11T12:00:00Z' },
  },
  'staging-api': {
    config: () => ({
      image: 'ghcr.io/example/api:3.0.0-rc.2',
      flavor: '330mCPU-512MiB',
      listening_port: 3000,
      timeout: 30,
      scale: { min: 1, max: 1, cooldown_period: 60, triggers: TRIGGERS_CPU },
      envs: { NODE_ENV: 'staging', DATABASE_URL: 'postgres://staging.internal/app' },
      description: '',
      is_api_key_auth: false,
      is_disabled: false,
      pull_secret: null,
    }),
    state: { status: 'Deploying', statusMessage: 'Rolling out revision 14', ready: 0, total: 1, createdAt: '2026-11-20T09:30:00Z' },
  },
  'nightly-report': {
    config: () => ({
      image: 'registry.example.com/reports/nightly:2026.11',
      flavor: '160mCPU-256MiB',
      listening_port: 8000,
      timeout: 0,
      scale: { min: 0, max: 1, cooldown_period: 60, triggers: null },
      envs: {},
      description: 'Builds the nightly report',
      is_api_key_auth: false,
      is_disabled: false,
      pull_secret: 'registry-example',
    }),
    state: { status: 'Pending', statusMessage: null, ready: 0, total: 1, createdAt: '2026-11-22T23:59:59Z' },
  },
  'legacy-site': {
    config: () => ({
      image: 'httpd:2.4',
      flavor: '80mCPU-128MiB',
      listening_port: 80,
      timeout: 60,
      scale: { min: 0, max: 1, cooldown_period: 60, triggers: null },
      envs: {},
      description: 'Old marketing site, kept for reference',
      is_api_key_auth: false,
      is_disabled: true,
      pull_secret: null,
      logging: null,
    }),
    state: { status: 'Disabled', statusMessage: null, ready: 0, total: 0, createdAt: '2025-01-15T10:00:00Z' },
  },
  'broken-build': {
    config: () => ({
      image: 'ghcr.io/example/does-not-exist:latest',
      flavor: '250mCPU-512MiB',
      listening_port: 8080,
      timeout: 60,
      scale: { min: 1, max: 2, cooldown_period: 60, triggers: TRIGGERS_CPU },
      envs: { FEATURE_FLAGS: 'beta' },
      description: 'Image tag that does not exist',
      is_api_key_auth: false,
      is_disabled: false,
      pull_secret: null,
    }),
    state: {
      status: 'Error',
      statusMessage: 'Back-off pulling image "ghcr.io/example/does-not-exist:latest"',
      ready: 0,
      total: 1,
      createdAt: '2026-11-21T14:02:11Z',
    },
  },
};

export const SEEDED_CONTAINER_NAMES: readonly string[] = Object.keys(SEEDS);

const GENERATED_STATUSES: readonly ContainerState['status'][] = ['Ready', 'Ready', 'Ready', 'Deploying', 'Pending', 'Disabled', 'Error'];

/** A generated container for benchmarks: the same shapes, unique names, a fixed mix of statuses. */
function generatedSeed(index: number): Seed {
  const status = GENERATED_STATUSES[index % GENERATED_STATUSES.length];
  return {
    config: () => ({
      image: `registry.example.com/service-${index}:1.${index % 10}.0`,
      flavor: '250mCPU-512MiB',
      listening_port: 8080,
      timeout: 60,
      scale: { min: 0, max: 3, cooldown_period: 60, triggers: null },
      envs: { SERVICE_INDEX: String(index) },
      description: `Generated service ${index}`,
      is_api_key_auth: false,
      is_disabled: status === 'Disabled',
      pull_secret: null,
    }),
    state: {
      status,
      statusMessage: status === 'Error' ? 'CrashLoopBackOff' : null,
      ready: status === 'Ready' ? 1 : 0,
      total: status === 'Disabled' ? 0 : 1,
      createdAt: '2026-10-01T00:00:00Z',
    },
  };
}

function generatedName(index: number): string {
  return `svc-${String(index).padStart(5, '0')}`;
}

/** Worked out once per container: a hash for every row of every list made big lists slow to serve. */
function containerAddress(projectId: number, regionId: number, name: string): string {
  const suffix = createHash('sha256').update(`${projectId}/${regionId}/${name}`).digest('hex').slice(0, 7);
  return `https://${name}-${projectId}-${suffix}-caas.caas.k1.region-${regionId}.cloud.gcore.dev/`;
}

/** What happened at one location since the seed: the seeded containers are materialised lazily, these are not. */
interface LocationChanges {
  /** Seeded (or generated) names deleted here. */
  removedSeeds: Set<string>;
  /** Names created here, in creation order (a Set keeps insertion order). */
  created: Set<string>;
  /** Names being deleted, with the task that deletes them. */
  deleting: Map<string, string>;
}

export class ContainerStore {
  private readonly touched = new Map<string, ContainerRecord>();
  private readonly locations = new Map<string, LocationChanges>();
  /** Built once: listing 5,000 generated containers must not rebuild their names each time. */
  private generatedNames?: readonly string[];

  /**
   * `tasks` tells whether a deletion has ended (a container leaves once its task ends, however long the
   * emulator was not asked); `containersPerLocation` replaces the seeded containers with that many generated ones.
   */
  constructor(
    private readonly tasks: TaskLookup,
    private readonly containersPerLocation?: number,
  ) {}

  /** The container names of a location, in the order the API lists them (by creation): seeded ones first. */
  names(projectId: number, regionId: number): readonly string[] {
    const base = this.baseNames();
    const changes = this.settled(projectId, regionId);
    if (!changes || (changes.removedSeeds.size === 0 && changes.created.size === 0)) return base;
    const kept = changes.removedSeeds.size === 0 ? base : base.filter((name) => !changes.removedSeeds.has(name));
    return [...kept, ...changes.created];
  }

  /** The configuration of every seeded (or generated) container, as each location starts, without materialising them. */
  baseConfigs(): ContainerConfig[] {
    return this.baseNames().map((name) => this.seed(name)!.config());
  }

  /** A container that exists at this location (being deleted included), or undefined. Seeded ones are materialised on first access. */
  find(projectId: number, regionId: number, name: string): ContainerRecord | undefined {
    const changes = this.settled(projectId, regionId);
    const key = `${projectId}/${regionId}/${name}`;
    const existing = this.touched.get(key);
    if (existing) return existing;
    if (changes?.removedSeeds.has(name)) return undefined;
    const seed = this.seed(name);
    if (!seed) return undefined;
    const record: ContainerRecord = {
      name,
      projectId,
      regionId,
      address: containerAddress(projectId, regionId, name),
      config: seed.config(),
      state: { ...seed.state },
      updates: 0,
    };
    this.touched.set(key, record);
    return record;
  }

  /** Adds a container the caller has checked is new here; it is listed after every other. */
  create(
    projectId: number,
    regionId: number,
    name: string,
    config: ContainerConfig,
    state: ContainerState,
    createTaskId: string,
  ): ContainerRecord {
    const record: ContainerRecord = {
      name,
      projectId,
      regionId,
      address: containerAddress(projectId, regionId, name),
      config,
      state,
      updates: 0,
      createTaskId,
    };
    this.touched.set(`${projectId}/${regionId}/${name}`, record);
    this.changesAt(projectId, regionId).created.add(name);
    return record;
  }

  /** The container is listed as Deleting until the task ends, then it is gone. */
  startDeleting(record: ContainerRecord, deleteTaskId: string): void {
    record.deleteTaskId = deleteTaskId;
    this.changesAt(record.projectId, record.regionId).deleting.set(record.name, deleteTaskId);
  }

  reset(): void {
    this.touched.clear();
    this.locations.clear();
  }

  private baseNames(): readonly string[] {
    if (this.containersPerLocation === undefined) return SEEDED_CONTAINER_NAMES;
    this.generatedNames ??= Array.from({ length: this.containersPerLocation }, (_, index) => generatedName(index));
    return this.generatedNames;
  }

  private changesAt(projectId: number, regionId: number): LocationChanges {
    const key = `${projectId}/${regionId}`;
    let changes = this.locations.get(key);
    if (!changes) {
      changes = { removedSeeds: new Set(), created: new Set(), deleting: new Map() };
      this.locations.set(key, changes);
    }
    return changes;
  }

  /** The location's changes after removing the containers whose deletion has ended. */
  private settled(projectId: number, regionId: number): LocationChanges | undefined {
    const changes = this.locations.get(`${projectId}/${regionId}`);
    if (!changes || changes.deleting.size === 0) return changes;
    for (const [name, taskId] of changes.deleting) {
      const state = this.tasks(taskId)?.state;
      if (state === 'NEW' || state === 'RUNNING') continue;
      changes.deleting.delete(name);
      this.touched.delete(`${projectId}/${regionId}/${name}`);
      if (!changes.created.delete(name)) changes.removedSeeds.add(name);
    }
    return changes;
  }

  private seed(name: string): Seed | undefined {
    if (this.containersPerLocation === undefined) return Object.hasOwn(SEEDS, name) ? SEEDS[name] : undefined;
    const match = /^svc-(\d{5})$/.exec(name);
    const index = match ? Number(match[1]) : -1;
    return index >= 0 && index < this.containersPerLocation ? generatedSeed(index) : undefined;
  }
}

/** A task's state as it reports it: NEW, RUNNING, FINISHED or ERROR, and its error; undefined for an unknown task. */
export type TaskLookup = (taskId: string) => { state: string; error?: string | null } | undefined;

/** What the service reports: its creation, then the last update's rollout, then its deletion, whichever is under way. */
function currentState(record: ContainerRecord, tasks: TaskLookup): ContainerState {
  const state = deployedState(record, tasks);
  const deletion = record.deleteTaskId === undefined ? undefined : tasks(record.deleteTaskId);
  return deletion ? { ...state, status: 'Deleting', statusMessage: null } : state;
}

function deployedState(record: ContainerRecord, tasks: TaskLookup): ContainerState {
  const creation = record.createTaskId === undefined ? undefined : tasks(record.createTaskId);
  // Until the first instances start, an update made meanwhile only changes what will be deployed.
  if (creation?.state === 'NEW' || creation?.state === 'RUNNING') {
    return {
      ...record.state,
      status: creation.state === 'NEW' ? 'Pending' : 'Deploying',
      statusMessage: null,
      ready: 0,
      total: instancesAtStart(record.config),
    };
  }
  const task = record.rolloutTaskId === undefined ? undefined : tasks(record.rolloutTaskId);
  if (task && record.state.status !== 'Disabled') {
    if (task.state === 'NEW' || task.state === 'RUNNING') return { ...record.state, status: 'Deploying', statusMessage: null, ready: 0 };
    if (task.state === 'ERROR') return { ...record.state, status: 'Error', statusMessage: task.error ?? 'Update failed', ready: 0 };
    return { ...record.state, status: 'Ready', statusMessage: null, ready: record.state.total };
  }
  if (creation?.state === 'ERROR') {
    return {
      ...record.state,
      status: 'Error',
      statusMessage: creation.error ?? 'Create failed',
      ready: 0,
      total: instancesAtStart(record.config),
    };
  }
  return record.state;
}

/** A scale as Gcore keeps it: what a create or an update leaves out of it is Gcore's default (a 60 s cooldown, no triggers). */
export function scaleAsStored(scale: object): ContainerConfig {
  return { cooldown_period: 60, triggers: null, ...structuredClone(scale) };
}

/** A new container starts `scale.min` instances, and one when it scales from zero (the first request would start it anyway). */
export function instancesAtStart(config: ContainerConfig): number {
  const scale = config.scale as { min?: unknown } | undefined;
  return typeof scale?.min === 'number' && scale.min > 0 ? scale.min : 1;
}

/** The container as `GET …/containers/{name}` answers: the configuration and what the service reports. */
export function containerView(record: ContainerRecord, tasks: TaskLookup): Record<string, unknown> {
  const { name, projectId, regionId, config } = record;
  const state = currentState(record, tasks);
  return {
    name,
    ...config,
    source: 'cloud',
    status: state.status,
    status_message: state.statusMessage,
    namespace: `caas-${projectId}-${regionId}`,
    address: record.address,
    created_at: state.createdAt,
    deploy_status: { total: state.total, ready: state.ready },
  };
}
