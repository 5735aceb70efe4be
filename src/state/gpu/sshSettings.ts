import * as vscode from 'vscode';

/**
 * The SSH settings as written (read by models/ssh): the GPU entries' user (undefined unless the user set it: an
 * image's own user comes before the default), extra options, Remote-SSH's config file and ssh program.
 */
export function sshSettings(): { user: unknown; options: unknown; configFile: string | undefined; sshPath: string | undefined } {
  const gpu = vscode.workspace.getConfiguration('gcore');
  // Remote-SSH's own settings (Microsoft's; Cursor's and open-remote-ssh read the same names): the entries go where it looks.
  const remote = vscode.workspace.getConfiguration('remote.SSH');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return {
    user: gpu.inspect('gpu.sshUser')?.globalValue,
    options: gpu.get('gpu.sshOptions'),
    configFile: text(remote.get('configFile')),
    sshPath: text(remote.get('path')),
  };
}
