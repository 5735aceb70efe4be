import * as l10n from '@vscode/l10n';
import type { GpuKind } from '../../../api/gpu/gpuClusterTypes';
import { oneLine } from '../../../core/wellFormedText';
import { checkClusterId, checkLoginName, type ClusterId, type HostAddress, type LoginName, type SshAlias } from './sshValues';

/*
 * A GPU cluster's SSH entry: one `Host` block per server, in a file of the cluster's own that the extension
 * writes whole (gpu-notes.md, "SSH: from key to shell"). Aliases are lower-case because open-remote-ssh
 * hex-escapes upper-case letters in the window's authority, and an alias that came back lower-cased failed to
 * resolve; every server gets a known-hosts file of its cluster's own, since Gcore gives a deleted server's
 * address to new ones.
 */

/** One server of the entry: its alias and the address SSH connects to. */
export interface SshHost {
  alias: SshAlias;
  address: HostAddress;
  serverName: string;
}

export interface ClusterSshEntry {
  clusterId: ClusterId;
  clusterName: string;
  projectId: number;
  regionId: number;
  kind: GpuKind;
  user: LoginName;
  hosts: readonly SshHost[];
  /** The private key of the cluster's SSH key on this machine; absent: SSH offers its own defaults and the agent's. */
  identityFile?: string;
  knownHostsFile: string;
  /** The user's extra options (`gcore.gpu.sshOptions`), written into every block. */
  options: readonly SshOption[];
}

export type SshOption = readonly [name: string, value: string];

/** Options the entry sets from the cluster and `gcore.gpu.sshUser`: the setting of extra options may not replace them. */
const ENTRY_OWN_OPTIONS: ReadonlySet<string> = new Set(['host', 'match', 'include', 'hostname', 'user']);

/** Options that make a host reachable through another: with one, a server's private address is worth an entry. */
const JUMP_OPTIONS: ReadonlySet<string> = new Set(['proxyjump', 'proxycommand']);

const OPTION_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** How an entry's file begins: what tells a file this extension wrote from a user's. */
const ENTRY_HEADER = '# Managed by the Gcore extension: cluster '; // not user text: an SSH config comment, English as SSH's own files are

/** The user Gcore's GPU images log in with (gpu-notes.md: "connect using the default username `ubuntu`"). */
export const DEFAULT_SSH_USER = 'ubuntu' as LoginName;

/** `gcore.gpu.sshUser` read: a login name, or the default with a line saying why the setting was not used. */
export function readSshUser(raw: unknown): { user: LoginName; problem?: string } {
  if (raw === undefined || raw === null || raw === '') return { user: DEFAULT_SSH_USER };
  const checked = checkLoginName(typeof raw === 'string' ? raw.trim() : raw);
  if (checked.ok) return { user: checked.value };
  return { user: DEFAULT_SSH_USER, problem: l10n.t('gcore.gpu.sshUser is not a login name, so {0} is used.', DEFAULT_SSH_USER) };
}

/** `gcore.gpu.sshOptions` read: the options to write, in the order given, and one line per entry that was skipped. */
export function readSshOptions(raw: unknown): { options: SshOption[]; problems: string[] } {
  if (raw === undefined || raw === null) return { options: [], problems: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { options: [], problems: [l10n.t('gcore.gpu.sshOptions must be an object of SSH option names and values.')] };
  }
  const options: SshOption[] = [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!OPTION_NAME.test(name)) {
      problems.push(l10n.t('gcore.gpu.sshOptions: "{0}" is not an SSH option name (letters and digits only).', name));
    } else if (ENTRY_OWN_OPTIONS.has(name.toLowerCase())) {
      problems.push(l10n.t('gcore.gpu.sshOptions: {0} is set by the entry itself (the user is gcore.gpu.sshUser).', name));
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      problems.push(l10n.t('gcore.gpu.sshOptions: the value of {0} must be text.', name));
    } else if (String(value).trim() === '' || /[\r\n]/.test(String(value))) {
      problems.push(l10n.t('gcore.gpu.sshOptions: the value of {0} must be one line, not empty.', name));
    } else {
      options.push([name, String(value).trim()]);
    }
  }
  return { options, problems };
}

/** Whether the options reach servers through a jump host, so a server with a private address only can be an entry. */
export function hasJumpHost(options: readonly SshOption[]): boolean {
  return options.some(([name]) => JUMP_OPTIONS.has(name.toLowerCase()));
}

