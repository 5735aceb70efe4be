/*
 * The extensions that open a `vscode-remote://ssh-remote+…` window: Microsoft's Remote - SSH (VS Code), Cursor's
 * own (Cursor ships it in place of Microsoft's), and open-remote-ssh (Open VSX: VSCodium, code-server and other
 * builds without Microsoft's marketplace). All three resolve the same authority from the SSH config's aliases.
 */

export const REMOTE_SSH_EXTENSIONS = {
  microsoft: 'ms-vscode-remote.remote-ssh',
  cursor: 'anysphere.remote-ssh',
  openSource: 'jeanp413.open-remote-ssh',
} as const;

export const REMOTE_SSH_EXTENSION_IDS: readonly string[] = Object.values(REMOTE_SSH_EXTENSIONS);

/** The authority a Remote-SSH window of `alias` has. */
export function isSshRemoteAuthority(authority: string): boolean {
  return authority.startsWith('ssh-remote+');
}

/** Remote-SSH's windows, as the GPU area registers them with the prompts: they open only with one of these installed. */
export const REMOTE_SSH_WINDOWS = { matches: isSshRemoteAuthority, extensionIds: REMOTE_SSH_EXTENSION_IDS };

/** The one to offer when none is installed, by the editor's name (`vscode.env.appName`) and its marketplace. */
export function remoteSshToInstall(appName: string): string {
  if (/cursor/i.test(appName)) return REMOTE_SSH_EXTENSIONS.cursor;
  if (/^Visual Studio Code/i.test(appName)) return REMOTE_SSH_EXTENSIONS.microsoft;
  return REMOTE_SSH_EXTENSIONS.openSource;
}
