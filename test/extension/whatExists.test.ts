import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator } from '../emulator/server';
import { eventually, extensionApi, gcoreConfig, setLocations, sharedEmulator, signedInAt, useUi } from './support/harness';
import { label, rows } from './support/treeRows';
import { ScriptedUi, type Answer } from './support/scriptedUi';

/*
 * Seeing what exists: the read commands of the contract, containers in the tree, updates that start from
 * the container's current values, locations by name, and the same flows against an API that has only the
 * four core operations (docs/gcore-api.md#core-operations).
 */

const LOCATION = { projectId: 1, regionId: 76 };

async function run<T>(id: string, arg?: unknown): Promise<T> {
  return (await vscode.commands.executeCommand(id, ...(arg === undefined ? [] : [arg]))) as T;
}

async function interact(answers: Answer[], command: string, ...args: unknown[]): Promise<ScriptedUi> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  await vscode.commands.executeCommand(command, ...args);
  return ui;
}

async function containersOf(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  return eventually(async () => {
    const [containers] = (await rows()).filter((row) => label(row.item) === 'Containers');
    assert.ok(containers, 'the Containers section is shown');
    const [locationRow] = await rows(containers.node);
    assert.equal(locationRow?.node.nodeType, 'location');
    const [secrets, ...found] = await rows(locationRow.node);
    assert.equal(secrets?.node.nodeType, 'pullSecrets', 'the location lists its Pull Secrets first');
    assert.ok(found.length > 0);
    return found;
  });
}

