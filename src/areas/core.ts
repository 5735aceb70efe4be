import * as vscode from 'vscode';
import { ToolContextRegistry } from '../agentTools/toolContextParts';
import { GcoreClient } from '../api';
import { ApiKeyStore } from '../auth/apiKeyStore';
import { GcoreAuthProvider } from '../auth/gcoreAuthProvider';
import { COMMAND, SCHEME } from '../core/contributions';
import { Snapshots } from '../documents/snapshots';
import { AccountReads } from '../loaders/accountReads';
import { Loaders } from '../loaders/loaders';
import { TaskPoller } from '../loaders/taskPoller';
import { Logger } from '../logging/logger';
import { requestLogLine } from '../logging/requestLogLine';
import { RecentValues } from '../state/recentValues';
import { connectionSettings, taskSettings } from '../state/settings';
import { TaskHistory } from '../state/taskHistory';
import { ActiveUi } from '../ui/activeUi';
import { RemoteWindowKinds } from '../ui/remoteWindows';
import { EnvironmentKeyOffer } from '../ui/vscode/environmentKeyOffer';
import { ChangeKinds } from '../views/changeKinds';
import { KeyStatus } from '../views/keyStatus';
import { TaskTracking } from '../views/taskTracking';
import { TreeChanges } from '../views/treeChanges';

/** What every area shares, built in dependency order before any area. */
export interface Core {
  readonly context: vscode.ExtensionContext;
  readonly log: Logger;
  readonly apiKey: ApiKeyStore;
  readonly ui: ActiveUi;
  /** The kinds of remote window the areas open (a GPU server's), each registered by its area with the extensions it needs. */
  readonly remoteWindows: RemoteWindowKinds;
  readonly client: GcoreClient;
  /** The User-Agent of every request the extension sends: the Gcore API's and a deployment's address's. */
  readonly userAgent: string;
  /** The hub each area registers its loaders with; a new key or base URL invalidates them all. */
  readonly loaders: Loaders;
  /** The account, its projects and regions: the key's status and the Accounts menu need the account. */
  readonly accountReads: AccountReads;
  readonly recentContainers: RecentValues;
  /** Redraws of the tree, which sections and followed tasks ask for before the tree exists. */
  readonly treeChanges: TreeChanges;
  readonly keyStatus: KeyStatus;
  /** The Accounts menu's provider. */
  readonly accounts: GcoreAuthProvider;
  readonly taskPoller: TaskPoller;
  readonly taskHistory: TaskHistory;
  /** What the areas add to their agent tools' context in VS Code (their settings), each registered by its area. */
  readonly toolContext: ToolContextRegistry;
  /** The kinds of resource whose changes are followed; each area registers its own (`Area.changeKinds`). */
  readonly changeKinds: ChangeKinds;
  readonly tasks: TaskTracking;
  /** The read-only left sides of every editor's review diffs (a container's values, a zone's file at Gcore). */
  readonly snapshots: Snapshots;
  readonly disposables: readonly vscode.Disposable[];
}

/** Runs a command of the extension, as its menus and notifications do. */
const run = (id: string, ...args: unknown[]): Thenable<unknown> => vscode.commands.executeCommand(id, ...args);

/** Only builds things: no request and no secret read happen here. */
export function createCore(context: vscode.ExtensionContext): Core {
  const log = new Logger();
  const apiKey = new ApiKeyStore(context.secrets);
  const remoteWindows = new RemoteWindowKinds();
  const ui = new ActiveUi(remoteWindows);
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const userAgent = `gcore-vscode/${version} (VS Code ${vscode.version}; ${process.platform})`; // not user text: the HTTP User-Agent header
  const client = new GcoreClient({
    settings: connectionSettings,
    apiKey: () => apiKey.keyIfRead() ?? apiKey.get().then((key) => key?.key),
    userAgent,
    onRequest: (event) => (event.outcome === 'ok' ? log.info(requestLogLine(event)) : log.warn(requestLogLine(event))),
  });
  const loaders = new Loaders();
  const accountReads = loaders.register(new AccountReads(client, loaders.limit));
  const recentContainers = new RecentValues(context.globalState, 'gcore.recentContainers');
  const treeChanges = new TreeChanges();
  const accounts = new GcoreAuthProvider({
    apiKey,
    accountEmail: () => accountReads.loadedAccount()?.email,
    signIn: async () => run(COMMAND.setApiKey),
  });
  const environmentKeyOffer = new EnvironmentKeyOffer(context.globalState, apiKey, ui.get, log);
  const keyStatus = new KeyStatus(
    apiKey,
    // The account read for the view also names the key in the Accounts menu.
    async () => {
      const loaded = await accountReads.account();
      void accounts.refresh();
      return loaded;
    },
    () => void environmentKeyOffer.offer(),
  );
  const taskPoller = new TaskPoller({
    fetchTask: (id, signal) => client.account.getTask(id, { signal }),
    listTasks: (query, signal) => client.account.listTasks(query, { signal }),
    settings: taskSettings,
  });
  const changeKinds = new ChangeKinds();
  const toolContext = new ToolContextRegistry();
  const taskHistory = new TaskHistory(
    context.globalState,
    (stored) => changeKinds.readStored(stored),
    (error) => log.error('the task history could not be stored', error),
  );
  const snapshots = new Snapshots(SCHEME.snapshot);
  const tasks = new TaskTracking({
    poller: taskPoller,
    history: taskHistory,
    kinds: changeKinds,
    tree: treeChanges,
    setApiKey: async () => run(COMMAND.setApiKey),
  });
  return {
    context,
    log,
    apiKey,
    ui,
    remoteWindows,
    client,
    userAgent,
    loaders,
    accountReads,
    recentContainers,
    treeChanges,
    keyStatus,
    accounts,
    taskPoller,
    taskHistory,
    toolContext,
    changeKinds,
    tasks,
    snapshots,
    disposables: [
      log,
      apiKey,
      treeChanges,
      keyStatus,
      accounts,
      { dispose: () => client.dispose() },
      tasks,
      taskPoller,
      snapshots,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.snapshot, snapshots),
    ],
  };
}
