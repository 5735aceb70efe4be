import type { ContainerConfig, ContainerStore } from './container-store';

/** What one location may hold: containers, mCPU and MiB, each counting a container at its `scale.max`. */
export interface QuotaLimits {
  containers: number;
  cpu: number;
  ramMiB: number;
}

/** What containers use, or a new one would: the same three measures. */
export type QuotaUse = QuotaLimits;

/** Room for a few containers beside the seeded seven (13,320 mCPU and 23,936 MiB at their scale.max). */
export const DEFAULT_QUOTA: Readonly<QuotaLimits> = { containers: 20, cpu: 40_000, ramMiB: 81_920 };

/** The quota names Gcore answers with, each then suffixed `_limit`, `_usage`, `_requested`. */
const QUOTA_NAMES: readonly [string, keyof QuotaLimits][] = [
  ['caas_container_count', 'containers'],
  ['caas_cpu_count', 'cpu'],
  ['caas_ram_size', 'ramMiB'],
];

const FLAVOR_SIZE = /^(\d+)mCPU-(\d+)Mi?B$/;

/** mCPU and MiB read from the size's name: an update may set any name of the pattern, not only the catalogue's. */
export function flavorSize(flavor: unknown): { cpu: number; ram: number } | undefined {
  const match = typeof flavor === 'string' ? FLAVOR_SIZE.exec(flavor) : null;
  return match ? { cpu: Number(match[1]), ram: Number(match[2]) } : undefined;
}

/** What a container of this size would use at most, with `maxReplicas` instances. */
export function requestOf(flavor: unknown, maxReplicas: number): QuotaUse {
  const size = flavorSize(flavor) ?? { cpu: 0, ram: 0 };
  return { containers: 1, cpu: size.cpu * maxReplicas, ramMiB: size.ram * maxReplicas };
}

function useOf(config: ContainerConfig): QuotaUse {
  const max = (config.scale as { max?: unknown } | undefined)?.max;
  return requestOf(config.flavor, typeof max === 'number' ? max : 1);
}

function sum(uses: Iterable<QuotaUse>): QuotaUse {
  const total: QuotaUse = { containers: 0, cpu: 0, ramMiB: 0 };
  for (const use of uses) {
    total.containers += use.containers;
    total.cpu += use.cpu;
    total.ramMiB += use.ramMiB;
  }
  return total;
}

/**
 * What a location's containers use: disabled ones too (they keep their reservation), and one being deleted
 * until its task ends.
 */
export function usageAt(store: ContainerStore, projectId: number, regionId: number): QuotaUse {
  return sum(store.names(projectId, regionId).map((name) => useOf(store.find(projectId, regionId, name)!.config)));
}

/** The default quota; with generated containers, the same room on top of what they use, so creating still works. */
export function defaultQuota(store: ContainerStore, generated: boolean): QuotaLimits {
  if (!generated) return { ...DEFAULT_QUOTA };
  const used = sum(store.baseConfigs().map(useOf));
  return {
    containers: DEFAULT_QUOTA.containers + used.containers,
    cpu: DEFAULT_QUOTA.cpu + used.cpu,
    ramMiB: DEFAULT_QUOTA.ramMiB + used.ramMiB,
  };
}

/** The nine numbers of a `check_limits` answer. */
export function quotaNumbers(limit: QuotaLimits, usage: QuotaUse, requested: QuotaUse): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [name, measure] of QUOTA_NAMES) {
    numbers[`${name}_limit`] = limit[measure];
    numbers[`${name}_usage`] = usage[measure];
    numbers[`${name}_requested`] = requested[measure];
  }
  return numbers;
}

/** Every quota the request would pass: a message naming each, and their numbers as `info`; undefined when all fit. */
export function exceededQuotas(
  limit: QuotaLimits,
  usage: QuotaUse,
  requested: QuotaUse,
): { message: string; info: Record<string, number> } | undefined {
  const parts: string[] = [];
  const info: Record<string, number> = {};
  for (const [name, measure] of QUOTA_NAMES) {
    if (usage[measure] + requested[measure] <= limit[measure]) continue;
    parts.push(`${name} requested ${requested[measure]}, usage ${usage[measure]}, limit ${limit[measure]}`);
    Object.assign(info, {
      [`${name}_limit`]: limit[measure],
      [`${name}_usage`]: usage[measure],
      [`${name}_requested`]: requested[measure],
    });
  }
  return parts.length === 0 ? undefined : { message: `Quota exceeded: ${parts.join('; ')}`, info };
}

/** A quota a test sets: whole numbers from 0. */
export function checkedQuota(quota: QuotaLimits): QuotaLimits {
  for (const [name, value] of Object.entries(quota)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`The quota's ${name} must be a whole number from 0, got ${value}`);
  }
  return quota;
}
