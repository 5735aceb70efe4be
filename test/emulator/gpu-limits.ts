import { isJsonObject, type ApiRequest } from './api-request';
import { readLocatedJsonObject } from './cloud-json-body';
import type { CloudLocation } from './cloud-location';
import {
  checkBoolean,
  checkInteger,
  checkList,
  checkObject,
  checkOneOf,
  checkRequired,
  checkString,
  checkUuid,
  FieldErrors,
  NOT_A_MAPPING,
  type FieldRule,
} from './field-checks';
import type { GpuClusterRecord, GpuClusterSettings } from './gpu-cluster-store';
import { checkInterface } from './gpu-cluster-validation';
import type { GpuKind } from './gpu-kind';
import type { GpuState } from './gpu-state';
import { cloudValidationError, type Reply } from './replies';

/**
 * What a location may hold, by Gcore's regional quota names (each answered with `_limit`, `_usage` and
 * `_requested`). Virtual GPUs count cards, bare-metal ones count servers; every cluster has an InfiniBand
 * network (`baremetal_network_count`).
 */
export type GpuQuota = Record<string, number>;

const GPU_MODELS = ['a100', 'h100', 'h200', 'l40s'];

/** Room for a few clusters beside the seeded ones (6 virtual H100 cards, 3 bare-metal servers, 5 networks). */
export const DEFAULT_GPU_QUOTA: Readonly<GpuQuota> = {
  ...Object.fromEntries(GPU_MODELS.map((model) => [`gpu_virtual_${model}_count`, 16])),
  ...Object.fromEntries(GPU_MODELS.map((model) => [`baremetal_gpu_${model}_count`, 4])),
  external_ip_count: 32,
  floating_count: 16,
  volume_count: 64,
  volume_size: 30_000,
  baremetal_network_count: 10,
};

/** A quota a test sets: names the default has, whole numbers from 0. */
export function checkedGpuQuota(quota: GpuQuota): GpuQuota {
  for (const [name, value] of Object.entries(quota)) {
    if (!Object.hasOwn(DEFAULT_GPU_QUOTA, name)) throw new RangeError(`No GPU quota is named ${name}`);
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`The GPU quota ${name} must be a whole number from 0, got ${value}`);
    }
  }
  return quota;
}

/** The GPU model and the GPUs per server, as every flavor name of both kinds says them (`…-h100-80-8…`). */
export function gpuOfFlavor(flavor: string): { model: string; count: number } | undefined {
  const match = /-(a100|h100|h200|l40s)-\d+-(\d+)(?:-|$)/.exec(flavor);
  return match ? { model: match[1], count: Number(match[2]) } : undefined;
}

/** What `servers` more servers of this shape need, by quota name; `newCluster` adds the cluster's InfiniBand network. */
export function gpuNeeds(
  kind: GpuKind,
  flavor: string,
  servers: number,
  settings: Pick<GpuClusterSettings, 'interfaces' | 'volumes'>,
  newCluster: boolean,
): GpuQuota {
  const needs: GpuQuota = {};
  const add = (name: string, amount: number) => {
    if (amount > 0) needs[name] = (needs[name] ?? 0) + amount;
  };
  const gpu = gpuOfFlavor(flavor);
  if (gpu) {
    add(
      kind === 'virtual' ? `gpu_virtual_${gpu.model}_count` : `baremetal_gpu_${gpu.model}_count`,
      servers * (kind === 'virtual' ? gpu.count : 1),
    );
  }
  add('external_ip_count', servers * settings.interfaces.filter((item) => item.type === 'external').length);
  add(
    'floating_count',
    servers * settings.interfaces.filter((item) => (item.floating_ip as { source?: unknown } | undefined)?.source === 'new').length,
  );
  add('volume_count', servers * settings.volumes.length);
  add('volume_size', servers * settings.volumes.reduce((total, volume) => total + volume.size, 0));
  add('baremetal_network_count', newCluster ? 1 : 0);
  return needs;
}

