import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ApiRequest } from './api-request';
import { answerApiRequest, type ApiState } from './api-router';
import { ACCOUNT, NEW_ACCOUNT } from './account-endpoints';
import { keyOfRequest } from './authorization';
import { checkedQuota, defaultQuota, type QuotaLimits } from './container-quota';
import { ContainerStore, type ContainerRecord } from './container-store';
import { FaultQueue, type Fault } from './fault-queue';
import { GpuFlavorCatalogue } from './gpu-flavor-catalogue';
import { setPublicAddress, setTrunk, type GpuServerRecord } from './gpu-servers';
import { findGpuImage } from './gpu-images';
import type { GpuKind } from './gpu-kind';
import { checkedGpuQuota, DEFAULT_GPU_QUOTA, type GpuQuota } from './gpu-limits';
import { createGpuState, resetGpuState } from './gpu-state';
import { gpuTimings, type GpuTaskFailure } from './gpu-tasks';
import { generatedInferenceSeed, seedInferenceProject } from './inference-seed';
import {
  accountOf,
  createInferenceState,
  DEFAULT_INFERENCE_LIMITS,
  INFERENCE_QUOTAS,
  projectOf,
  REALISTIC_INFERENCE_TIMINGS,
  resetInferenceState,
  type InferenceTimings,
} from './inference-state';
import { isEndpointPath, serveEndpoint } from './inference-endpoint';
import { MAX_PROPAGATION_DELAY_MS } from './record-set-store';
import { PullSecretStore } from './pull-secret-store';
import { areaError, areaOfPath, cloudError, dnsError, type ApiArea, type Reply } from './replies';
import { DEFAULT_CREATE_TIMINGS, TaskStore, type TaskTimings } from './task-store';
import type { KeptResources } from './gpu-cluster-store';
import { ZoneStore, type ZoneRecord } from './zone-store';

export { SEEDED_CONTAINER_NAMES, type ContainerConfig, type ContainerRecord, type LogScript } from './container-store';
export type { DnssecRecord, ZoneRecord } from './zone-store';
export type { RecordSetInput, ResolverAnswer, StoredRecord, StoredRecordSet, ZoneRecordSets } from './record-set-store';
export { LARGE_ZONE_NAME } from './record-set-seed';
export type { Fault } from './fault-queue';
export type { QuotaLimits } from './container-quota';
export type { TaskTimings } from './task-store';
export type { GpuQuota } from './gpu-limits';
export type { GpuTaskFailure } from './gpu-tasks';
export type { KeptResources } from './gpu-cluster-store';
export type { InferenceTimings } from './inference-state';
export { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS, SEEDED_REGISTRY_PASSWORD } from './inference-seed';

