import * as assert from 'node:assert/strict';
import type { Log } from '../../../../src/logging/log';
import { askInferenceChangeIn } from '../../../../src/prompts/inference/inferenceUpdateFlow';
import type { InferenceChangeAnswers } from '../../../../src/ui/inference/inferenceChangeWizard';
import { SEEDED_DEPLOYMENTS } from '../../../emulator/server';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { RecordingUi } from '../../ui/recordingUi';

const PROJECT = 1;
const H100 = 'inference-20vcpu-232gib-1xh100-80gb';
const log: Log = { debug() {}, info() {}, warn() {}, error() {}, show() {} };

describe('Change Inference Deployment, asked', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => stopHarness(harness));

  const ref = { projectId: PROJECT, name: SEEDED_DEPLOYMENTS.active };

  it("scales each region, opening with the deployment's pods, and reviews current → new before anything is sent", async () => {
    const ui = new RecordingUi(['0-4', '1-2', '300', 'Change']);
    const answers: InferenceChangeAnswers = {};
    const args = await askInferenceChangeIn(ui, { client: harness.client, log }, ref, answers, ['scale']);
    ui.assertAllAnswersUsed();
    const prompts = ui.prompts();
    assert.deepEqual(
      prompts.map((prompt) => prompt.value),
      ['1-2', '1-2', '120'],
    );
    assert.match(prompts[0].prompt ?? '', /^Pods in Luxembourg-2/);
    assert.deepEqual(args, {
      projectId: PROJECT,
      name: SEEDED_DEPLOYMENTS.active,
      changes: {
        containers: [
          { region_id: 76, scale: { min: 0, max: 4 } },
          { region_id: 38, scale: { min: 1, max: 2 } },
        ],
        timeout: 300,
      },
    });
    const review = ui.shown.find((shown) => shown.kind === 'choose');
    assert.equal(review?.message, `Change inference deployment ${SEEDED_DEPLOYMENTS.active}?`);
    assert.match(review?.detail ?? '', /Luxembourg-2: .* → /);
    assert.doesNotMatch(review?.detail ?? '', /Manassas/, 'a region left as it is is not listed');
    assert.match(review?.detail ?? '', /timeout: 120 → 300/);
    const deployment = await harness.client.inference.getDeployment(ref);
    assert.equal(deployment.containers?.[0].scale.max, 2, 'the ask sends nothing: the command does');
  });

  it('adds, changes and removes variables, a value that looks like a secret hidden in the list and the review', async () => {
    const ui = new RecordingUi([
      ['Environment'],
      'Add variable…',
      'HF_TOKEN=hf_abcdefghijklmnop',
      'Add variable…',
      'HF_HOME=/data',
      'Add variable…',
      'VLLM_LOGGING_LEVEL=DEBUG',
      '$(trash) VLLM_LOGGING_LEVEL=DEBUG',
      'Done',
      'Change',
    ]);
    const args = await askInferenceChangeIn(ui, { client: harness.client, log }, ref, {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args.changes, { envs: { HF_HOME: '/data', HF_TOKEN: 'hf_abcdefghijklmnop' } });
    const lists = ui.prompts().filter((prompt) => prompt.kind === 'pick');
    assert.deepEqual(
      lists[0].items?.map((item) => item.label),
      ['$(check) Done', '$(add) Add variable…', '$(trash) HF_HOME=/models'],
      'the list opens with the deployment’s environment',
    );
    assert.ok(lists.at(-1)?.items?.some((item) => item.label === '$(trash) HF_TOKEN=••••••'));
    assert.ok(!JSON.stringify(ui.shown).includes('hf_abcdefghijklmnop'), 'the token is shown nowhere');
    const review = ui.shown.find((shown) => shown.kind === 'choose');
    assert.match(review?.message ?? '', /Every pod restarts \(envs\)/);
    assert.equal(review?.detail, 'envs: added HF_TOKEN=••••••; changed HF_HOME: /models → /data');
  });

  it('removes a region, saying what stops there, and never all of them', async () => {
    const ui = new RecordingUi([['Regions'], [], ['Luxembourg-2'], 'Change']);
    const args = await askInferenceChangeIn(ui, { client: harness.client, log }, ref, {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args.changes, { containers: [{ region_id: 76 }] });
    const [first, refused] = ui
      .prompts()
      .filter((prompt) => prompt.kind === 'pickMany')
      .slice(1);
    assert.deepEqual(
      first.items?.map((item) => [item.label, item.picked]),
      [
        ['Luxembourg-2', true],
        ['Manassas', true],
      ],
      'no other region has free L40S capacity',
    );
    assert.match(refused.placeholder ?? '', /at least one region/);
    const review = ui.shown.find((shown) => shown.kind === 'choose');
    assert.match(review?.detail ?? '', /^Manassas: removed: its 1 pod stops, and https?:\/\/\S+ stops answering$/);
  });

  it('adds a region with free capacity for the flavor, with its pods and the others’ scaling', async () => {
    const pending = { projectId: PROJECT, name: SEEDED_DEPLOYMENTS.pending };
    const ui = new RecordingUi([['Regions'], ['Luxembourg-2', 'Manassas'], '1-3', 'Change']);
    const args = await askInferenceChangeIn(ui, { client: harness.client, log }, pending, {});
    ui.assertAllAnswersUsed();
    const regions = ui.prompts().filter((prompt) => prompt.kind === 'pickMany')[1];
    assert.deepEqual(
      regions.items?.map((item) => [item.label, item.picked]),
      [
        ['Luxembourg-2', true],
        ['Manassas', undefined],
      ],
      'Frankfurt has no L40S free: not offered',
    );
    assert.match(regions.items?.[0].description ?? '', /^now 0–2 pods · 0 pods running · https?:\/\//);
    assert.equal(regions.items?.[1].description, '12 pods free for inference-16vcpu-232gib-1xl40s-48gb');
    assert.match(ui.prompts()[2].prompt ?? '', /^Pods in Manassas/);
    const current = await harness.client.inference.getDeployment(pending);
    const { min: _min, max: _max, ...scaling } = current.containers![0].scale;
    assert.deepEqual(args.changes, {
      containers: [{ region_id: 76 }, { region_id: 38, scale: { ...scaling, min: 1, max: 3 } }],
    });
    const review = ui.shown.find((shown) => shown.kind === 'choose');
    assert.match(review?.detail ?? '', /^Manassas: added, 1–3 pods/);
  });

  it('says first that a new flavor restarts every pod, and Edit goes back with the answers kept', async () => {
    const ui = new RecordingUi([['Flavor'], H100, 'Edit', ['Flavor'], H100, 'Change']);
    const args = await askInferenceChangeIn(ui, { client: harness.client, log }, ref, {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args.changes, { flavor_name: H100 });
    const [first] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.match(first.message ?? '', /Every pod restarts \(flavor_name\)/);
    const reopened = ui.prompts().filter((prompt) => prompt.kind === 'pickMany')[1];
    assert.deepEqual(
      reopened.items?.filter((item) => item.picked).map((item) => item.label),
      ['Flavor'],
    );
  });
});
