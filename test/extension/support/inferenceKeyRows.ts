import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { eventually, useUi } from './harness';
import { ScriptedUi } from './scriptedUi';
import { label, rows } from './treeRows';

/** A tree row with the TreeItem VS Code would draw. */
export interface DrawnRow {
  node: TreeNode;
  item: vscode.TreeItem;
}

/** The row under `parent` (the roots when absent) labelled `name` or with that id, once it is drawn. */
export async function rowLabelled(parent: TreeNode | undefined, name: string): Promise<DrawnRow> {
  return eventually(async () => {
    const found = (await rows(parent)).find((row) => label(row.item) === name || row.node.id === name);
    assert.ok(found, `no row ${name} under ${parent?.id ?? 'the root'}`);
    return found;
  });
}

/** The API Keys row of the inference project labelled `project` in gcore.locations, and its rows as drawn. */
export async function apiKeyRows(project = 'Prod'): Promise<{ node: TreeNode; keys: DrawnRow[] }> {
  const section = await rowLabelled(undefined, 'inference');
  const projectRow = await rowLabelled(section.node, project);
  const list = await rowLabelled(projectRow.node, 'API Keys');
  return { node: list.node, keys: await rows(list.node) };
}

export async function keyRow(name: string, project = 'Prod'): Promise<DrawnRow> {
  const found = (await apiKeyRows(project)).keys.find((row) => label(row.item) === name);
  assert.ok(found, `no API key row ${name}`);
  return found;
}

/**
 * Stores a key's secret the way a person does: Paste Secret on the key's row, the secret typed into the password
 * box; done once the row says this machine holds it.
 */
export async function pasteKeySecret(name: string, secret: string, project = 'Prod'): Promise<void> {
  const ui = new ScriptedUi([secret]);
  await useUi(ui);
  await vscode.commands.executeCommand('gcore.pasteInferenceApiKeySecret', (await keyRow(name, project)).node);
  ui.assertAllAnswersUsed();
  assert.deepEqual(
    ui.shown.map((shown) => [shown.kind, shown.password]),
    [['input', true]],
  );
  await eventually(async () => assert.equal((await keyRow(name, project)).item.contextValue, 'inferenceApiKey'));
}
