import type * as vscode from 'vscode';
import type { GcoreClient } from '../api';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { TaskPoller } from '../loaders/taskPoller';
import type { Logger } from '../logging/logger';
import type { RecentValues } from '../state/recentValues';
import type { Explorer } from '../views/explorer';
import type { TaskTracking } from '../views/taskTracking';
import type { TreeNode } from '../views/treeNodes';

/**
 * What the commands of every area share, built once in activate(). What only one area's commands use (its
 * reads, the GPU flavor loader, the container editor, the log documents) its area hands to them itself.
 */
export interface Services {
  client: GcoreClient;
  log: Logger;
  apiKey: ApiKeyStore;
  recentContainers: RecentValues;
  tree: Explorer;
  treeView: vscode.TreeView<TreeNode>;
  /** The one loop that follows tasks, and what the extension makes of it. */
  taskPoller: TaskPoller;
  tasks: TaskTracking;
}

/** What one area's commands use: what every area shares, and that area's reads, which no other area's command sees. */
export type AreaServices<Reads> = Services & { readonly reads: Reads };
