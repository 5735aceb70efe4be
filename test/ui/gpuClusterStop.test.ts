import * as assert from 'node:assert/strict';
import { eventually, present } from '../support/eventually';
import type { TappedResponse } from './api-tap';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import type { Locator } from 'playwright-core';
import { TASK_ROW, type WorkbenchPage } from './workbench-page';

/**
 * A GPU cluster seen and stopped as a user does it in the packaged extension: a location under GPU expanded
 * to its Clusters row, the clusters the emulator seeds in every location (running, shelved, being created,
 * bare metal, a Kubernetes pool), the running one expanded to its servers and their public addresses, then
 * Stop from its row: the question that says what stopping costs, the row's Stopping… while the task runs,
 * and the state it ends in. Each step builds on the one before (mocha --bail).
 */

const API_KEY = 'ui-gpu-cluster-stop-key-3b7e';
const PROJECT = 482;
const REGION = 76;
const LOCATION_LABEL = 'Production · Luxembourg-2';
const CLUSTERS_PATH = `/cloud/v3/gpu/virtual/${PROJECT}/${REGION}/clusters`;
/** The seeded running virtual cluster with two servers on the public network. */
const CLUSTER = 'train-h100';
/**
 * A stop queued a second, then running long enough to be seen running on a loaded machine (another
 * code-server may run beside this one); the picture is taken with the task held where it stands.
 */
const TASK_TIMINGS = { newMs: 1_000, runningMs: 15_000 };
/** The rest of the stop once it is let go, polled every second, and room for a loaded machine. */
const TASK_END_TIMEOUT_MS = 45_000;

interface ListedServer {
  id: string;
  name: string;
  ip_addresses?: string[];
}

interface ListedPort {
  network?: { external?: boolean };
  ip_assignments?: { ip_address: string }[];
  floating_ips?: { floating_ip_address: string }[];
}

