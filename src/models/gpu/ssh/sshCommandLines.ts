import * as l10n from '@vscode/l10n';
import type { SshOption } from './sshEntry';
import type { HostAddress, LoginName, SshAlias } from './sshValues';

/*
 * The ssh command lines of a GPU server, all through its entry's alias: the connection test, a terminal, Check
 * GPUs, a port's tunnel, and the window's URI. `configFile` is the file ssh reads the alias from: the one
 * `remote.SSH.configFile` names (as Remote-SSH passes it), the cluster's own file while the user's config has no
 * `Include` of it, or none for the default ~/.ssh/config.
 */

export interface SshTarget {
  alias: SshAlias;
  configFile?: string;
}

/** Ports people forward from a GPU server, with what usually listens there. */
export const WELL_KNOWN_PORTS: readonly { port: number; service: () => string }[] = [
  { port: 8888, service: () => l10n.t('Jupyter') },
  { port: 6006, service: () => l10n.t('TensorBoard') },
  { port: 8000, service: () => l10n.t('An OpenAI-compatible server (vLLM, SGLang, TGI)') },
];

/** How long one attempt of the connection test may take to connect. */
export const CONNECT_TIMEOUT_SECONDS = 10;

function withConfig(target: SshTarget, ...rest: string[]): string[] {
  return target.configFile === undefined ? rest : ['-F', target.configFile, ...rest];
}

/** `ssh -o BatchMode=yes … true`: connects, authenticates without asking anything, runs nothing. */
export function connectionTestArgs(target: SshTarget): string[] {
  // not user text: ssh's options
  return withConfig(target, '-o', 'BatchMode=yes', '-o', `ConnectTimeout=${CONNECT_TIMEOUT_SECONDS}`, target.alias, 'true');
}

export function terminalArgs(target: SshTarget): string[] {
  return withConfig(target, target.alias);
}

/**
 * `nvidia-smi`, then the user's shell on the server, so that the list stays on screen (a terminal whose
 * program ends closes) and the next command can follow it.
 */
export function checkGpusArgs(target: SshTarget): string[] {
  return withConfig(target, '-t', target.alias, 'nvidia-smi; exec "${SHELL:-/bin/sh}" -l'); // not user text: a command on the server
}

/** A tunnel from `localPort` on this machine's loopback to `remotePort` on the server's; ssh ends if it cannot listen. */
export function forwardArgs(target: SshTarget, localPort: number, remotePort: number): string[] {
  // not user text: ssh's options
  return withConfig(target, '-N', '-o', 'ExitOnForwardFailure=yes', '-L', `127.0.0.1:${localPort}:localhost:${remotePort}`, target.alias);
}

/** One argument as a POSIX shell reads it: bare when that is safe, in single quotes otherwise. */
export function shellQuote(argument: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/**
 * A command line that works without the entry, on any machine with the key: what Copy SSH Command gives, as
 * Gcore's guides print `ssh ubuntu@<ip>`, with the key file and the extra options when there are any.
 */
export function standaloneSshCommand(
  user: LoginName,
  address: HostAddress,
  identityFile: string | undefined,
  options: readonly SshOption[],
): string {
  const words = [
    'ssh',
    ...(identityFile ? ['-i', identityFile] : []),
    ...options.flatMap(([name, value]) => ['-o', `${name}=${value}`]),
    `${user}@${address}`,
  ];
  return words.map(shellQuote).join(' ');
}

/** The folder a window opens on the server: the user's home, as Gcore's images have it. */
export function homeFolder(user: LoginName): string {
  return user === 'root' ? '/root' : `/home/${user}`;
}

/** The URI Microsoft's, Cursor's and the open-source Remote-SSH all open: `vscode-remote://ssh-remote+<alias><folder>`. */
export function remoteWindowUri(alias: SshAlias, folder: string): string {
  const path = folder.startsWith('/') ? folder : `/${folder}`;
  return `vscode-remote://ssh-remote+${alias}${path.split('/').map(encodeURIComponent).join('/')}`;
}
