import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { IMAGE_24_04 } from '../support/gpuClusterBodies';
import { eventually, extensionApi, rejects, run, signedInAt, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';
import { label, rows } from './support/treeRows';
import type { TreeNode } from '../../src/views/treeNodes';

/*
 * New GPU Cluster from JSON against the emulator: the document opens filled in from the flavor row it was started
 * from, its fields are checked as they are typed (before any request), saving is New GPU Cluster's review (quota,
 * price; Create or Create Anyway, and Edit) and then its create path: one POST a save, a lost answer looked up by
 * name, and a failure that keeps the text.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const CLUSTERS = '/cloud/v3/gpu/virtual/1/76/clusters';
const FLAVOR = 'g3-ai-24-232-1000-h100-80-1';

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

function creates(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method === 'POST' && request.path === CLUSTERS);
}

function gcoreDiagnostics(document: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Gcore');
}

async function write(document: vscode.TextDocument, cluster: unknown): Promise<void> {
  const editing = new vscode.WorkspaceEdit();
  editing.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(cluster, null, 2)}\n`);
  assert.ok(await vscode.workspace.applyEdit(editing));
}

async function saveWith(document: vscode.TextDocument, answers: string[]): Promise<{ ui: ScriptedUi; saved: boolean }> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  return { ui, saved: await document.save() };
}

async function gpuLocationRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const gpu = (await rows()).find((row) => row.node.id === 'gpu');
  assert.ok(gpu, 'no GPU section');
  const [location] = await rows(gpu.node);
  return rows(location.node);
}

async function completionLabels(document: vscode.TextDocument, property: string): Promise<vscode.CompletionItem[]> {
  const line = document
    .getText()
    .split('\n')
    .findIndex((text) => text.includes(`"${property}"`));
  const column = document.lineAt(line).text.indexOf(': "') + 3;
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    new vscode.Position(line, column),
  );
  return list.items.filter((item) => /of this location|of the project/.test(item.detail ?? ''));
}

function itemLabel(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

describe('New GPU Cluster from JSON', () => {
  let emulator: Emulator;
  let home: string;
  let realHome: string | undefined;

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
    home = await mkdtemp(path.join(tmpdir(), 'gcore-host-home-'));
    realHome = process.env.HOME;
    // The document reads ~/.ssh to mark the keys of this machine: a home of the test's own, never the machine's.
    process.env.HOME = home;
    emulator = await signedInAt(LOCATION);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    process.env.HOME = realHome;
    await rm(home, { recursive: true, force: true });
  });

  /** The document of the location's virtual clusters, opened from the flavor's row as a user would. */
  async function openFromFlavorRow(): Promise<vscode.TextDocument> {
    const flavorRow = (await gpuLocationRows()).find((row) => label(row.item) === FLAVOR);
    assert.ok(flavorRow, `no row of flavor ${FLAVOR}`);
    const uri = await vscode.commands.executeCommand<string>('gcore.newGpuClusterJson', flavorRow.node);
    return vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  }

  it("opens filled in from the flavor row, valid as it stands, with the schema and the location's flavors, images and keys offered", async () => {
    const document = await openFromFlavorRow();
    assert.match(document.uri.path, /^\/1\/76\/new-gpu-cluster · Prod\.json$/);
    assert.deepEqual(JSON.parse(document.getText()), {
      name: 'my-gpu-cluster',
      flavor: FLAVOR,
      servers_count: 1,
      servers_settings: {
        interfaces: [{ type: 'external', ip_family: 'ipv4' }],
        volumes: [{ source: 'image', image_id: IMAGE_24_04, size: 120, type: 'ssd_hiiops', name: 'my-gpu-cluster-boot', boot_index: 0 }],
        credentials: { ssh_key_name: 'dev-laptop' },
      },
    });
    // Valid as it stands: only that the key's private half is not in this (empty) home.
    await eventually(() =>
      assert.deepEqual(
        gcoreDiagnostics(document).map((diagnostic) => [diagnostic.severity, diagnostic.message]),
        [
          [
            vscode.DiagnosticSeverity.Information,
            'servers_settings.credentials.ssh_key_name: its private key is not on this machine, so SSH from here will be refused',
          ],
        ],
      ),
    );

    const flavors = (await completionLabels(document, 'flavor')).map(itemLabel);
    assert.ok(flavors.includes(FLAVOR), flavors.join(', '));
    assert.ok(!flavors.some((name) => name.startsWith('bm')), 'only the flavors of the document’s kind');
    const images = await completionLabels(document, 'image_id');
    assert.equal(images[0].insertText, `"${IMAGE_24_04}"`, 'the suggested image first, its ID inserted');
    assert.match(itemLabel(images[0]), /^gcloud-ai-gpu-ubuntu-24\.04-580\.126\.20/);
    assert.deepEqual((await completionLabels(document, 'ssh_key_name')).map(itemLabel), ['dev-laptop']);

    const schema = JSON.parse(
      (await vscode.workspace.openTextDocument(vscode.Uri.parse('gcore-schema://schemas/new-gpu-cluster.json'))).getText(),
    ) as { required: string[]; properties: Record<string, { minimum?: number; maximum?: number }> };
    assert.deepEqual(schema.required, ['name', 'flavor', 'servers_count', 'servers_settings']);
    assert.deepEqual([schema.properties.servers_count.minimum, schema.properties.servers_count.maximum], [1, 999]);
    const containerSchema = await vscode.workspace.openTextDocument(vscode.Uri.parse('gcore-schema://schemas/new-container.json'));
    assert.match(containerSchema.getText(), /listening_port/, "the containers' schemas are served as before");
    assert.deepEqual(writes(emulator), [], 'opening sends nothing');
  });

  it('marks a bad field where it is written as it is typed, before any request, and a save sends nothing', async () => {
    const document = await openFromFlavorRow();
    const cluster = JSON.parse(document.getText()) as Record<string, unknown>;
    emulator.requests.length = 0;
    const settings = cluster.servers_settings as { volumes: Record<string, unknown>[] };
    const ultra = { ...settings, volumes: [{ ...settings.volumes[0], type: 'ultra' }] };
    await write(document, { ...cluster, servers_count: 0, flavor: 'g9-none', servers_settings: ultra });
    const diagnostics = await eventually(() => {
      const found = gcoreDiagnostics(document);
      assert.ok(
        found.some((diagnostic) => diagnostic.message.startsWith('servers_count')),
        found.map((d) => d.message).join(' | '),
      );
      return found;
    });
    const count = diagnostics.find((diagnostic) => diagnostic.message === 'servers_count: must be between 1 and 999');
    assert.equal(count?.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(document.getText(count?.range), '0');
    const flavor = diagnostics.find((diagnostic) => diagnostic.message.startsWith('flavor: is not a virtual GPU flavor of this location'));
    assert.equal(flavor?.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(flavor?.range), '"g9-none"');
    // Luxembourg-2 offers cold, ssd_hiiops, ssd_lowlatency and standard volumes.
    const type = diagnostics.find((diagnostic) => diagnostic.message.startsWith('servers_settings.volumes.0.type:'));
    assert.equal(
      type?.message,
      'servers_settings.volumes.0.type: is not a volume type of this region (it offers cold, ssd_hiiops, ssd_lowlatency, standard)',
    );
    assert.equal(type?.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(type?.range), '"ultra"');
    assert.deepEqual(emulator.requests, [], 'checked without a request');

    const { ui, saved } = await saveWith(document, []);
    assert.equal(saved, false);
    assert.ok(document.isDirty);
    assert.deepEqual(ui.shown, [], 'no review of an invalid document');
    assert.deepEqual(writes(emulator), []);
  });

  it("saves through the wizard's review, then sends exactly one POST of the document and follows the new cluster", async () => {
    const document = await openFromFlavorRow();
    const cluster = { ...(JSON.parse(document.getText()) as Record<string, unknown>), name: 'json-train', servers_count: 2 };
    await write(document, cluster);
    emulator.requests.length = 0;
    const { ui, saved } = await saveWith(document, ['Create']);
    assert.equal(saved, true);
    assert.ok(!document.isDirty);
    const [review, ...more] = ui.shown.filter((prompt) => prompt.kind === 'choose');
    assert.deepEqual(more, []);
    assert.equal(review.message, 'Create GPU cluster json-train?');
    assert.deepEqual(review.labels, ['Create', 'Edit']);
    assert.match(review.detail ?? '', new RegExp(`Flavor: ${FLAVOR}`));
    assert.match(review.detail ?? '', /Image: gcloud-ai-gpu-ubuntu-24\.04-580\.126\.20\S* \(driver 580\.126\.20, CUDA 13\.0\.2\)/);
    assert.match(review.detail ?? '', /Servers: 2/);
    assert.match(review.detail ?? '', /Quota: it fits/);
    assert.match(review.detail ?? '', /Price: .+ per hour, .+ per month/);

    const posts = writes(emulator);
    const create = posts.findIndex((request) => request.path === CLUSTERS);
    assert.ok(
      posts.slice(0, create).some((request) => /check_limits$/.test(request.path)),
      'the quota was asked first',
    );
    assert.ok(
      posts.slice(0, create).some((request) => /\/pricing\//.test(request.path)),
      'the price was asked first',
    );
    assert.deepEqual(posts.slice(create + 1), [], 'one create and nothing after it');
    assert.deepEqual(posts[create].json, cluster);
    await eventually(async () => {
      const clusters = (await gpuLocationRows()).find((row) => label(row.item) === 'Clusters');
      assert.ok(clusters);
      const row = (await rows(clusters.node)).find((candidate) => label(candidate.item) === 'json-train');
      assert.match(String(row?.item.description), /^Creating…/);
    });

    // Saved again unchanged: it was created from this document already, and nothing more is sent.
    await vscode.commands.executeCommand('gcore.applyNewGpuClusterJson', document.uri);
    assert.equal(creates(emulator).length, 1);
  });

  it('says an exceeded quota plainly with Create Anyway or Edit; Edit keeps the text and sends no create', async () => {
    emulator.setGpuQuota({ gpu_virtual_h100_count: 1 });
    const document = await openFromFlavorRow();
    const cluster = { ...(JSON.parse(document.getText()) as Record<string, unknown>), name: 'json-quota', servers_count: 3 };
    await write(document, cluster);
    const { ui, saved } = await saveWith(document, ['Edit']);
    assert.equal(saved, false);
    const review = ui.shown.find((prompt) => prompt.kind === 'choose');
    assert.match(review?.message ?? '', /^GPU cluster json-quota would exceed the quota/);
    assert.deepEqual(review?.labels, ['Create Anyway', 'Edit']);
    assert.match(review?.detail ?? '', /EXCEEDED/);
    assert.ok(document.isDirty);
    assert.deepEqual(JSON.parse(document.getText()), cluster);
    assert.deepEqual(creates(emulator), []);
  });

  it('keeps the text when Gcore refuses the create, and looks a lost answer up by name before the next save sends again', async () => {
    const document = await openFromFlavorRow();
    const cluster = { ...(JSON.parse(document.getText()) as Record<string, unknown>), name: 'json-lost' };
    await write(document, cluster);
    emulator.requests.length = 0;

    emulator.inject({ method: 'POST', path: CLUSTERS, status: 400, body: { message: 'flavor is not available' } });
    assert.equal((await saveWith(document, ['Create'])).saved, false);
    assert.ok(document.isDirty);
    assert.deepEqual(JSON.parse(document.getText()), cluster);
    assert.equal(creates(emulator).length, 1, 'one POST for one save');

    // The answer is lost before Gcore made anything: the name is looked up, nothing more is sent, the text stays.
    emulator.requests.length = 0;
    emulator.inject({ method: 'POST', path: CLUSTERS, drop: true });
    assert.equal((await saveWith(document, ['Create'])).saved, false);
    assert.equal(creates(emulator).length, 1, 'one POST for one save');
    const post = emulator.requests.findIndex((request) => request.method === 'POST' && request.path === CLUSTERS);
    assert.ok(
      emulator.requests.slice(post + 1).some((request) => request.method === 'GET' && request.path === CLUSTERS),
      "the location's clusters are read after the lost answer",
    );
    assert.deepEqual(JSON.parse(document.getText()), cluster);

    // The answer is lost after Gcore made it: the lookup finds it, and the save counts as the create.
    emulator.requests.length = 0;
    emulator.inject({ method: 'POST', path: CLUSTERS, resetMidBody: true });
    assert.equal((await saveWith(document, ['Create'])).saved, true);
    assert.equal(creates(emulator).length, 1, 'one POST for one save');
    const listed = await run<{ results: { name: string }[] }>('gcore.listGpuClusters', LOCATION);
    assert.equal(listed.results.filter((candidate) => candidate.name === 'json-lost').length, 1, 'one cluster, never two');
  });

  it('takes a save a gateway answered 502 after Gcore made the cluster as the create: one POST, never a second cluster', async () => {
    const document = await openFromFlavorRow();
    const cluster = { ...(JSON.parse(document.getText()) as Record<string, unknown>), name: 'json-gateway' };
    await write(document, cluster);
    emulator.requests.length = 0;
    emulator.inject({ method: 'POST', path: CLUSTERS, status: 502, afterApplying: true });
    const { ui, saved } = await saveWith(document, ['Create']);
    assert.equal(saved, true, ui.notifications.map((notification) => notification.message).join(' | '));
    assert.equal(creates(emulator).length, 1, 'one POST for one save');
    assert.doesNotMatch(ui.notifications.map((notification) => notification.message).join(' | '), /save again/i);
    const listed = await run<{ results: { name: string }[] }>('gcore.listGpuClusters', LOCATION);
    assert.equal(listed.results.filter((candidate) => candidate.name === 'json-gateway').length, 1, 'one cluster, never two');
  });

  it('says the cluster may exist, and not to save again, when the lookup after a lost answer fails; the text stays', async () => {
    const document = await openFromFlavorRow();
    const cluster = { ...(JSON.parse(document.getText()) as Record<string, unknown>), name: 'json-unsure' };
    await write(document, cluster);
    emulator.requests.length = 0;
    // Every read of the clusters fails once the answer is lost; the reads before (the create's own, the tree's polls
    // of an earlier test's new clusters) are left alone.
    emulator.inject({
      method: 'POST',
      path: CLUSTERS,
      resetMidBody: true,
      then: [{ method: 'GET', path: CLUSTERS, status: 500, times: 1_000 }],
    });
    const ui = new ScriptedUi(['Create']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.applyNewGpuClusterJson', document.uri).then(
      () => undefined,
      () => undefined,
    );
    const failure = ui.notifications.find((notification) => /was lost/.test(notification.message));
    assert.ok(failure, ui.notifications.map((notification) => notification.message).join(' | '));
    assert.match(failure.message, /was lost \([^()]*\(ECONNRESET\)\), and the location's clusters could not be read/);
    assert.match(failure.message, /Refresh the location before creating it again/);
    assert.match(failure.message, /Your edits are kept\.$/);
    assert.doesNotMatch(failure.message, /save again/i);
    assert.equal(creates(emulator).length, 1, 'one POST for one save');
    assert.ok(document.isDirty);
    assert.deepEqual(JSON.parse(document.getText()), cluster);
  });

  it('opens a bare-metal document programmatically, and refuses a bad argument before any request', async () => {
    const uri = await run<string>('gcore.newGpuClusterJson', { ...LOCATION, kind: 'baremetal' });
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    assert.match(document.uri.path, /^\/1\/76\/new-baremetal-gpu-cluster · Prod\.json$/);
    const cluster = JSON.parse(document.getText()) as { flavor: string; image_id: string; servers_settings: Record<string, unknown> };
    assert.match(cluster.flavor, /^bm/);
    assert.match(cluster.image_id, /^[0-9a-f-]{36}$/);
    assert.equal(cluster.servers_settings.volumes, undefined);
    emulator.requests.length = 0;
    await rejects(run('gcore.newGpuClusterJson', { ...LOCATION, kind: 'gpu' }), /kind: must be "virtual" or "baremetal"/);
    assert.deepEqual(emulator.requests, []);
  });
});
