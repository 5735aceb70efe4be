import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND, CONTEXT_KEY, ROWS_WITHOUT_MENUS, ROW_CONTEXT, SCHEME, VIEW_ID } from '../../../src/core/contributions';
import { REPO_ROOT } from '../../support/repoRoot';

interface MenuItem {
  command: string;
  when?: string;
}

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string }[];
    menus: Record<string, MenuItem[]>;
    views: Record<string, { id: string }[]>;
    jsonValidation?: { url: string }[];
    walkthroughs?: { steps: { completionEvents?: string[] }[] }[];
    configuration: { properties: Record<string, unknown> };
  };
}

const ROOT = REPO_ROOT;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const contributes = manifest.contributes;
const menuItems = Object.values(contributes.menus).flat();
const menuWhenClauses = menuItems.map((item) => item.when ?? '');

/** Every `when` clause of the contributions: menus, welcome views, walkthrough steps. */
function allWhenClauses(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allWhenClauses);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => (key === 'when' && typeof child === 'string' ? [child] : allWhenClauses(child)));
}
const whenClauses = allWhenClauses(contributes);
const completionEvents = (contributes.walkthroughs ?? []).flatMap((walkthrough) =>
  walkthrough.steps.flatMap((step) => step.completionEvents ?? []),
);

/** The `viewItem` conditions of a when clause, each as a test of one context value. */
function viewItemTests(when: string): { text: string; matches: (value: string) => boolean }[] {
  const tests: { text: string; matches: (value: string) => boolean }[] = [];
  for (const [text, operator, operand] of when.matchAll(/viewItem\s*(==|!=|=~)\s*(\/(?:\\.|[^/])+\/|[\w.-]+)/g)) {
    if (operator === '=~') {
      const pattern = new RegExp(operand.slice(1, -1));
      tests.push({ text, matches: (value) => pattern.test(value) });
    } else {
      tests.push({ text, matches: (value) => value === operand });
    }
  }
  return tests;
}

/*
 * package.json and src/core/contributions.ts name the same commands, rows, context keys, view and schemes.
 * The extension-host suite checks the other half: every command of COMMAND is registered, and no other.
 */
describe('contributions: package.json and the code name the same things', () => {
  it('contributes every command the code names, and no other', () => {
    assert.deepEqual(contributes.commands.map((entry) => entry.command).sort(), Object.values(COMMAND).sort());
  });

  it('puts only those commands in menus and walkthrough steps', () => {
    const known = new Set<string>(Object.values(COMMAND));
    for (const item of menuItems) assert.ok(known.has(item.command), `menu item for ${item.command}`);
    for (const event of completionEvents.filter((event) => event.startsWith('onCommand:'))) {
      assert.ok(known.has(event.slice('onCommand:'.length)), event);
    }
  });

  it('matches every viewItem condition of a menu to a row the code draws', () => {
    const rows: string[] = Object.values(ROW_CONTEXT);
    for (const when of menuWhenClauses) {
      for (const test of viewItemTests(when)) assert.ok(rows.some(test.matches), `no row has a context value for "${test.text}"`);
    }
  });

  it('gives every row the code draws a menu, but the rows meant to have none', () => {
    const tests = menuWhenClauses.flatMap(viewItemTests);
    for (const row of Object.values(ROW_CONTEXT)) {
      const matched = tests.some((test) => test.matches(row));
      assert.equal(
        matched,
        !ROWS_WITHOUT_MENUS.includes(row),
        `${row}: ${matched ? 'has a menu, yet is listed as without one' : 'no menu item is for it'}`,
      );
    }
  });

  it('sets every context key the when clauses read, and reads every key it sets', () => {
    const settings = new Set(Object.keys(contributes.configuration.properties));
    const commands = new Set<string>(Object.values(COMMAND));
    const texts = [...whenClauses, ...completionEvents];
    const read = new Set(
      texts
        .flatMap((text) => [...text.matchAll(/(?<![\w./-])gcore\.[\w.]+/g)].map(([name]) => name))
        .filter((name) => name !== VIEW_ID && !commands.has(name) && !settings.has(name)),
    );
    assert.deepEqual([...read].sort(), Object.values(CONTEXT_KEY).sort());
  });

  it('names the view and the document schemes as the code does', () => {
    assert.deepEqual(
      Object.values(contributes.views)
        .flat()
        .map((view) => view.id),
      [VIEW_ID],
    );
    for (const when of whenClauses) {
      for (const [, scheme] of when.matchAll(/resourceScheme\s*==\s*([\w-]+)/g)) {
        assert.ok(Object.values(SCHEME).includes(scheme as never), scheme);
      }
      for (const [, view] of when.matchAll(/\bview\s*==\s*([\w.]+)/g)) assert.equal(view, VIEW_ID);
    }
    for (const { url } of contributes.jsonValidation ?? []) assert.ok(url.startsWith(`${SCHEME.schema}://`), url);
  });

  it('activates for each document scheme, so that an editor VS Code restores at start finds its provider', () => {
    assert.deepEqual(
      manifest.activationEvents.filter((event) => event.startsWith('onFileSystem:')).sort(),
      Object.values(SCHEME)
        .map((scheme) => `onFileSystem:${scheme}`)
        .sort(),
    );
  });
});

