export interface WorkbenchTestTarget {
  /** code-server's origin, e.g. http://127.0.0.1:41234 */
  serverUrl: string;
  workspaceDir: string;
  extensionDevelopmentPath: string;
  /** A file (or folder with index.js) exporting `run(): Promise<void>`. */
  extensionTestsPath: string;
}

/**
 * The workbench address that opens the workspace and, through the smoke-test driver's payload, loads the
 * extension under development and runs the tests module in its extension host. The paths are on the
 * server, so they are addressed as vscode-remote resources of that same authority.
 */
export function workbenchTestUrl(target: WorkbenchTestTarget): string {
  const server = new URL(target.serverUrl);
  const remote = (absolutePath: string): string => `vscode-remote://${server.host}${absolutePath}`;
  const payload = [
    ['extensionDevelopmentPath', remote(target.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(target.extensionTestsPath)],
  ];
  const url = new URL('/', server);
  url.searchParams.set('folder', target.workspaceDir);
  url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}
