import * as assert from 'node:assert/strict';
import {
  applicationPriceRequest,
  applicationQuotaNeeds,
  applicationSizing,
  gpuQuotaModel,
  maxPods,
  priceCeiling,
  priceRequest,
  quotaCheckRequest,
  quotaNeeds,
  quotaShortfall,
  requestedLimits,
} from '../../../../src/models/inference/inferenceQuota';

const SIZING = {
  flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
  containers: [
    { region_id: 7, scale: { min: 0, max: 2, cooldown_period: 60 } },
    { region_id: 8, scale: { min: 1, max: 3 } },
  ],
};

const H100 = { name: 'inference-16vcpu-232gib-1xh100-80gb', cpu: 16, gpu: 1, gpu_model: 'H100' };

describe('inference quota and price', () => {
  it("counts the pods at each region's maximum", () => {
    assert.equal(maxPods(SIZING), 5);
  });

  it("names the GPU model's quota from the flavor's gpu_model, lower case", () => {
    assert.equal(gpuQuotaModel({ gpu: 1, gpu_model: 'L40S' }), 'l40s');
    assert.equal(gpuQuotaModel({ gpu: 1, gpu_model: 'NVIDIA A100' }), 'a100');
    assert.equal(gpuQuotaModel({ gpu: 0, gpu_model: 'H100' }), undefined);
    assert.equal(gpuQuotaModel({ gpu: null, gpu_model: null }), undefined);
  });

  it("takes a GPU slot per pod in every region, or a CPU flavor's millicores, and one instance", () => {
    assert.deepEqual(quotaNeeds(SIZING, H100), { inference_gpu_h100_count_limit: 5, inference_instance_count_limit: 1 });
    assert.deepEqual(quotaNeeds(SIZING, { cpu: 0.5, gpu: 0, gpu_model: null }), {
      inference_cpu_millicore_count_limit: 2500,
      inference_instance_count_limit: 1,
    });
  });

  it("counts an application's components as instances, each with its pods in every region", () => {
    const application = {
      regions: [7, 8],
      components_configuration: {
        model: { flavor: H100.name, exposed: true, scale: { min: 0, max: 2 } },
        embedder: { flavor: 'inference-4vcpu-16gib', exposed: false, scale: { min: 1, max: 1 } },
        unknown: { flavor: 'gone', exposed: false, scale: { min: 1, max: 1 } },
      },
    };
    assert.deepEqual(applicationQuotaNeeds(application, [H100, { name: 'inference-4vcpu-16gib', cpu: 4, gpu: 0 }]), {
      inference_gpu_h100_count_limit: 4,
      inference_instance_count_limit: 3,
      inference_cpu_millicore_count_limit: 8000,
    });
  });

  it("prices an application at each component's maximum in every region, and counts its pods as the ceiling's", () => {
    const application = {
      name: 'teamchat',
      application_name: 'chat-llm',
      regions: [7, 8],
      components_configuration: {
        model: { flavor: H100.name, exposed: true, scale: { min: 0, max: 2 }, parameter_overrides: { hf_token: { value: 'hf_x' } } },
        ui: { flavor: 'inference-1vcpu-1gib', exposed: true, scale: { min: 1, max: 1 } },
      },
    };
    assert.deepEqual(applicationPriceRequest(application), {
      application_name: 'chat-llm',
      regions: [7, 8],
      components_configuration: {
        model: { flavor: H100.name, scale: { max: 2 } },
        ui: { flavor: 'inference-1vcpu-1gib', scale: { max: 1 } },
      },
    });
    assert.equal(maxPods(applicationSizing(application)), 6);
  });

  it('says what is missing against the account, zero when it has none, and what to ask', () => {
    const needs = quotaNeeds(SIZING, H100);
    const zero = quotaShortfall(needs, { limits: {}, usage: {} });
    assert.deepEqual(zero, [
      { limit: 'inference_gpu_h100_count_limit', current: 0, usage: 0, needed: 5, ask: 5 },
      { limit: 'inference_instance_count_limit', current: 0, usage: 0, needed: 1, ask: 1 },
    ]);
    const some = quotaShortfall(needs, {
      limits: { inference_gpu_h100_count_limit: 6, inference_instance_count_limit: 10 },
      usage: { inference_gpu_h100_count_usage: 2, inference_instance_count_usage: 1 },
    });
    assert.deepEqual(requestedLimits(some), { inference_gpu_h100_count_limit: 7 });
    assert.deepEqual(
      quotaShortfall(needs, { limits: { inference_gpu_h100_count_limit: 5, inference_instance_count_limit: 1 }, usage: {} }),
      [],
    );
  });

  it("asks check_limits of the regions' scales, and the price of each region's maximum", () => {
    assert.deepEqual(quotaCheckRequest(SIZING), { flavor_name: SIZING.flavor_name, containers: SIZING.containers });
    assert.deepEqual(priceRequest(SIZING), {
      flavor_name: SIZING.flavor_name,
      containers: [
        { region_id: 7, scale: { max: 2 } },
        { region_id: 8, scale: { max: 3 } },
      ],
    });
  });

  it('reads the ceiling: the hourly price at N pods, N the sum of the maximums', () => {
    assert.deepEqual(priceCeiling({ price_per_hour: '12.5', currency_code: 'EUR' }, SIZING), { perHour: 12.5, currency: 'EUR', pods: 5 });
    assert.equal(priceCeiling({ price_per_hour: null }, SIZING), undefined);
    assert.equal(priceCeiling(null, SIZING), undefined);
  });
});
