import * as l10n from '@vscode/l10n';
import { portalPageOf, type PortalTarget } from '../models/portalPages';
import { zoneNameForDisplay } from '../models/zoneCreate';
import { isNodeOfType, type TreeNode } from '../views/treeNodes';
import { InvalidArgumentError } from '../validation/problems';
import { command, type Command } from './command';
import type { Services } from './services';

export type Node<T extends TreeNode['nodeType']> = Extract<TreeNode, { nodeType: T }>;

/** The node a row action was chosen on, or an error with `problem`, which says which rows have it. */
export function rowOf<T extends TreeNode['nodeType']>(node: unknown, types: readonly T[], problem: string): Node<T> {
  if (types.some((type) => isNodeOfType(node, type))) return node as Node<T>;
  throw new InvalidArgumentError([{ field: 'node', message: problem }]);
}

function portalTargetOf(node: Node<'location' | 'container' | 'zone'>): PortalTarget {
  switch (node.nodeType) {
    case 'location':
      return { kind: 'location', location: node.location };
    case 'container':
      return { kind: 'container', location: node.location };
    case 'zone':
      return { kind: 'zone' };
  }
}

/** Actions of rows in the tree: they work on the row they are chosen on and call no API. */
export function rowCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<Node<'container'>, string>({
      id: 'gcore.copyContainerName',
      what: () => l10n.t('Copy container name'),
      ask: async (_ui, _draft, node) => rowOf(node, ['container'], l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.container.name);
        return node.container.name;
      },
    }),
    command<Node<'container'>, string>({
      id: 'gcore.copyContainerAddress',
      what: () => l10n.t('Copy container address'),
      ask: async (_ui, _draft, node) => rowOf(node, ['container'], l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        const address = node.container.address;
        if (!address) throw new Error(l10n.t('Gcore reports no address for container {0} yet.', node.container.name));
        await ui.copyToClipboard(address);
        return address;
      },
      report: (ui, address) => void ui.notify('info', l10n.t('Copied {0}.', address)),
    }),
    command<Node<'container'>, undefined>({
      id: 'gcore.openContainerInBrowser',
      what: () => l10n.t('Open container in browser'),
      ask: async (_ui, _draft, node) => rowOf(node, ['container'], l10n.t('must be a container row of the Gcore tree')),
      run: async (node, { ui }) => {
        const address = node.container.address;
        // Only a web address goes to the browser: the field comes from the API.
        if (!address || !/^https?:\/\//i.test(address)) throw new Error(l10n.t('Gcore reports no web address for container {0}.', node.container.name));
        await ui.openExternal(address);
        return undefined;
      },
    }),
    command<Node<'location' | 'container' | 'zone'>, string>({
      id: 'gcore.openInPortal',
      what: () => l10n.t('Open in Gcore Portal'),
      ask: async (_ui, _draft, node) => rowOf(node, ['location', 'container', 'zone'], l10n.t('must be a location, container or zone row of the Gcore tree')),
      run: async (node, { ui }) => {
        const page = portalPageOf(portalTargetOf(node));
        await ui.openExternal(page);
        return page;
      },
    }),
    command<Node<'containerDetail'>, undefined>({
      id: 'gcore.showEnvValue',
      what: () => l10n.t('Show value'),
      ask: async (_ui, _draft, node) => rowOf(node, ['containerDetail'], l10n.t('must be an environment variable row of the Gcore tree')),
      run: async (node) => {
        services.containersSection.toggleValue(node);
        return undefined;
      },
    }),
    command<Node<'zoneDetail' | 'containerDetail'>, undefined>({
      id: 'gcore.copyValue',
      what: () => l10n.t('Copy value'),
      ask: async (_ui, _draft, node) => rowOf(node, ['zoneDetail', 'containerDetail'], l10n.t('must be a detail row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.row.value);
        return undefined;
      },
      report: (ui, _result, node) =>
        void ui.notify('info', l10n.t('Copied the {0} of {1}.', node.row.label, node.nodeType === 'zoneDetail' ? zoneNameForDisplay(node.zone.name) : node.container.name)),
    }),
  ];
}