export interface EmulatorOptions {
  /** The accepted key, sent as `Authorization: apikey <key>` (scheme word case-insensitive). */
  apiKey: string;
  /**
   * A second accepted key, of another account (NEW_ACCOUNT): a new one, whose inference quota is zero and whose
   * projects hold no inference resources. Everything else it sees as the first key does.
   */
  newAccountApiKey?: string;
  /** Default 0 (ephemeral). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Added before every response, to simulate a far network. Default 0. */
  latencyMs?: number;
  /** Every location serves this many generated flavors instead of the default catalogue. */
  flavorsPerLocation?: number;
  /**
   * Every location serves this many generated containers instead of the seeded ones (created containers are
   * listed after them, deleted ones leave).
   */
  containersPerLocation?: number;
  /** The account has this many generated zones (besides the demo ones). */
  zonesInAccount?: number;
  /** The account has one more zone, LARGE_ZONE_NAME, of this many record sets (its SOA and NS among them). */
  recordSetsInZone?: number;
  /**
   * How long after a record set changes the public resolvers of `/dns/v2/lookup` (google, cloudflare,
   * open_dns, quad9) still answer what it held before; Gcore's own (authoritative_dns, gcore) answer at once.
   * Default 5 s, at most 10 minutes.
   */
  propagationDelayMs?: number;
  /**
   * Seeds zones in every DNSSEC state: example.com (active, its DS record at the registrar), example.org
   * (never enabled), pending.example.net, leaving.example.net (pending-disabled), unsigned.example.net
   * (disabled) and parked.example.net (not served). example.com holds a company's record sets: addresses,
   * mail (MX, SPF, DKIM, DMARC quoted), CAA, an SRV, a GeoDNS set (`cdn`), a health-checked failover set
   * (`app`) and a disabled record (`api`). Every zone has its SOA and NS sets. The registrar of
   * pending.example.net lists a foreign name server beside Gcore's two (Check Delegation's "not only Gcore's
   * servers" case); that of every other zone, Gcore's two.
   */
  demo?: boolean;
  /**
   * Serve only the four core operations: every addition (reads, record sets, lookups, container
   * create and delete, pull secrets, check_limits, pricing) answers as missing (404/405).
   */
  coreOnly?: boolean;
  /** How long an update's and a deletion's tasks stay NEW and then RUNNING (default 300 ms and 1.2 s). */
  taskTimings?: TaskTimings;
  /**
   * How long a create's task (`create_caas_container`) stays NEW, then RUNNING; the container is Pending, then
   * Deploying meanwhile. Default 1 s and 3 s (Gcore takes 30–60 s).
   */
  createTimings?: TaskTimings;
  /**
   * What each location may hold, every container counted at its `scale.max`: a create past it answers 400
   * QuotaExceededError, and `check_limits` reports it. Default 20 containers, 40,000 mCPU and 81,920 MiB: room for
   * a few beside the seeded ones (7, 13,320 mCPU, 23,936 MiB); with `containersPerLocation`, as much room on top of
   * what the generated ones use.
   */
  quota?: QuotaLimits;
  /**
   * What each location may hold of GPU clusters, by Gcore's quota names (`gpu_virtual_h100_count`,
   * `baremetal_gpu_h100_count`, `external_ip_count`, `volume_size`…): a create or a resize past it answers 400
   * QuotaExceededError and `check_limits` reports it. The default (DEFAULT_GPU_QUOTA) leaves room beside the
   * seeded clusters; the names given replace the default's.
   */
  gpuQuota?: GpuQuota;
  /**
   * Every location serves this many generated virtual GPU clusters (running, one server each, none moving)
   * instead of the seeded ones. GPU tasks take as long as Gcore's (minutes) unless `createTimings` (creates) and
   * `taskTimings` (every other GPU task) shorten them.
   */
  gpuClustersPerLocation?: number;
  /**
   * How long inference deployments take to roll out, their tasks to end, and limits requests to be granted
   * (the fields given replace REALISTIC_INFERENCE_TIMINGS': 3 minutes, 2 s + 15 s, 5 minutes).
   */
  inferenceTimings?: Partial<InferenceTimings>;
  /**
   * The main account's inference limits, by Gcore's names (`inference_gpu_l40s_count_limit`…); the names given
   * replace DEFAULT_INFERENCE_LIMITS' (room beside the seeded deployments). The second key's account has none.
   */
  inferenceLimits?: Record<string, number>;
  /**
   * Every project of the main account holds this many generated ACTIVE deployments (one CPU pod each, none
   * moving) instead of the seeded ones (the default project's three, its API key and registry credential).
   */
  inferenceDeploymentsPerProject?: number;
  /** Called once per request after it was answered or dropped; the CLI logs with it. */
  onResponse?: (request: RecordedRequest, elapsedMs: number) => void;
}

/** A GPU cluster, as a test names it to the emulator. */
export interface GpuClusterKey {
  kind: GpuKind;
  projectId: number;
  regionId: number;
  clusterId: string;
}

/** A server of a GPU cluster, as a test names it to the emulator. */
export interface GpuServerRef extends GpuClusterKey {
  serverId: string;
}

export interface RecordedRequest {
  method: string;
  /** Raw request target as received. */
  url: string;
  /** Raw path without query, still percent-encoded. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Raw body text ('' when none). */
  body: string;
  /** Parsed body when it was valid JSON. */
  json?: unknown;
  /** Status the emulator answered, 0 if the connection was dropped. */
  status: number;
  /** performance.now() when the request arrived, for measuring how many were in flight at once. */
  receivedAtMs: number;
  /** performance.now() when it was answered or dropped; undefined while it is still in flight. */
  finishedAtMs?: number;
  /** A deployment's streamed answer whose client closed the connection before it ended (a cancelled request). */
  closedEarly?: boolean;
}

