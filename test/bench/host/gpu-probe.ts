import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { isGpuClusterNode, isGpuClustersNode, type GpuClustersNode } from '../../../src/views/gpu/gpuNodes';
import type { GpuProbeInput, GpuProbeResult, ProjectRegionRef } from '../probe-contract';
import { children, gpuLocationNodes, type Tree } from './gpu-tree';
import { activatedTestingApi, delay, readProbeInput, sendAsPortal, writeProbeResult } from './probe-io';
import { timedRounds } from './timed-rounds';

/** Rows and their TreeItems, as VS Code asks for them when a node is expanded. */
async function shownRows(tree: Tree, node: TreeNode): Promise<TreeNode[]> {
  const rows = await children(tree, node);
  for (const row of rows) await tree.getTreeItem(row);
  return rows;
}

/** The Clusters rows of these locations, each location shown with its flavors as the user sees it before expanding that row. */
async function clustersRows(tree: Tree, locations: readonly ProjectRegionRef[]): Promise<GpuClustersNode[]> {
  const found = await gpuLocationNodes(tree, locations);
  const rows = await Promise.all(found.map((location) => shownRows(tree, location)));
  return rows.map((row) => {
    const clusters = row.find(isGpuClustersNode);
    if (!clusters) throw new Error('a location has no Clusters row');
    return clusters;
  });
}

/** Every Clusters row read again on next expansion, then all expanded at once: until every cluster row's TreeItem exists. */
async function expandAll(
  tree: Tree,
  rows: readonly GpuClustersNode[],
): Promise<{ ms: number; clusters: number; from: number; to: number }> {
  for (const row of rows) await vscode.commands.executeCommand('gcore.refresh', row);
  const from = Date.now();
  const started = performance.now();
  const shown = await Promise.all(rows.map((row) => shownRows(tree, row)));
  const ms = performance.now() - started;
  return { ms, from, to: Date.now(), clusters: shown.reduce((sum, list) => sum + list.filter(isGpuClusterNode).length, 0) };
}

/** A soft reboot of a cluster, sent as the portal would. */
function softReboot(input: GpuProbeInput, location: ProjectRegionRef, clusterId: string): Promise<void> {
  return sendAsPortal(input, 'POST', `/cloud/v3/gpu/virtual/${location.projectId}/${location.regionId}/clusters/${clusterId}/action`, {
    action: 'soft_reboot',
  });
}

/** extensionTestsPath module: the GPU clusters of 50 locations at 50 ms latency, first rows and polls, on the real tree. */
export async function run(): Promise<void> {
  const input = readProbeInput<GpuProbeInput>();
  const api = await activatedTestingApi();
  const tree = api.tree;
  const config = vscode.workspace.getConfiguration('gcore');
  await config.update('apiBaseUrl', input.emulatorUrl, vscode.ConfigurationTarget.Global);
  await config.update('locations', input.locations, vscode.ConfigurationTarget.Global);
  const rows = await clustersRows(tree, input.locations);
  // Bare-metal flavors are read after a location's rows are shown: their reads end before the clock starts.
  await delay(2_000);

  const cold = await expandAll(tree, rows);
  const { projectId, regionId } = input.locations[0];
  const listUrl = `${input.emulatorUrl}/cloud/v3/gpu/virtual/${projectId}/${regionId}/clusters?limit=1000&offset=0`;
  const {
    elapsedMs,
    roundTripMs,
    windows,
    rows: clusterRows,
  } = await timedRounds(listUrl, input.warmupRounds, input.rounds, async () => {
    const measured = await expandAll(tree, rows);
    return { ...measured, rows: measured.clusters };
  });

  // From here the probe is the view: a row the extension redraws is asked for again, as VS Code asks for a shown one.
  const subscription = tree.onDidChangeTreeData?.((changed) => {
    for (const node of [changed ?? undefined].flat()) {
      const redrawn = rows.filter((row) => node === undefined || node === row || node === row.parent || node.id === 'gpu');
      for (const row of redrawn) void shownRows(tree, row);
    }
  });
  try {
    await delay(1_000);
    const quietFrom = Date.now();
    await delay(input.quietSeconds * 1000);
    const quiet = { from: quietFrom, to: Date.now() };

    let moving = 0;
    for (const { location, clusters } of input.moving) {
      const row = rows.find(
        (candidate) => candidate.location.projectId === location.projectId && candidate.location.regionId === location.regionId,
      );
      if (!row) throw new Error(`no Clusters row for ${location.projectId}/${location.regionId}`);
      const listed = (await children(tree, row)).filter(isGpuClusterNode).slice(0, clusters);
      for (const cluster of listed) await softReboot(input, location, cluster.cluster.id);
      moving += listed.length;
      // The user's Refresh of that location's clusters shows the changes started elsewhere.
      await vscode.commands.executeCommand('gcore.refresh', row);
      await shownRows(tree, row);
    }
    const movingFrom = Date.now();
    await delay(input.movingSeconds * 1000);
    const result: GpuProbeResult = {
      cold,
      elapsedMs,
      roundTripMs,
      windows,
      clusterRows,
      quiet,
      moving: { from: movingFrom, to: Date.now(), clusters: moving },
    };
    writeProbeResult(input.resultFile, result);
  } finally {
    subscription?.dispose();
  }
}
