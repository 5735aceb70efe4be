// First: the translations must be in place before any other module of the extension loads.
import './localization';
import * as vscode from 'vscode';
import { GcoreClient } from './api';
import { apiKeyCommands } from './commands/apiKeyCommands';
import { registerCommands } from './commands/commandRegistration';
import { CONTAINER_LIST_REUSE_MS, containerCommands } from './commands/containerCommands';
import { ContainerUpdates } from './commands/containerUpdates';
import { containerJsonCommands } from './commands/containerJsonCommands';
import { containerLogCommands } from './commands/containerLogCommands';
import { LogDocuments } from './documents/logDocuments';
import { containerResource, type ContainerEditor } from './documents/containerDocuments';
import { DocumentDiagnostics } from './documents/documentDiagnostics';
import { ResourceFileSystem } from './documents/resourceFileSystem';
import { SchemaDocuments } from './documents/schemaDocuments';
import { Snapshots } from './documents/snapshots';
import { UnsentChangesLens } from './documents/unsentChangesLens';
import { SizeCompletions } from './documents/sizeCompletions';
import { dnssecCommands } from './commands/dnssecCommands';
import { flavorCommands } from './commands/flavorCommands';
import { locationCommands } from './commands/locationCommands';
import { logCommands } from './commands/logCommands';
import { readCommands } from './commands/readCommands';
import { rowCommands } from './commands/rowCommands';
import { zoneCommands } from './commands/zoneCommands';
import { Logger } from './logging/logger';
import { failureReason } from './logging/failureMessage';
import { requestLogLine } from './logging/requestLogLine';
import type { PromptUi } from './ui/promptUi';
import { RedactingUi } from './ui/redactingUi';
import { VscodePromptUi } from './ui/vscodePromptUi';
import type { Services } from './commands/services';
import { ApiKeyStore } from './auth/apiKeyStore';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, GcoreAuthProvider } from './auth/gcoreAuthProvider';
import { FlavorLoader } from './loaders/flavorLoader';
import { ReadLoaders } from './loaders/readLoaders';
import { TaskPoller, type TaskSubject } from './loaders/taskPoller';
import { TaskTracking } from './commands/taskTracking';
import { taskCommands } from './commands/taskCommands';
import { walkthroughEvents } from './commands/walkthroughEvents';
import { EnvironmentKeyOffer } from './commands/environmentKeyOffer';
import { TaskHistory } from './state/taskHistory';
import { TasksSection } from './views/sections/tasksSection';
import { KnownZonesStore } from './state/knownZones';
import { RecentValues } from './state/recentValues';
import { SECTION, connectionSettings, flavorFilters, logSettings, readLocations, taskSettings } from './state/settings';
import { projectRegionKey, type ProjectRegionRef } from './core/projectRegion';
import { Explorer } from './views/explorer';
import { COMMAND, SCHEME, VIEW_ID } from './core/contributions';
import { KeyStatus } from './views/keyStatus';
import { TaskStatusBar } from './views/taskStatusBar';
import { ContainersSection } from './views/sections/containersSection';
import { DnsZonesSection } from './views/sections/dnsZonesSection';
import { GpuFlavorsSection } from './views/sections/gpuFlavorsSection';
import { locationIds, type TreeNode } from './views/treeNodes';
import { ZONES_SECTION } from './views/sections/zoneNodes';

/** Exposed to the extension's own tests only (ExtensionMode.Test), to script interactive flows. */
export interface TestingApi {
  setPromptUi(ui: PromptUi | undefined): void;
  /** Hands every log line, as written to the channel, to `listener` (undefined stops). */
  tapLog(listener: ((line: string) => void) | undefined): void;
  readonly tree: vscode.TreeDataProvider<TreeNode>;
  /** Ends the following of every task, so that one test's tasks are not asked for during the next. */
  stopFollowingTasks(): void;
  /** The Accounts menu's provider: what its Sign Out calls. */
  readonly accounts: vscode.AuthenticationProvider;
}

/**
 * Only registers things: no request and no secret read happen here. The key is read when the tree is
 * first shown or a command needs it.
 */
