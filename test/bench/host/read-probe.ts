import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import type { TreeNode } from '../../../src/views/treeNodes';
import { isContainerNode } from '../../../src/views/containers/containerNodes';
import { start, type Emulator } from '../../emulator/server';
import { CANCEL, ScriptedUi } from '../../extension/support/scriptedUi';
import { bareGetJson } from '../bare-http';
import { type ProjectRegionRef, type ReadProbeInput, type ReadProbeResult } from '../probe-contract';
import { median } from '../sample-statistics';
import { activatedTestingApi, delay, readProbeInput, writeProbeResult } from './probe-io';

type Tree = vscode.TreeDataProvider<TreeNode>;

const SETTLE_TIMEOUT_MS = 15_000;
const ROUND_TRIP_SAMPLES = 3;

async function children(tree: Tree, node?: TreeNode): Promise<TreeNode[]> {
  return (await tree.getChildren(node)) ?? [];
}

async function section(tree: Tree, id: 'containers' | 'zones'): Promise<TreeNode> {
  const found = (await children(tree)).find((node) => node.id === id);
  if (!found) throw new Error(`the tree has no ${id} section`);
  return found;
}

/** Settings reach the extension asynchronously; waits until Containers lists exactly these locations. */
async function containerLocations(tree: Tree, locations: readonly ProjectRegionRef[]): Promise<TreeNode[]> {
  const wanted = locations.map((location) => `containers/${location.projectId}/${location.regionId}`);
  const started = Date.now();
  for (;;) {
    const found = (await children(tree, await section(tree, 'containers'))).filter((node) => node.nodeType === 'location');
    if (found.map((node) => node.id).join() === wanted.join()) return found;
    if (Date.now() - started > SETTLE_TIMEOUT_MS) {
      throw new Error(`Containers shows [${found.map((node) => node.id).join(', ')}], expected [${wanted.join(', ')}]`);
    }
    await delay(50);
  }
}

async function pointAt(url: string, locations: readonly ProjectRegionRef[]): Promise<void> {
  const config = vscode.workspace.getConfiguration('gcore');
  await config.update('apiBaseUrl', url, vscode.ConfigurationTarget.Global);
  await config.update('locations', locations, vscode.ConfigurationTarget.Global);
}

/** Rows and their TreeItems, as VS Code asks for them when a node is expanded. */
async function shownRows(tree: Tree, node: TreeNode): Promise<TreeNode[]> {
  const rows = await children(tree, node);
  for (const row of rows) await tree.getTreeItem(row);
  return rows;
}

async function measureReuse(api: TestingApi, input: ReadProbeInput): Promise<ReadProbeResult['reuse']> {
  const emulator = await start({ apiKey: input.apiKey, containersPerLocation: input.reuse.containers });
  try {
    const lists = () => emulator.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/containers')).length;
    await pointAt(emulator.url, [input.reuse.location]);
    const [location] = await containerLocations(api.tree, [input.reuse.location]);
    await vscode.commands.executeCommand('gcore.refresh', location);
    const before = lists();
    const rows = (await shownRows(api.tree, location)).filter((row) => row.nodeType === 'container');
    const listRequestsOnOpen = lists() - before;

    const first = rows.find(isContainerNode);
    if (!first) throw new Error('the location shows no container');
    // The prompt reads the container's current values before it asks for the new timeout.
    api.setPromptUi(new ScriptedUi([['Timeout'], CANCEL]));
    await vscode.commands.executeCommand('gcore.updateContainer', first);
    const listRequestsForPrompt = lists() - before - listRequestsOnOpen;

    const changedTimeout = String((first.container.timeout ?? 60) + 1);
    api.setPromptUi(new ScriptedUi([['Timeout'], changedTimeout, true]));
    await vscode.commands.executeCommand('gcore.updateContainer', first);
    if (!emulator.requests.some((request) => request.method === 'PATCH')) throw new Error('the update was not sent');
    const beforeReopen = lists();
    await shownRows(api.tree, location);
    return { listRequestsOnOpen, containerRows: rows.length, listRequestsForPrompt, listRequestsAfterChange: lists() - beforeReopen };
  } finally {
    api.setPromptUi(undefined);
    await emulator.close();
  }
}

