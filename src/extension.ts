// First: the translations must be in place before any other module of the extension loads.
import './localization';
import * as vscode from 'vscode';
import { accountArea } from './areas/account/accountArea';
import { agentsArea } from './areas/agents/agentsArea';
import { containersArea } from './areas/containers/containersArea';
import { createCore } from './areas/core';
import { gpuArea } from './areas/gpu/gpuArea';
import { inferenceArea } from './areas/inference/inferenceArea';
import { tasksArea } from './areas/tasks/tasksArea';
import { zonesArea } from './areas/dns/zonesArea';
import { registerCommands } from './commands/commandRegistration';
import type { Services } from './commands/services';
import { treeCommands } from './commands/treeCommands';
import { VIEW_ID } from './core/contributions';
import { registerDocumentKinds } from './documents/documentKinds';
import type { Logger } from './logging/logger';
import type { CachedModule, CodeCacheUse } from './startup/codeCache';
import { SECTION } from './state/settings';
import type { PromptUi } from './ui/promptUi';
import { Explorer } from './views/explorer';
import type { TreeNode } from './views/treeNodes';

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
  /** The commands loaded on first use, each group's declared ids beside those its code holds. */
  lazyCommands(): Promise<{ declared: readonly string[]; loaded: string[] }[]>;
  /** The MCP server as VS Code would start it: provided, then resolved (the key added). */
  mcpServer(): Promise<vscode.McpStdioServerDefinition>;
  /**
   * What V8's code cache did for this start, whether this start then saved one (false: nothing to save, or it
   * failed), and how long loading this code took (reading the cache, compiling, running its modules).
   */
  readonly codeCache: { use: CodeCacheUse; saved: Promise<boolean>; loadMs: number };
  /** How long each part of activate() took, in its order: the shared core, each area, the tree and the commands. */
  readonly setUpMs: readonly { part: string; ms: number }[];
}

/** How src/extensionStart.ts loaded this code: what the code cache did, its save, and the time it took. */
export type Startup = Pick<CachedModule<unknown>, 'use' | 'save'> & { loadMs: number };

/**
 * Long enough after activation for the tree's first rows to have been drawn, so that the functions they
 * ran are in the cache too, and for the write not to compete with the window's start.
 */
const SAVE_CODE_CACHE_AFTER_MS = 5_000;

/**
 * Only registers things: no request and no secret read happen here. The key is read when the tree is
 * first shown or a command needs it. What the areas share comes first, then each area and the kinds of
 * change they register (the tasks a reload interrupted are followed again after), then the tree of their
 * sections, its view, and their commands.
 * Called by src/extensionStart.ts, which loaded this code and says how.
 */
export function activate(context: vscode.ExtensionContext, startup: Startup): TestingApi | undefined {
  const setUpMs: { part: string; ms: number }[] = [];
  // What each area adds to a start, for the benchmark: two clock reads a part.
  const timed = <T>(part: string, build: () => T): T => {
    const started = performance.now();
    const built = build();
    setUpMs.push({ part, ms: performance.now() - started });
    return built;
  };
  const core = timed('core', () => createCore(context));
  const codeCache = keepCodeCache(startup, core.log);
  context.subscriptions.push(codeCache);
  const tasks = timed('tasks', () => tasksArea(core));
  const gpu = timed('gpu', () => gpuArea(core));
  const zones = timed('dns', () => zonesArea(core));
  const containers = timed('containers', () => containersArea(core));
  const inference = timed('inference', () => inferenceArea(core));
  const account = timed('account', () => accountArea(core));
  const agents = timed('agents', () => agentsArea(core));
  const areas = [gpu, zones, containers, inference, tasks, account, agents];
  for (const kind of areas.flatMap((area) => area.changeKinds ?? [])) core.changeKinds.register(kind);
  // Tasks a window reload interrupted are followed again, once their kinds can read what earlier versions
  // stored; the first request waits one poll interval.
  core.tasks.resume();

  const tree = new Explorer(
    core.keyStatus,
    areas.flatMap((area) => area.sections ?? []),
    core.treeChanges,
  );
  const view = timed('view', () => vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true }));
  const services: Services = { ...core, tree, treeView: view };
  const lazyCommands = areas.flatMap((area) => area.lazyCommands?.(services) ?? []);
  timed('commands', () =>
    registerCommands(
      context,
      { log: core.log, ui: core.ui.get },
      [...treeCommands(services), ...areas.flatMap((area) => area.commands?.(services) ?? [])],
      lazyCommands,
    ),
  );

  context.subscriptions.push(
    ...core.disposables,
    ...areas.flatMap((area) => area.disposables ?? []),
    ...timed('documents', () => registerDocumentKinds(areas.flatMap((area) => area.documentKinds ?? []))),
    view,
    core.keyStatus.onDidChangeMessage((message) => {
      view.message = message;
    }),
    core.apiKey.onDidChange(() => {
      core.taskPoller.resetApiSupport();
      core.loaders.invalidateAll();
      tree.reload();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      if (event.affectsConfiguration(`${SECTION}.tasks`)) core.taskPoller.reschedule();
      core.taskPoller.resetApiSupport();
      core.loaders.invalidateAll();
      tree.reload();
    }),
  );

  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    setPromptUi: (ui) => core.ui.use(ui),
    tapLog: (listener) => core.log.setTap(listener),
    tree,
    stopFollowingTasks: () => core.taskPoller.stopAll(),
    accounts: core.accounts,
    mcpServer: async () => {
      const [provided] = agents.mcpServers.provideMcpServerDefinitions();
      return agents.mcpServers.resolveMcpServerDefinition(provided);
    },
    lazyCommands: () => Promise.all(lazyCommands.map(async (group) => ({ declared: group.ids, loaded: [...(await group.load()).keys()] }))),
    codeCache: { use: startup.use, saved: codeCache.saved, loadMs: startup.loadMs },
    setUpMs,
  };
}

export function deactivate(): void {}

/**
 * A while after activation, says in the log how the code was loaded (not during it: the log's channel is
 * made by its first line) and, when V8's cache was not used, writes it.
 */
function keepCodeCache(startup: Startup, log: Logger): vscode.Disposable & { saved: Promise<boolean> } {
  let timer: NodeJS.Timeout | undefined;
  let settle: (saved: boolean) => void = () => undefined;
  const saved = new Promise<boolean>((resolve) => {
    settle = resolve;
    timer = setTimeout(() => {
      log.info(`code loaded in ${startup.loadMs.toFixed(1)} ms (V8 code cache: ${startup.use})`);
      if (startup.use === 'used' || startup.use === 'off') {
        resolve(false);
        return;
      }
      startup.save().then(
        (bytes) => {
          log.info(`V8 code cache saved for the next start (${Math.round(bytes / 1000)} KB)`);
          resolve(true);
        },
        (error: unknown) => {
          log.error('the V8 code cache could not be saved; the next start compiles the code again', error);
          resolve(false);
        },
      );
    }, SAVE_CODE_CACHE_AFTER_MS);
  });
  // Deactivated before the save: nothing is written, and whoever waits for it hears so.
  const cancel = () => {
    clearTimeout(timer);
    settle(false);
  };
  return Object.assign(new vscode.Disposable(cancel), { saved });
}
