import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import { refusedAddresses, serverAddressToCopy } from '../../views/gpu/presentation/serverView';
import { isGpuClusterNode, isGpuServerNode, type GpuClusterNode, type GpuServerNode } from '../../views/gpu/gpuNodes';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';

const isClusterOrServer = (value: unknown): value is GpuClusterNode | GpuServerNode => isGpuClusterNode(value) || isGpuServerNode(value);

/**
 * Copy Name on a GPU cluster's or server's row, and Copy Address on a server's: they work on the row and call no API.
 * Only an address that is one is copied: text that is not could run as commands where it is pasted.
 */
export function gpuRowCommands(): Command<never, unknown, never>[] {
  return [
    command<GpuClusterNode | GpuServerNode, string>({
      id: COMMAND.copyGpuName,
      what: () => l10n.t('Copy name'),
      ask: async (_ui, _draft, node) => rowOf(node, isClusterOrServer, l10n.t("must be a GPU cluster's or server's row of the Gcore tree")),
      run: async (node, { ui }) => {
        const name = isGpuServerNode(node) ? node.server.name : node.cluster.name;
        await ui.copyToClipboard(name);
        return name;
      },
      report: (ui, name, node) =>
        void ui.notify(
          'info',
          isGpuServerNode(node) ? l10n.t('Copied the name of server {0}.', name) : l10n.t('Copied the name of GPU cluster {0}.', name),
        ),
    }),
    command<GpuServerNode, string>({
      id: COMMAND.copyGpuServerAddress,
      what: () => l10n.t('Copy address'),
      ask: async (_ui, _draft, node) => rowOf(node, isGpuServerNode, l10n.t("must be a GPU server's row of the Gcore tree")),
      run: async (node, { ui }) => {
        const target = serverAddressToCopy(node.server);
        const refused = refusedAddresses(node.server);
        if (!target && refused.length > 0) {
          throw new Error(l10n.t('Server {0} has no address to copy: {1}.', node.server.name, refused.join('; ')));
        }
        if (!target) throw new Error(l10n.t('Gcore lists no address for server {0}.', node.server.name));
        await ui.copyToClipboard(target.address);
        return target.address;
      },
      // Which address it was, since a private one cannot be reached from outside the cluster's network.
      report: (ui, address, node) =>
        void ui.notify(
          'info',
          serverAddressToCopy(node.server)?.isPublic
            ? l10n.t('Copied the public address of server {0}: {1}.', node.server.name, address)
            : l10n.t('Copied the private address of server {0}: {1}. It has no public address.', node.server.name, address),
        ),
    }),
  ];
}