export function activate(context: vscode.ExtensionContext): TestingApi | undefined {
  const log = new Logger();
  const apiKey = new ApiKeyStore(context.secrets);
  let promptUi: PromptUi = new RedactingUi(new VscodePromptUi());
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const client = new GcoreClient({
    settings: connectionSettings,
    apiKey: async () => (await apiKey.get())?.key,
    userAgent: `gcore-vscode/${version} (VS Code ${vscode.version}; ${process.platform})`, // not user text: the HTTP User-Agent header
    onRequest: (event) => (event.outcome === 'ok' ? log.info(requestLogLine(event)) : log.warn(requestLogLine(event))),
  });
  const zones = new KnownZonesStore(context.globalState);
  const flavors = new FlavorLoader(client.gpu, flavorFilters);
  const reads = new ReadLoaders(client);
  // Both are called from getChildren, which VS Code runs only after the view below exists.
  const keyStatus = new KeyStatus(
    apiKey,
    (message) => {
      view.message = message;
    },
    // The account read for the view also names the key in the Accounts menu.
    async () => {
      const loaded = await reads.account();
      void accounts.refresh();
      return loaded;
    },
    () => void environmentKeyOffer.offer(),
  );
  const environmentKeyOffer = new EnvironmentKeyOffer(context.globalState, apiKey, () => promptUi, log);
  const taskPoller = new TaskPoller({ fetchTask: (id, signal) => client.account.getTask(id, { signal }), settings: taskSettings });
  const taskHistory = new TaskHistory(context.globalState);
  const containersSection = new ContainersSection(reads, VIEW_ID, (node) => tree.refresh(node), (location): ReadonlySet<string> => tasks.updatingAt(location));
  const tree = new Explorer(keyStatus, [
    new GpuFlavorsSection(flavors, VIEW_ID),
    new DnsZonesSection(zones, reads, VIEW_ID),
    containersSection,
    new TasksSection(taskHistory),
  ]);
  const tasks: TaskTracking = new TaskTracking({
    poller: taskPoller,
    history: taskHistory,
    client,
    reads,
    tree,
    log,
    setApiKey: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
    showLogs: async (subject) => {
      try {
        await logDocuments.show(subject);
      } catch (error) {
        log.error(`the logs of ${subject.containerName} could not be read`, error);
        void promptUi.notify('error', vscode.l10n.t('The logs of container {0} could not be read: {1}', subject.containerName, failureReason(error)));
      }
    },
  });
  // Tasks a window reload interrupted are followed again; the first request waits one poll interval.
  tasks.resume();
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });

  const snapshots = new Snapshots();
  const recentContainers = new RecentValues(context.globalState, 'gcore.recentContainers');
  const containerUpdates = new ContainerUpdates({ client, taskPoller, tasks, recentContainers, reads, tree });
  const containerEditor: ContainerEditor = new ResourceFileSystem(
    containerResource({
      client,
      listed: async (location) => {
        const loaded = await reads.containers(location, CONTAINER_LIST_REUSE_MS);
        return loaded.state === 'loaded' ? loaded.value.results : undefined;
      },
      sizes: async (location) => {
        const loaded = await reads.containerSizes(location);
        return loaded.state === 'loaded' ? loaded.value.results : undefined;
      },
      placeOf: (location) => placeOf(location),
      update: (address, changes, signal) => containerUpdates.send(address, address.containerName, changes, signal),
      updated: (address, result, reopen) => containerUpdates.report(promptUi, address, result, reopen),
    }),
    { ui: () => promptUi, log, snapshots },
  );

  const logDocuments = new LogDocuments({
    client,
    settings: logSettings,
    placeOf: (location) => placeOf(location),
    ui: () => promptUi,
    log,
    setApiKey: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
  });

  const services: Services = {
    client,
    log,
    apiKey,
    zones,
    flavors,
    reads,
    containersSection,
    recentContainers,
    containerUpdates,
    tree,
    treeView: view,
    taskPoller,
    tasks,
    containerEditor,
    logDocuments,
  };
  registerCommands(context, { log, ui: () => promptUi }, [
    ...apiKeyCommands(services),
    ...locationCommands(services),
    ...flavorCommands(services),
    ...containerCommands(services),
    ...containerJsonCommands(services),
    ...containerLogCommands(services),
    ...zoneCommands(services),
    ...dnssecCommands(services),
    ...logCommands(services),
    ...readCommands(services),
    ...rowCommands(services),
    ...taskCommands(services),
  ]);

  const accounts = new GcoreAuthProvider({
    apiKey,
    accountEmail: () => reads.loadedAccount()?.email ?? undefined,
    signIn: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
  });

  context.subscriptions.push(
    new TaskStatusBar(taskPoller),
    walkthroughEvents(taskPoller, zones),
    accounts,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, accounts, { supportsMultipleAccounts: false }),
    log,
    apiKey,
    zones,
    tree,
    view,
    { dispose: () => client.dispose() },
    { dispose: () => tasks.dispose() },
    { dispose: () => taskPoller.dispose() },
    containerEditor,
    snapshots,
    vscode.workspace.registerFileSystemProvider(SCHEME.container, containerEditor, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(SCHEME.snapshot, snapshots),
    logDocuments,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME.logs, logDocuments),
    vscode.workspace.registerTextDocumentContentProvider(SCHEME.schema, new SchemaDocuments()),
    new DocumentDiagnostics(containerEditor),
    vscode.languages.registerCodeLensProvider({ scheme: SCHEME.container }, new UnsentChangesLens(containerEditor)),
    vscode.languages.registerCompletionItemProvider({ scheme: SCHEME.container }, new SizeCompletions(containerEditor), '"', ':'),
    // A document's update ended: a finished one shows the values at Gcore; a failed one keeps the edits.
    { dispose: taskPoller.onDidChange((task) => {
      const subject = task.subject;
      if (task.end && subject) void containerEditor.refreshFromGcore((address) => sameContainer(address, subject), task.end.kind === 'finished');
    }) },
    apiKey.onDidChange(() => {
      reads.invalidateAll();
      tree.reload();
    }),
    // A zone created, added or toggled here: the account's list and DS records are read again.
    zones.onDidChange(() => tree.reload(ZONES_SECTION)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      if (event.affectsConfiguration(`${SECTION}.tasks`)) taskPoller.reschedule();
      reads.invalidateAll();
      tree.reload();
    }),
  );

  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    setPromptUi: (ui) => {
      promptUi = new RedactingUi(ui ?? new VscodePromptUi());
    },
    tapLog: (listener) => log.setTap(listener),
    tree,
    stopFollowingTasks: () => taskPoller.stopAll(),
    accounts,
  };
}

/** How an editor's tab names a location: the label it has in gcore.locations, or its ids. */
function placeOf(location: ProjectRegionRef): string {
  return readLocations().locations.find((known) => projectRegionKey(known) === projectRegionKey(location))?.label ?? locationIds(location);
}

export function deactivate(): void {}

function sameContainer(a: TaskSubject, b: TaskSubject): boolean {
  return a.projectId === b.projectId && a.regionId === b.regionId && a.containerName === b.containerName;
}
