import { toolContextPart } from '../toolContextParts';

/**
 * `gcore.gpu.sshUser` and `gcore.gpu.sshOptions` as written, and the user Set SSH User… chose for a cluster:
 * what VS Code adds to the GPU tools' context. Absent (the MCP server): Gcore's images' default user and no options.
 */
export interface GpuSshToolSettings {
  user: unknown;
  options: unknown;
  clusterUser?(clusterId: string): string | undefined;
}

export const GPU_SSH_SETTINGS = toolContextPart<GpuSshToolSettings>('gpu.sshSettings');