describe('A GPU cluster expanded to its servers, then stopped from its row', function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;
  let clusterId: string;

  /** Resolves once the row's description matches: descriptions gain parts (a price) that this test does not check. */
  async function waitForDescription(name: string, pattern: RegExp, timeout?: number): Promise<void> {
    await wb.ownRow(name).locator('.label-description', { hasText: pattern }).waitFor({ timeout });
  }

  /** The first answer after `mark` (a length of tap.responses taken earlier) to a GET of a path `pattern` matches. */
  function answerAfter(mark: number, pattern: RegExp): Promise<TappedResponse> {
    return eventually(
      () =>
        present(
          session.tap.responses
            .slice(mark)
            .find((response) => response.method === 'GET' && pattern.test(new URL(response.url, session.tap.url).pathname)),
          `an answer to GET ${pattern}`,
        ),
      30_000,
    );
  }

  function actionsSent() {
    return session.emulator.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/action'));
  }

  /**
   * Expands the row until `child` shows. The rows under a location come in two draws (the bare-metal flavors
   * redraw it) and a moving cluster's list is redrawn every few seconds: a click that lands as its row is
   * drawn again is lost, and is made again.
   */
  async function expandUntil(label: string, child: Locator): Promise<void> {
    await eventually(async () => {
      await wb.expandTreeRow(label);
      await child.waitFor({ timeout: 5_000 });
    }, 30_000);
  }

  /** The cluster row's context menu, opened again should a redraw of the list have taken the click elsewhere. */
  async function clusterMenu(name: string): Promise<Locator> {
    return eventually(async () => {
      const menu = await wb.treeContextMenu(name);
      if ((await wb.ownRow(name).getAttribute('class'))?.split(' ').includes('focused')) return menu;
      await wb.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      throw new Error(`The context menu did not open on ${name}'s row.`);
    }, 30_000);
  }

  async function menuItems(rowLabel: string): Promise<string[]> {
    const menu = await clusterMenu(rowLabel);
    const items = (await menu.locator('.action-menu-item .action-label').allInnerTexts()).map((text) => text.trim());
    await wb.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    return items;
  }

  const started = useUiSession({
    apiKey: API_KEY,
    settings: oneLocationSettings(PROJECT, REGION, LOCATION_LABEL),
    taskTimings: TASK_TIMINGS,
    failurePrefix: 'ui-gpu-cluster-stop',
  });

  before(() => {
    session = started();
    wb = session.workbench;
  });

  it("lists a location's clusters under GPU: status in words, bare metal and Kubernetes marked", async () => {
    await wb.openWithKey(API_KEY, 'GPU');
    // Room for the clusters in the pictures: the other sections are folded, so the location's one row is under GPU.
    await wb.foldSectionsBut('GPU', LOCATION_LABEL);
    await wb.expandTreeRow(LOCATION_LABEL);
    await wb.treeRow('Clusters').waitFor();
    const mark = session.tap.responses.length;
    await expandUntil('Clusters', wb.ownRow(CLUSTER));

    const listed = JSON.parse((await answerAfter(mark, new RegExp(`^${CLUSTERS_PATH}$`))).body) as {
      results: { id: string; name: string }[];
    };
    clusterId = present(listed.results.find((cluster) => cluster.name === CLUSTER)?.id, `${CLUSTER} in the emulator's answer`);
    await waitForDescription(CLUSTER, /^running · .*\b2 servers\b/);
    await waitForDescription('eval-l40s', /^stopped\b/);
    await waitForDescription('finetune-h100x2', /\bcreating\b/i);
    await waitForDescription('bm-h100-train', /^running · .*\bbare metal\b/);
    await waitForDescription('k8s-a100-pool', /\bbare metal\b.*\bmanaged by Kubernetes\b/);

    const rows = await wb.treeRows();
    const clusters = rows.findIndex((row) => row.label === 'Clusters');
    assert.equal(rows[clusters - 1]?.label, LOCATION_LABEL, "Clusters is the location's first row");
    assert.deepEqual(
      rows
        .slice(clusters + 1, clusters + 6)
        .map((row) => row.label)
        .sort(),
      ['bm-h100-train', 'eval-l40s', 'finetune-h100x2', 'k8s-a100-pool', CLUSTER],
      JSON.stringify(rows),
    );
  });

  it('expands the running cluster to its servers, each with its public address', async () => {
    const mark = session.tap.responses.length;
    await expandUntil(CLUSTER, wb.treeRow(`${CLUSTER}-1`));
    const servers = (
      JSON.parse((await answerAfter(mark, new RegExp(`^${CLUSTERS_PATH}/${clusterId}/servers$`))).body) as { results: ListedServer[] }
    ).results;
    const ports = (
      JSON.parse((await answerAfter(mark, new RegExp(`^${CLUSTERS_PATH}/${clusterId}/interfaces$`))).body) as { results: ListedPort[] }
    ).results;
    assert.equal(servers.length, 2, 'the seeded cluster has two servers');
    // What Gcore says is public: the addresses on external networks and the floating IPs.
    const publicAddresses = new Set(
      ports.flatMap((port) => [
        ...(port.network?.external ? (port.ip_assignments ?? []).map((assignment) => assignment.ip_address) : []),
        ...(port.floating_ips ?? []).map((floating) => floating.floating_ip_address),
      ]),
    );

    for (const server of servers) await wb.treeRow(server.name).waitFor();
    const rows = await wb.treeRows();
    const cluster = rows.findIndex((row) => row.label === CLUSTER && !TASK_ROW.test(row.description));
    const serverRows = rows.slice(cluster + 1, cluster + 1 + servers.length);
    assert.deepEqual(
      serverRows.map((row) => row.label).sort(),
      servers.map((server) => server.name).sort(),
      'the servers are the rows under the cluster',
    );
    for (const row of serverRows) {
      const server = servers.find((listed) => listed.name === row.label)!;
      const [, address] = present(/^running · (\S+)/.exec(row.description) ?? undefined, `status and address on ${JSON.stringify(row)}`);
      assert.ok((server.ip_addresses ?? []).includes(address), `${address} is one of ${server.name}'s addresses`);
      assert.ok(publicAddresses.has(address), `${address} is public: ${JSON.stringify([...publicAddresses])}`);
    }
    await wb.clearNotifications();
    // A server chosen, as a user would to read its address: the picture shows no selection left by an earlier click.
    await wb.treeRow(`${CLUSTER}-1`).locator('.label-name').click();
    await wb.treeRow(`${CLUSTER}-1`).and(wb.page.locator('[aria-selected="true"]')).waitFor();
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-servers');
  });

  it("offers Stop on the running cluster's row, and says what stopping costs before anything is sent", async () => {
    const items = await menuItems(CLUSTER);
    assert.ok(items.includes('Stop GPU Cluster'), JSON.stringify(items));
    assert.ok(!items.includes('Start GPU Cluster'), `a running cluster is not offered Start: ${JSON.stringify(items)}`);

    const menu = await clusterMenu(CLUSTER);
    await wb.chooseMenuItem(menu, 'Stop GPU Cluster');
    await wb.dialog.waitFor();
    assert.equal((await wb.dialog.locator('.dialog-message-text').innerText()).trim(), `Stop GPU cluster ${CLUSTER}?`);
    const detail = (await wb.dialog.locator('.dialog-message-detail').innerText()).trim();
    assert.match(detail, /\bshelves\b/, 'a virtual cluster is shelved');
    assert.match(detail, /\blocal disks are erased\b/, 'what is lost');
    assert.match(detail, /\bbilling for the servers stops\b/, 'what stops costing');
    assert.match(detail, /\bvolumes and floating IPs keep costing\b/, 'what keeps costing');
    assert.match(detail, /\bneeds free capacity\b.*\bcan fail\b/, 'that starting again can fail');
    const buttons = (await wb.dialog.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim());
    assert.ok(buttons.includes('Stop') && buttons.includes('Cancel'), JSON.stringify(buttons));
    assert.deepEqual(actionsSent(), [], 'nothing is sent before the question is answered');
    await wb.screenshot('gpu-cluster-stop-confirm');
  });

  it('says Stopping… on the row while the task runs, and offers no power action then', async () => {
    await wb.clickDialogButton('Stop');

    await waitForDescription(CLUSTER, /^Stopping… · running\b/);
    await wb.notification(new RegExp(`Stopping GPU cluster ${CLUSTER}.*\\brunning · `)).waitFor({ timeout: TASK_END_TIMEOUT_MS });
    // Time stands still for the task until the row has been pictured and its menu read, however loaded the machine is.
    session.emulator.holdTasks(true);
    await wb.notification(`Sending Stop to GPU cluster ${CLUSTER}`).waitFor({ state: 'detached' });
    const sent = await eventually(() => {
      const actions = actionsSent();
      assert.equal(actions.length, 1, 'one action is sent');
      return actions[0];
    });
    assert.equal(sent.path, `${CLUSTERS_PATH}/${clusterId}/action`);
    assert.deepEqual(sent.json, { action: 'stop' });
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-stopping');

    const items = await menuItems(CLUSTER);
    for (const power of ['Start GPU Cluster', 'Stop GPU Cluster', 'Reboot GPU Cluster', 'Resize GPU Cluster']) {
      assert.ok(!items.includes(power), `${power} is not offered while the task runs: ${JSON.stringify(items)}`);
    }
  });

  it('announces the end, and the row and its servers say the cluster is stopped and shelved', async () => {
    session.emulator.holdTasks(false);
    await wb.notification(new RegExp(`GPU cluster ${CLUSTER} is \\w+ now, with 2 servers\\.`)).waitFor({ timeout: TASK_END_TIMEOUT_MS });
    await waitForDescription(CLUSTER, /^stopped · .*\b2 servers\b/, 30_000);
    assert.doesNotMatch(await wb.descriptionOf(CLUSTER, { ownRow: true }), /Stopping…/);
    await wb.notification(`Stopping GPU cluster ${CLUSTER}`).waitFor({ state: 'detached' });

    const servers = (await wb.treeRows()).filter((row) => row.label.startsWith(`${CLUSTER}-`));
    assert.equal(servers.length, 2, JSON.stringify(servers));
    await eventually(async () => {
      const shown = (await wb.treeRows()).filter((row) => row.label.startsWith(`${CLUSTER}-`));
      for (const row of shown) assert.match(row.description, /^shelved · /, JSON.stringify(row));
    }, 30_000);

    const items = await menuItems(CLUSTER);
    assert.ok(items.includes('Start GPU Cluster'), `a stopped cluster is offered Start: ${JSON.stringify(items)}`);
    assert.ok(!items.includes('Stop GPU Cluster'), JSON.stringify(items));
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-stopped');
  });
});
