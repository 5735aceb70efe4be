import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { bareGetJson } from '../bare-http';
import { type TreeProbeInput, type TreeProbeResult } from '../probe-contract';
import { median } from '../sample-statistics';
import { alternatingPairs } from './alternating-pairs';
import { garbageCollector, heapAfterGc, retainedHeap } from './heap';
import { children, gpuLocationNodes, type Tree } from './gpu-tree';
import { activatedTestingApi, readProbeInput, writeProbeResult } from './probe-io';

function gcoreConfig(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('gcore');
}

async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await action();
  return { ms: performance.now() - started, value };
}

/** What a user's Refresh of one location costs until its rows exist: the command, the load, the sorted nodes, their TreeItems. */
async function refreshLocation(tree: Tree, location: TreeNode): Promise<number> {
  await vscode.commands.executeCommand('gcore.refresh', location);
  const rows = await children(tree, location);
  for (const row of rows) await tree.getTreeItem(row);
  return rows.filter((row) => row.nodeType === 'flavor').length;
}

function flavorsUrl(input: TreeProbeInput): string {
  const { emulatorUrl, location } = input.big;
  return `${emulatorUrl}/cloud/v3/gpu/virtual/${location.projectId}/${location.regionId}/flavors`;
}

function bareHeaders(input: TreeProbeInput): Record<string, string> {
  return { Authorization: `apikey ${input.apiKey}`, Accept: 'application/json' };
}

/** Every flavor of the location with nothing but node:http and JSON.parse, a page (the API's limit cap) at a time. */
async function bareFetchAllPages(input: TreeProbeInput, agent: http.Agent): Promise<number> {
  const { pageSize } = input.big;
  const base = flavorsUrl(input);
  const headers = bareHeaders(input);
  let pages = 0;
  for (let offset = 0, total = Infinity; offset < total;) {
    const page = (await bareGetJson(`${base}?limit=${pageSize}&offset=${offset}`, headers, agent)) as { count: number; results: unknown[] };
    pages += 1;
    if (page.results.length === 0) break;
    total = page.count;
    offset += page.results.length;
  }
  return pages;
}

async function measureBigLocation(tree: Tree, input: TreeProbeInput): Promise<TreeProbeResult['big']> {
  const config = gcoreConfig();
  await config.update('apiBaseUrl', input.big.emulatorUrl, vscode.ConfigurationTarget.Global);
  await config.update('gpuFlavors.hideDisabled', false, vscode.ConfigurationTarget.Global);
  await config.update('locations', [input.big.location], vscode.ConfigurationTarget.Global);
  const [location] = await gpuLocationNodes(tree, [input.big.location]);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let flavorRows = 0;
    let barePages = 0;
    const singleRequestMs: number[] = [];
    const figures = await alternatingPairs(
      input.big,
      async () => {
        flavorRows = await refreshLocation(tree, location);
      },
      async () => {
        barePages = await bareFetchAllPages(input, agent);
      },
      async () => singleRequestMs.push((await timed(() => bareGetJson(flavorsUrl(input), bareHeaders(input), agent))).ms),
    );
    return { ...figures, bareSingleRequestMedianMs: median(singleRequestMs), flavorRows, barePages };
  } finally {
    agent.destroy();
  }
}

/** A Refresh of everything, then every node VS Code would ask for with all of them expanded. */
async function refreshWholeTree(tree: Tree): Promise<void> {
  await vscode.commands.executeCommand('gcore.refresh');
  const expand = async (node?: TreeNode): Promise<void> => {
    const nodes = await children(tree, node);
    await Promise.all(
      nodes.map(async (child) => {
        await tree.getTreeItem(child);
        if (child.nodeType === 'section' || child.nodeType === 'location' || child.nodeType === 'zone') await expand(child);
      }),
    );
  };
  await expand();
}

async function measureLeak(tree: Tree, input: TreeProbeInput): Promise<TreeProbeResult['leak']> {
  const config = gcoreConfig();
  await config.update('apiBaseUrl', input.leak.emulatorUrl, vscode.ConfigurationTarget.Global);
  await config.update('gpuFlavors.hideDisabled', undefined, vscode.ConfigurationTarget.Global);
  await config.update('locations', input.leak.locations, vscode.ConfigurationTarget.Global);
  await gpuLocationNodes(tree, input.leak.locations);

  const { collect, source } = garbageCollector();
  for (let i = 0; i < input.leak.warmupRefreshes; i++) await refreshWholeTree(tree);
  const heapBeforeBytes = await retainedHeap(collect);
  const heapSamplesBytes: number[] = [];
  for (let i = 1; i <= input.leak.refreshes; i++) {
    await refreshWholeTree(tree);
    if (i % input.leak.sampleEvery === 0) heapSamplesBytes.push(await heapAfterGc(collect));
  }
  const heapAfterBytes = await retainedHeap(collect);
  return { gcSource: source, heapBeforeBytes, heapAfterBytes, heapSamplesBytes };
}

/** extensionTestsPath module: the big location and the leak figures, measured on the real tree in the extension host. */
export async function run(): Promise<void> {
  const input = readProbeInput<TreeProbeInput>();
  const api = await activatedTestingApi();
  const tree = api.tree;
  const result: TreeProbeResult = { big: await measureBigLocation(tree, input), leak: await measureLeak(tree, input) };
  writeProbeResult(input.resultFile, result);
}