/** What the location's clusters use: every one, of both kinds, until its deletion ends. */
function usageAt(clusters: readonly GpuClusterRecord[]): GpuQuota {
  const usage: GpuQuota = {};
  for (const record of clusters) {
    for (const [name, amount] of Object.entries(gpuNeeds(record.kind, record.flavor, record.servers.length, record.settings, true))) {
      usage[name] = (usage[name] ?? 0) + amount;
    }
  }
  return usage;
}

/** The `_limit`, `_requested` and `_usage` of every quota the request would pass; empty when it fits. */
export function exceededGpuQuotas(state: GpuState, location: CloudLocation, requested: GpuQuota): Record<string, number> {
  const usage = usageAt(state.clusters.all(location));
  const exceeded: Record<string, number> = {};
  for (const [name, amount] of Object.entries(requested)) {
    const limit = state.quota[name] ?? 0;
    const used = usage[name] ?? 0;
    if (used + amount <= limit) continue;
    Object.assign(exceeded, { [`${name}_limit`]: limit, [`${name}_requested`]: amount, [`${name}_usage`]: used });
  }
  return exceeded;
}

/** The message of a 400 QuotaExceededError for what `exceededGpuQuotas` found. */
export function gpuQuotaMessage(exceeded: Record<string, number>): string {
  const names = Object.keys(exceeded)
    .filter((key) => key.endsWith('_limit'))
    .map((key) => key.slice(0, -'_limit'.length));
  return `Quota exceeded: ${names.map((name) => `${name} requested ${exceeded[`${name}_requested`]}, usage ${exceeded[`${name}_usage`]}, limit ${exceeded[`${name}_limit`]}`).join('; ')}`;
}

const checkQuotaVolume: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkRequired(errors, value, ['source', 'size', 'type'], field);
  checkObject(errors, field, value, {
    source: (e, f, v) => checkOneOf(e, f, v, ['image', 'new']),
    size: (e, f, v) => checkInteger(e, f, v, 1, 102_399),
    type: (e, f, v) => checkString(e, f, v, { minLength: 1 }),
    image_id: checkUuid,
  });
};

function checkQuotaSettings(kind: GpuKind): FieldRule {
  return (errors, field, value) => {
    if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
    const rules: Record<string, FieldRule> = { interfaces: (e, f, v) => checkList(e, f, v, checkInterface) };
    if (kind === 'virtual') rules.volumes = (e, f, v) => checkList(e, f, v, checkQuotaVolume);
    checkObject(errors, field, value, rules);
  };
}

/**
 * POST /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/check_limits `{flavor, servers_count,
 * existing_cluster?, servers_settings?}`: the quotas `servers_count` more servers would pass, each as its
 * `_limit`, `_requested`, `_usage` triple; `{}` when they fit. With `existing_cluster` (a resize) the cluster's
 * InfiniBand network already exists and is not counted.
 */
export function checkGpuLimits(
  request: ApiRequest,
  kind: GpuKind,
  segments: { projectId: string; regionId: string },
  state: GpuState,
): Reply {
  const body = readLocatedJsonObject(request, segments);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['flavor', 'servers_count']);
  checkObject(errors, '', body.value, {
    flavor: (e, f, v) => checkString(e, f, v, { minLength: 1 }),
    servers_count: (e, f, v) => checkInteger(e, f, v, 1, 999),
    existing_cluster: checkBoolean,
    servers_settings: checkQuotaSettings(kind),
  });
  const flavor = body.value.flavor;
  if (typeof flavor === 'string' && !state.catalogues[kind].find(body.location, flavor)) {
    errors.add('flavor', `Flavor ${flavor} not found.`);
  }
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);

  const settings = (body.value.servers_settings ?? {}) as Partial<Pick<GpuClusterSettings, 'interfaces' | 'volumes'>>;
  const requested = gpuNeeds(
    kind,
    flavor as string,
    body.value.servers_count as number,
    { interfaces: settings.interfaces ?? [], volumes: settings.volumes ?? [] },
    body.value.existing_cluster !== true,
  );
  return { status: 200, body: exceededGpuQuotas(state, body.location, requested) };
}
