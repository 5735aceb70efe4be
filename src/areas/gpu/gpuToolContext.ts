import type * as vscode from 'vscode';
import type { GpuSshToolSettings } from '../../agentTools/gpu/gpuSshToolSettings';

/** What the GPU tools read in VS Code: the SSH settings and the users Set SSH User… chose, as the SSH commands do. */
export async function gpuSshToolSettings(globalState: vscode.Memento): Promise<GpuSshToolSettings> {
  const [{ sshSettings }, { GpuSshUsers }] = await Promise.all([
    import('../../state/gpu/sshSettings.js'),
    import('../../state/gpu/gpuSshUsers.js'),
  ]);
  const users = new GpuSshUsers(globalState);
  return { ...sshSettings(), clusterUser: (clusterId) => users.get(clusterId) };
}
