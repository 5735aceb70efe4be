import * as assert from 'node:assert/strict';
import type { GpuClusterCreate } from '../../../../../src/models/gpu/gpuClusterCreate';
import { gpuClusterReview } from '../../../../../src/views/gpu/presentation/gpuClusterReview';
import { virtualClusterBody } from '../../../../support/gpuClusterBodies';

const CLUSTER = virtualClusterBody() as unknown as GpuClusterCreate;

const IMAGE = {
  id: '2a818d08-a9d3-4477-9966-2663d46f6a27',
  name: 'gcloud-ai-gpu-ubuntu-24.04-580.126.20-open-13.0.2-vm-v1.14.27',
};

describe("a new GPU cluster's review", () => {
  it('says what runs, that it fits, and its price per hour and per month', () => {
    const review = gpuClusterReview(
      'virtual',
      CLUSTER,
      { quota: {}, price: { price_status: 'show', total_price_per_hour: 4.2, total_price_per_month: 3066, currency_code: 'EUR' } },
      IMAGE,
    );
    assert.deepEqual(review, {
      runs: [
        'Flavor: g3-ai-24-232-1000-h100-80-1',
        'Image: gcloud-ai-gpu-ubuntu-24.04-580.126.20-open-13.0.2-vm-v1.14.27 (driver 580.126.20, CUDA 13.0.2)',
        'Servers: 2',
        'Boot volume: 120 GiB ssd_hiiops',
        'Network: public (external network)',
        'SSH key: dev-laptop',
        'Name: my-gpu-cluster',
      ],
      quota: ['Quota: it fits'],
      price: 'Price: €4.20 per hour, €3,066.00 per month',
      exceeded: false,
    });
  });

  it('says plainly which quota is exceeded', () => {
    const review = gpuClusterReview(
      'virtual',
      CLUSTER,
      {
        quota: { gpu_virtual_h100_count_limit: 16, gpu_virtual_h100_count_requested: 2, gpu_virtual_h100_count_usage: 16 },
        price: null,
      },
      IMAGE,
    );
    assert.deepEqual(review.quota, ['Quota gpu_virtual_h100_count: 16 used + 2 requested, 16 allowed: EXCEEDED']);
    assert.equal(review.exceeded, true);
  });

  it('says "not available" quietly when Gcore did not answer, hides a price it says to hide, and names the image by id unread', () => {
    const review = gpuClusterReview(
      'virtual',
      { ...CLUSTER, servers_settings: { ...CLUSTER.servers_settings, credentials: undefined } },
      {
        quota: null,
        price: { price_status: 'hide', total_price_per_hour: 4.2 },
      },
    );
    assert.deepEqual([review.quota, review.price, review.exceeded], [['Quota: not available'], 'Price: not available', false]);
    assert.equal(review.runs[1], 'Image: 2a818d08-a9d3-4477-9966-2663d46f6a27');
    assert.equal(review.runs[5], 'SSH key: none (the servers cannot be reached by SSH)');
    assert.equal(
      gpuClusterReview('baremetal', { ...CLUSTER, image_id: IMAGE.id }, { quota: {}, price: null }).runs[3],
      'Disk: local disks of the servers',
    );
  });
});
