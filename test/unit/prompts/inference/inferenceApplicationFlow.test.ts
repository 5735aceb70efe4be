import * as assert from 'node:assert/strict';
import type { Log } from '../../../../src/logging/log';
import { askInferenceApplicationIn } from '../../../../src/prompts/inference/inferenceApplicationFlow';
import type { InferenceApplicationAnswers } from '../../../../src/ui/inference/inferenceApplicationWizard';
import { BACK } from '../../../../src/ui/promptUi';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { RecordingUi } from '../../ui/recordingUi';

const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';
const A100 = 'inference-16vcpu-232gib-1xa100-80gb';
const SMALL = 'inference-1vcpu-1gib';
const PROJECT = 1;
const HF_TOKEN = 'hf_abcdefghijklmnopqrstuvwx';

const log: Log = { debug() {}, info() {}, warn() {}, error() {}, show() {} };

describe('New Inference Application, asked', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness(undefined, {
      inferenceLimits: { inference_gpu_l40s_count_limit: 0 },
      inferenceTimings: { limitsRequestMs: 0 },
    });
  });
  after(() => stopHarness(harness));

  it('asks the application, its optional component, flavors, parameters in their bounds, pods, regions and name, then reviews it', async () => {
    const ui = new RecordingUi([
      'Chat with an open LLM',
      ['Open WebUI'],
      L40S,
      'max_model_len',
      '100',
      '16384',
      'model_id',
      'Qwen/Qwen2.5-7B-Instruct',
      'hf_token',
      HF_TOKEN,
      'Done',
      '1-2',
      SMALL,
      'Done',
      '1-1',
      ['Luxembourg-2'],
      'teamchat',
      'Request Quota',
      'For the team chat',
      'Create',
    ]);
    const args = await askInferenceApplicationIn(ui, { client: harness.client, log }, PROJECT, {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args, {
      projectId: PROJECT,
      deployment: {
        name: 'teamchat',
        application_name: 'chat-llm',
        regions: [76],
        components_configuration: {
          vllm: {
            flavor: L40S,
            exposed: true,
            scale: { min: 1, max: 2 },
            parameter_overrides: {
              max_model_len: { value: '16384' },
              model_id: { value: 'Qwen/Qwen2.5-7B-Instruct' },
              hf_token: { value: HF_TOKEN },
            },
          },
          'open-webui': { flavor: SMALL, exposed: true, scale: { min: 1, max: 1 } },
        },
      },
    });
    const prompts = ui.prompts();
    assert.ok(prompts.filter((prompt) => prompt.step !== undefined).every((prompt) => prompt.title === 'Gcore: New Inference Application'));
    assert.deepEqual(
      prompts.filter((prompt) => prompt.step !== undefined && !prompt.canGoBack).map((prompt) => prompt.step),
      [1],
      'Back on every step but the first',
    );
    const bounded = prompts.find((prompt) => prompt.kind === 'input' && /^max_model_len/.test(prompt.prompt ?? ''));
    assert.equal(bounded?.value, '8192', 'the default shown');
    assert.match(bounded?.prompt ?? '', /integer · from 512 to 32768/);
    assert.deepEqual(bounded?.validationMessages, ['max_model_len: must be at least 512']);
    const token = prompts.find((prompt) => prompt.kind === 'input' && /^hf_token/.test(prompt.prompt ?? ''));
    assert.equal(token?.password, true);
    const flavors = prompts.find((prompt) => prompt.kind === 'pick' && /Which flavor for vLLM model server/.test(prompt.placeholder ?? ''));
    assert.deepEqual(
      flavors?.items?.map((item) => item.label),
      [L40S, A100, 'inference-20vcpu-232gib-1xh100-80gb'],
      "the component's suitable flavors",
    );
    const [short, granted] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.deepEqual(short.labels, ['Request Quota', 'Edit']);
    assert.match(short.message ?? '', /^Inference application teamchat needs more quota than the account has/);
    assert.match(short.detail ?? '', /L40S GPUs: \d+ used \+ 2 needed, 0 allowed: TOO LITTLE/);
    assert.deepEqual(granted.labels, ['Create', 'Edit']);
    assert.equal(granted.message, 'Create inference application teamchat?');
    const lines = (granted.detail ?? '').split('\n');
    assert.deepEqual(lines.slice(0, 7), [
      'Application: Chat with an open LLM (chat-llm)',
      `vLLM model server: ${L40S} (1 × L40S (48 GB) · 16 CPUs · 232 GiB), 1 to 2 pods in each region, with a public address`,
      'vLLM model server parameters: max_model_len 16384, model_id Qwen/Qwen2.5-7B-Instruct, hf_token (set)',
      `Open WebUI: ${SMALL} (no GPU · 1 CPUs · 1 GiB), 1 pod in each region, with a public address`,
      "Open WebUI parameters: the catalogue's defaults",
      'Regions: Luxembourg-2',
      'Name: teamchat',
    ]);
    assert.match(granted.detail ?? '', /Quota: it fits/);
    assert.match(granted.detail ?? '', /Price: up to .*3\.31.* per hour at 3 pods; nothing while stopped or at zero\./);
    const description = ui.shown.find((shown) => shown.title === 'Gcore: Request Inference Quota');
    assert.equal(
      description?.value,
      `Everywhere Inference application teamchat: Chat with an open LLM from the catalogue (vllm ${L40S}, open-webui ${SMALL}), up to 3 pods in Luxembourg-2.`,
    );
    const requests = (await harness.client.inference.listLimitsRequests()).results;
    assert.equal(requests.length, 1, 'the request is sent once');
    assert.equal(requests[0].description, 'For the team chat');
    assert.ok(
      ui.shownTexts().every((text) => !text.includes(HF_TOKEN)),
      'the token typed is never shown back',
    );
    assert.deepEqual((await harness.client.inference.listApplications({ projectId: PROJECT })).results, [], 'the ask sends no create');
  });

  it('keeps every answer through Back and Edit', async () => {
    const answers: InferenceApplicationAnswers = {};
    const ui = new RecordingUi([
      'Whisper large-v3',
      L40S,
      BACK,
      A100,
      'Done',
      '1-1',
      ['Luxembourg-2', 'Manassas'],
      'whisperone',
      'Edit',
      'Whisper large-v3',
      A100,
      'Done',
      '1-1',
      ['Luxembourg-2', 'Manassas'],
      'whispertwo',
      'Create',
    ]);
    const args = await askInferenceApplicationIn(ui, { client: harness.client, log }, PROJECT, answers);
    ui.assertAllAnswersUsed();
    assert.equal(args.projectId, PROJECT);
    assert.deepEqual(args.deployment.regions, [76, 38]);
    assert.equal(args.deployment.name, 'whispertwo');
    assert.deepEqual(args.deployment.components_configuration, { whisper: { flavor: A100, exposed: true, scale: { min: 1, max: 1 } } });
    const flavorPicks = ui.prompts().filter((prompt) => prompt.kind === 'pick' && /Which flavor/.test(prompt.placeholder ?? ''));
    assert.equal(flavorPicks[1].items?.[0].label, L40S, 'Back opens the flavor chosen before first');
    assert.equal(flavorPicks[2].items?.[0].label, A100, 'Edit opens the flavor chosen last first');
    const names = ui.prompts().filter((prompt) => prompt.kind === 'input' && prompt.step === 6);
    assert.deepEqual(
      names.map((prompt) => prompt.value),
      [undefined, 'whisperone'],
    );
  });
});