/** A path as an SSH config argument: forward slashes, and quoted when it holds a space. */
export function sshConfigPath(file: string): string {
  const slashed = file.replace(/\\/g, '/');
  return /\s/.test(slashed) ? `"${slashed}"` : slashed;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * Each server's alias, `gcore-<server name>` in lower case (Gcore names servers after their cluster). An alias
 * another cluster's file already holds, or a name two servers share, takes the cluster's id or a number after it,
 * so that no alias names two hosts. Whatever the names hold, an alias is of SshAlias's characters: the slug keeps
 * only those, and the id is a UUID.
 */
export function assignAliases(serverNames: readonly string[], clusterId: ClusterId, takenElsewhere: ReadonlySet<string>): SshAlias[] {
  const used = new Set<string>();
  return serverNames.map((name) => {
    const base = `gcore-${slug(name) || 'server'}`;
    let alias = takenElsewhere.has(base) ? `${base}-${clusterId.slice(0, 8).toLowerCase()}` : base;
    for (let index = 2; used.has(alias) || takenElsewhere.has(alias); index += 1) alias = `${base}-${index}`;
    used.add(alias);
    return alias as SshAlias;
  });
}

/** The aliases a config file's `Host` lines name. */
export function aliasesIn(configText: string): string[] {
  return configText
    .split(/\r?\n/)
    .map((line) => /^\s*Host(?:\s+|\s*=\s*)(.+)$/i.exec(line)?.[1])
    .filter((names): names is string => names !== undefined)
    .flatMap((names) => names.trim().split(/\s+/));
}

/** The file's text: a line saying whose it is, then one block per server. */
export function clusterEntryText(entry: ClusterSshEntry): string {
  const header = `${ENTRY_HEADER}${oneLine(entry.clusterName)} (${entry.clusterId}), project ${entry.projectId}, region ${entry.regionId}, ${entry.kind}. It is written whole each time, and removed with the cluster.`; // not user text: an SSH config comment, English as SSH's own files are
  const blocks = entry.hosts.map((host) => {
    // The user's options come before the entry's defaults, which they may replace (SSH takes an option's first value).
    const options: SshOption[] = [
      ...Object.entries({ HostName: host.address, User: entry.user }),
      ...entry.options,
      ...Object.entries({
        ...(entry.identityFile ? { IdentityFile: sshConfigPath(entry.identityFile), IdentitiesOnly: 'yes' } : {}),
        StrictHostKeyChecking: 'accept-new',
        UserKnownHostsFile: sshConfigPath(entry.knownHostsFile),
        ServerAliveInterval: '30',
      }),
    ];
    const hostLine = `Host ${host.alias}`; // not user text: an SSH config keyword
    return [hostLine, ...options.map(([name, value]) => `  ${name} ${value}`)].join('\n');
  });
  return `${[header, ...blocks].join('\n\n')}\n`;
}

/** Whose an entry's file is, from its first line: undefined for a file the extension did not write. */
export function entryOwner(text: string): { clusterId: ClusterId; projectId: number; regionId: number; kind: GpuKind } | undefined {
  const [first] = text.split(/\r?\n/, 1);
  if (!first.startsWith(ENTRY_HEADER)) return undefined;
  const match = /\(([0-9a-f-]{36})\), project (\d+), region (\d+), (virtual|baremetal)\. [^()]*$/i.exec(first);
  const id = match && checkClusterId(match[1].toLowerCase());
  if (!match || !id?.ok) return undefined;
  return { clusterId: id.value, projectId: Number(match[2]), regionId: Number(match[3]), kind: match[4] as GpuKind };
}

/**
 * The user of a cluster's entry: the one chosen for the cluster, else `gcore.gpu.sshUser` when it is set, else the
 * image's distribution, whose name is its default user on cloud images (gpu-notes.md: "Use `os_distro` if present"),
 * else ubuntu.
 */
export function clusterSshUser(from: { chosen?: string; setting?: LoginName; osDistro?: unknown }): LoginName {
  const chosen = checkLoginName(from.chosen);
  if (chosen.ok) return chosen.value;
  if (from.setting !== undefined) return from.setting;
  const distro = checkLoginName(typeof from.osDistro === 'string' ? from.osDistro.trim().toLowerCase() : undefined);
  return distro.ok ? distro.value : DEFAULT_SSH_USER;
}

/** A user typed for one cluster: its login name, empty (back to the setting), or a message naming what is wrong. */
export function readClusterUser(text: string): { user?: LoginName; problem?: string } {
  if (text.trim() === '') return {};
  const user = checkLoginName(text.trim());
  return user.ok ? { user: user.value } : { problem: l10n.t('SSH user: a login name (letters, digits, ".", "_", "-"; at most 32).') };
}
