import * as vscode from 'vscode';
import { homedir } from 'node:os';
import type { GpuServer } from '../../api/gpu/gpuClusterTypes';
import type { GpuClusterRef, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { Log } from '../../logging/log';
import { gpuPortalPage } from '../../models/gpu/gpuPortalPages';
import type { SshTarget } from '../../models/gpu/ssh/sshCommandLines';
import { readSshOptions, readSshUser } from '../../models/gpu/ssh/sshEntry';
import { includeLines } from '../../models/gpu/ssh/sshInclude';
import { checkClusterId, type ClusterId, type SshAlias } from '../../models/gpu/ssh/sshValues';
import { sshSettings } from '../../state/gpu/sshSettings';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { unreachableServerWords } from '../../views/gpu/presentation/sshWords';
import { privateAddresses } from '../../views/gpu/presentation/serverView';
import { isGpuClusterNode, isGpuServerNode, type GpuClusterNode, type GpuServerNode } from '../../views/gpu/gpuNodes';
import { rowOf } from '../rowOf';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { GpuSshUsers } from '../../state/gpu/gpuSshUsers';
import { pickGpuCluster } from './gpuClusterPick';
import type { ClusterSsh, ClusterSshDeps, SshSettings } from '../../machine/gpu/gpuSshTargets';
import { clusterFile, removeClusterEntry, removeUnlistedEntries, sshPlaces, type SshPlaces } from '../../machine/gpu/sshConfigFiles';

/*
 * What the SSH commands of GPU servers share in VS Code: the settings read and checked, the row a command was
 * chosen on, the server asked for, the terminals they open, and what a server without a public address says.
 */

export type ClusterOrServerNode = GpuClusterNode | GpuServerNode;

export const isClusterOrServer = (value: unknown): value is ClusterOrServerNode => isGpuClusterNode(value) || isGpuServerNode(value);

export function clusterOrServerRow(node: unknown): ClusterOrServerNode {
  return rowOf(node, isClusterOrServer, vscode.l10n.t("must be a GPU cluster's or server's row of the Gcore tree"));
}

/**
 * A cluster named where no row is at hand (a new cluster's notification): a command given it asks as on the cluster's
 * row. Its `nodeType` makes the call interactive, as a row's does.
 */
export interface GpuClusterRefNode {
  readonly nodeType: 'gpuClusterRef';
  readonly ref: GpuClusterRef;
  readonly clusterName: string;
}

export const gpuClusterRefNode = (ref: GpuClusterRef, clusterName: string): GpuClusterRefNode => ({
  nodeType: 'gpuClusterRef',
  ref,
  clusterName,
});

const isGpuClusterRefNode = (value: unknown): value is GpuClusterRefNode =>
  typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 'gpuClusterRef';

/** The contract's argument from a row: its cluster, and its server on a server's row. */
export function argsOfRow(row: ClusterOrServerNode): SshCommandArgs {
  return {
    projectId: row.location.projectId,
    regionId: row.location.regionId,
    kind: row.gpuKind,
    clusterId: row.cluster.id,
    clusterName: row.cluster.name,
    serverId: isGpuServerNode(row) ? row.server.id : undefined,
  };
}

/** The cluster (and server) an SSH command is for, as its questions settle it. */
export interface SshCommandArgs extends GpuClusterRef {
  clusterName?: string;
  serverId?: string;
}

/**
 * What an interactive SSH command is for: its row's cluster or server, a cluster a notification names, or, from the
 * palette, a cluster picked (`pick`).
 */
export async function commandTarget(node: unknown, pick: () => Promise<SshCommandArgs>): Promise<SshCommandArgs> {
  if (isGpuClusterRefNode(node)) return { ...node.ref, clusterName: node.clusterName };
  if (node === undefined) return pick();
  return argsOfRow(clusterOrServerRow(node));
}

/** What the SSH commands read a cluster with; their commands add what they change it with. */
export interface GpuSshDeps {
  services: Pick<ClusterSshDeps, 'client' | 'log'>;
  /** The location's clusters, which the palette picks one of. */
  reads: Pick<GpuClusterReads, 'clustersOf'>;
  /** The user chosen for each cluster (Set SSH User…). */
  users: GpuSshUsers;
}

/** What reading a cluster for SSH takes: the client, the settings checked now, the users chosen per cluster. */
export function sshDeps(deps: GpuSshDeps, settings: SshSettings): ClusterSshDeps {
  return { client: deps.services.client, settings, users: deps.users, log: deps.services.log };
}

/** The cluster a command is for: its row's, a notification's, or one picked in the palette under the command's title. */
export function targetOf(deps: GpuSshDeps, ui: PromptUi, node: unknown, title: string): Promise<SshCommandArgs> {
  return commandTarget(node, () => pickGpuCluster(deps.reads, ui, vscode.l10n.t('Gcore: {0}', title)));
}

export interface CheckedSettings {
  settings: SshSettings;
  /** The ssh program: `remote.SSH.path`, or `ssh` from PATH. */
  ssh: string;
}

/** The SSH settings, refused naming the setting when one is wrong: an entry must not go out with half of them. */
export function checkedSshSettings(log: Log): CheckedSettings {
  const raw = sshSettings();
  const user = raw.user === undefined || raw.user === null || raw.user === '' ? undefined : readSshUser(raw.user);
  const options = readSshOptions(raw.options);
  const problems = [...(user?.problem ? [user.problem] : []), ...options.problems];
  if (problems.length > 0) throw new Error(problems.join(' '));
  log.debug(
    `SSH entries: user ${user?.user ?? 'unset'}, ${options.options.length} extra options, config ${raw.configFile ?? '~/.ssh/config'}`,
  );
  return {
    settings: { user: user?.user, options: options.options, places: sshPlaces(raw.configFile, homedir()) },
    ssh: raw.sshPath ?? 'ssh',
  };
}

/** Removes a deleted cluster's SSH entry, wherever Remote-SSH's config is now; an id that is not a UUID never named one. */
export async function forgetClusterSsh(clusterId: string): Promise<void> {
  const id = checkClusterId(clusterId);
  if (id.ok) await removeClusterEntry(sshPlaces(sshSettings().configFile, homedir()), id.value);
}

/** Removes the entries of a location's clusters of a kind that a list read since `since` no longer has. */
export async function forgetUnlistedClusters(ref: GpuLocationRef, listedIds: readonly string[], since: number): Promise<void> {
  await removeUnlistedEntries(sshPlaces(sshSettings().configFile, homedir()), ref, new Set(listedIds.map((id) => id.toLowerCase())), since);
}

/** What ssh reads the alias from: Remote-SSH's config as Remote-SSH passes it once it includes the clusters' files, else the cluster's own file. */
export function sshTargetOf(places: SshPlaces, clusterId: ClusterId, alias: SshAlias, included: boolean): SshTarget {
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
  void ui.notify('warning', unreachableServerWords(server), ...(privateAddress ? [copy] : []), portal, settings).then(async (choice) => {
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