export interface Emulator {
  readonly url: string;
  readonly port: number;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** TCP connections accepted since start. */
  readonly connectionCount: number;
  /** Faults queue; the first matching fault with remaining times wins. Faults apply before authentication. */
  inject(fault: Fault): void;
  clearFaults(): void;
  /**
   * Clears requests and faults and restores the seeded state: created containers, pull secrets, GPU clusters
   * and SSH keys are forgotten, deleted ones are back, the quotas and flavor capacities are the starting ones
   * again, queued GPU task failures and failing images are dropped.
   */
  reset(): void;
  zone(name: string): ZoneRecord | undefined;
  /**
   * What the registrar of a domain (a zone here or not) lists as its name servers, as the delegation check
   * answers; undefined restores the default (Gcore's two for a zone, none otherwise). A reset restores the seed.
   */
  setRegistrarNameServers(name: string, servers: readonly string[] | undefined): void;
  /** A container of a location (one being deleted included), or undefined when it does not exist there. */
  container(projectId: number, regionId: number, name: string): ContainerRecord | undefined;
  /**
   * The password stored for a location's pull secret, or undefined when it has no such secret: the API never
   * answers it, so this is how a test proves what was sent (never to show it).
   */
  pullSecretPassword(projectId: number, regionId: number, name: string): string | undefined;
  /** Changes what every location may hold (the fields given); a RangeError for a value that is not a whole number from 0. A reset restores the starting quota. */
  setQuota(quota: Partial<QuotaLimits>): void;
  setLatency(ms: number): void;
  /** Time stands still for tasks (none moves on or ends) until `holdTasks(false)` or a reset. */
  holdTasks(held: boolean): void;
  /** Sets `propagationDelayMs` (a reset keeps it, as it keeps the latency); a RangeError past 10 minutes. */
  setPropagationDelay(ms: number): void;
  /** Moves every task on by `ms`, as if that much time had passed: a long task (a GPU create) ends at once. */
  advanceTasks(ms: number): void;
  /** Changes the GPU quota (the names given); a RangeError for an unknown name or a value that is not a whole number from 0. A reset restores it. */
  setGpuQuota(quota: GpuQuota): void;
  /**
   * The next GPU task of that kind and change (any, when left out) ends in ERROR: a create or a deletion leaves
   * its cluster in `error`, a start leaves it `shutoff`, anything else `degraded` with one server in ERROR.
   */
  failGpuTask(failure?: GpuTaskFailure): void;
  /**
   * Every cluster created from this image (either kind's id) ends its create task in ERROR with `error` (a
   * failed boot by default), the cluster in `error`; a RangeError for an unknown image. A reset clears it.
   */
  failGpuImage(imageId: string, error?: string): void;
  /** How many servers of a GPU flavor a location has left (its `capacity`); a reset restores the catalogue's. */
  setGpuFlavorCapacity(kind: GpuKind, projectId: number, regionId: number, flavor: string, capacity: number): void;
  /** The volumes and floating IPs GPU deletions left at a location (the API lists them elsewhere, not here). */
  keptGpuResources(projectId: number, regionId: number): KeptResources;
  /**
   * The public address a GPU server's interfaces answer: `address` on its external port or floating IP (a test points
   * it at an SSH server of its own), or with null none at all (its addresses are then private only). A RangeError for a
   * server that is not there; a reset restores the seeded addresses.
   */
  setGpuServerAddress(server: GpuServerRef, address: string | null): void;
  /**
   * Bare metal: puts the server's ports but InfiniBand on a trunk (a port of its own on a private network, listed
   * first in its addresses), so that the interfaces answer carries its public address in the trunk's `sub_ports`;
   * false takes them off it. A RangeError for a server that is not there; a reset restores the seeded ports.
   */
  setGpuServerTrunk(server: GpuServerRef, trunked: boolean): void;
  /**
   * Sets a tag of a GPU cluster (null removes it) as another writer would, outside any request: a portal, another
   * window. A RangeError for a cluster that is not there; a reset restores the seeded tags.
   */
  setGpuClusterTag(cluster: GpuClusterKey, key: string, value: string | null): void;
  /**
   * Changes the main account's inference limits (the names given), as Gcore's support would; a granted limits
   * request still raises them, a reset restores the starting ones. A RangeError for an unknown name or a value
   * that is not a whole number from 0.
   */
  setInferenceLimits(limits: Record<string, number>): void;
  /**
   * How long a deployment at zero takes to answer its first request (a pod starts); a RangeError for a value that is
   * not a whole number from 0. A reset restores the starting one.
   */
  setInferenceWakeMs(ms: number): void;
  /** An inference API key's secret in a project of the main account, or undefined: the list never answers it. */
  inferenceApiKeySecret(projectId: number, name: string): string | undefined;
  /** A registry credential's password in a project of the main account, or undefined: no answer carries it. */
  inferenceRegistryPassword(projectId: number, name: string): string | undefined;
  /** Stops listening and destroys open keep-alive sockets. */
  close(): Promise<void>;
}

