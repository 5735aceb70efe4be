import * as assert from 'node:assert/strict';
import type { InferenceDeployment } from '../../../../src/api/inference/inferenceTypes';
import {
  addedRegionScale,
  describeChanges,
  editableDeployment,
  inferenceDeploymentChangesSchema,
  inferenceUpdateBody,
  removedRegions,
  validateInferenceDeploymentChanges,
  type InferenceDeploymentChanges,
} from '../../../../src/models/inference/inferenceDeploymentUpdate';

const CURRENT: InferenceDeployment = {
  name: 'qwen3coder',
  status: 'ACTIVE',
  image: 'vllm/vllm-openai:v0.6.3',
  flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
  command: 'vllm serve Qwen/Qwen3-Coder',
  envs: { MODEL: 'Qwen/Qwen3-Coder', HF_TOKEN: 'hf_secret_value' },
  timeout: 120,
  containers: [
    {
      region_id: 7,
      scale: { min: 0, max: 2, cooldown_period: 90, polling_interval: 15, triggers: { cpu: null, gpu_utilization: { threshold: 70 } } },
      address: 'https://a',
      deploy_status: { total: 1, ready: 1 },
    },
    { region_id: 8, scale: { min: 1, max: 1, cooldown_period: null, polling_interval: null } },
  ],
};

function body(changes: unknown): Record<string, unknown> {
  const checked = validateInferenceDeploymentChanges(changes);
  assert.ok(checked.ok, JSON.stringify(checked));
  const made = inferenceUpdateBody(CURRENT, checked.value);
  assert.ok(made.ok, JSON.stringify(made));
  return made.value;
}

