import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import type { ContainersSection } from '../../views/containers/containersSection';
import {
  isContainerDetailNode,
  isContainerNode,
  type ContainerDetailNode,
  type ContainerNode,
} from '../../views/containers/containerNodes';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';

/** Actions of container rows: they work on the row they are chosen on and call no API. */
export function containerRowCommands(section: Pick<ContainersSection, 'toggleValue'>): Command<never, unknown, never>[] {
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
        if (!address || !/^https?:\/\//i.test(address)) {
          throw new Error(l10n.t('Gcore reports no web address for container {0}.', node.container.name));
        }
        await ui.openExternal(address);
        return undefined;
      },
    }),
    command<ContainerDetailNode, undefined>({
      id: COMMAND.showEnvValue,
      what: () => l10n.t('Show value'),
      ask: async (_ui, _draft, node) => rowOf(node, isContainerDetailNode, l10n.t('must be an environment variable row of the Gcore tree')),
      run: async (node) => {
        section.toggleValue(node);
        return undefined;
      },
    }),
  ];
}