/** Refresh, then every location expanded at once, as when a user opens them all: until every row's TreeItem exists. */
async function expandAll(tree: Tree, containers: TreeNode, locations: readonly TreeNode[]): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  await vscode.commands.executeCommand('gcore.refresh', containers);
  const shown = await Promise.all(locations.map((location) => shownRows(tree, location)));
  const ms = performance.now() - started;
  return { ms, rows: shown.reduce((sum, rows) => sum + rows.filter((row) => row.nodeType === 'container').length, 0) };
}

/** One list request as bare as it gets, in this extension host (VS Code's proxy support included). */
async function bareRoundTripMs(input: ReadProbeInput, agent: http.Agent): Promise<number> {
  const { projectId, regionId } = input.wide.locations[0];
  const started = performance.now();
  await bareGetJson(
    `${input.wide.emulatorUrl}/cloud/v1/caas/${projectId}/${regionId}/containers`,
    { Authorization: `apikey ${input.apiKey}`, Accept: 'application/json' },
    agent,
  );
  return performance.now() - started;
}

async function measureWide(tree: Tree, input: ReadProbeInput): Promise<ReadProbeResult['wide']> {
  await pointAt(input.wide.emulatorUrl, input.wide.locations);
  const locations = await containerLocations(tree, input.wide.locations);
  const containers = await section(tree, 'containers');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // The tree's expansion and single bare round trips, in turn, so that both see the same machine state.
    const round = async () => {
      const before = [];
      for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) before.push(await bareRoundTripMs(input, agent));
      const run = await expandAll(tree, containers, locations);
      const after = [];
      for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) after.push(await bareRoundTripMs(input, agent));
      return { ...run, roundTripMs: median([...before, ...after]) };
    };
    for (let i = 0; i < input.wide.warmupRounds; i++) await round();
    const elapsedMs: number[] = [];
    const roundTripMs: number[] = [];
    let rows = 0;
    for (let i = 0; i < input.wide.rounds; i++) {
      const run = await round();
      elapsedMs.push(run.ms);
      roundTripMs.push(run.roundTripMs);
      rows = run.rows;
    }
    return { elapsedMs, roundTripMs, rows };
  } finally {
    agent.destroy();
  }
}

function lastZonePageFinishedAt(emulator: Emulator, from: number): { at: number; pages: number } {
  const pages = emulator.requests.slice(from).filter((request) => request.method === 'GET' && request.path === '/dns/v2/zones');
  const at = Math.max(...pages.map((request) => request.finishedAtMs ?? Number.NaN));
  if (!Number.isFinite(at)) throw new Error('the emulator answered no zone page');
  return { at, pages: pages.length };
}

async function measureZones(tree: Tree, input: ReadProbeInput): Promise<ReadProbeResult['zones']> {
  const emulator = await start({ apiKey: input.apiKey, zonesInAccount: input.zones.count });
  try {
    await pointAt(emulator.url, []);
    const zones = await section(tree, 'zones');
    const round = async () => {
      const from = emulator.requests.length;
      const started = performance.now();
      await vscode.commands.executeCommand('gcore.refresh', zones);
      const rows = (await shownRows(tree, zones)).filter((row) => row.nodeType === 'zone');
      const done = performance.now();
      const last = lastZonePageFinishedAt(emulator, from);
      return { afterLastPageMs: done - last.at, totalMs: done - started, rows: rows.length, pages: last.pages };
    };
    for (let i = 0; i < input.zones.warmupRounds; i++) await round();
    const afterLastPageMs: number[] = [];
    const totalMs: number[] = [];
    let zoneRows = 0;
    let pageRequests = 0;
    for (let i = 0; i < input.zones.rounds; i++) {
      const run = await round();
      afterLastPageMs.push(run.afterLastPageMs);
      totalMs.push(run.totalMs);
      zoneRows = run.rows;
      pageRequests = run.pages;
    }
    return { afterLastPageMs, totalMs, zoneRows, pageRequests };
  } finally {
    await emulator.close();
  }
}

/** extensionTestsPath module: what reading what exists costs, measured on the real tree in the extension host. */
export async function run(): Promise<void> {
  const input = readProbeInput<ReadProbeInput>();
  const api = await activatedTestingApi();
  const result: ReadProbeResult = {
    reuse: await measureReuse(api, input),
    wide: await measureWide(api.tree, input),
    zones: await measureZones(api.tree, input),
  };
  writeProbeResult(input.resultFile, result);
}