describe('an inference deployment update', () => {
  it('takes any subset of the create payload but the name, and at least one field', () => {
    assert.equal(validateInferenceDeploymentChanges({ timeout: 300 }).ok, true);
    const named = validateInferenceDeploymentChanges({ name: 'other', timeout: 300 }, 'changes');
    assert.deepEqual(!named.ok && named.problems.map((problem) => problem.field), ['changes.name']);
    const empty = validateInferenceDeploymentChanges({});
    assert.deepEqual(!empty.ok && empty.problems, [{ field: '', message: 'must change at least one field' }]);
    const wrong = validateInferenceDeploymentChanges({ containers: [{ region_id: 7, scale: { max: 301 } }] }, 'changes');
    assert.deepEqual(!wrong.ok && wrong.problems.map((problem) => problem.field), ['changes.containers.0.scale.max']);
  });

  it("sends each region's scale whole: what the change does not give, as read", () => {
    assert.deepEqual(body({ containers: [{ region_id: 7, scale: { max: 4 } }, { region_id: 8 }] }).containers, [
      {
        region_id: 7,
        scale: { min: 0, max: 4, cooldown_period: 90, polling_interval: 15, triggers: { cpu: null, gpu_utilization: { threshold: 70 } } },
      },
      { region_id: 8, scale: { min: 1, max: 1, cooldown_period: 60, polling_interval: 30 } },
    ]);
  });

  it('merges triggers kind by kind, a kind set null turned off', () => {
    const sent = body({
      containers: [{ region_id: 7, scale: { triggers: { cpu: { threshold: 50 }, gpu_utilization: null } } }, { region_id: 8 }],
    });
    assert.deepEqual((sent.containers as { scale: unknown }[])[0].scale, {
      min: 0,
      max: 2,
      cooldown_period: 90,
      polling_interval: 15,
      triggers: { cpu: { threshold: 50 }, gpu_utilization: null },
    });
  });

  it("sends a new region with Gcore's creation defaults, and needs its minimum and maximum", () => {
    const added = body({ containers: [{ region_id: 7 }, { region_id: 8 }, { region_id: 9, scale: { min: 0, max: 1 } }] });
    assert.deepEqual((added.containers as unknown[])[2], {
      region_id: 9,
      scale: { cooldown_period: 60, polling_interval: 30, min: 0, max: 1 },
    });
    const changes = validateInferenceDeploymentChanges({
      containers: [
        { region_id: 9, scale: { max: 1 } },
        { region_id: 7, scale: { min: 3 } },
      ],
    });
    assert.ok(changes.ok);
    const made = inferenceUpdateBody(CURRENT, changes.value, 'changes');
    assert.deepEqual(!made.ok && made.problems.map((problem) => problem.field), [
      'changes.containers.0.scale.min',
      'changes.containers.1.scale.min',
    ]);
  });

  it('never sends the command read back, and sends only what changed', () => {
    assert.deepEqual(body({ timeout: 300 }), { timeout: 300 });
    assert.deepEqual(body({ command: ['vllm', 'serve', 'other'] }), { command: ['vllm', 'serve', 'other'] });
  });

  it('says which regions a change of containers removes', () => {
    const changes: InferenceDeploymentChanges = { containers: [{ region_id: 8 }] };
    assert.deepEqual(removedRegions(CURRENT, changes), [7]);
    assert.deepEqual(removedRegions(CURRENT, { timeout: 1 }), []);
  });

  it('reviews current → new, the changes that restart pods first, an environment value that looks like a secret hidden', () => {
    const review = describeChanges(
      CURRENT,
      body({
        timeout: 300,
        containers: [
          { region_id: 8, scale: { max: 3 } },
          { region_id: 9, scale: { min: 0, max: 1 } },
        ],
        envs: { MODEL: 'Qwen/Qwen3-Coder', HF_TOKEN: 'hf_new_secret', PORT: '8000' },
        image: 'vllm/vllm-openai:v0.7.0',
      }),
    );
    assert.deepEqual(review.restarting, ['image', 'envs']);
    assert.deepEqual(review.lines, [
      'image: vllm/vllm-openai:v0.6.3 → vllm/vllm-openai:v0.7.0',
      'envs: added PORT=8000; changed HF_TOKEN: •••••• → ••••••',
      'timeout: 120 → 300',
      'region 8: 1–1 pods · cooldown 60 s · polling 30 s → 1–3 pods · cooldown 60 s · polling 30 s',
      'region 9: added, 0–1 pods · cooldown 60 s · polling 30 s',
      'region 7: removed: its 1 pod stops, and https://a stops answering',
    ]);
    assert.ok(!review.lines.join('\n').includes('secret'));
  });

  it('names the regions it is given, and says what a region removed leaves running: its pods and address', () => {
    const names: Record<number, string> = { 7: 'Luxembourg-2', 8: 'Manassas' };
    const twoPods: InferenceDeployment = {
      ...CURRENT,
      containers: [{ ...CURRENT.containers![0], deploy_status: { total: 2, ready: 1 }, address: null }, CURRENT.containers![1]],
    };
    const removeFirst = describeChanges(twoPods, body({ containers: [{ region_id: 8 }] }), (id) => names[id]);
    assert.deepEqual(removeFirst.lines, ['Luxembourg-2: removed: its 2 pods stop']);
    const removeSecond = describeChanges(CURRENT, body({ containers: [{ region_id: 7 }] }), (id) => names[id]);
    assert.deepEqual(removeSecond.lines, ['Manassas: removed: its pods stop']);
    const idle = describeChanges(
      { ...CURRENT, containers: [{ ...CURRENT.containers![0], deploy_status: { total: 0, ready: 0 } }, CURRENT.containers![1]] },
      body({ containers: [{ region_id: 8 }] }),
    );
    assert.deepEqual(idle.lines, ['region 7: removed: no pod runs there, and https://a stops answering']);
  });

  it('shows the values of variables added, changed and removed but those that look like secrets', () => {
    const review = describeChanges(CURRENT, body({ envs: { MODEL: 'Qwen/Qwen3-Next', OPENAI_API_KEY: 'x', TOKENIZER: 'auto' } }));
    assert.deepEqual(review.lines, [
      'envs: added OPENAI_API_KEY=••••••, TOKENIZER=auto; changed MODEL: Qwen/Qwen3-Coder → Qwen/Qwen3-Next; removed HF_TOKEN',
    ]);
  });

  it("adds a region with its pods and the first region's scaling, not Gcore's defaults", () => {
    assert.deepEqual(addedRegionScale(CURRENT, { min: 1, max: 3 }), {
      min: 1,
      max: 3,
      cooldown_period: 90,
      polling_interval: 15,
      triggers: { cpu: null, gpu_utilization: { threshold: 70 } },
    });
    assert.deepEqual(addedRegionScale({ name: 'bare' }, { min: 0, max: 1 }), { min: 0, max: 1, cooldown_period: 60, polling_interval: 30 });
    const sent = body({ containers: [{ region_id: 7 }, { region_id: 9, scale: addedRegionScale(CURRENT, { min: 1, max: 3 }) }] });
    assert.deepEqual((sent.containers as unknown[])[1], { region_id: 9, scale: addedRegionScale(CURRENT, { min: 1, max: 3 }) });
  });

  it('leaves out what a change sets as it already is', () => {
    const review = describeChanges(CURRENT, body({ timeout: 120, flavor_name: 'inference-4vcpu-16gib-1xl40s-48gb' }));
    assert.deepEqual(review, {
      restarting: ['flavor_name'],
      lines: ['flavor_name: inference-16vcpu-232gib-1xh100-80gb → inference-4vcpu-16gib-1xl40s-48gb'],
    });
  });
});

describe('an inference deployment to edit', () => {
  it("starts from what was read in the update's shapes, without the command read as a string", () => {
    const editable = editableDeployment({ ...CURRENT, readiness_probe: { enabled: false }, status: 'ACTIVE', address: 'https://x' });
    assert.deepEqual(editable, {
      image: CURRENT.image,
      flavor_name: CURRENT.flavor_name,
      containers: [
        {
          region_id: 7,
          scale: { min: 0, max: 2, cooldown_period: 90, polling_interval: 15, triggers: { cpu: null, gpu_utilization: { threshold: 70 } } },
        },
        { region_id: 8, scale: { min: 1, max: 1, cooldown_period: 60, polling_interval: 30 } },
      ],
      envs: CURRENT.envs,
      probes: { readiness_probe: { enabled: false } },
      timeout: 120,
    });
    assert.equal(validateInferenceDeploymentChanges(editable).ok, true);
    assert.deepEqual(editableDeployment({ name: 'x', command: ['vllm', 'serve'] }), { command: ['vllm', 'serve'] });
  });

  it('gives the editor a schema of the update, nothing required', () => {
    const schema = inferenceDeploymentChangesSchema();
    assert.equal(schema.required, undefined);
    assert.equal(schema.properties?.name, undefined);
    assert.equal(schema.properties?.containers.items?.properties?.scale.required, undefined);
  });
});
