import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import {
  isInferenceDeploymentNode,
  isInferenceDeploymentsNode,
  isInferenceProjectNode,
  type InferenceListNode,
} from '../../../src/views/inference/inferenceNodes';
import type { TreeNode } from '../../../src/views/treeNodes';
import type { InferenceProbeInput, InferenceProbeResult } from '../probe-contract';
import { children, type Tree } from './gpu-tree';
import { activatedTestingApi, delay, readProbeInput, sendAsPortal, writeProbeResult } from './probe-io';
import { timedRounds } from './timed-rounds';

const SETTLE_TIMEOUT_MS = 15_000;

async function shownRows(tree: Tree, node: TreeNode): Promise<TreeNode[]> {
  const rows = await children(tree, node);
  for (const row of rows) await tree.getTreeItem(row);
  return rows;
}

/** Settings reach the extension asynchronously: waits until Inference lists exactly these projects, then their Deployments rows. */
async function deploymentsRows(tree: Tree, projectIds: readonly number[]): Promise<InferenceListNode[]> {
  const started = Date.now();
  for (;;) {
    const section = (await children(tree)).find((node) => node.id === 'inference');
    const projects = section ? (await children(tree, section)).filter(isInferenceProjectNode) : [];
    if (projects.map((node) => node.projectId).join() === projectIds.join()) {
      const rows = await Promise.all(projects.map((project) => shownRows(tree, project)));
      return rows.map((row) => {
        const deployments = row.find(isInferenceDeploymentsNode);
        if (!deployments) throw new Error('a project has no Deployments row');
        return deployments;
      });
    }
    if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the tree shows ${projects.length} inference projects`);
    await delay(50);
  }
}

async function expandAll(
  tree: Tree,
  rows: readonly InferenceListNode[],
): Promise<{ ms: number; deployments: number; from: number; to: number }> {
  for (const row of rows) await vscode.commands.executeCommand('gcore.refresh', row);
  const from = Date.now();
  const started = performance.now();
  const shown = await Promise.all(rows.map((row) => shownRows(tree, row)));
  const ms = performance.now() - started;
  return { ms, from, to: Date.now(), deployments: shown.reduce((sum, list) => sum + list.filter(isInferenceDeploymentNode).length, 0) };
}

/** A new image for a deployment, sent as the portal would: its pods restart. */
function changeImage(input: InferenceProbeInput, projectId: number, name: string): Promise<void> {
  return sendAsPortal(input, 'PATCH', `/cloud/v3/inference/${projectId}/deployments/${name}`, {
    image: 'registry.gcore.com/inference/vllm-openai:0.9.0',
  });
}

/** extensionTestsPath module: the deployments of three projects at 50 ms latency, first rows and polls, on the real tree. */
export async function run(): Promise<void> {
  const input = readProbeInput<InferenceProbeInput>();
  const api = await activatedTestingApi();
  const tree = api.tree;
  const config = vscode.workspace.getConfiguration('gcore');
  await config.update('apiBaseUrl', input.emulatorUrl, vscode.ConfigurationTarget.Global);
  await config.update('locations', input.locations, vscode.ConfigurationTarget.Global);
  const projectIds = input.locations.map((location) => location.projectId);
  const rows = await deploymentsRows(tree, projectIds);

  const cold = await expandAll(tree, rows);
  const listUrl = `${input.emulatorUrl}/cloud/v3/inference/${projectIds[0]}/deployments?limit=1000&offset=0`;
  const {
    elapsedMs,
    roundTripMs,
    windows,
    rows: deploymentRows,
  } = await timedRounds(listUrl, input.warmupRounds, input.rounds, async () => {
    const measured = await expandAll(tree, rows);
    return { ...measured, rows: measured.deployments };
  });

  // From here the probe is the view: a row the extension redraws is asked for again, as VS Code asks for a shown one.
  const subscription = tree.onDidChangeTreeData?.((changed) => {
    for (const node of [changed ?? undefined].flat()) {
      const redrawn = rows.filter((row) => node === undefined || node === row || node === row.parent || node.id === 'inference');
      for (const row of redrawn) void shownRows(tree, row);
    }
  });
  try {
    await delay(1_000);
    const quietFrom = Date.now();
    await delay(input.quietSeconds * 1000);
    const quiet = { from: quietFrom, to: Date.now() };

    for (const projectId of input.movingProjects) {
      const row = rows.find((candidate) => candidate.projectId === projectId);
      if (!row) throw new Error(`no Deployments row for project ${projectId}`);
      const first = (await children(tree, row)).find(isInferenceDeploymentNode);
      if (!first) throw new Error(`project ${projectId} shows no deployment`);
      await changeImage(input, projectId, first.deployment.name);
      // The user's Refresh of that project's deployments shows the change started elsewhere.
      await vscode.commands.executeCommand('gcore.refresh', row);
      await shownRows(tree, row);
    }
    const movingFrom = Date.now();
    await delay(input.movingSeconds * 1000);
    const result: InferenceProbeResult = {
      cold,
      elapsedMs,
      roundTripMs,
      windows,
      deploymentRows,
      quiet,
      moving: { from: movingFrom, to: Date.now(), deployments: input.movingProjects.length },
    };
    writeProbeResult(input.resultFile, result);
  } finally {
    subscription?.dispose();
  }
}
