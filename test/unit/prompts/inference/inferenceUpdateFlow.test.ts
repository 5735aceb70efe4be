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
    assert.match(review?.detail ?? '', /region 76: .* → /);
    assert.doesNotMatch(review?.detail ?? '', /region 38/, 'a region left as it is is not listed');
    assert.match(review?.detail ?? '', /timeout: 120 → 300/);
    const deployment = await harness.client.inference.getDeployment(ref);
    assert.equal(deployment.containers?.[0].scale.max, 2, 'the ask sends nothing: the command does');
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
