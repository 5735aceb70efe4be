import * as l10n from '@vscode/l10n';
import type { GpuClusterRef, GpuServer } from '../../api/gpu/gpuClusterTypes';
import type { PromptUi } from '../../ui/promptUi';
import { setLeaseLabel } from './presentation/gpuClusterChangeWords';
import { copyAddressesLabel, createdClusterText, publicAddresses, serversInOrder } from './presentation/gpuClusterCreatedWords';
import type { GpuClusterChangeKindDeps } from './gpuClusterChangeDeps';

/**
 * A new cluster's end: its servers and the addresses they are reached at, which Copy puts on the clipboard, and
 * Open in VS Code once one has an address.
 */
export async function announceCreated(
  deps: Pick<GpuClusterChangeKindDeps, 'client' | 'log' | 'connect'>,
  ui: PromptUi,
  name: string,
  ref: GpuClusterRef,
  status: string,
  offerLease?: () => Promise<unknown>,
): Promise<void> {
  let servers: GpuServer[];
  try {
    servers = serversInOrder((await deps.client.gpuClusters.serversWithAddresses(ref)).results);
  } catch (error) {
    deps.log.warn(`the servers of new GPU cluster ${name} could not be read: ${String(error)}`);
    void ui.notify(
      'info',
      l10n.t('GPU cluster {0} is {1} now; its servers could not be read: Refresh the location to see them.', name, status),
    );
    return;
  }
  const addresses = publicAddresses(servers);
  const copy = copyAddressesLabel(addresses.length);
  const open = l10n.t('Open in VS Code');
  const lease = setLeaseLabel();
  const choice = await ui.notify(
    'info',
    createdClusterText(name, status, servers),
    ...(addresses.length > 0 ? [copy, open] : []),
    ...(offerLease ? [lease] : []),
  );
  if (choice === copy) await ui.copyToClipboard(addresses.join('\n'));
  if (choice === open) await deps.connect(ref, name);
  if (choice === lease) await offerLease?.();
}
