import * as vscode from 'vscode';
import { homedir } from 'node:os';
import type { GpuServer } from '../../api';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { Log } from '../../logging/log';
import { gpuPortalPage } from '../../models/portalPages';
import type { SshTarget } from '../../models/ssh/sshCommandLines';
import { readSshOptions, readSshUser } from '../../models/ssh/sshEntry';
import { includeLines } from '../../models/ssh/sshInclude';
import { sshSettings } from '../../state/sshSettings';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { noPublicAddressWords } from '../../views/presentation/gpu/sshWords';
import { privateAddresses } from '../../views/presentation/gpu/serverView';
import type { GpuClusterNode, GpuServerNode } from '../../views/sections/gpuClusterNodes';
import { isGpuClusterNode, isGpuServerNode } from '../../views/sections/gpuNodes';
import { rowOf } from '../treeCommands';
import type { ClusterSsh, SshSettings } from './gpuSshTargets';
import { clusterFile, removeClusterEntry, sshPlaces, type SshPlaces } from './sshConfigFiles';

/*
 * What the SSH commands of GPU servers share in VS Code: the settings read and checked, the row a command was
 * chosen on, the server asked for, the terminals they open, and what a server without a public address says.
 */

export type ClusterOrServerNode = GpuClusterNode | GpuServerNode;

export const isClusterOrServer = (value: unknown): value is ClusterOrServerNode => isGpuClusterNode(value) || isGpuServerNode(value);

export function clusterOrServerRow(node: unknown): ClusterOrServerNode {
  return rowOf(node, isClusterOrServer, vscode.l10n.t("must be a GPU cluster's or server's row of the Gcore tree"));
}

/** The contract's argument from a row: its cluster, and its server on a server's row. */
export function argsOfRow(row: ClusterOrServerNode) {
  return {
    projectId: row.location.projectId,
    regionId: row.location.regionId,
    kind: row.gpuKind,
    clusterId: row.cluster.id,
    clusterName: row.cluster.name,
    serverId: isGpuServerNode(row) ? row.server.id : undefined,
  };
}

export interface CheckedSettings {
  settings: SshSettings;
  /** The ssh program: `remote.SSH.path`, or `ssh` from PATH. */
  ssh: string;
}

/** The SSH settings, refused naming the setting when one is wrong: an entry must not go out with half of them. */
export function checkedSshSettings(log: Log): CheckedSettings {
  const raw = sshSettings();
  const user = readSshUser(raw.user);
  const options = readSshOptions(raw.options);
  const problems = [...(user.problem ? [user.problem] : []), ...options.problems];
  if (problems.length > 0) throw new Error(problems.join(' '));
  log.debug(`SSH entries: user ${user.user}, ${options.options.length} extra options, config ${raw.configFile ?? '~/.ssh/config'}`);
  return {
    settings: { user: user.user, options: options.options, places: sshPlaces(raw.configFile, homedir()) },
    ssh: raw.sshPath ?? 'ssh',
  };
}

/** Removes a deleted cluster's SSH entry, wherever Remote-SSH's config is now. */
export function forgetClusterSsh(clusterId: string): Promise<void> {
  return removeClusterEntry(sshPlaces(sshSettings().configFile, homedir()), clusterId);
}

/** What ssh reads the alias from: Remote-SSH's config as Remote-SSH passes it once it includes the clusters' files, else the cluster's own file. */
export function sshTargetOf(places: SshPlaces, clusterId: string, alias: string, included: boolean): SshTarget {
  if (!included) return { alias, configFile: clusterFile(places, clusterId) };
  return places.named ? { alias, configFile: places.userConfig } : { alias };
}

/** The server a row names, or one of the cluster's chosen (the first when it has one). */
export async function chooseServer(ui: PromptUi, ssh: ClusterSsh, serverId: string | undefined): Promise<GpuServer> {
  const chosen = serverId === undefined ? undefined : ssh.servers.find((server) => server.id === serverId);
  if (chosen) return chosen;
  if (ssh.servers.length === 0) throw new Error(vscode.l10n.t('GPU cluster {0} has no servers.', ssh.cluster.name));
  if (ssh.servers.length === 1) return ssh.servers[0];
  const picked = await ui.pick<GpuServer>({
    title: vscode.l10n.t('Gcore: GPU cluster {0}', ssh.cluster.name),
    placeholder: vscode.l10n.t('Which server?'),
    items: ssh.servers.map((server) => ({
      label: server.name,
      description: ssh.hosts.get(server.id)?.address ?? vscode.l10n.t('private only'),
      value: server,
    })),
  });
  return orCancel(picked);
}

/**
 * Says that a server has no address SSH can reach, and offers its private address and the portal, whose console
 * reaches it; the notification stays while the command ends.
 */
export function sayNoPublicAddress(ui: PromptUi, location: ProjectRegionRef, server: GpuServer): void {
  const [privateAddress] = privateAddresses(server);
  const copy = vscode.l10n.t('Copy Private Address');
  const portal = vscode.l10n.t('Open Gcore Portal');
  const settings = vscode.l10n.t('Open Settings');
  void ui
    .notify('warning', noPublicAddressWords(server.name, privateAddress), ...(privateAddress ? [copy] : []), portal, settings)
    .then(async (choice) => {
      if (choice === copy && privateAddress) await ui.copyToClipboard(privateAddress);
      if (choice === portal) await ui.openExternal(gpuPortalPage(location));
      if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'gcore.gpu.ssh');
    });
}

/** Asks once whether the Include may be added, showing the lines and the file; declined, the user's config stays untouched. */
export async function askToInclude(ui: PromptUi, places: SshPlaces): Promise<boolean> {
  return ui.confirm({
    message: vscode.l10n.t('Add the SSH hosts of your GPU clusters to {0}?', places.userConfig),
    detail: vscode.l10n.t(
      'Remote-SSH finds a server by the hosts of this file. These lines go at its top, and everything else in it stays as it is:\n\n{0}\n\nEach cluster has a file of its own in {1}, removed with the cluster. You are asked only while the line is missing.',
      includeLines(places.folder).join('\n'),
      places.folder,
    ),
    confirmLabel: vscode.l10n.t('Add'),
  });
}

/** A terminal that runs ssh itself (no shell in between, so nothing is quoted twice); it ends with ssh. */
export function openSshTerminal(name: string, ssh: string, args: readonly string[]): vscode.Terminal {
  const terminal = vscode.window.createTerminal({ name, shellPath: ssh, shellArgs: [...args], iconPath: new vscode.ThemeIcon('remote') });
  terminal.show();
  return terminal;
}
