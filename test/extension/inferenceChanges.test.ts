import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, run, signedInAt, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * A deployment's environment and regions changed from its row, against the emulator's seeded project 1 (llama-chat in
 * Luxembourg-2 and Manassas, qwen-coder in Luxembourg-2 at zero): exactly what Gcore receives (the environment whole,
 * the regions as the whole set with each scale whole, never the command read back). And a create's end: followed
 * until the deployment is ready, then its address with Copy Address and Open Logs, or Gcore's error with Open Logs.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';

type Scale = Record<string, unknown>;

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

async function deploymentRow(name: string): Promise<unknown> {
  const deployment = await run<Record<string, unknown>>('gcore.getInferenceDeployment', { projectId: 1, name });
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return { nodeType: 'inferenceDeployment', id: `inference/1/deployments/${name}`, section: 'inference', projectId: 1, deployment };
}

async function scalesOf(name: string): Promise<Map<number, Scale>> {
  const deployment = await run<{ containers: { region_id: number; scale: Scale }[] }>('gcore.getInferenceDeployment', {
    projectId: 1,
    name,
  });
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return new Map(deployment.containers.map((container) => [container.region_id, container.scale]));
}

/** Changes a deployment from its row with `answers`, and returns the one request Gcore received. */
async function changeFromRow(emulator: Emulator, name: string, ui: ScriptedUi): Promise<RecordedRequest> {
  const row = await deploymentRow(name);
  await useUi(ui);
  emulator.requests.length = 0;
  await vscode.commands.executeCommand('gcore.updateInferenceDeployment', row);
  ui.assertAllAnswersUsed();
  const [patch, ...more] = writes(emulator);
  assert.deepEqual(more, []);
  assert.equal(patch.method, 'PATCH');
  assert.equal(patch.path, `${DEPLOYMENTS}/${name}`);
  return patch;
}

function reviewOf(ui: ScriptedUi): string {
  return ui.shown.find((shown) => shown.kind === 'choose')?.detail ?? '';
}

describe('inference changes, asked', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await useUi(undefined);
  });

  it('sends the environment whole, a token shown nowhere, and nothing else', async () => {
    const ui = new ScriptedUi([
      ['Environment'],
      'Add variable…',
      'HF_TOKEN=hf_abcdefghijklmnop',
      '$(trash) HF_HOME=/models',
      'Done',
      'Change',
    ]);
    const patch = await changeFromRow(emulator, 'llama-chat', ui);
    assert.deepEqual(patch.json, { envs: { HF_TOKEN: 'hf_abcdefghijklmnop' } });
    assert.equal(reviewOf(ui), 'envs: added HF_TOKEN=••••••; removed HF_HOME');
    assert.ok(!ui.shownTexts().join('\n').includes('hf_abcdefghijklmnop'));
  });

  it('removes a region, saying what stops there: the other sent with its scale whole, no command', async () => {
    const before = await scalesOf('llama-chat');
    const ui = new ScriptedUi([['Regions'], ['Luxembourg-2'], 'Change']);
    const patch = await changeFromRow(emulator, 'llama-chat', ui);
    assert.deepEqual(patch.json, { containers: [{ region_id: 76, scale: before.get(76) }] });
    const scale = before.get(76)!;
    assert.deepEqual(
      ['min', 'max', 'cooldown_period', 'polling_interval', 'triggers'].filter((part) => scale[part] === undefined),
      [],
      'the scale is whole',
    );
    assert.match(reviewOf(ui), /^Manassas: removed: its (1 pod stops|\d+ pods stop), and https?:\/\/\S+ stops answering$/);
  });

  it('adds a region with free capacity for the flavor, with its pods and the scaling of the others', async () => {
    const before = await scalesOf('qwen-coder');
    const ui = new ScriptedUi([['Regions'], ['Luxembourg-2', 'Manassas'], '1-2', 'Change']);
    const patch = await changeFromRow(emulator, 'qwen-coder', ui);
    const regions = ui.shown.filter((shown) => shown.kind === 'pickMany')[1];
    assert.deepEqual(regions.labels, ['Luxembourg-2', 'Manassas'], 'Frankfurt has no L40S free');
    const scale = before.get(76)!;
    assert.deepEqual(patch.json, {
      containers: [
        { region_id: 76, scale },
        { region_id: 38, scale: { ...scale, min: 1, max: 2 } },
      ],
    });
    assert.match(reviewOf(ui), /^Manassas: added, 1–2 pods/);
  });

  describe("a create's end", () => {
    before(async () => {
      // code-server saves after a pause in typing by default; these tests decide when a save happens.
      await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    });

    afterEach(async () => {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    /** Creates `name` from a JSON document, through its review. */
    async function createFromJson(ui: ScriptedUi, name: string, image: string): Promise<void> {
      const uri = await vscode.commands.executeCommand<string>('gcore.newInferenceDeploymentJson', { projectId: 1 });
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      const deployment = {
        name,
        image,
        listening_port: 8000,
        flavor_name: L40S,
        containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
      };
      const editing = new vscode.WorkspaceEdit();
      editing.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(deployment, null, 2)}\n`);
      assert.ok(await vscode.workspace.applyEdit(editing));
      await useUi(ui);
      assert.equal(await document.save(), true);
      assert.equal(writes(emulator).filter((request) => request.path === DEPLOYMENTS).length, 1);
    }

    it('follows it until ready, then names its address with Copy Address and Open Logs', async () => {
      const ui = new ScriptedUi(['Create']).answerNotification(/is ready/, 'Open Logs');
      await createFromJson(ui, 'readyone', 'ghcr.io/example/llama-server:1.4.0');
      // Its task ends; its pods still load.
      emulator.advanceTasks(60_000);
      await eventually(() => assert.ok(ui.progressTitles.includes('Inference deployment readyone is getting ready')), 15_000);
      assert.ok(!ui.notifications.some((note) => /readyone is (ready|created)/.test(note.message)));
      emulator.advanceTasks(10 * 60_000);
      const end = await eventually(() => {
        const found = ui.notifications.find((note) => /readyone is ready/.test(note.message));
        assert.ok(found);
        return found;
      }, 15_000);
      assert.match(end.message, /^Inference deployment readyone is ready: active, at https?:\/\/\S+$/);
      assert.deepEqual(end.actions, ['Copy Address', 'Open Logs']);
      await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'gcore-inference-logs'));
    });

    it("ends one that rose partly deployed with Gcore's error and Open Logs", async () => {
      const ui = new ScriptedUi(['Create']);
      await createFromJson(ui, 'failingone', 'ghcr.io/example/failing-server:1.0');
      emulator.advanceTasks(60 * 60_000);
      const end = await eventually(() => {
        const found = ui.notifications.find((note) => /failingone is/.test(note.message));
        assert.ok(found);
        return found;
      }, 15_000);
      assert.equal(end.severity, 'error');
      assert.match(end.message, /^Inference deployment failingone is partly deployed: Luxembourg-2: Back-off restarting failed container/);
      assert.deepEqual(end.actions, ['Open Logs']);
    });
  });
});
