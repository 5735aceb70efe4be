import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SEEDED_DEPLOYMENTS, SEEDED_REGISTRY_PASSWORD, type Emulator } from '../emulator/server';
import { TEST_KEY, eventually, extensionApi, setKey, setLocations, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

type Node = { nodeType: string; id: string };

/** The emulator seeds inference in project 1; project 2 has none. */
const SEEDED = { projectId: 1, regionId: 76, label: 'Production' };
const EMPTY = { projectId: 2, regionId: 76 };
const { active, pending, deploying } = SEEDED_DEPLOYMENTS;

async function tree(): Promise<vscode.TreeDataProvider<Node>> {
  return (await extensionApi()).tree as vscode.TreeDataProvider<Node>;
}

async function children(node?: Node): Promise<Node[]> {
  return ((await (await tree()).getChildren(node)) ?? []) as Node[];
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function item(node: Node): Promise<vscode.TreeItem> {
  return (await tree()).getTreeItem(node);
}

/** Each child's label, description and context value. */
async function rows(node: Node): Promise<[string, string, string | undefined][]> {
  return Promise.all(
    (await children(node)).map(async (child) => {
      const drawn = await item(child);
      return [label(drawn), String(drawn.description ?? ''), drawn.contextValue] as [string, string, string | undefined];
    }),
  );
}

async function childLabelled(node: Node, name: string): Promise<Node> {
  for (const child of await children(node)) if (label(await item(child)) === name) return child;
  throw new Error(`no row ${name} under ${node.id}`);
}

/** The rows of the Inference section, once the settings change has reached the tree. */
async function inferenceRows(count: number): Promise<Node[]> {
  return eventually(async () => {
    const inference = (await children()).find((root) => root.id === 'inference');
    assert.ok(inference, 'no Inference section');
    const found = await children(inference);
    assert.equal(found.length, count);
    return found;
  });
}

function deploymentListReads(emulator: Emulator, projectId: number): number {
  return emulator.requests.filter((request) => request.method === 'GET' && request.path === `/cloud/v3/inference/${projectId}/deployments`)
    .length;
}

describe('Everywhere Inference in the tree', () => {
  let emulator: Emulator;
  let ui: ScriptedUi;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    ui = new ScriptedUi([]);
    await useUi(ui);
    await setKey(TEST_KEY);
    await setLocations([SEEDED, { ...SEEDED, regionId: 38 }, EMPTY]);
    await vscode.commands.executeCommand('gcore.refresh');
    emulator.reset();
  });

  after(async () => {
    await setLocations([]);
    await useUi(undefined);
  });

  it('shows a row per project, labelled as the locations label it, and the Quota row, without reading anything', async () => {
    const [seeded, empty, quota] = await inferenceRows(3);
    assert.deepEqual(
      await Promise.all(
        [seeded, empty, quota].map(async (node) => [label(await item(node)), String((await item(node)).description ?? '')]),
      ),
      [
        ['Production', 'project 1'],
        ['project 2', ''],
        ['Quota', ''],
      ],
    );
    assert.deepEqual(
      emulator.requests.filter((request) => request.path.includes('/inference')),
      [],
    );
  });

  it('lists the deployments with their status in words, and under one its address and regions', async () => {
    const [project] = await inferenceRows(3);
    assert.deepEqual(
      (await rows(project)).map(([name, description]) => [name, description]),
      [
        ['Deployments', '3'],
        ['Applications', ''],
        ['Registry Credentials', ''],
        ['API Keys', ''],
      ],
    );
    const deployments = await childLabelled(project, 'Deployments');
    const listed = new Map((await rows(deployments)).map(([name, description, context]) => [name, { description, context }]));
    assert.match(
      listed.get(active)?.description ?? '',
      /^active · \d+\/\d+ ready · inference-16vcpu-232gib-1xl40s-48gb · ghcr\.io\/example\/llama-server:1\.4\.0$/,
    );
    assert.equal(listed.get(active)?.context, 'inferenceDeployment.active');
    assert.match(listed.get(pending)?.description ?? '', /^scaled to zero · /);
    assert.equal(listed.get(pending)?.context, 'inferenceDeployment.scaledToZero');
    assert.match(listed.get(deploying)?.description ?? '', /^deploying · /);
    assert.equal(listed.get(deploying)?.context, 'inferenceDeployment.busy');

    const llama = await childLabelled(deployments, active);
    const details = await rows(llama);
    assert.deepEqual(
      details.map(([name, , context]) => [name, context]),
      [
        ['Address', 'inferenceAddress'],
        ['Auth on', 'hint'],
        ['Luxembourg-2', 'inferenceRegion.withAddress'],
        ['Manassas', 'inferenceRegion.withAddress'],
      ],
    );
    assert.equal(details[1][1], 'team-key');
    assert.match(details[2][1], /^\d+\/\d+ ready · min 1, max 2 · https?:\/\//);

    await vscode.commands.executeCommand('gcore.copyInferenceAddress', llama);
    assert.equal(ui.clipboard.at(-1), details[0][1]);
    await vscode.commands.executeCommand('gcore.copyInferenceName', llama);
    assert.equal(ui.clipboard.at(-1), active);
    assert.equal(ui.notifications.at(-1)?.message, `Copied the name of inference deployment ${active}.`);
    await vscode.commands.executeCommand('gcore.openInPortal', llama);
    assert.equal(ui.opened.at(-1), `https://portal.gcore.com/cloud/project/1/inference/deployments/${active}`);
  });

  it('lists the registry credentials by name, user and registry, never a password', async () => {
    const [project] = await inferenceRows(3);
    const credentials = await childLabelled(project, 'Registry Credentials');
    assert.deepEqual(await rows(credentials), [['ghcr-team', 'deploy-bot · ghcr.io', 'inferenceCredential']]);
    const [row] = await children(credentials);
    const drawn = await item(row);
    assert.ok(!JSON.stringify([drawn.label, drawn.description, drawn.tooltip]).includes(SEEDED_REGISTRY_PASSWORD));
  });

  it('says a project without deployments, and shows the account’s limits under Quota', async () => {
    const [, empty, quota] = await inferenceRows(3);
    const deployments = await childLabelled(empty, 'Deployments');
    assert.deepEqual(await rows(deployments), [['No inference deployments in this project', '', 'hint']]);
    const limits = await rows(quota);
    assert.ok(
      limits.some(([name, description]) => name === 'L40S' && /^\d+ of 12 in use$/.test(description)),
      JSON.stringify(limits),
    );
    await eventually(async () => {
      const [, , summarised] = await inferenceRows(3);
      assert.match(String((await item(summarised)).description ?? ''), /^A100 \d+\/4 · H100 \d+\/2 · L40S \d+\/12$/);
    });
  });

  it('reads again, every few seconds, only the project whose deployment moves', async function () {
    this.timeout(30_000);
    const [seeded, empty] = await inferenceRows(3);
    await children(seeded);
    await children(empty);
    emulator.requests.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    assert.equal(deploymentListReads(emulator, 1), 1, `${deploying} deploys: its project is read again once a round`);
    assert.equal(deploymentListReads(emulator, 2), 0, 'nothing moves in project 2');
    assert.equal(emulator.requests.filter((request) => request.path.includes('/inference')).length, 1);
  });
});

describe('Everywhere Inference against an API without it', () => {
  after(async () => {
    await setLocations([]);
    await sharedEmulator();
    await useUi(undefined);
  });

  it('says so in one quiet row for the section, not an error under each project', async () => {
    await sharedEmulator({ coreOnly: true });
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await setLocations([SEEDED, EMPTY]);
    await vscode.commands.executeCommand('gcore.refresh');
    const [project] = await inferenceRows(3);
    assert.deepEqual(await children(project), []);
    const [quiet] = await inferenceRows(1);
    assert.deepEqual(
      [label(await item(quiet)), (await item(quiet)).contextValue],
      ['Everywhere Inference is not available from this API', 'hint'],
    );
  });
});
