import * as http from 'node:http';
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { bareGetJson } from '../bare-http';
import type { RecordProbeInput, RecordProbeResult } from '../probe-contract';
import { alternatingPairs } from './alternating-pairs';
import { garbageCollector, retainedHeap } from './heap';
import { activatedTestingApi, delay, readProbeInput, writeProbeResult } from './probe-io';

type Tree = vscode.TreeDataProvider<TreeNode>;

const SETTLE_TIMEOUT_MS = 15_000;

async function children(tree: Tree, node?: TreeNode): Promise<TreeNode[]> {
  return (await tree.getChildren(node)) ?? [];
}

/** The zone's row, once the settings have reached the extension and the account's zone list has it. */
async function zoneNode(tree: Tree, zoneName: string): Promise<TreeNode> {
  const started = Date.now();
  for (;;) {
    const zones = (await children(tree)).find((node) => node.id === 'zones');
    const zone = zones ? (await children(tree, zones)).find((node) => node.id === `zones/${zoneName}`) : undefined;
    if (zone) return zone;
    if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the tree shows no zone ${zoneName}`);
    await delay(50);
  }
}

/** What a user's Refresh of an expanded zone costs until its rows exist: the command, the load, the sorted rows, their TreeItems. */
async function expandAgain(tree: Tree, zone: TreeNode): Promise<TreeNode[]> {
  await vscode.commands.executeCommand('gcore.refresh', zone);
  const rows = await children(tree, zone);
  for (const row of rows) await tree.getTreeItem(row);
  return rows;
}

/** extensionTestsPath module: a zone of many record sets expanded, against the same answer fetched bare. */
export async function run(): Promise<void> {
  const input = readProbeInput<RecordProbeInput>();
  const { tree } = await activatedTestingApi();
  await vscode.workspace.getConfiguration('gcore').update('apiBaseUrl', input.emulatorUrl, vscode.ConfigurationTarget.Global);
  const zone = await zoneNode(tree, input.zoneName);
  const url = `${input.emulatorUrl}/dns/v2/zones/${input.zoneName}/rrsets?all=true`;
  const headers = { Authorization: `apikey ${input.apiKey}`, Accept: 'application/json' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let setRows = 0;
    let expansions = 0;
    const figures = await alternatingPairs(
      input,
      async () => {
        setRows = (await expandAgain(tree, zone)).filter((row) => row.nodeType === 'recordSet').length;
        expansions += 1;
      },
      () => bareGetJson(url, headers, agent),
    );

    const { collect } = garbageCollector();
    // Nothing shown: the sets read again on the next expansion are forgotten.
    await vscode.commands.executeCommand('gcore.refresh', zone);
    const heapNone = await retainedHeap(collect);
    // Shown: the loaded answer, and the rows as the tree view keeps them; then the bare answer, kept parsed.
    const held: { value?: unknown } = {};
    held.value = await children(tree, zone);
    expansions += 1;
    const heapShown = await retainedHeap(collect);
    delete held.value;
    await vscode.commands.executeCommand('gcore.refresh', zone);
    const heapAfter = await retainedHeap(collect);
    held.value = await bareGetJson(url, headers, agent);
    const heapBare = await retainedHeap(collect);
    delete held.value;
    const result: RecordProbeResult = {
      ...figures,
      setRows,
      expansions,
      heapShownBytes: heapShown - heapNone,
      heapBareBytes: heapBare - heapAfter,
    };
    writeProbeResult(input.resultFile, result);
  } finally {
    agent.destroy();
  }
}
