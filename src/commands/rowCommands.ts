import * as l10n from '@vscode/l10n';
import { COMMAND } from '../core/contributions';
import { portalPageOf, type PortalTarget } from '../models/portalPages';
import { isContainerDetailNode, isContainerNode, type ContainerDetailNode, type ContainerNode } from '../views/sections/containerNodes';
import { isTreeNode, type CopyTarget, type TreeNode } from '../views/treeNodes';
import { InvalidArgumentError } from '../validation/problems';
import { command, type Command } from './command';
import type { Services } from './services';

/** The node a row action was chosen on, if `isRow` says it is one; else an error with `problem`, which says which rows have it. */
export function rowOf<N extends TreeNode>(node: unknown, isRow: (value: unknown) => value is N, problem: string): N {
  if (isRow(node)) return node;
  throw new InvalidArgumentError([{ field: 'node', message: problem }]);
}

/** A row that can be copied, or opened in the portal: what it carries says so, whatever its section. */
const hasCopy = (value: unknown): value is TreeNode & { copy: CopyTarget } => isTreeNode(value) && value.copy !== undefined;
const hasPortal = (value: unknown): value is TreeNode & { portal: PortalTarget } => isTreeNode(value) && value.portal !== undefined;

/** Actions of rows in the tree: they work on the row they are chosen on and call no API. */
export function rowCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<ContainerNode, string>({
      id: COMMAND.copyContainerName,
      what: () => l10n.t('Copy container name'),
      ask: async (_ui, _draft, node) => rowOf(node, isContainerNode, l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.container.name);
        return node.container.name;
      },
    }),
    command<ContainerNode, string>({
      id: COMMAND.copyContainerAddress,
      what: () => l10n.t('Copy container address'),
      ask: async (_ui, _draft, node) => rowOf(node, isContainerNode, l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        const address = node.container.address;
        if (!address) throw new Error(l10n.t('Gcore reports no address for container {0} yet.', node.container.name));
        await ui.copyToClipboard(address);
        return address;
      },
      report: (ui, address) => void ui.notify('info', l10n.t('Copied {0}.', address)),
    }),
    command<ContainerNode, undefined>({
      id: COMMAND.openContainerInBrowser,
      what: () => l10n.t('Open container in browser'),
      ask: async (_ui, _draft, node) => rowOf(node, isContainerNode, l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        const address = node.container.address;
        // Only a web address goes to the browser: the field comes from the API.
        if (!address || !/^https?:\/\//i.test(address)) throw new Error(l10n.t('Gcore reports no web address for container {0}.', node.container.name));
        await ui.openExternal(address);
        return undefined;
      },
    }),
    command<TreeNode & { portal: PortalTarget }, string>({
      id: COMMAND.openInPortal,
      what: () => l10n.t('Open in Gcore Portal'),
      ask: async (_ui, _draft, node) => rowOf(node, hasPortal, l10n.t('must be a location, container or zone row of the Gcore tree')),
      run: async (node, { ui }) => {
        const page = portalPageOf(node.portal);
        await ui.openExternal(page);
        return page;
      },
    }),
    command<ContainerDetailNode, undefined>({
      id: COMMAND.showEnvValue,
      what: () => l10n.t('Show value'),
      ask: async (_ui, _draft, node) => rowOf(node, isContainerDetailNode, l10n.t('must be an environment variable row of the Gcore tree')),
      run: async (node) => {
        services.containersSection.toggleValue(node);
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
  ];
}
