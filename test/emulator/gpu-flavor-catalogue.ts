import { createHash } from 'node:crypto';
import type { CloudLocation } from './cloud-location';

export interface FlavorPrice {
  currency_code: string | null;
  price_per_hour: number | null;
  price_per_month: number | null;
  price_status: 'show' | 'hide' | 'error';
}

export interface CatalogueEntry {
  /** The flavor as the API lists it without prices; `capacity` (and bare metal's `reserved_capacity`) change as clusters take servers. */
  flavor: { name: string; disabled: boolean; capacity: number; reserved_capacity?: number } & Record<string, unknown>;
  price: FlavorPrice;
}

interface GpuModel {
  model: string;
  memoryGb: number;
  eurPerGpuHour: number;
}

interface FlavorTemplate {
  generation: string;
  gpu: GpuModel;
  gpuCount: number;
  vcpus: number;
  ramGib: number;
  localStorageGb: number;
  /** Retired sizes stay listed but disabled, as in the real catalogue. */
  retired?: boolean;
}

const L40S: GpuModel = { model: 'L40S', memoryGb: 48, eurPerGpuHour: 1.28 };
const A100_80: GpuModel = { model: 'A100', memoryGb: 80, eurPerGpuHour: 1.95 };
const A100_40: GpuModel = { model: 'A100', memoryGb: 40, eurPerGpuHour: 1.2 };
const H100: GpuModel = { model: 'H100', memoryGb: 80, eurPerGpuHour: 2.9 };

const TEMPLATES = {
  l40s1: { generation: 'g3', gpu: L40S, gpuCount: 1, vcpus: 32, ramGib: 192, localStorageGb: 1500 },
  l40s2: { generation: 'g3', gpu: L40S, gpuCount: 2, vcpus: 64, ramGib: 384, localStorageGb: 3000 },
  l40s4: { generation: 'g3', gpu: L40S, gpuCount: 4, vcpus: 128, ramGib: 768, localStorageGb: 6000, retired: true },
  a100x1: { generation: 'g2', gpu: A100_80, gpuCount: 1, vcpus: 24, ramGib: 232, localStorageGb: 1000 },
  a100x2: { generation: 'g2', gpu: A100_80, gpuCount: 2, vcpus: 48, ramGib: 464, localStorageGb: 2000 },
  a100small: { generation: 'g2', gpu: A100_40, gpuCount: 1, vcpus: 12, ramGib: 116, localStorageGb: 500, retired: true },
  h100x1: { generation: 'g3', gpu: H100, gpuCount: 1, vcpus: 24, ramGib: 232, localStorageGb: 1000 },
  h100x2: { generation: 'g3', gpu: H100, gpuCount: 2, vcpus: 48, ramGib: 464, localStorageGb: 2000 },
  h100x4: { generation: 'g3', gpu: H100, gpuCount: 4, vcpus: 96, ramGib: 928, localStorageGb: 4000 },
  h100x8: { generation: 'g3', gpu: H100, gpuCount: 8, vcpus: 192, ramGib: 1856, localStorageGb: 8000 },
} satisfies Record<string, FlavorTemplate>;

/** Regions differ in which GPU models they host, chosen by region id modulo the list length. */
const REGION_CATALOGUES: readonly FlavorTemplate[][] = [
  [
    TEMPLATES.l40s1,
    TEMPLATES.l40s2,
    TEMPLATES.l40s4,
    TEMPLATES.a100x1,
    TEMPLATES.a100small,
    TEMPLATES.a100x2,
    TEMPLATES.h100x1,
    TEMPLATES.h100x2,
  ],
  [TEMPLATES.l40s1, TEMPLATES.l40s2, TEMPLATES.l40s4, TEMPLATES.h100x1, TEMPLATES.h100x2, TEMPLATES.h100x4, TEMPLATES.h100x8],
  [
    TEMPLATES.l40s1,
    TEMPLATES.a100x1,
    TEMPLATES.a100small,
    TEMPLATES.a100x2,
    TEMPLATES.h100x1,
    TEMPLATES.h100x2,
    TEMPLATES.h100x4,
    TEMPLATES.h100x8,
  ],
];

export const HOURS_PER_MONTH = 730;

function flavorName(template: FlavorTemplate): string {
  const { generation, vcpus, ramGib, localStorageGb, gpu, gpuCount } = template;
  return `${generation}-ai-${vcpus}-${ramGib}-${localStorageGb}-${gpu.model.toLowerCase()}-${gpu.memoryGb}-${gpuCount}`;
}

export function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function priceOf(template: FlavorTemplate, status: FlavorPrice['price_status'], regionFactor: number): FlavorPrice {
  if (status === 'hide') return { currency_code: 'EUR', price_per_hour: null, price_per_month: null, price_status: 'hide' };
  if (status === 'error') return { currency_code: null, price_per_hour: null, price_per_month: null, price_status: 'error' };
  const perHour = roundCents(template.gpu.eurPerGpuHour * template.gpuCount * regionFactor);
  return { currency_code: 'EUR', price_per_hour: perHour, price_per_month: roundCents(perHour * HOURS_PER_MONTH), price_status: 'show' };
}

