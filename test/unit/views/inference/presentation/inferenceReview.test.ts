import * as assert from 'node:assert/strict';
import type { InferenceDeploymentCreate } from '../../../../../src/models/inference/inferenceDeploymentCreate';
import {
  inferenceReview,
  priceWords,
  quotaName,
  reviewQuestion,
  triggerWords,
} from '../../../../../src/views/inference/presentation/inferenceReview';

const REGIONS: Record<number, string> = { 1: 'Luxembourg', 2: 'Amsterdam' };
const regionName = (id: number) => REGIONS[id] ?? String(id);

const DEPLOYMENT: InferenceDeploymentCreate = {
  name: 'qwenchat',
  image: 'ghcr.io/me/vllm:0.11',
  credentials_name: 'ghcr',
  listening_port: 8000,
  flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
  command: ['vllm', 'serve', 'Qwen/Qwen3-0.6B'],
  envs: { HF_TOKEN: 'hf_very_secret', LOG_LEVEL: 'info' },
  containers: [
    { region_id: 1, scale: { min: 0, max: 2, triggers: { http: { rate: 10, window: 60 } } } },
    { region_id: 2, scale: { min: 1, max: 1, triggers: { http: { rate: 10, window: 60 } } } },
  ],
  timeout: 300,
  probes: { readiness_probe: { enabled: true, probe: { http_get: { port: 8000, path: '/v1/models' } } } },
  api_keys: ['team'],
};

const FLAVOR = { name: DEPLOYMENT.flavor_name ?? '', gpu: 1, gpu_model: 'L40S', gpu_memory: 48, cpu: 16, memory: 232 };

describe("a new inference deployment's review", () => {
  it('says what runs, naming environment variables without their values, the quota it takes and the price ceiling', () => {
    const review = inferenceReview(
      DEPLOYMENT,
      {
        quota: {
          limits: { inference_gpu_l40s_count_limit: 4, inference_instance_count_limit: 10 },
          usage: { inference_gpu_l40s_count_usage: 1, inference_instance_count_usage: 2 },
        },
        price: { price_per_hour: '3.6', currency_code: 'EUR' },
      },
      regionName,
      FLAVOR,
    );
    assert.deepEqual(review, {
      runs: [
        'Image: ghcr.io/me/vllm:0.11 (pulled with ghcr)',
        'Port: 8000',
        'Command: vllm serve Qwen/Qwen3-0.6B',
        'Environment: HF_TOKEN, LOG_LEVEL',
        'Flavor: inference-16vcpu-232gib-1xl40s-48gb (1 × L40S (48 GB) · 16 CPUs · 232 GiB)',
        'Regions: Luxembourg 0 to 2 pods, Amsterdam 1 pod',
        "Idle timeout: 300 s, then down to each region's minimum",
        'More pods on: more than 10 requests in 60 s',
        'Readiness: when /v1/models answers on port 8000',
        'API keys: team',
        'Name: qwenchat',
      ],
      quota: ['Quota: it fits (L40S GPUs 3, Inference deployments 1)'],
      price: 'Price: up to €3.60 per hour at 3 pods; nothing while stopped or at zero.',
      shortfalls: [],
    });
    assert.doesNotMatch(JSON.stringify(review), /hf_very_secret/);
    const question = reviewQuestion('qwenchat', review);
    assert.equal(question.message, 'Create inference deployment qwenchat?');
    assert.equal(question.create, 'Create');
    assert.equal(question.requestQuota, undefined);
  });

  it('says plainly that zero quota is too little and offers Request Quota instead of a create', () => {
    const review = inferenceReview(
      { ...DEPLOYMENT, envs: {}, command: null, api_keys: [], credentials_name: null, probes: null },
      { quota: { limits: {}, usage: {} }, price: null },
      regionName,
      FLAVOR,
    );
    assert.deepEqual(review.quota, [
      'L40S GPUs: 0 used + 3 needed, 0 allowed: TOO LITTLE',
      'Inference deployments: 0 used + 1 needed, 0 allowed: TOO LITTLE',
    ]);
    assert.equal(review.price, 'Price: not available');
    assert.deepEqual(
      review.shortfalls.map((shortfall) => [shortfall.limit, shortfall.ask]),
      [
        ['inference_gpu_l40s_count_limit', 3],
        ['inference_instance_count_limit', 1],
      ],
    );
    assert.deepEqual(review.runs.slice(0, 5), [
      'Image: ghcr.io/me/vllm:0.11',
      'Port: 8000',
      "Command: the image's own",
      'Environment: none',
      'Flavor: inference-16vcpu-232gib-1xl40s-48gb (1 × L40S (48 GB) · 16 CPUs · 232 GiB)',
    ]);
    assert.ok(review.runs.includes('Readiness: no probe (requests reach a pod as soon as it starts)'));
    assert.ok(review.runs.includes('API keys: none (anyone with the address may call it)'));
    const question = reviewQuestion('qwenchat', review);
    assert.equal(question.create, undefined);
    assert.equal(question.requestQuota, 'Request Quota');
    assert.match(question.message, /needs more quota than the account has/);
  });

  it("says the quota is not available when the account's quota or the flavor could not be read", () => {
    assert.deepEqual(inferenceReview(DEPLOYMENT, { quota: null, price: null }, regionName, FLAVOR).quota, ['Quota: not available']);
    assert.deepEqual(inferenceReview(DEPLOYMENT, { quota: { limits: {}, usage: {} }, price: null }, regionName).quota, [
      'Quota: not available',
    ]);
  });
});

describe("the review's words", () => {
  it('reads the price as a ceiling at the pods of every region at its maximum', () => {
    const one = { containers: [{ region_id: 1, scale: { min: 0, max: 1 } }] };
    assert.equal(
      priceWords({ price_per_hour: 1.2, currency_code: 'USD' }, one),
      'Price: up to $1.20 per hour at 1 pod; nothing while stopped or at zero.',
    );
    assert.equal(priceWords({ price_per_hour: null }, one), 'Price: not available');
  });

  it('names limits and triggers as people read them', () => {
    assert.equal(quotaName('inference_gpu_h100_count_limit'), 'H100 GPUs');
    assert.equal(quotaName('inference_cpu_millicore_count_limit'), 'CPU millicores');
    assert.equal(quotaName('inference_something_new'), 'inference_something_new');
    assert.equal(triggerWords({ gpu_utilization: { threshold: 80 }, cpu: null }), 'GPU utilization above 80 %');
    assert.equal(triggerWords(undefined), "Gcore's defaults (CPU and memory above 80 %)");
  });
});
