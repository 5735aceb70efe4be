import * as assert from 'node:assert/strict';
import {
  imageProblem,
  inferenceDeploymentCreateSchema,
  validateInferenceDeploymentCreate,
} from '../../../../src/models/inference/inferenceDeploymentCreate';
import { openAiReadinessProbe, presetTriggers, wholeTriggers } from '../../../../src/models/inference/inferencePresets';

const DEPLOYMENT = {
  name: 'qwen3coder',
  image: 'vllm/vllm-openai:v0.6.3',
  listening_port: 8000,
  flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
  containers: [{ region_id: 7, scale: { min: 0, max: 2, cooldown_period: 60, polling_interval: 30 } }],
};

function fields(input: unknown): string[] {
  const result = validateInferenceDeploymentCreate(input);
  return result.ok ? [] : result.problems.map((problem) => problem.field);
}

describe('an inference deployment create payload', () => {
  it('takes the five required fields and every optional one Gcore names', () => {
    const full = {
      ...DEPLOYMENT,
      credentials_name: 'docker-io',
      envs: { MODEL: 'Qwen/Qwen3-Coder', HF_TOKEN: 'hf_x' },
      command: ['vllm', 'serve', 'Qwen/Qwen3-Coder'],
      api_keys: ['team'],
      probes: { readiness_probe: openAiReadinessProbe(8000), liveness_probe: null },
      timeout: 120,
      description: 'coder',
      ingress_opts: { disable_response_buffering: true },
      logging: { enabled: true, destination_region_id: 7, topic_name: 'inference', retention_policy: { period: 7 } },
      containers: [
        { region_id: 7, scale: { min: 0, max: 2, triggers: presetTriggers('gpuUtilization') } },
        {
          region_id: 8,
          scale: {
            min: 1,
            max: 300,
            triggers: wholeTriggers({
              http: { rate: 1000, window: 3600 },
              sqs: {
                queue_url: 'https://sqs/q',
                queue_length: 10,
                activation_queue_length: 0,
                aws_region: 'us-east-1',
                secret_name: 'aws',
              },
            }),
          },
        },
      ],
    };
    assert.deepEqual(validateInferenceDeploymentCreate(full), { ok: true, value: full });
  });

  it('names each missing required field', () => {
    assert.deepEqual(fields({}).sort(), ['containers', 'flavor_name', 'image', 'listening_port', 'name']);
    assert.equal(validateInferenceDeploymentCreate('qwen', 'deployment').ok, false);
    assert.deepEqual(fields({ ...DEPLOYMENT, containers: [] }), ['containers']);
  });

  it('names the field path of a region, its scale and its triggers', () => {
    const containers = [
      { region_id: 7, scale: { min: 0, max: 2 } },
      {
        region_id: 8,
        scale: {
          min: 3,
          max: 301,
          cooldown_period: 0,
          polling_interval: 4,
          triggers: { cpu: { threshold: 101 }, http: { rate: 0, window: 60 } },
        },
      },
      { region_id: 9, scale: { min: 5, max: 4 } },
    ];
    assert.deepEqual(fields({ ...DEPLOYMENT, containers }), [
      'containers.1.scale.max',
      'containers.1.scale.cooldown_period',
      'containers.1.scale.polling_interval',
      'containers.1.scale.triggers.cpu.threshold',
      'containers.1.scale.triggers.http.rate',
      'containers.2.scale.min',
    ]);
  });

  it('refuses a region named twice and a probe that asks in two ways or in none', () => {
    const containers = [DEPLOYMENT.containers[0], DEPLOYMENT.containers[0]];
    assert.deepEqual(fields({ ...DEPLOYMENT, containers }), ['containers.1.region_id']);
    const both = { enabled: true, probe: { http_get: { port: 8000 }, tcp_socket: { port: 8000 } } };
    assert.deepEqual(fields({ ...DEPLOYMENT, probes: { readiness_probe: both, startup_probe: { enabled: true } } }), [
      'probes.readiness_probe.probe',
      'probes.startup_probe.probe',
    ]);
    assert.deepEqual(fields({ ...DEPLOYMENT, probes: { liveness_probe: { enabled: false } } }), []);
  });

  it('says which part of an image Gcore refuses', () => {
    for (const image of ['nginx', 'nginx:latest', 'ghcr.io/org/model:1.0', 'registry.gitlab.com/a/b/c:V1_2']) {
      assert.equal(imageProblem(image), undefined, image);
    }
    assert.match(imageProblem('vllm/vllm-openai@sha256:abc') ?? '', /no digest/);
    assert.match(imageProblem('registry.example.com:5000/model:1') ?? '', /registry port \(":5000"\)/);
    assert.match(imageProblem('ghcr.io/Org/Model:1') ?? '', /lower case/);
    assert.match(imageProblem('https://ghcr.io/org/model') ?? '', /scheme/);
    const result = validateInferenceDeploymentCreate({ ...DEPLOYMENT, image: 'vllm/vllm-openai@sha256:abc' });
    assert.deepEqual(!result.ok && result.problems, [{ field: 'image', message: imageProblem('vllm/vllm-openai@sha256:abc') }]);
  });

  it('bounds the port, names unknown fields and refuses a command given as one string', () => {
    assert.deepEqual(fields({ ...DEPLOYMENT, listening_port: 0, command: 'vllm serve', gpu: 1 }), ['listening_port', 'command', 'gpu']);
  });

  it('makes its JSON schema from the same specs', () => {
    const schema = inferenceDeploymentCreateSchema();
    assert.deepEqual(schema.required, ['name', 'image', 'listening_port', 'flavor_name', 'containers']);
    const scale = schema.properties?.containers.items?.properties?.scale;
    assert.equal(scale?.properties?.max.maximum, 300);
    assert.equal(scale?.properties?.polling_interval.minimum, 5);
    assert.deepEqual(Object.keys(scale?.properties?.triggers.properties ?? {}), [
      'cpu',
      'memory',
      'gpu_utilization',
      'gpu_memory',
      'http',
      'sqs',
    ]);
    assert.equal(schema.additionalProperties, false);
  });
});

describe('inference presets', () => {
  it('probes an OpenAI-compatible server on /v1/models at its port, patiently', () => {
    const probe = openAiReadinessProbe(8000);
    assert.deepEqual(probe.probe?.http_get, { port: 8000, path: '/v1/models', schema: 'HTTP' });
    assert.ok((probe.probe?.initial_delay_seconds ?? 0) >= 60);
    assert.ok((probe.probe?.failure_threshold ?? 0) * (probe.probe?.period_seconds ?? 0) >= 300);
    assert.equal(validateInferenceDeploymentCreate({ ...DEPLOYMENT, probes: { readiness_probe: probe } }).ok, true);
  });

  it('sends triggers whole: every kind named, those not meant null', () => {
    assert.deepEqual(presetTriggers('cpuAndGpu'), {
      cpu: { threshold: 80 },
      memory: null,
      gpu_utilization: { threshold: 80 },
      gpu_memory: null,
      http: null,
      sqs: null,
    });
  });
});