interface EntryTraits {
  name: string;
  capacity: number;
  disabled: boolean;
  priceStatus: FlavorPrice['price_status'];
  regionFactor: number;
}

function entryFor(template: FlavorTemplate, traits: EntryTraits): CatalogueEntry {
  const { gpu, gpuCount } = template;
  const multiGpu = gpuCount > 1;
  return {
    flavor: {
      name: traits.name,
      architecture: 'x86_64',
      capacity: traits.capacity,
      disabled: traits.disabled,
      os_type: 'linux',
      hardware_description: {
        // As the real API writes it, e.g. "NVIDIA H100-1GPU (80GB)".
        gpu: `NVIDIA ${gpu.model}-${gpuCount}GPU (${gpu.memoryGb}GB)`,
        ram: template.ramGib * 1024,
        vcpus: template.vcpus,
        local_storage: template.localStorageGb,
        network: multiGpu ? '2x100G' : '1x25G',
      },
      hardware_properties: {
        gpu_count: gpuCount,
        // Real flavors carry both in lower case.
        gpu_manufacturer: 'nvidia',
        gpu_model: gpu.model.toLowerCase(),
        nic_eth: multiGpu ? '2x100G' : '1x25G',
        nic_ib: gpuCount >= 4 ? `${gpuCount}x400G` : null,
      },
      supported_features: { security_groups: true },
    },
    price: priceOf(template, traits.priceStatus, traits.regionFactor),
  };
}

export function locationHash(location: CloudLocation, name: string): number {
  return createHash('sha256').update(`${location.projectId}/${location.regionId}/${name}`).digest().readUInt32BE(0);
}

/**
 * The default catalogue: about eight flavors. Retired sizes are disabled, the largest size is out of stock,
 * the largest price is hidden ("on request") and the second flavor's price fails, in every location.
 */
function defaultCatalogue(location: CloudLocation): CatalogueEntry[] {
  const templates = REGION_CATALOGUES[location.regionId % REGION_CATALOGUES.length];
  const regionFactor = 1 + (location.regionId % 5) * 0.02;
  return templates.map((template, index) => {
    const name = flavorName(template);
    const last = index === templates.length - 1;
    const disabled = template.retired === true;
    return entryFor(template, {
      name,
      capacity: disabled || last ? 0 : 1 + (locationHash(location, name) % 24),
      disabled,
      priceStatus: last ? 'hide' : index === 1 ? 'error' : 'show',
      regionFactor,
    });
  });
}

const ALL_TEMPLATES: readonly FlavorTemplate[] = Object.values(TEMPLATES);

/** A large synthetic catalogue for benchmarks: same shapes, unique names, a fixed mix of states. */
function generatedCatalogue(location: CloudLocation, size: number): CatalogueEntry[] {
  const regionFactor = 1 + (location.regionId % 5) * 0.02;
  return Array.from({ length: size }, (_, index) => {
    const template = ALL_TEMPLATES[index % ALL_TEMPLATES.length];
    const cycle = index % 100;
    return entryFor(template, {
      name: `${flavorName(template)}-n${String(index).padStart(5, '0')}`,
      capacity: index % 5 === 4 ? 0 : 1 + (index % 24),
      disabled: index % 7 === 6,
      priceStatus: cycle === 98 ? 'hide' : cycle === 99 ? 'error' : 'show',
      regionFactor,
    });
  });
}

/** A location's flavors, built once per location; their capacity then changes as clusters take and give back servers. */
export abstract class FlavorCatalogue {
  private readonly cache = new Map<string, CatalogueEntry[]>();

  entries(location: CloudLocation): readonly CatalogueEntry[] {
    const key = `${location.projectId}/${location.regionId}`;
    let entries = this.cache.get(key);
    if (!entries) {
      entries = this.build(location);
      this.cache.set(key, entries);
    }
    return entries;
  }

  find(location: CloudLocation, name: string): CatalogueEntry | undefined {
    return this.entries(location).find((entry) => entry.flavor.name === name);
  }

  /** Every location's capacity as it started. */
  reset(): void {
    this.cache.clear();
  }

  protected abstract build(location: CloudLocation): CatalogueEntry[];
}

export class GpuFlavorCatalogue extends FlavorCatalogue {
  /** `flavorsPerLocation` replaces the default catalogue with that many generated flavors. */
  constructor(private readonly flavorsPerLocation?: number) {
    super();
  }

  protected build(location: CloudLocation): CatalogueEntry[] {
    return this.flavorsPerLocation === undefined ? defaultCatalogue(location) : generatedCatalogue(location, this.flavorsPerLocation);
  }
}
