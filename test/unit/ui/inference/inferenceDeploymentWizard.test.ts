import * as assert from 'node:assert/strict';
import { validateInferenceDeploymentCreate } from '../../../../src/models/inference/inferenceDeploymentCreate';
import { openAiReadinessProbe, presetTriggers } from '../../../../src/models/inference/inferencePresets';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import {
  commandWords,
  inferenceDeploymentPayload,
  inferenceDeploymentPlan,
  parsePods,
  type InferenceDeploymentAnswers,
  type InferenceDeploymentSources,
} from '../../../../src/ui/inference/inferenceDeploymentWizard';
import type { Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../recordingUi';

const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';
const H100 = 'inference-16vcpu-232gib-1xh100-80gb';

function sources(): InferenceDeploymentSources & { made: number } {
  const read: InferenceDeploymentSources & { made: number } = {
    made: 0,
    flavors: [
      { flavor: { name: L40S, gpu: 1, gpu_model: 'L40S' }, facts: '1 × L40S (48 GB) · 16 CPUs · 232 GiB' },
      { flavor: { name: H100, gpu: 1, gpu_model: 'H100' }, facts: '1 × H100 (80 GB) · 16 CPUs · 232 GiB' },
    ],
    capacity: [
      { region_id: 1, capacity: [{ flavor_name: L40S, capacity: 4 }] },
      {
        region_id: 2,
        capacity: [
          { flavor_name: L40S, capacity: 1 },
          { flavor_name: H100, capacity: 2 },
        ],
      },
    ],
    regionName: (id) => ({ 1: 'Luxembourg', 2: 'Amsterdam' })[id] ?? String(id),
    credentials: async () => [{ name: 'ghcr', registry_url: 'ghcr.io', username: 'me' }],
    newCredential: async () => {
      read.made += 1;
      return 'made-here';
    },
    apiKeys: async () => [{ name: 'team', description: 'the team key' }],
  };
  return read;
}

async function walk(answers: Answer[], state: InferenceDeploymentAnswers = {}, read = sources()) {
  const ui = new RecordingUi(answers);
  await runWizard(state, (answered) => inferenceDeploymentPlan(ui, read, answered));
  ui.assertAllAnswersUsed();
  return { state, prompts: ui.prompts(), read };
}

const WALK: Answer[] = [
  'vllm/vllm-openai:v0.11.0',
  'Public Image',
  '8000',
  'vllm serve "Qwen/Qwen3 0.6B" --port 8000',
  'Add variable…',
  'HF_TOKEN=hf_secret',
  'Done',
  L40S,
  ['Luxembourg', 'Amsterdam'],
  '0-2',
  '3-1',
  '1-1',
  '300',
  'More than 10 requests a minute',
  'Ready When /v1/models Answers',
  ['team'],
  'qwen-chat',
  'qwenchat',
];

describe('New Inference Deployment wizard', () => {
  it('asks each part of a custom-image deployment in turn and builds the create payload', async () => {
    const { state, prompts } = await walk(WALK);
    const flavor = prompts.find((prompt) => prompt.items?.some((item) => item.label === L40S));
    assert.deepEqual(
      flavor?.items?.map((item) => [item.label, item.description]),
      [
        [L40S, '1 × L40S (48 GB) · 16 CPUs · 232 GiB'],
        [H100, '1 × H100 (80 GB) · 16 CPUs · 232 GiB'],
      ],
    );
    const regions = prompts.find((prompt) => prompt.kind === 'pickMany');
    assert.deepEqual(
      regions?.items?.map((item) => [item.label, item.description]),
      [
        ['Luxembourg', `4 pods free for ${L40S}`],
        ['Amsterdam', `1 pod free for ${L40S}`],
      ],
    );
    const amsterdam = prompts.find((prompt) => prompt.prompt?.startsWith('Pods in Amsterdam'));
    assert.deepEqual(amsterdam?.validationMessages, ['Pods: the minimum (3) is above the maximum (1)']);
    assert.equal(prompts.at(-1)?.validationMessages.length, 1, 'a hyphenated name is refused as typed');
    assert.match(prompts.at(-1)?.validationMessages[0] ?? '', /^Deployment name: .*a hyphen is refused/);
    assert.equal(prompts.at(-1)?.totalSteps, 14, 'one pods step per region');
    const payload = inferenceDeploymentPayload(state);
    assert.deepEqual(payload, {
      name: 'qwenchat',
      image: 'vllm/vllm-openai:v0.11.0',
      listening_port: 8000,
      flavor_name: L40S,
      containers: [
        { region_id: 1, scale: { min: 0, max: 2, triggers: presetTriggers('requests') } },
        { region_id: 2, scale: { min: 1, max: 1, triggers: presetTriggers('requests') } },
      ],
      timeout: 300,
      command: ['vllm', 'serve', 'Qwen/Qwen3 0.6B', '--port', '8000'],
      envs: { HF_TOKEN: 'hf_secret' },
      probes: { readiness_probe: openAiReadinessProbe(8000) },
      api_keys: ['team'],
    });
    assert.ok(validateInferenceDeploymentCreate(payload).ok, "the payload passes the models' checks whole");
  });

  it('goes Back to the first step, each step reopening with what was chosen', async () => {
    const forward: Answer[] = ['ghcr.io/me/server:1', 'ghcr', '9000', '', 'Done', H100, ['Amsterdam'], '1-2'];
    const back: Answer[] = Array.from({ length: 8 }, () => BACK);
    const rest: Answer[] = ['60', 'GPU utilization over 80%', 'No Readiness Probe', [], 'server'];
    const { state, prompts } = await walk([...forward, ...back, ...forward, ...rest]);
    const backPrompts = prompts.slice(8, 16);
    assert.deepEqual(
      backPrompts.map((prompt) => prompt.step),
      [9, 8, 7, 6, 5, 4, 3, 2],
    );
    assert.equal(prompts[16].step, 1);
    assert.equal(prompts[16].value, 'ghcr.io/me/server:1');
    assert.equal(prompts.find((prompt, index) => index > 8 && prompt.step === 3)?.value, '9000');
    assert.equal(backPrompts.find((prompt) => prompt.step === 8)?.value, '1-2');
    assert.equal(backPrompts.find((prompt) => prompt.step === 2)?.items?.find((item) => item.picked)?.label, 'ghcr');
    const payload = inferenceDeploymentPayload(state);
    assert.deepEqual(payload, {
      name: 'server',
      image: 'ghcr.io/me/server:1',
      listening_port: 9000,
      flavor_name: H100,
      containers: [{ region_id: 2, scale: { min: 1, max: 2, triggers: presetTriggers('gpuUtilization') } }],
      timeout: 60,
      credentials_name: 'ghcr',
    });
    assert.ok(validateInferenceDeploymentCreate(payload).ok);
  });

  it('makes a registry credential on the spot, and comes back to the list when it is left with Back', async () => {
    const read = sources();
    read.newCredential = async () => BACK;
    const ui = new RecordingUi(['ghcr.io/me/server:1', 'New Registry Credential…', 'ghcr']);
    const state: InferenceDeploymentAnswers = {};
    const [image, credential] = inferenceDeploymentPlan(ui, read, state);
    await image.run(state, { step: 1, totalSteps: 2, canGoBack: false });
    await credential.run(state, { step: 2, totalSteps: 2, canGoBack: true });
    assert.equal(state.credentialsName, 'ghcr');
    const made = sources();
    const { state: withNew } = await walk(['ghcr.io/me/server:1', 'New Registry Credential…', ...WALK.slice(2)], {}, made);
    assert.equal(withNew.credentialsName, 'made-here');
    assert.equal(made.made, 1);
  });

  it('checks the image as typed and asks for no API key when the project has none', async () => {
    const read = sources();
    read.apiKeys = async () => [];
    const answers = ['Docker.io/Me:1', ...WALK].filter((answer) => !Array.isArray(answer) || answer[0] !== 'team');
    const { prompts, state } = await walk(answers, {}, read);
    assert.match(prompts[0].validationMessages[0], /^Image: must be lower case before the tag/);
    assert.deepEqual(state.apiKeys, []);
  });
});

describe("the wizard's readings of what is typed", () => {
  it('reads pods as a minimum and a maximum', () => {
    assert.deepEqual(parsePods('0-2'), { min: 0, max: 2 });
    assert.deepEqual(parsePods(' 1 3 '), { min: 1, max: 3 });
    assert.deepEqual(parsePods('1–1'), { min: 1, max: 1 });
    assert.equal(parsePods('2'), undefined);
    assert.equal(parsePods('-1-2'), undefined);
  });

  it('reads a command as words, quoted words or a JSON array', () => {
    assert.deepEqual(commandWords(''), []);
    assert.deepEqual(commandWords("python -m 'my server'"), ['python', '-m', 'my server']);
    assert.deepEqual(commandWords('["a b", "c"]'), ['a b', 'c']);
    assert.equal(commandWords('[1, 2]'), undefined);
    assert.equal(commandWords('[unclosed'), undefined);
  });
});