function changes(emulator: Emulator) {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

describe('what exists at Gcore', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  after(async () => {
    await setLocations([]);
    await useUi(undefined);
    await sharedEmulator();
  });

  describe('the read commands of the contract', () => {
    it('list containers (all pages), read one, and list the container sizes', async () => {
      const list = await run<{ count: number; results: { name: string; status: string }[] }>('gcore.listContainers', LOCATION);
      assert.equal(list.count, 7);
      assert.ok(list.results.some((container) => container.status === 'Error'));
      assert.equal(emulator.requests[0].query.limit, '1000');
      const web = await run<{ name: string; address: string }>('gcore.getContainer', { ...LOCATION, containerName: 'web-app' });
      assert.match(web.address, /^https:\/\/web-app-/);
      const sizes = await run<{ results: { name: string }[] }>('gcore.listContainerFlavors', LOCATION);
      assert.ok(sizes.results.some((size) => size.name === '250mCPU-512MiB'));
    });

    it('list zones, projects and regions with no argument, and read a task and the account', async () => {
      await run('gcore.createZone', { name: 'listed.example' });
      try {
        const zones = await run<{ total_amount: number; zones: { name: string }[] }>('gcore.listZones');
        assert.deepEqual(
          zones.zones.map((zone) => zone.name),
          ['listed.example'],
        );
        assert.equal(zones.total_amount, 1);
        assert.equal((await run<{ zones: unknown[] }>('gcore.listZones', {})).zones.length, 1);
      } finally {
        await run('gcore.forgetZone', 'listed.example');
      }
      const projects = await run<{ results: { name: string }[] }>('gcore.listProjects');
      assert.ok(projects.results.some((project) => project.name === 'Default'));
      const regions = await run<{ results: { id: number }[] }>('gcore.listRegions', { product: 'containers' });
      assert.ok(regions.results.some((region) => region.id === 76));
      assert.equal(emulator.requests.at(-1)?.query.product, 'containers');
      const { tasks } = await run<{ tasks: string[] }>('gcore.updateContainer', {
        ...LOCATION,
        containerName: 'web-app',
        changes: { timeout: 11 },
      });
      const task = await run<{ id: string; state: string }>('gcore.getTask', tasks[0]);
      assert.equal(task.id, tasks[0]);
      assert.equal((await run<{ id: string }>('gcore.getTask', { taskId: tasks[0] })).id, tasks[0]);
      assert.equal((await run<{ email: string }>('gcore.checkApiKey')).email, 'dev@example.com');
    });

    const refused: [string, unknown, RegExp][] = [
      ['gcore.listContainers', { projectId: 0, regionId: 76 }, /projectId/],
      ['gcore.listContainers', { projectId: 1 }, /regionId: is required/],
      ['gcore.getContainer', { ...LOCATION, containerName: '-bad-' }, /containerName/],
      ['gcore.listContainerFlavors', { projectId: '1', regionId: 76 }, /projectId/],
      ['gcore.listZones', { page: 2 }, /page: unknown field/],
      ['gcore.listRegions', { product: 'gpu' }, /product: must be "containers" or "inference"/],
      ['gcore.getTask', '   ', /taskId: must not be empty/],
      ['gcore.getTask', { id: 'x' }, /id: unknown field/],
    ];
    for (const [id, arg, says] of refused) {
      it(`refuses ${JSON.stringify(arg)} for ${id} before any request, naming the field`, async () => {
        await assert.rejects(async () => vscode.commands.executeCommand(id, arg), says);
        assert.equal(emulator.requests.length, 0);
      });
    }

    it('rejects checkApiKey on a key Gcore refuses', async () => {
      emulator.inject({ path: '/iam/clients/me', status: 401, body: { exception_class: 'NotAuthenticated', message: 'Invalid token.' } });
      await assert.rejects(async () => vscode.commands.executeCommand('gcore.checkApiKey'), /Invalid token/);
    });
  });

  describe('the Containers section', () => {
    it('lists every container of a location with its status in words and an icon, and its fields as children', async () => {
      const containers = await containersOf();
      assert.equal(containers.length, 7);
      const byName = new Map(containers.map((row) => [label(row.item), row]));
      const web = byName.get('web-app')!;
      assert.equal(web.item.description, 'Ready · 2/2 · nginx:1.27-alpine');
      assert.equal((web.item.iconPath as vscode.ThemeIcon).id, 'pass-filled');
      assert.equal(web.item.contextValue, 'container.withAddress');
      assert.match(String(byName.get('broken-build')!.item.description), /^Error · 0\/1/);
      assert.match(String(byName.get('staging-api')!.item.description), /^Deploying/);
      assert.match(String(byName.get('legacy-site')!.item.description), /^Disabled/);
      assert.match(String(byName.get('nightly-report')!.item.description), /^Pending/);
      assert.equal(emulator.requests.filter((request) => request.path.endsWith('/containers')).length, 1);

      // The hover is built when VS Code asks for it, as on a real hover.
      assert.equal(web.item.tooltip, undefined);
      const tree = (await extensionApi()).tree;
      const hover = (await tree.resolveTreeItem!(web.item, web.node, new vscode.CancellationTokenSource().token))!
        .tooltip as vscode.MarkdownString;
      const hoverText = hover.value.replace(/\\(.)/g, '$1');
      for (const field of ['Status', 'Image', 'Address', 'Scale', 'Timeout']) assert.ok(hoverText.includes(`| ${field} | `), field);
      assert.ok(hoverText.includes('| Environment variables | NGINX_PORT |'), 'environment variable names, without their values');

      const details = await rows(web.node);
      const fields = details.map((row) => label(row.item));
      for (const field of ['Status', 'Image', 'Size', 'Address', 'Scale', 'Timeout', 'Logging', 'Created', 'NGINX_PORT']) {
        assert.ok(fields.includes(field), field);
      }
      assert.match(
        String(details.find((row) => label(row.item) === 'Scale')!.item.description),
        /1–3 instances · cooldown 60 s · CPU over 80% · memory over 80%/,
      );
      const env = details.find((row) => label(row.item) === 'NGINX_PORT')!;
      assert.equal(env.item.description, 'environment variable · value hidden');
      await vscode.commands.executeCommand('gcore.showEnvValue', env.node);
      const shown = (await rows(web.node)).find((row) => label(row.item) === 'NGINX_PORT')!;
      assert.equal(shown.item.description, '80');
    });

    it("reloads a container's location, and nothing else, when Refresh is chosen on its row", async () => {
      const web = (await containersOf()).find((row) => label(row.item) === 'web-app')!;
      const before = emulator.requests.length;
      await vscode.commands.executeCommand('gcore.refresh', web.node);
      const again = await rows(web.node.parent);
      assert.ok(again.some((row) => label(row.item) === 'web-app'));
      assert.deepEqual(
        emulator.requests.slice(before).map((request) => request.path),
        [`/cloud/v1/caas/${LOCATION.projectId}/${LOCATION.regionId}/containers`],
      );
    });

    it("copies a container's name and address", async () => {
      const ui = new ScriptedUi([]);
      await useUi(ui);
      const web = (await containersOf()).find((row) => label(row.item) === 'web-app')!;
      await vscode.commands.executeCommand('gcore.copyContainerName', web.node);
      await vscode.commands.executeCommand('gcore.copyContainerAddress', web.node);
      assert.equal(ui.clipboard[0], 'web-app');
      assert.match(ui.clipboard[1], /^https:\/\/web-app-1-/);
    });

    it("opens a container's address, and a location, a container and a zone in the Gcore Portal, without a request", async () => {
      const ui = new ScriptedUi([]);
      await useUi(ui);
      await run('gcore.createZone', { name: 'portal.example' });
      try {
        const web = (await containersOf()).find((row) => label(row.item) === 'web-app')!;
        const zone = await eventually(async () => {
          const [zones] = (await rows()).filter((row) => label(row.item) === 'DNS Zones');
          const found = (await rows(zones.node)).find((row) => row.node.nodeType === 'zone');
          assert.ok(found, 'the zone is shown');
          return found;
        });
        const before = emulator.requests.length;
        await vscode.commands.executeCommand('gcore.openContainerInBrowser', web.node);
        const containersPage = 'https://portal.gcore.com/cloud/project/1/region/76/caas/containers';
        assert.equal(await run('gcore.openInPortal', web.node.parent), containersPage);
        assert.equal(await run('gcore.openInPortal', web.node), containersPage);
        assert.equal(await run('gcore.openInPortal', zone.node), 'https://dns.gcore.com/zones');
        assert.match(ui.opened[0], /^https:\/\/web-app-1-/);
        assert.deepEqual(ui.opened.slice(1), [containersPage, containersPage, 'https://dns.gcore.com/zones']);
        assert.equal(emulator.requests.length, before);
        assert.equal(await run('gcore.openInPortal', { projectId: 1, regionId: 76 }), undefined);
        await eventually(() => assert.match(ui.notifications.at(-1)?.message ?? '', /must be a location, container or zone row/));
        assert.equal(ui.opened.length, 4, 'nothing is opened for what is not a row');
      } finally {
        await run('gcore.forgetZone', 'portal.example');
      }
    });
  });

  describe('Update Container from what exists', () => {
    it("opened on a container's row, starts every prompt from its current values and shows current → new", async () => {
      const web = (await containersOf()).find((row) => label(row.item) === 'web-app')!;
      const ui = await interact(
        [['Timeout', 'Flavor', 'Scale'], '580mCPU-1024MiB', '2', '5', 'Keep cooldown and triggers', '45', true],
        'gcore.updateContainer',
        web.node,
      );
      ui.assertAllAnswersUsed();
      assert.deepEqual(ui.shown.map((shown) => [shown.kind, shown.step, shown.totalSteps]).slice(0, 6), [
        ['pickMany', 1, 1],
        ['pick', 2, 6],
        ['input', 3, 6],
        ['input', 4, 6],
        ['pick', 5, 6],
        ['input', 6, 6],
      ]);
      assert.ok(ui.shown[1].labels?.includes('250mCPU-512MiB'), "the size step offers the location's sizes");
      assert.equal(ui.shown[2].value, '1', 'the scale boxes start from the current scale');
      assert.equal(ui.shown[3].value, '3');
      assert.deepEqual(
        ui.shown[4].descriptions,
        ['cooldown 60 s · CPU over 80% · memory over 80%', 'cooldown, CPU, memory, HTTP requests'],
        'autoscaling is kept as it is',
      );
      assert.equal(ui.shown[5].value, '60', 'the timeout box starts from the current timeout');
      const confirmation = ui.shown.find((shown) => shown.kind === 'confirm')!;
      assert.deepEqual(confirmation.detail?.split('\n'), [
        'flavor: "250mCPU-512MiB" → "580mCPU-1024MiB"',
        'scale: 1–3 instances · cooldown 60 s · CPU over 80% · memory over 80% → 2–5 instances · cooldown 60 s · CPU over 80% · memory over 80%',
        'timeout: 60 → 45',
      ]);
      const autoscaling = { cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };
      assert.deepEqual(
        changes(emulator).map((request) => request.json),
        [{ timeout: 45, flavor: '580mCPU-1024MiB', scale: { min: 2, max: 5, ...autoscaling } }],
      );
    });

    it("offers the location's containers by name with their status, and sends nothing when nothing changes", async () => {
      const ui = await interact(['Prod', 'web-app', ['Timeout'], '60'], 'gcore.updateContainer');
      const containerPick = ui.shown[1];
      assert.ok(containerPick.labels?.includes('broken-build'));
      assert.match(ui.notifications[0].message, /Nothing to update: container web-app already has these values\. Nothing was sent\./);
      assert.equal(changes(emulator).length, 0);
      assert.equal(
        ui.shown.some((shown) => shown.kind === 'confirm'),
        false,
      );
    });

    it('reuses the container list just shown instead of reading it again', async () => {
      await containersOf();
      const lists = () => emulator.requests.filter((request) => request.path.endsWith('/containers')).length;
      assert.equal(lists(), 1);
      await interact(['Prod', 'web-app', ['Timeout'], '33', true], 'gcore.updateContainer');
      assert.equal(lists(), 1);
      // The update is a change made here: the next listing reads again.
      await containersOf();
      assert.equal(lists(), 2);
    });
  });

  it('adds a location by project and region names, the default project first, labelled with both names', async () => {
    await setLocations([]);
    const ui = await interact(['Production', 'Luxembourg-2', 'Production · Luxembourg-2'], 'gcore.addLocation');
    assert.equal(ui.shown[0].labels?.[0], 'Default');
    assert.ok(!ui.shown[1].labels?.includes('Singapore-2'), 'regions in maintenance only when asked for');
    assert.equal(ui.shown[2].value, 'Production · Luxembourg-2');
    await eventually(() =>
      assert.deepEqual(gcoreConfig().get('locations'), [{ projectId: 482, regionId: 76, label: 'Production · Luxembourg-2' }]),
    );
  });

  describe('against an API with only the four core operations', () => {
    beforeEach(async () => {
      emulator = await sharedEmulator({ coreOnly: true });
      await vscode.commands.executeCommand('gcore.refresh');
    });

    it('says once, in the Containers section, that containers are not available', async () => {
      const [containers] = (await rows()).filter((row) => label(row.item) === 'Containers');
      const [locationRow] = await rows(containers.node);
      await rows(locationRow.node);
      await eventually(async () => {
        const shown = await rows(containers.node);
        assert.deepEqual(
          shown.map((row) => label(row.item)),
          ['Containers are not available from this API'],
        );
      });
    });

    it('updates a container from typed and recent names, as before, without current values', async () => {
      const ui = await interact(['Prod', 'web-app', ['Timeout'], '21', true], 'gcore.updateContainer');
      ui.assertAllAnswersUsed();
      assert.equal(ui.shown[3].value, undefined, 'no current value to start from');
      assert.deepEqual(
        changes(emulator).map((request) => request.json),
        [{ timeout: 21 }],
      );
      assert.match(ui.shown.find((shown) => shown.kind === 'confirm')?.detail ?? '', /^timeout: 21$/);
      // Its task IDs are shown as before; that they cannot be followed here is said once, quietly.
      assert.match(ui.notifications[0].message, /^Sent the update of container web-app\. Tasks: /);
      await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
      try {
        await eventually(
          () =>
            assert.ok(
              ui.notifications.some(
                (notification) => notification.severity === 'info' && /cannot be followed: Gcore answered 404/.test(notification.message),
              ),
            ),
          8_000,
        );
        assert.equal(ui.notifications.filter((notification) => notification.severity !== 'info').length, 0);
      } finally {
        await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it("adds a location by typed IDs, and rejects the read commands with the API's answer", async () => {
      await setLocations([]);
      await interact(['5', '6', 'Lab'], 'gcore.addLocation');
      await eventually(() => assert.deepEqual(gcoreConfig().get('locations'), [{ projectId: 5, regionId: 6, label: 'Lab' }]));
      await assert.rejects(async () => vscode.commands.executeCommand('gcore.listContainers', LOCATION), /404|not found/i);
      await assert.rejects(async () => vscode.commands.executeCommand('gcore.listZones'), /405|not allowed/i);
    });
  });
});
