import type * as vscode from 'vscode';
import type { GcoreClient } from './api';
import type { Logger } from './logging/logger';
import type { ApiKeyStore } from './state/apiKeyStore';
import type { FlavorLoader } from './loaders/flavorLoader';
import type { KnownZonesStore } from './state/knownZones';
import type { RecentValues } from './state/recentValues';
import type { GcoreTreeProvider } from './tree/gcoreTreeProvider';
import type { TreeNode } from './tree/treeNodes';

/** What commands need, built once in activate(). */
export interface Services {
  client: GcoreClient;
  log: Logger;
  apiKey: ApiKeyStore;
  zones: KnownZonesStore;
  flavors: FlavorLoader;
  recentContainers: RecentValues;
  tree: GcoreTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
}