/** The commands of the tree's row menus whose `viewItem` condition a row with this context value meets. */
function rowCommands(contextValue: string): string[] {
  const items = contributes.menus['view/item/context'] ?? [];
  return [
    ...new Set(
      items.filter((item) => viewItemTests(item.when ?? '').some((test) => test.matches(contextValue))).map((item) => item.command),
    ),
  ];
}

describe("contributions: the GPU rows' menus", () => {
  it('offers no power action on a busy GPU cluster, nor on one being deleted, and the actions of its state otherwise', () => {
    const power = [COMMAND.startGpuCluster, COMMAND.stopGpuCluster, COMMAND.rebootGpuCluster, COMMAND.resizeGpuCluster];
    for (const context of [ROW_CONTEXT.gpuClusterBusy, ROW_CONTEXT.gpuClusterDeleting]) {
      assert.deepEqual(
        rowCommands(context).filter((command) => power.includes(command as never)),
        [],
        context,
      );
    }
    assert.ok(rowCommands(ROW_CONTEXT.gpuClusterBusy).includes(COMMAND.deleteGpuCluster));
    assert.ok(!rowCommands(ROW_CONTEXT.gpuClusterDeleting).includes(COMMAND.deleteGpuCluster));
    assert.deepEqual(
      rowCommands(ROW_CONTEXT.gpuClusterActive).filter((command) => power.includes(command as never)),
      [COMMAND.stopGpuCluster, COMMAND.rebootGpuCluster, COMMAND.resizeGpuCluster],
    );
  });

  it('offers Copy Name on GPU clusters and servers, and Copy Address only on a server with an address', () => {
    for (const context of [
      ROW_CONTEXT.gpuClusterActive,
      ROW_CONTEXT.gpuClusterBusy,
      ROW_CONTEXT.gpuServer,
      ROW_CONTEXT.gpuServerWithAddress,
    ]) {
      assert.ok(rowCommands(context).includes(COMMAND.copyGpuName), context);
      assert.ok(!rowCommands(context).includes(COMMAND.copyValue), context);
    }
    assert.ok(!rowCommands(ROW_CONTEXT.gpuClusters).includes(COMMAND.copyGpuName));
    assert.ok(rowCommands(ROW_CONTEXT.gpuServerWithAddress).includes(COMMAND.copyGpuServerAddress));
    for (const context of [ROW_CONTEXT.gpuServer, ROW_CONTEXT.gpuClusterActive]) {
      assert.ok(!rowCommands(context).includes(COMMAND.copyGpuServerAddress), context);
    }
    assert.ok(rowCommands(ROW_CONTEXT.gpuServerWithAddress).includes(COMMAND.openInPortal));
  });
});