const DEFAULT_PROPAGATION_DELAY_MS = 5_000;

const INFERENCE_LIMIT_NAMES = INFERENCE_QUOTAS.map((quota) => `${quota}_limit`);

function checkedInferenceLimits(limits: Record<string, number>): Record<string, number> {
  for (const [name, value] of Object.entries(limits)) {
    if (!INFERENCE_LIMIT_NAMES.includes(name)) throw new RangeError(`No inference limit is named ${name}`);
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`The inference limit ${name} must be a whole number from 0, got ${value}`);
    }
  }
  return limits;
}

/** The record sets keep only as much history as the longest delay needs. */
function checkedPropagationDelay(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_PROPAGATION_DELAY_MS) {
    throw new RangeError(`The propagation delay must be 0 to ${MAX_PROPAGATION_DELAY_MS} ms, got ${ms}`);
  }
  return ms;
}

// Cut mid-token so that no JSON parser can accept it.
const MALFORMED_BODY = '{"count": 3, "results": [{"name": "g3-ai-32-192-1500-l40s-48-1", "capacity": ';

function recordedHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The first value of each parameter, as URLSearchParams.get reads it and as the handlers see it. */
function firstValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!Object.hasOwn(values, name)) values[name] = value;
  }
  return values;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function faultReply(fault: Fault, area: ApiArea, requestId: string): Reply | undefined {
  if (fault.malformed) return { status: fault.status ?? 200, rawBody: MALFORMED_BODY };
  if (fault.status === undefined) return undefined;
  if (typeof fault.body === 'string') return { status: fault.status, rawBody: fault.body };
  if (fault.body !== undefined) return { status: fault.status, body: fault.body };
  if (fault.status < 400) return { status: fault.status, rawBody: '' };
  return areaError(area, requestId, fault.status, http.STATUS_CODES[fault.status] ?? 'Injected fault');
}

function authenticationReply(area: ApiArea, verdict: 'missing' | 'invalid', requestId: string): Reply {
  const reply =
    area === 'dns'
      ? dnsError(401, verdict === 'missing' ? 'authorization header is required' : 'invalid API key')
      : verdict === 'missing'
        ? cloudError(requestId, 401, 'NotAuthenticated', 'Authentication credentials were not provided.')
        : cloudError(requestId, 401, 'AuthenticationFailed', 'Invalid token.');
  return { ...reply, headers: { 'WWW-Authenticate': 'APIKey' } };
}

class EmulatorServer implements Emulator {
  readonly requests: RecordedRequest[] = [];
  private readonly server: http.Server;
  private readonly faults = new FaultQueue();
  private readonly state: ApiState;
  private readonly startingQuota: Readonly<QuotaLimits>;
  private readonly startingGpuQuota: Readonly<GpuQuota>;
  private readonly startingInferenceLimits: Readonly<Record<string, number>>;
  private readonly startingInferenceTimings: Readonly<InferenceTimings>;
  /** Resolvers of pending latency waits, released at close so no handler outlives the server. */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private latencyMs: number;
  private connections = 0;
  /** Kept after close, when the server no longer reports an address. */
  private boundPort = 0;
  private closed = false;

