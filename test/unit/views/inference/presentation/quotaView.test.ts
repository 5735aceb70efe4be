import * as assert from 'node:assert/strict';
import { hasNoGpuQuota, quotaEntries, quotaSummary } from '../../../../../src/views/inference/presentation/quotaView';

describe('the inference quota in words', () => {
  const quota = {
    limits: {
      inference_instance_count_limit: 10,
      inference_gpu_l40s_count_limit: 4,
      inference_gpu_h100_count_limit: 0,
      inference_public_model_api_key_count_limit: 5,
      cpu_count_limit: 100,
    },
    usage: { inference_gpu_l40s_count_usage: 2, inference_instance_count_usage: 1 },
  };

  it('lists the inference limits, GPUs first, each with its usage (0 when none is reported)', () => {
    assert.deepEqual(
      quotaEntries(quota).map((entry) => [entry.label, entry.usage, entry.limit]),
      [
        ['H100', 0, 0],
        ['L40S', 2, 4],
        ['Deployments', 1, 10],
        ['Public model API keys', 0, 5],
      ],
    );
  });

  it('sums up the GPUs in use of allowed', () => {
    assert.equal(quotaSummary(quota), 'H100 0/0 · L40S 2/4');
    assert.equal(quotaSummary({ limits: { inference_instance_count_limit: 1 }, usage: {} }), undefined);
  });

  it('tells an account without inference GPUs, and says nothing of one whose quota names none', () => {
    assert.equal(hasNoGpuQuota(quota), false);
    assert.equal(hasNoGpuQuota({ limits: { inference_gpu_h100_count_limit: 0, inference_gpu_a100_count_limit: 0 }, usage: {} }), true);
    assert.equal(hasNoGpuQuota({ limits: {}, usage: {} }), false);
  });
});
