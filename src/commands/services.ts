import type * as vscode from 'vscode';
import type { GcoreClient } from '../api';
import type { Logger } from '../logging/logger';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { FlavorLoader } from '../loaders/flavorLoader';
import type { ReadLoaders } from '../loaders/readLoaders';
import type { ContainersSection } from '../views/sections/containersSection';
import type { KnownZonesStore } from '../state/knownZones';
import type { RecentValues } from '../state/recentValues';
import type { Explorer } from '../views/explorer';
import type { TaskPoller } from '../loaders/taskPoller';
import type { TaskTracking } from './taskTracking';
import type { TreeNode } from '../views/treeNodes';
import type { ContainerEditor } from '../documents/containerDocuments';
import type { ContainerUpdates } from './containerUpdates';
import type { LogDocuments } from '../documents/logDocuments';

/** What commands need, built once in activate(). */
export interface Services {
  client: GcoreClient;
  log: Logger;
  apiKey: ApiKeyStore;
  zones: KnownZonesStore;
  flavors: FlavorLoader;
  reads: ReadLoaders;
  containersSection: ContainersSection;
  recentContainers: RecentValues;
  tree: Explorer;
  /** The one loop that follows tasks, and what the extension makes of it. */
  taskPoller: TaskPoller;
  tasks: TaskTracking;
  treeView: vscode.TreeView<TreeNode>;
  /** The write path of container updates, from the command and from documents alike. */
  containerUpdates: ContainerUpdates;
  /** Containers as JSON documents (Edit Container as JSON). */
  containerEditor: ContainerEditor;
  /** Container logs in read-only editors (Show Logs). */
  logDocuments: LogDocuments;
}
