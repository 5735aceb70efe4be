import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, useUi } from './support/harness';
import { CANCEL, ScriptedUi } from './support/scriptedUi';
import { signInEachTest } from './support/signedInTests';
import { label, rows } from './support/treeRows';

/*
 * New Inference Application from the Catalogue, interactively, against the emulator's catalogue: from a project's
 * Applications row, the wizard's answers become exactly one create, reviewed first with its quota and price
 * ceiling; its task is followed in the Tasks view under its name, and the end names its address to copy.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';
const APPLICATIONS = '/cloud/v3/inference/applications/1/deployments';
const AN_HOUR_MS = 60 * 60_000;
const APPLICATIONS_ROW = { nodeType: 'inferenceApplications', id: 'inference/1/applications', section: 'inference', projectId: 1 };

describe('New Inference Application from the Catalogue', () => {
  const emulator = signInEachTest(LOCATION);

  it('creates what the wizard asked once, after the review, and follows it to its address', async function () {
    this.timeout(60_000);
    const ui = new ScriptedUi(['Whisper large-v3', L40S, 'beam_size', '11', '8', 'Done', '1-1', ['Luxembourg-2'], 'teamwhisper', 'Create']);
    ui.answerNotification(/^Application teamwhisper is deployed/, 'Copy Address');
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.createInferenceApplication', APPLICATIONS_ROW);
    ui.assertAllAnswersUsed();
    const beam = ui.shown.find((shown) => shown.kind === 'input' && /^beam_size/.test(shown.prompt ?? ''));
    assert.deepEqual(beam?.validationMessages, ['beam_size: must be at most 10']);
    const review = ui.shown.find((shown) => shown.kind === 'choose');
    assert.equal(review?.message, 'Create inference application teamwhisper?');
    assert.match(review?.detail ?? '', /Quota: it fits/);
    assert.match(review?.detail ?? '', /Price: up to .+ per hour at 1 pod; nothing while stopped or at zero\./);
    const posts = emulator().requests.filter((request) => request.method === 'POST' && request.path === APPLICATIONS);
    assert.deepEqual(
      posts.map((request) => request.json),
      [
        {
          name: 'teamwhisper',
          application_name: 'whisper',
          regions: [76],
          components_configuration: {
            whisper: { flavor: L40S, exposed: true, scale: { min: 1, max: 1 }, parameter_overrides: { beam_size: { value: '8' } } },
          },
        },
      ],
    );
    const tasksSection = (await rows()).find((row) => label(row.item) === 'Tasks');
    assert.ok(tasksSection);
    await eventually(async () => assert.ok((await rows(tasksSection.node)).some((row) => label(row.item) === 'teamwhisper')));

    emulator().advanceTasks(AN_HOUR_MS);
    const end = await eventually(
      () =>
        ui.notifications.find((notification) => notification.message.startsWith('Application teamwhisper is deployed')) ??
        assert.fail('no end yet'),
      30_000,
    );
    assert.match(end.message, /^Application teamwhisper is deployed: active, at https?:\/\/\S+$/);
    assert.deepEqual(end.actions, ['Copy Address']);
    await eventually(() => assert.equal(ui.clipboard.length, 1));
    assert.ok(end.message.endsWith(ui.clipboard[0]));
  });

  it('asks the project from the palette, and sends nothing when the review is dismissed', async () => {
    const ui = new ScriptedUi(['Prod', 'Whisper large-v3', L40S, 'Done', '1-1', ['Luxembourg-2'], 'nowhisper', CANCEL]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.createInferenceApplication');
    ui.assertAllAnswersUsed();
    assert.equal(ui.shown[0].title, 'Gcore: New Inference Application');
    assert.equal(
      emulator().requests.filter((request) => request.method === 'POST' && request.path === APPLICATIONS).length,
      0,
      'no create without Create',
    );
  });
});
