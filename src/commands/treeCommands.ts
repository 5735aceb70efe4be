import * as l10n from '@vscode/l10n';
import { COMMAND } from '../core/contributions';
import { rowOf } from '../prompts/rowOf';
import { isTreeNode, type CopyTarget, type TreeNode } from '../views/treeNodes';
import { command, type Command } from './flow/command';
import type { Services } from './services';

/** A row that can be copied, or opened in the portal: what it carries says so, whatever its section. */
const hasCopy = (value: unknown): value is TreeNode & { copy: CopyTarget } => isTreeNode(value) && value.copy !== undefined;
const hasPortal = (value: unknown): value is TreeNode & { portal: string } => isTreeNode(value) && value.portal !== undefined;

/** The tree's own actions, for rows of every section: Refresh, Copy Value, Open in Gcore Portal. They call no API. */
export function treeCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<undefined, undefined>({
      id: COMMAND.refreshAll,
      what: () => l10n.t('Refresh'),
      // The view's title bar passes the selected row; its Refresh is of everything all the same.
      ask: async () => undefined,
      run: async () => {
        services.tree.reload();
        return undefined;
      },
    }),
    command<TreeNode | undefined, undefined>({
      id: COMMAND.refresh,
      what: () => l10n.t('Refresh'),
      run: async (node) => {
        // A node is reloaded by its section (a location's flavors, the list a container came from); no
        // node, or the root of one: all of it.
        services.tree.reload(node);
        return undefined;
      },
    }),
    command<TreeNode & { copy: CopyTarget }, undefined>({
      id: COMMAND.copyValue,
      what: () => l10n.t('Copy value'),
      ask: async (_ui, _draft, node) => rowOf(node, hasCopy, l10n.t('must be a detail row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.copy.value);
        return undefined;
      },
      report: (ui, _result, node) => void ui.notify('info', l10n.t('Copied the {0} of {1}.', node.copy.label, node.copy.of)),
    }),
    command<TreeNode & { portal: string }, string>({
      id: COMMAND.openInPortal,
      what: () => l10n.t('Open in Gcore Portal'),
      ask: async (_ui, _draft, node) => rowOf(node, hasPortal, l10n.t('must be a location, container or zone row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.openExternal(node.portal);
        return node.portal;
      },
    }),
  ];
}
