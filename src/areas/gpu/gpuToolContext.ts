import type * as vscode from 'vscode';
import type { GpuSshToolSettings } from '../../agentTools/gpu/gpuSshToolSettings';
import { GpuSshUsers } from '../../state/gpu/gpuSshUsers';
import { sshSettings } from '../../state/gpu/sshSettings';

/**
 * What the GPU tools read in VS Code: the SSH settings and the users Set SSH User… chose, as the SSH commands do.
 * Loaded with the first tool call (gpuArea.ts), read anew for each.
 */
export function gpuSshToolSettings(globalState: vscode.Memento): GpuSshToolSettings {
  const users = new GpuSshUsers(globalState);
  return { ...sshSettings(), clusterUser: (clusterId) => users.get(clusterId) };
}
