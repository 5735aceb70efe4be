import * as l10n from '@vscode/l10n';
import type { GpuImage, GpuServer } from '../../../api/gpu/gpuClusterTypes';
import { ROW_CONTEXT } from '../../../core/contributions';
import { hasJumpHost, type SshOption } from '../../../models/gpu/ssh/sshEntry';
import { checkHostAddress, type HostAddress } from '../../../models/gpu/ssh/sshValues';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { nonEmptyText } from '../../presentation/wireValues';

/** Instance statuses (docs: gpu-notes.md, InstanceStatus) by how they look; others are shown as they come. */
const STATUS_ICONS: ReadonlyMap<string, NonNullable<ItemView['icon']>> = new Map([
  ['ACTIVE', { id: 'pass-filled', color: 'testing.iconPassed' }],
  ['SHUTOFF', { id: 'debug-stop', color: 'disabledForeground' }],
  ['SHELVED', { id: 'debug-stop', color: 'disabledForeground' }],
  ['SHELVED_OFFLOADED', { id: 'debug-stop', color: 'disabledForeground' }],
  ['BUILD', { id: 'sync~spin' }],
  ['REBOOT', { id: 'sync~spin' }],
  ['HARD_REBOOT', { id: 'sync~spin' }],
  ['REBUILD', { id: 'sync~spin' }],
  ['RESIZE', { id: 'sync~spin' }],
  ['ERROR', { id: 'error', color: 'errorForeground' }],
]);

const STATUS_WORDS: ReadonlyMap<string, () => string> = new Map([
  ['ACTIVE', () => l10n.t('running')],
  ['SHUTOFF', () => l10n.t('powered off')],
  ['SHELVED', () => l10n.t('shelved')],
  ['SHELVED_OFFLOADED', () => l10n.t('shelved')],
  ['BUILD', () => l10n.t('building')],
  ['REBOOT', () => l10n.t('rebooting')],
  ['HARD_REBOOT', () => l10n.t('rebooting')],
  ['ERROR', () => l10n.t('error')],
]);

/** A server's public address when Gcore gives one that is an address; one that is not is never used (refusedAddresses says why). */
export function publicAddress(server: GpuServer): HostAddress | undefined {
  const checked = server.public_ip === undefined ? undefined : checkHostAddress(server.public_ip);
  return checked?.ok ? checked.value : undefined;
}

function privateCandidates(server: GpuServer): string[] {
  return (server.ip_addresses ?? []).filter((address) => typeof address === 'string' && address !== server.public_ip);
}

/** The addresses a server has on private networks: every address it lists but its public one, of those that are addresses. */
export function privateAddresses(server: GpuServer): HostAddress[] {
  return privateCandidates(server).flatMap((address) => {
    const checked = checkHostAddress(address);
    return checked.ok ? [checked.value] : [];
  });
}

/** Why each address Gcore gives the server that is not one is left unused: a line each, which quotes it. */
export function refusedAddresses(server: GpuServer): string[] {
  const candidates = [...(server.public_ip === undefined ? [] : [server.public_ip]), ...privateCandidates(server)];
  return candidates.flatMap((address) => {
    const checked = checkHostAddress(address);
    return checked.ok ? [] : [checked.reason];
  });
}

/** The address SSH reaches a server at: its public one, or with a jump host its first private one. */
export function reachableAddress(server: GpuServer, options: readonly SshOption[]): HostAddress | undefined {
  return publicAddress(server) ?? (hasJumpHost(options) ? privateAddresses(server)[0] : undefined);
}

/** The address a server's Copy Address copies: its public one, or else its first private one, and which it is. */
export function serverAddressToCopy(server: GpuServer): { address: HostAddress; isPublic: boolean } | undefined {
  const address = publicAddress(server);
  if (address) return { address, isPublic: true };
  const [first] = privateAddresses(server);
  return first === undefined ? undefined : { address: first, isPublic: false };
}

function statusWords(server: GpuServer): string {
  const status = nonEmptyText(server.status);
  if (status === undefined) return l10n.t('status unknown');
  return STATUS_WORDS.get(status.toUpperCase())?.() ?? status;
}

/** An image as its hover names it: name, then driver and CUDA versions when Gcore gives them. */
function imageText(image: GpuImage | undefined, imageId: string | undefined): string | undefined {
  if (!image) return imageId;
  const driver = nonEmptyText(image.gpu_driver_version);
  const cuda = nonEmptyText(image.cuda_toolkit_version);
  const versions = [driver ? l10n.t('driver {0}', driver) : undefined, cuda ? l10n.t('CUDA {0}', cuda) : undefined].filter(Boolean);
  return versions.length > 0 ? `${image.name} (${versions.join(', ')})` : image.name;
}

/**
 * A server's row: its name, its status in words and its public address (or that it has none: it is then
 * reached through a bastion, a VPN or the portal's console). Private addresses and the image are in the hover, with
 * why an address Gcore gives that is not one is not used; a row whose public address is refused says so.
 */
export function serverRowView(server: GpuServer, image?: GpuImage): ItemView {
  const status = nonEmptyText(server.status)?.toUpperCase() ?? '';
  const publicOne = publicAddress(server);
  const refused = refusedAddresses(server);
  const address = publicOne ?? (server.public_ip === undefined ? l10n.t('private only') : l10n.t('public address refused'));
  const privates = privateAddresses(server);
  const rows: [string, string | undefined][] = [
    [l10n.t('Status'), statusWords(server)],
    [l10n.t('Public address'), publicOne],
    [l10n.t('Private addresses'), privates.length > 0 ? privates.join(', ') : undefined],
    [l10n.t('Addresses not used'), refused.length > 0 ? refused.join('; ') : undefined],
    [l10n.t('Image'), imageText(image, nonEmptyText(server.image_id))],
    [l10n.t('SSH key'), nonEmptyText(server.ssh_key_name)],
    [l10n.t('Flavor'), nonEmptyText(server.flavor)],
    [l10n.t('ID'), server.id],
  ];
  const table = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`)
    .join('\n');
  return {
    label: server.name,
    description: `${statusWords(server)} · ${address}`,
    tooltip: `### ${escapeMarkdown(server.name)}\n\n| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${table}`,
    icon: { ...(STATUS_ICONS.get(status) ?? { id: 'vm' }) },
    // Copy Address is offered only where there is an address to copy.
    contextValue: serverAddressToCopy(server) ? ROW_CONTEXT.gpuServerWithAddress : ROW_CONTEXT.gpuServer,
  };
}
