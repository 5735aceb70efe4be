import type { ApiRequest } from './api-request';
import { parseCloudLocation } from './cloud-location';
import type { GpuKind } from './gpu-kind';
import { pageOf, readPageQuery } from './paging-query';
import { cloudValidationError, type InvalidFields, type Reply } from './replies';

/** What differs between the images (`GpuImageSerializer`); the rest is the same for every one. */
interface ImageSeed {
  id: string;
  name: string;
  createdAt: string;
  minDisk: number;
  osVersion: string;
  /** null where Gcore leaves the field empty and the version is only in the name, or nowhere. */
  driverVersion: string | null;
  cudaVersion: string | null;
  driverType: 'open' | 'proprietary';
  sizeBytes: number;
}

/**
 * Listed out of creation order on purpose: the guides' "first image is the latest" is no guarantee, a client
 * sorts by `created_at`. The `eni` images are the InfiniBand ones; the first two are verbatim from the guides.
 */
const IMAGES: Record<GpuKind, readonly ImageSeed[]> = {
  virtual: [
    {
      id: '28752f2a-df21-45b6-a14e-23007daffc44',
      name: 'gcloud-ai-gpu-ubuntu-24.04-570.211.01-open-12.8.1-vm-v1.14.27',
      createdAt: '2026-03-02T10:11:00Z',
      minDisk: 120,
      osVersion: '24.04',
      driverVersion: '570.211.01',
      cudaVersion: '12.8.1',
      driverType: 'open',
      sizeBytes: 9_663_676_416,
    },
    {
      id: '2a818d08-a9d3-4477-9966-2663d46f6a27',
      name: 'gcloud-ai-gpu-ubuntu-24.04-580.126.20-open-13.0.2-vm-v1.14.27',
      createdAt: '2026-05-19T08:40:00Z',
      minDisk: 120,
      osVersion: '24.04',
      driverVersion: '580.126.20',
      cudaVersion: '13.0.2',
      driverType: 'open',
      sizeBytes: 10_200_547_328,
    },
    {
      id: '6f1f6c0e-4f7b-4d52-9a43-1c0a8e2b7d11',
      name: 'gcloud-ai-gpu-ubuntu-22.04-550.163.01-12.4.1-vm-eni-v1.13.9',
      createdAt: '2025-11-20T16:05:00Z',
      minDisk: 100,
      osVersion: '22.04',
      driverVersion: null,
      cudaVersion: null,
      driverType: 'proprietary',
      sizeBytes: 8_589_934_592,
    },
    {
      id: 'b7d2c5a1-3e8f-4a6b-8c9d-0e1f2a3b4c5d',
      name: 'gcloud-ai-gpu-ubuntu-22.04-535.230.02-12.2.2-vm-v1.12.4',
      createdAt: '2025-06-03T12:00:00Z',
      minDisk: 60,
      osVersion: '22.04',
      driverVersion: '535.230.02',
      cudaVersion: '12.2.2',
      driverType: 'proprietary',
      sizeBytes: 7_516_192_768,
    },
  ],
  baremetal: [
    {
      id: '0d6f7a3c-5b2e-4c1d-9e8f-7a6b5c4d3e2f',
      name: 'gcloud-ai-gpu-ubuntu-22.04-570.172.08-open-12.8.1-bm-v1.13.11',
      createdAt: '2026-01-14T09:30:00Z',
      minDisk: 0,
      osVersion: '22.04',
      driverVersion: '570.172.08',
      cudaVersion: '12.8.1',
      driverType: 'open',
      sizeBytes: 6_442_450_944,
    },
    {
      id: 'e3a9c4b2-1d5f-4e6a-8b7c-9d0e1f2a3b4c',
      name: 'gcloud-ai-gpu-ubuntu-24.04-580.126.16-open-13.0.2-bm-v1.14.20',
      createdAt: '2026-05-07T14:20:00Z',
      minDisk: 0,
      osVersion: '24.04',
      driverVersion: '580.126.16',
      cudaVersion: '13.0.2',
      driverType: 'open',
      sizeBytes: 6_979_321_856,
    },
    {
      id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      name: 'ubuntu-22.04-x64-nvidia-h100-eni',
      createdAt: '2025-09-01T07:45:00Z',
      minDisk: 0,
      osVersion: '22.04',
      driverVersion: '550.90.07',
      cudaVersion: '12.4.1',
      driverType: 'proprietary',
      sizeBytes: 5_905_580_032,
    },
  ],
};

/** An image of the kind, or undefined: every location offers the same ones. */
export function findGpuImage(kind: GpuKind, id: unknown): { id: string; name: string; minDisk: number } | undefined {
  return IMAGES[kind].find((image) => image.id === id);
}

/** The image every seeded and generated cluster of the kind runs: the newest. */
export function newestGpuImageId(kind: GpuKind): string {
  return [...IMAGES[kind]].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0].id;
}

function imageView(kind: GpuKind, image: ImageSeed): Record<string, unknown> {
  return {
    id: image.id,
    name: image.name,
    status: 'active',
    min_disk: image.minDisk,
    min_ram: 0,
    tags: [],
    visibility: 'public',
    created_at: image.createdAt,
    updated_at: image.createdAt,
    disk_format: kind === 'virtual' ? 'qcow2' : 'raw',
    architecture: 'x86_64',
    os_distro: 'ubuntu',
    os_type: 'linux',
    os_version: image.osVersion,
    gpu_driver: 'nvidia',
    gpu_driver_type: image.driverType,
    gpu_driver_version: image.driverVersion,
    cuda_toolkit_version: image.cudaVersion,
    hw_firmware_type: kind === 'virtual' ? 'bios' : 'uefi',
    ssh_key: 'allow',
    size: image.sizeBytes,
    task_id: null,
  };
}

/** Images, networks and volumes list 1000 a page unless asked for fewer. */
const LIMIT = 1000;

/** GET /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/images?limit=&offset= */
export function listGpuImages(request: ApiRequest, kind: GpuKind, segments: { projectId: string; regionId: string }): Reply {
  const invalidFields: InvalidFields = {};
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  const page = readPageQuery(request.query, LIMIT, LIMIT, invalidFields);
  if (!location.ok) Object.assign(invalidFields, location.invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const images = IMAGES[kind].map((image) => imageView(kind, image));
  return { status: 200, body: { count: images.length, results: pageOf(images, page) } };
}
