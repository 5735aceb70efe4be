import type { CloudLocation } from './cloud-location';
import { FlavorCatalogue, HOURS_PER_MONTH, locationHash, roundCents, type CatalogueEntry, type FlavorPrice } from './gpu-flavor-catalogue';

/** A bare-metal GPU server as Gcore sells it: its hardware is described in words, not numbers. */
interface BaremetalTemplate {
  name: string;
  cpu: string;
  ram: string;
  disk: string;
  network: string;
  gpuModel: string;
  gpuMemoryGb: number;
  nicEth: string;
  nicIb: string | null;
  eurPerHour: number;
  /** Servers from the customer's reservations, besides the open capacity. */
  reserved?: number;
  /** Listed, but neither in stock nor priced: on request. */
  onRequest?: boolean;
  retired?: boolean;
}

const GPU_COUNT = 8;

const TEMPLATES: readonly BaremetalTemplate[] = [
  {
    // Verbatim from Gcore's bare-metal create guide (docs/gpu-notes.md §2.7).
    name: 'bm3-ai-1xlarge-h100-80-8',
    cpu: '2x Intel Xeon 8480+',
    ram: '2TB RAM',
    disk: '8 x 3.84 TB NVMe',
    network: '3.2 Tbit/s Infiniband',
    gpuModel: 'H100',
    gpuMemoryGb: 80,
    nicEth: '2x100',
    nicIb: '8x400',
    eurPerHour: 20.8,
  },
  {
    // Spot flavors are told apart by `spot` in the name only.
    name: 'bm3-ai-1xlarge-h100-80-8-spot',
    cpu: '2x Intel Xeon 8480+',
    ram: '2TB RAM',
    disk: '8 x 3.84 TB NVMe',
    network: '3.2 Tbit/s Infiniband',
    gpuModel: 'H100',
    gpuMemoryGb: 80,
    nicEth: '2x100',
    nicIb: '8x400',
    eurPerHour: 12.48,
  },
  {
    name: 'bm3-ai-1xlarge-h200-141-8',
    cpu: '2x Intel Xeon 8568Y+',
    ram: '3TB RAM',
    disk: '8 x 7.68 TB NVMe',
    network: '3.2 Tbit/s Infiniband',
    gpuModel: 'H200',
    gpuMemoryGb: 141,
    nicEth: '2x200',
    nicIb: '8x400',
    eurPerHour: 0,
    reserved: 2,
    onRequest: true,
  },
  {
    name: 'bm2-ai-1xlarge-a100-80-8',
    cpu: '2x Intel Xeon 8468',
    ram: '2TB RAM',
    disk: '4 x 3.84 TB NVMe',
    network: '800 Gbit/s Infiniband',
    gpuModel: 'A100',
    gpuMemoryGb: 80,
    nicEth: '2x100',
    nicIb: '4x200',
    eurPerHour: 13.6,
  },
  {
    name: 'bm3-ai-large-l40s-48-8',
    cpu: '2x AMD EPYC 9354',
    ram: '1.5TB RAM',
    disk: '4 x 3.84 TB NVMe',
    network: '2x100G',
    gpuModel: 'L40S',
    gpuMemoryGb: 48,
    nicEth: '2x100',
    nicIb: null,
    eurPerHour: 8.96,
  },
  {
    name: 'bm1-ai-1xlarge-a100-40-8',
    cpu: '2x Intel Xeon 8358',
    ram: '1TB RAM',
    disk: '2 x 3.84 TB NVMe',
    network: '800 Gbit/s Infiniband',
    gpuModel: 'A100',
    gpuMemoryGb: 40,
    nicEth: '2x25',
    nicIb: '4x200',
    eurPerHour: 9.6,
    retired: true,
  },
];

function priceOf(template: BaremetalTemplate, regionFactor: number): FlavorPrice {
  if (template.onRequest) return { currency_code: 'EUR', price_per_hour: null, price_per_month: null, price_status: 'hide' };
  const perHour = roundCents(template.eurPerHour * regionFactor);
  return { currency_code: 'EUR', price_per_hour: perHour, price_per_month: roundCents(perHour * HOURS_PER_MONTH), price_status: 'show' };
}

function entryFor(template: BaremetalTemplate, location: CloudLocation): CatalogueEntry {
  const outOfStock = template.retired === true || template.onRequest === true;
  return {
    flavor: {
      name: template.name,
      architecture: 'x86_64',
      capacity: outOfStock ? 0 : 1 + (locationHash(location, template.name) % 6),
      reserved_capacity: template.reserved ?? 0,
      disabled: template.retired === true,
      hardware_description: {
        cpu: template.cpu,
        ram: template.ram,
        disk: template.disk,
        network: template.network,
        gpu: `NVIDIA ${template.gpuModel}-${GPU_COUNT}GPU (${template.gpuMemoryGb}GB)`,
      },
      hardware_properties: {
        gpu_model: template.gpuModel.toLowerCase(),
        gpu_manufacturer: 'nvidia',
        gpu_count: GPU_COUNT,
        nic_eth: template.nicEth,
        nic_ib: template.nicIb,
      },
      supported_features: { security_groups: true },
    },
    price: priceOf(template, 1 + (location.regionId % 5) * 0.02),
  };
}

/**
 * The bare-metal flavors of every location (`GpuBaremetalFlavorSerializer`): in stock, a spot one, an H200 only
 * from reservations (capacity 0, `reserved_capacity` 2, price on request) and a retired one, disabled.
 */
export class GpuBaremetalCatalogue extends FlavorCatalogue {
  protected build(location: CloudLocation): CatalogueEntry[] {
    return TEMPLATES.map((template) => entryFor(template, location));
  }
}
