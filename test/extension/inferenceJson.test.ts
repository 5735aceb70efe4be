import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { REALISTIC_INFERENCE_TIMINGS } from '../emulator/inference-state';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, signedInAt, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * The inference deployments' JSON documents against the emulator's seeded project 1: Edit Deployment (JSON) opens
 * llama-chat's editable fields, marks a bad value naming its field before any request, and saves through the review
 * of current → new into one PATCH whose regions each carry their scale whole; New Inference Deployment from JSON opens
 * the create payload and offers the flavors.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';
const DEPLOYMENT = `${DEPLOYMENTS}/llama-chat`;

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

function gcoreDiagnostics(document: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Gcore');
}

async function write(document: vscode.TextDocument, fields: unknown): Promise<void> {
  const editing = new vscode.WorkspaceEdit();
  editing.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(fields, null, 2)}\n`);
  assert.ok(await vscode.workspace.applyEdit(editing));
}

async function open(command: string, args: unknown): Promise<vscode.TextDocument> {
  const uri = await vscode.commands.executeCommand<string>(command, args);
  return vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
}

describe('inference deployments as JSON documents', () => {
  let emulator: Emulator;

  before(async () => {
    // code-server saves after a pause in typing by default; these tests decide when a save happens.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await useUi(undefined);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens a deployment's editable fields, marks a bad value naming its field, and sends nothing for it", async () => {
    const document = await open('gcore.editInferenceDeploymentJson', { projectId: 1, name: 'llama-chat' });
    assert.equal(document.uri.path, '/1/llama-chat.json');
    const fields = JSON.parse(document.getText()) as Record<string, unknown>;
    assert.equal(fields.image, 'ghcr.io/example/llama-server:1.4.0');
    assert.equal(fields.name, undefined, 'a deployment keeps its name');

    emulator.requests.length = 0;
    await write(document, { ...fields, timeout: -5 });
    await eventually(() => assert.match(gcoreDiagnostics(document).map((diagnostic) => diagnostic.message)[0] ?? '', /^timeout: /));
    const ui = new ScriptedUi([]);
    await useUi(ui);
    assert.equal(await document.save(), false);
    assert.deepEqual(ui.shown, [], 'no review of an invalid document');
    assert.deepEqual(writes(emulator), []);
  });

  it('saves through the review of current → new, then one PATCH with each region’s scale whole', async () => {
    const document = await open('gcore.editInferenceDeploymentJson', { projectId: 1, name: 'llama-chat' });
    const fields = JSON.parse(document.getText()) as { containers: { region_id: number }[] };
    // Written in part: only the bounds of each region, the rest left to what Gcore holds.
    const containers = fields.containers.map(({ region_id }) => ({ region_id, scale: { min: 1, max: 3 } }));
    await write(document, { ...fields, containers });
    await eventually(() => assert.deepEqual(gcoreDiagnostics(document), []));
    emulator.requests.length = 0;

    const ui = new ScriptedUi(['Change']);
    await useUi(ui);
    assert.equal(await document.save(), true);
    const [review, ...more] = ui.shown.filter((prompt) => prompt.kind === 'choose');
    assert.deepEqual(more, []);
    assert.equal(review.message, 'Change inference deployment llama-chat?');
    assert.match(review.detail ?? '', /region 76: 1–2 pods .* → 1–3 pods/);

    const patches = writes(emulator);
    assert.deepEqual(
      patches.map((request) => [request.method, request.path]),
      [['PATCH', DEPLOYMENT]],
    );
    const body = patches[0].json as { containers: { region_id: number; scale: Record<string, unknown> }[] };
    assert.deepEqual(
      body.containers.map((container) => container.region_id),
      fields.containers.map((container) => container.region_id),
    );
    for (const { scale } of body.containers) {
      assert.equal(scale.max, 3);
      assert.equal(typeof scale.cooldown_period, 'number', 'the cooldown as Gcore holds it');
      assert.equal(typeof scale.polling_interval, 'number', 'the polling interval as Gcore holds it');
      assert.deepEqual((scale.triggers as Record<string, unknown>).gpu_utilization, { threshold: 80 }, 'the triggers as Gcore holds them');
    }
    // The document shows what the PATCH left: each region's scale whole, nothing unsent.
    await eventually(() => {
      const shown = JSON.parse(document.getText()) as { containers: { scale: Record<string, unknown> }[] };
      assert.ok(
        shown.containers.every(({ scale }) => scale.max === 3 && typeof scale.cooldown_period === 'number'),
        document.getText(),
      );
      assert.ok(!document.isDirty);
    });
  });

  it('opens a new deployment as its create payload, offering the flavors, and checks it as typed', async () => {
    const document = await open('gcore.newInferenceDeploymentJson', { projectId: 1 });
    assert.equal(document.uri.path, '/1/new-inference-deployment.json');
    await eventually(() => assert.ok(gcoreDiagnostics(document).some((diagnostic) => diagnostic.message.startsWith('name: '))));
    const line = document
      .getText()
      .split('\n')
      .findIndex((text) => text.includes('"flavor_name"'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      new vscode.Position(line, document.lineAt(line).text.indexOf(': "') + 3),
    );
    assert.ok(list.items.some((item) => item.insertText === '"inference-16vcpu-232gib-1xl40s-48gb"'));
  });

  it('saves a new deployment through the review of its quota and price, then creates it with one POST', async () => {
    const document = await open('gcore.newInferenceDeploymentJson', { projectId: 1 });
    const deployment = {
      name: 'json-model',
      image: 'ghcr.io/example/llama-server:1.4.0',
      listening_port: 8000,
      flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
      containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
    };
    await write(document, deployment);
    await eventually(() => assert.deepEqual(gcoreDiagnostics(document), []));
    emulator.requests.length = 0;

    const ui = new ScriptedUi(['Create']);
    await useUi(ui);
    assert.equal(await document.save(), true);
    const [review, ...more] = ui.shown.filter((prompt) => prompt.kind === 'choose');
    assert.deepEqual(more, []);
    assert.equal(review.message, 'Create inference deployment json-model?');
    assert.deepEqual(review.labels, ['Create', 'Edit']);
    assert.match(review.detail ?? '', /Quota: it fits/);
    assert.match(review.detail ?? '', /Price: up to .+ per hour at 1 pod/);

    const creates = writes(emulator).filter((request) => request.path === DEPLOYMENTS);
    assert.equal(creates.length, 1);
    assert.deepEqual(creates[0].json, deployment);

    // Saved again unchanged: it was created from this document already, and nothing more is sent.
    await vscode.commands.executeCommand('gcore.applyNewInferenceDeploymentJson', document.uri);
    assert.equal(writes(emulator).filter((request) => request.path === DEPLOYMENTS).length, 1);
  });

  it('offers Request Quota in a new deployment’s review when the quota is short, then the create once granted', async () => {
    emulator.setInferenceLimits({ inference_gpu_l40s_count_limit: 0 });
    const document = await open('gcore.newInferenceDeploymentJson', { projectId: 1 });
    const deployment = {
      name: 'quota-model',
      image: 'ghcr.io/example/llama-server:1.4.0',
      listening_port: 8000,
      flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
      containers: [{ region_id: 76, scale: { min: 0, max: 1 } }],
    };
    await write(document, deployment);
    await eventually(() => assert.deepEqual(gcoreDiagnostics(document), []));
    emulator.requests.length = 0;

    const ui = new ScriptedUi(['Request Quota', 'One L40S pod for quota-model', 'Create']);
    ui.beforeProgress(/Waiting for Gcore to answer/, () => emulator.advanceTasks(REALISTIC_INFERENCE_TIMINGS.limitsRequestMs + 1));
    await useUi(ui);
    assert.equal(await document.save(), true);
    const [short, words, fits, ...more] = ui.shown;
    assert.deepEqual(more, []);
    assert.match(short.message ?? '', /needs more quota than the account has/);
    assert.deepEqual(short.labels, ['Request Quota', 'Create Anyway', 'Edit']);
    assert.equal(words.kind, 'input');
    // What the account uses of L40S already, and the one pod more.
    const asked = Number(/^What Gcore reads with the request for inference_gpu_l40s_count_limit = (\d+);/.exec(words.prompt ?? '')?.[1]);
    assert.ok(asked >= 1, words.prompt);
    assert.equal(fits.message, 'Create inference deployment quota-model?');
    assert.deepEqual(fits.labels, ['Create', 'Edit']);
    assert.deepEqual(
      writes(emulator)
        .filter((request) => !request.path.startsWith('/cloud/v2/pricing/'))
        .map((request) => [request.path, request.json]),
      [
        [
          '/cloud/v2/limits_request',
          {
            description: 'One L40S pod for quota-model',
            requested_limits: { global_limits: { inference_gpu_l40s_count_limit: asked } },
          },
        ],
        [DEPLOYMENTS, deployment],
      ],
    );
  });
});
