import * as assert from 'node:assert/strict';
import type { InferenceCatalogApplication } from '../../../../../src/api/inference/inferenceTypes';
import type { InferenceApplicationCreate } from '../../../../../src/models/inference/inferenceApplications';
import { applicationReview } from '../../../../../src/views/inference/presentation/applicationReview';
import { reviewQuestion } from '../../../../../src/views/inference/presentation/inferenceReview';

const GPU = { name: 'inference-16vcpu-232gib-1xl40s-48gb', gpu: 1, gpu_model: 'L40S', gpu_memory: 48, cpu: 16, memory: 232 };
const CPU = { name: 'inference-1vcpu-1gib', gpu: 0, cpu: 1, memory: 1 };

const ENTRY: InferenceCatalogApplication = {
  name: 'chat-llm',
  display_name: 'Chat with an open LLM',
  components: { vllm: { display_name: 'vLLM model server' }, 'open-webui': { display_name: 'Open WebUI' } },
};

const APPLICATION: InferenceApplicationCreate = {
  name: 'teamchat',
  application_name: 'chat-llm',
  regions: [76, 38],
  components_configuration: {
    vllm: {
      flavor: GPU.name,
      exposed: true,
      scale: { min: 0, max: 2 },
      parameter_overrides: { model_id: { value: 'Qwen/Qwen2.5-7B-Instruct' }, hf_token: { value: 'hf_very_secret' } },
    },
    'open-webui': { flavor: CPU.name, exposed: false, scale: { min: 1, max: 1 } },
  },
};

const regionName = (id: number) => ({ 76: 'Luxembourg-2', 38: 'Manassas' })[id] ?? String(id);

describe("a new catalogue application's review", () => {
  it('says what runs, never a secret parameter, the quota its components take together and the price ceiling', () => {
    const review = applicationReview(
      APPLICATION,
      ENTRY,
      {
        quota: {
          limits: { inference_gpu_l40s_count_limit: 2, inference_instance_count_limit: 10, inference_cpu_millicore_count_limit: 8000 },
          usage: { inference_gpu_l40s_count_usage: 1 },
        },
        price: { price_per_hour: '6.62', currency_code: 'EUR' },
      },
      regionName,
      [GPU, CPU],
    );
    assert.deepEqual(review.runs, [
      'Application: Chat with an open LLM (chat-llm)',
      `vLLM model server: ${GPU.name} (1 × L40S (48 GB) · 16 CPUs · 232 GiB), 0 to 2 pods in each region, with a public address`,
      'vLLM model server parameters: model_id Qwen/Qwen2.5-7B-Instruct, hf_token (set)',
      `Open WebUI: ${CPU.name} (no GPU · 1 CPUs · 1 GiB), 1 pod in each region, no public address`,
      "Open WebUI parameters: the catalogue's defaults",
      'Regions: Luxembourg-2, Manassas',
      'Name: teamchat',
    ]);
    assert.deepEqual(review.quota, ['L40S GPUs: 1 used + 4 needed, 2 allowed: TOO LITTLE']);
    assert.match(review.price, /^Price: up to .*6\.62 per hour at 6 pods; nothing while stopped or at zero\.$/);
    assert.deepEqual(review.shortfalls, [{ limit: 'inference_gpu_l40s_count_limit', current: 2, usage: 1, needed: 4, ask: 5 }]);
    const question = reviewQuestion('teamchat', review, 'application');
    assert.match(question.message, /^Inference application teamchat needs more quota/);
    assert.equal(question.requestQuota, 'Request Quota');
    assert.ok(!question.detail.includes('hf_very_secret'));
  });

  it('says the quota and price are not available when Gcore does not answer them, and offers Create', () => {
    const review = applicationReview(APPLICATION, ENTRY, { quota: null, price: null }, regionName, []);
    assert.deepEqual(review.quota, ['Quota: not available']);
    assert.equal(review.price, 'Price: not available');
    assert.equal(reviewQuestion('teamchat', review, 'application').message, 'Create inference application teamchat?');
  });
});
