import * as assert from 'node:assert/strict';
import type { Log } from '../../../../src/logging/log';
import { askInferenceDeploymentIn } from '../../../../src/prompts/inference/inferenceDeploymentFlow';
import type { InferenceDeploymentAnswers } from '../../../../src/ui/inference/inferenceDeploymentWizard';
import { presetTriggers } from '../../../../src/models/inference/inferencePresets';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import type { Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../../ui/recordingUi';

const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';
const PROJECT = 1;

const log: Log = { debug() {}, info() {}, warn() {}, error() {}, show() {} };

/** The wizard's answers for one L40S pod at most in Luxembourg, up to the API keys step. */
function wizard(name: string, keys: Answer[]): Answer[] {
  return [
    'vllm/vllm-openai:v0.11.0',
    'Public Image',
    '8000',
    '',
    'Done',
    L40S,
    ['Luxembourg-2'],
    '0-2',
    '120',
    'GPU utilization over 80%',
    'Ready When /v1/models Answers',
    ...keys,
    name,
  ];
}

describe('New Inference Deployment, asked', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness(undefined, {
      inferenceLimits: { inference_gpu_l40s_count_limit: 0 },
      inferenceTimings: { limitsRequestMs: 0 },
    });
  });
  after(() => stopHarness(harness));

  async function keysStep(): Promise<Answer[]> {
    const keys = await harness.client.inference.listApiKeys({ projectId: PROJECT });
    return keys.results.length > 0 ? [[]] : [];
  }

  it('says zero quota before the create, requests what it needs with the words the user edits, and offers the create once granted', async () => {
    const usage = (await harness.client.inference.quota()).usage.inference_gpu_l40s_count_usage ?? 0;
    const ui = new RecordingUi([...wizard('firstmodel', await keysStep()), 'Request Quota', 'A first model for the team', 'Create']);
    const args = await askInferenceDeploymentIn(ui, { client: harness.client, log }, PROJECT, {}, { review: true });
    ui.assertAllAnswersUsed();
    assert.deepEqual(args, {
      projectId: PROJECT,
      deployment: {
        name: 'firstmodel',
        image: 'vllm/vllm-openai:v0.11.0',
        listening_port: 8000,
        flavor_name: L40S,
        containers: [{ region_id: 76, scale: { min: 0, max: 2, triggers: presetTriggers('gpuUtilization') } }],
        timeout: 120,
        probes: args.deployment.probes,
      },
    });
    const [short, granted] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.deepEqual(short.labels, ['Request Quota', 'Edit']);
    assert.match(short.message ?? '', /needs more quota than the account has/);
    assert.match(short.detail ?? '', new RegExp(`L40S GPUs: ${usage} used \\+ 2 needed, 0 allowed: TOO LITTLE`));
    assert.match(short.detail ?? '', /Price: up to .* per hour at 2 pods; nothing while stopped or at zero\./);
    assert.deepEqual(granted.labels, ['Create', 'Edit']);
    assert.match(granted.detail ?? '', /Quota: it fits/);
    const description = ui.shown.find((shown) => shown.title === 'Gcore: Request Inference Quota');
    assert.equal(
      description?.value,
      'Everywhere Inference deployment firstmodel: image vllm/vllm-openai:v0.11.0 on flavor ' + `${L40S}, up to 2 pods in Luxembourg-2.`,
    );
    const requests = (await harness.client.inference.listLimitsRequests()).results;
    assert.equal(requests.length, 1, 'the request is sent once');
    assert.equal(requests[0].description, 'A first model for the team');
    assert.deepEqual((requests[0].requested_limits as { global_limits?: unknown }).global_limits, {
      inference_gpu_l40s_count_limit: usage + 2,
    });
    assert.ok(ui.notifications.some((notification) => /Gcore granted quota request/.test(notification.message)));
    assert.equal(
      (await harness.client.inference.listDeployments({ projectId: PROJECT })).results.some(
        (deployment) => deployment.name === 'firstmodel',
      ),
      false,
      'the ask sends no create: the command does',
    );
  });

  it('goes back to the wizard with every answer kept when the review is edited', async () => {
    const answers: InferenceDeploymentAnswers = {};
    const keys = await keysStep();
    const ui = new RecordingUi([
      ...wizard('secondmodel', keys),
      'Edit',
      ...wizard('secondmodel', keys).slice(0, -1),
      'thirdmodel',
      'Create',
    ]);
    const args = await askInferenceDeploymentIn(ui, { client: harness.client, log }, PROJECT, answers, { review: true });
    ui.assertAllAnswersUsed();
    assert.equal(args.deployment.name, 'thirdmodel');
    const reopened = ui.prompts().find((prompt, index) => index > 5 && prompt.step === 1);
    assert.equal(reopened?.value, 'vllm/vllm-openai:v0.11.0');
  });
});