  constructor(private readonly options: EmulatorOptions) {
    this.latencyMs = options.latencyMs ?? 0;
    const tasks = new TaskStore(options.taskTimings);
    const containers = new ContainerStore((taskId) => tasks.progress(taskId), options.containersPerLocation);
    this.startingQuota = checkedQuota({ ...(options.quota ?? defaultQuota(containers, options.containersPerLocation !== undefined)) });
    this.startingGpuQuota = checkedGpuQuota({ ...DEFAULT_GPU_QUOTA, ...options.gpuQuota });
    const flavors = new GpuFlavorCatalogue(options.flavorsPerLocation);
    this.startingInferenceLimits = checkedInferenceLimits({ ...DEFAULT_INFERENCE_LIMITS, ...options.inferenceLimits });
    this.startingInferenceTimings = { ...REALISTIC_INFERENCE_TIMINGS, ...options.inferenceTimings };
    this.state = {
      containers,
      zones: new ZoneStore(options.demo === true, options.zonesInAccount, options.recordSetsInZone),
      flavors,
      tasks,
      secrets: new PullSecretStore(),
      quota: { ...this.startingQuota },
      createTimings: options.createTimings ?? DEFAULT_CREATE_TIMINGS,
      coreOnly: options.coreOnly === true,
      propagationDelayMs: checkedPropagationDelay(options.propagationDelayMs ?? DEFAULT_PROPAGATION_DELAY_MS),
      gpu: createGpuState({
        tasks,
        virtualFlavors: flavors,
        timings: gpuTimings(options.createTimings, options.taskTimings),
        quota: { ...this.startingGpuQuota },
        clustersPerLocation: options.gpuClustersPerLocation,
      }),
      inference: createInferenceState({
        tasks,
        timings: { ...this.startingInferenceTimings },
        limits: this.startingInferenceLimits,
        seed:
          options.inferenceDeploymentsPerProject === undefined
            ? seedInferenceProject
            : generatedInferenceSeed(options.inferenceDeploymentsPerProject),
      }),
    };
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent && !response.destroyed) {
          response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ error: `emulator failure: ${String(error)}` }));
        }
      });
    });
    this.server.on('connection', () => {
      this.connections += 1;
    });
  }

  get port(): number {
    return this.boundPort;
  }

  get url(): string {
    const host = this.options.host ?? '127.0.0.1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
  }

  get connectionCount(): number {
    return this.connections;
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        this.boundPort = (this.server.address() as AddressInfo).port;
        this.state.inference.endpointBase = this.url;
        resolve();
      });
    });
  }

  inject(fault: Fault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  reset(): void {
    this.requests.length = 0;
    this.faults.clear();
    this.state.containers.reset();
    this.state.zones.reset();
    this.state.tasks.reset();
    this.state.secrets.reset();
    this.state.quota = { ...this.startingQuota };
    resetGpuState(this.state.gpu, this.startingGpuQuota);
    resetInferenceState(this.state.inference, this.startingInferenceLimits);
    this.state.inference.timings = { ...this.startingInferenceTimings };
  }

  zone(name: string): ZoneRecord | undefined {
    return this.state.zones.find(name);
  }

  setRegistrarNameServers(name: string, servers: readonly string[] | undefined): void {
    this.state.zones.setRegistrarNameServers(name.toLowerCase().replace(/\.$/, ''), servers);
  }

  container(projectId: number, regionId: number, name: string): ContainerRecord | undefined {
    return this.state.containers.find(projectId, regionId, name);
  }

  pullSecretPassword(projectId: number, regionId: number, name: string): string | undefined {
    return this.state.secrets.find(projectId, regionId, name)?.password;
  }

  setQuota(quota: Partial<QuotaLimits>): void {
    const defined = Object.fromEntries(Object.entries(quota).filter(([, value]) => value !== undefined));
    this.state.quota = checkedQuota({ ...this.state.quota, ...defined });
  }

  setGpuQuota(quota: GpuQuota): void {
    this.state.gpu.quota = checkedGpuQuota({ ...this.state.gpu.quota, ...quota });
  }

  advanceTasks(ms: number): void {
    this.state.tasks.advance(ms);
    this.state.inference.clock.advance(ms);
  }

  setInferenceLimits(limits: Record<string, number>): void {
    checkedInferenceLimits(limits);
    Object.assign(accountOf(this.state.inference, ACCOUNT.id).limits, limits);
  }

  setInferenceWakeMs(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`The wake time must be a whole number of milliseconds from 0, got ${ms}`);
    this.state.inference.timings.wakeMs = ms;
  }

  inferenceApiKeySecret(projectId: number, name: string): string | undefined {
    return projectOf(this.state.inference, ACCOUNT.id, projectId).apiKeys.get(name)?.secret;
  }

  inferenceRegistryPassword(projectId: number, name: string): string | undefined {
    return projectOf(this.state.inference, ACCOUNT.id, projectId).credentials.get(name)?.password;
  }

  failGpuTask(failure: GpuTaskFailure = {}): void {
    this.state.gpu.failures.add(failure);
  }

  failGpuImage(imageId: string, error = `Image ${imageId} failed to boot: no bootable device`): void {
    if (!findGpuImage('virtual', imageId) && !findGpuImage('baremetal', imageId)) throw new RangeError(`No GPU image ${imageId}`);
    this.state.gpu.failingImages.set(imageId, error);
  }

  setGpuFlavorCapacity(kind: GpuKind, projectId: number, regionId: number, flavor: string, capacity: number): void {
    const entry = this.state.gpu.catalogues[kind].find({ projectId, regionId }, flavor);
    if (!entry) throw new RangeError(`No ${kind} GPU flavor ${flavor} at ${projectId}/${regionId}`);
    if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError(`A capacity must be a whole number from 0, got ${capacity}`);
    entry.flavor.capacity = capacity;
    if (entry.flavor.reserved_capacity !== undefined) entry.flavor.reserved_capacity = 0;
  }

  keptGpuResources(projectId: number, regionId: number): KeptResources {
    return this.state.gpu.clusters.keptAt({ projectId, regionId });
  }

  setGpuServerAddress(ref: GpuServerRef, address: string | null): void {
    setPublicAddress(this.gpuServer(ref), address);
  }

  setGpuServerTrunk(ref: GpuServerRef, trunked: boolean): void {
    setTrunk(this.gpuServer(ref), trunked);
  }

  private gpuServer({ kind, projectId, regionId, clusterId, serverId }: GpuServerRef): GpuServerRecord {
    const server = this.state.gpu.clusters
      .find({ projectId, regionId }, kind, clusterId)
      ?.servers.find((candidate) => candidate.id === serverId);
    if (!server) throw new RangeError(`No server ${serverId} in ${kind} GPU cluster ${clusterId} at ${projectId}/${regionId}`);
    return server;
  }

  setGpuClusterTag({ kind, projectId, regionId, clusterId }: GpuClusterKey, key: string, value: string | null): void {
    const record = this.state.gpu.clusters.find({ projectId, regionId }, kind, clusterId);
    if (!record) throw new RangeError(`No ${kind} GPU cluster ${clusterId} at ${projectId}/${regionId}`);
    if (value === null) delete record.tags[key];
    else record.tags[key] = value;
  }

  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  holdTasks(held: boolean): void {
    if (held) {
      this.state.tasks.hold();
      this.state.inference.clock.hold();
    } else {
      this.state.tasks.release();
      this.state.inference.clock.release();
    }
  }

  setPropagationDelay(ms: number): void {
    this.state.propagationDelayMs = checkedPropagationDelay(ms);
  }

  close(): Promise<void> {
    this.closed = true;
    for (const [timer, release] of this.waits) {
      clearTimeout(timer);
      release();
    }
    this.waits.clear();
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }

  private wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      this.waits.set(timer, resolve);
    });
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const target = request.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    const query = new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1));
    const method = request.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      url: target,
      path,
      query: firstValues(query),
      headers: recordedHeaders(request.headers),
      body: '',
      status: 0,
      receivedAtMs: startedAt,
    };
    this.requests.push(record);
    record.body = await readBody(request);
    try {
      if (record.body !== '') record.json = JSON.parse(record.body);
    } catch {
      // The body is kept as text; handlers report malformed JSON in the API's own words.
    }

    const fault = this.faults.take(method, decodePath(path));
    if (isEndpointPath(path)) {
      await this.serveEndpoint(request, response, record, fault);
      record.finishedAtMs = performance.now();
      this.options.onResponse?.(record, Math.round(record.finishedAtMs - startedAt));
      return;
    }
    const requestId = randomUUID();
    const area = areaOfPath(path);
    // The answer is computed before the simulated latency, as a far server would have acted on a request
    // whose response is then lost or late.
    const carriedOut = fault?.afterApplying ? this.answer(request, record, query, requestId) : undefined;
    const reply = fault?.drop
      ? undefined
      : ((fault && faultReply(fault, area, requestId)) ?? carriedOut ?? this.answer(request, record, query, requestId));
    await this.wait(this.latencyMs + (fault?.delayMs ?? 0));

    if (reply && !this.closed && !response.destroyed) {
      const text = reply.rawBody ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      // A 204 may carry neither a body nor a Content-Length (RFC 9110).
      const content = reply.status === 204 ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) };
      response.writeHead(reply.status, {
        ...content,
        'X-Request-ID': requestId,
        ...reply.headers,
        ...fault?.headers,
      });
      record.status = reply.status;
      if (fault?.resetMidBody) {
        const bytes = Buffer.from(text);
        response.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        await new Promise<void>((resolve) => setImmediate(resolve));
        request.socket.destroy();
      } else if (fault?.bodyDelayMs) {
        const bytes = Buffer.from(text);
        const half = Math.floor(bytes.length / 2);
        response.write(bytes.subarray(0, half));
        await this.wait(fault.bodyDelayMs);
        if (!this.closed && !response.destroyed) response.end(bytes.subarray(half));
      } else {
        response.end(text);
      }
    } else {
      request.socket.destroy();
    }
    record.finishedAtMs = performance.now();
    this.options.onResponse?.(record, Math.round(record.finishedAtMs - startedAt));
  }

  /** A request to a deployment's address: no Gcore key is checked there (inference-endpoint.ts). */
  private async serveEndpoint(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    record: RecordedRequest,
    fault: Fault | undefined,
  ): Promise<void> {
    let segments: string[];
    try {
      segments = record.path
        .split('/')
        .slice(2)
        .map((segment) => decodeURIComponent(segment));
    } catch {
      segments = [];
    }
    await serveEndpoint(this.state.inference, {
      method: record.method,
      segments,
      headers: request.headers,
      json: record.json,
      response,
      fault,
      wait: (ms) => (this.closed ? Promise.resolve() : this.wait(ms)),
      latencyMs: this.latencyMs,
      onStatus: (status) => {
        record.status = status;
      },
      onClosedEarly: () => {
        record.closedEarly = true;
      },
    });
  }

  private answer(request: http.IncomingMessage, record: RecordedRequest, query: URLSearchParams, requestId: string): Reply {
    const area = areaOfPath(record.path);
    const keys = [this.options.apiKey, ...(this.options.newAccountApiKey === undefined ? [] : [this.options.newAccountApiKey])];
    const key = keyOfRequest(request.headers.authorization, keys);
    if (typeof key !== 'number') return authenticationReply(area, key, requestId);
    const apiRequest: ApiRequest = {
      method: record.method,
      path: record.path,
      query,
      headers: request.headers,
      body: record.body,
      requestId,
      accountId: key === 0 ? ACCOUNT.id : NEW_ACCOUNT.id,
    };
    try {
      return answerApiRequest(apiRequest, this.state);
    } catch (error) {
      return areaError(area, requestId, 500, `Emulator failure: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Starts an emulator listening on loopback; close() it when done. */
export async function start(options: EmulatorOptions): Promise<Emulator> {
  const emulator = new EmulatorServer(options);
  await emulator.listen();
  return emulator;
}
