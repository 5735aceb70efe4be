import * as assert from 'node:assert/strict';
import type { GpuImage } from '../../../../src/api/gpu/gpuClusterTypes';
import { imagesForFlavor, imageVersions, isInfinibandImage } from '../../../../src/models/gpu/gpuImages';
import { gpuQuotaUses } from '../../../../src/models/gpu/gpuQuota';

const IMAGES: GpuImage[] = [
  {
    id: 'a',
    name: 'gcloud-ai-gpu-ubuntu-24.04-570.211.01-open-12.8.1-vm-v1.14.27',
    created_at: '2026-03-02T10:11:00Z',
    architecture: 'x86_64',
    gpu_driver_version: '570.211.01',
    cuda_toolkit_version: '12.8.1',
  },
  {
    id: 'b',
    name: 'gcloud-ai-gpu-ubuntu-24.04-580.126.20-open-13.0.2-vm-v1.14.27',
    created_at: '2026-05-19T08:40:00Z',
    architecture: 'x86_64',
  },
  { id: 'c', name: 'gcloud-ai-gpu-ubuntu-22.04-550.163.01-12.4.1-vm-eni-v1.13.9', created_at: '2025-11-20T16:05:00Z' },
  { id: 'd', name: 'arm-image-560.1.1-12.6.0-vm', created_at: '2026-06-01T00:00:00Z', architecture: 'aarch64' },
  { id: 'e', name: 'queued-image', created_at: '2026-07-01T00:00:00Z', status: 'queued' },
];

const ids = (flavor: Parameters<typeof imagesForFlavor>[1]) => imagesForFlavor(IMAGES, flavor).map((choice) => choice.image.id);

describe('the images a GPU flavor can boot', () => {
  it("offers the flavor's architecture only, active images only, newest first by date, whatever order Gcore lists them in", () => {
    assert.deepEqual(ids({ architecture: 'x86_64' }), ['b', 'a', 'c']);
    const [first] = imagesForFlavor(IMAGES, { architecture: 'x86_64' });
    assert.equal(first.suggested, true);
  });

  it('suggests the newest InfiniBand image for a flavor with InfiniBand, first', () => {
    const choices = imagesForFlavor(IMAGES, { architecture: 'x86_64', hardware_properties: { nic_ib: '8x400G' } });
    assert.deepEqual(
      choices.map((choice) => [choice.image.id, choice.suggested, choice.infiniband]),
      [
        ['c', true, true],
        ['b', false, false],
        ['a', false, false],
      ],
    );
  });

  it('reads the driver and CUDA versions from the fields, or else from the name', () => {
    assert.deepEqual(imageVersions(IMAGES[0]), { driver: '570.211.01', cuda: '12.8.1' });
    assert.deepEqual(imageVersions(IMAGES[1]), { driver: '580.126.20', cuda: '13.0.2' });
    assert.deepEqual(imageVersions(IMAGES[2]), { driver: '550.163.01', cuda: '12.4.1' });
    assert.deepEqual(imageVersions({ name: 'ubuntu-22.04-x64-nvidia-h100-eni' }), { driver: undefined, cuda: undefined });
    assert.equal(isInfinibandImage({ name: 'ubuntu-22.04-x64-nvidia-h100-eni' }), true);
    assert.equal(isInfinibandImage({ name: 'generic-image' }), false);
  });
});

describe("a GPU create's quota", () => {
  it('reads each quota Gcore tells in full, exceeded when used and requested pass the limit; a garbled one is left out', () => {
    assert.deepEqual(
      gpuQuotaUses({
        gpu_virtual_h100_count_limit: 16,
        gpu_virtual_h100_count_requested: 8,
        gpu_virtual_h100_count_usage: 12,
        volume_size_limit: 30_000,
        volume_size_requested: '240',
        volume_size_usage: 480,
        external_ip_count_limit: 'lots',
        external_ip_count_requested: 2,
        external_ip_count_usage: 2,
      }),
      [
        { quota: 'gpu_virtual_h100_count', used: 12, requested: 8, limit: 16, exceeded: true },
        { quota: 'volume_size', used: 480, requested: 240, limit: 30_000, exceeded: false },
      ],
    );
    assert.deepEqual(gpuQuotaUses({}), []);
  });
});
