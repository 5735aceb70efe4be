import type * as vscode from 'vscode';

const KEY = 'gcore.gpuSshUsers';

/**
 * The SSH user chosen for single GPU clusters (Set SSH User…), by cluster id, kept across sessions on this machine:
 * an image that logs in as another user than `gcore.gpu.sshUser` says is a cluster's matter, not the setting's.
 */
export class GpuSshUsers {
  constructor(private readonly memento: vscode.Memento) {}

  get(clusterId: string): string | undefined {
    const user = this.all()[clusterId];
    return typeof user === 'string' ? user : undefined;
  }

  /** Undefined forgets the cluster's user: the setting applies again. */
  async set(clusterId: string, user: string | undefined): Promise<void> {
    const { [clusterId]: _old, ...others } = this.all();
    await this.memento.update(KEY, user === undefined ? others : { ...others, [clusterId]: user });
  }

  private all(): Record<string, unknown> {
    const stored = this.memento.get<unknown>(KEY, {});
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }
}
