import * as vscode from 'vscode';
import type { GpuCluster, GpuServer } from '../../api/gpu/gpuClusterTypes';
import type { GpuClusterRef } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { utcTimeMs } from '../../core/utcTime';
import { clusterStatus } from '../../models/gpu/gpuCluster';
import {
  validateConnectGpuServerArgs,
  validateGpuSshArgs,
  type ConnectGpuServerArgs,
  type GpuSshArgs,
} from '../../models/gpu/ssh/gpuSshArgs';
import { remoteSshToInstall } from '../../models/gpu/ssh/remoteSsh';
import {
  checkGpusArgs,
  connectionTestArgs,
  forwardArgs,
  homeFolder,
  remoteWindowUri,
  standaloneSshCommand,
  terminalArgs,
  WELL_KNOWN_PORTS,
  type SshTarget,
} from '../../models/gpu/ssh/sshCommandLines';
import type { SshFailure } from '../../models/gpu/ssh/sshFailures';
import { taskErrorText } from '../../models/task';
import { taskSettings } from '../../state/settings';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { sendGpuClusterAction } from '../../writes/gpu/gpuClusterWrites';
import { clusterStatusWords } from '../../views/gpu/presentation/clusterStatusWords';
import { serverAddressToCopy } from '../../views/gpu/presentation/serverView';
import { sshFailureWords, unreachableServerWords } from '../../views/gpu/presentation/sshWords';
import { callOptions, command, type Command, type RunContext } from '../flow/command';
import { reported } from '../flow/flowRunner';
import { readClusterSsh, serverOf, sshClusterRef } from '../../machine/gpu/gpuSshTargets';
import { freeLocalPort, waitForLocalPort } from '../../machine/gpu/localPorts';
import { addInclude, includesClusterFiles, knownHostsFile, writeClusterEntry } from '../../machine/gpu/sshConfigFiles';
import { forgetHostKey, runProgram, testConnection } from '../../machine/gpu/sshConnection';
import {
  argsOfRow,
  askToInclude,
  checkedSshSettings,
  chooseServer,
  isClusterOrServer,
  openSshTerminal,
  sayNoPublicAddress,
  sshDeps,
  sshTargetOf,
  targetOf,
  type GpuSshDeps,
} from '../../prompts/gpu/sshSetup';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';
import type { Services } from '../services';
import { setGpuSshUserCommand } from './gpuSshUserCommand';

/*
 * Into a GPU server from its row, the palette or a new cluster's notification: Open in VS Code (the entry written, the connection tested, a Remote-SSH window),
 * Start and Connect on a stopped cluster, Open SSH Terminal, Copy SSH Command, Forward Port… and Check GPUs.
 */

/** What the SSH commands use: what they read a cluster with, what every area's commands share, and the changes a start records. */
interface GpuSshCommandDeps extends GpuSshDeps {
  services: Services;
  changes: GpuClusterChanges;
}

/** How long the connection test tries again after a create or a start (gpu-notes.md: about two minutes). */
const BOOT_WINDOW_MS = 2 * 60_000;

/** A cluster created this recently may still be booting: its first connection test tries again. */
const RECENT_CREATE_MS = 20 * 60_000;

/** How long a forwarded port's tunnel may take to listen. */
const TUNNEL_WAIT_MS = 20_000;

/** The input of Open in VS Code: the contract's argument, and what the interactive flow settled before anything runs. */
interface ConnectInput extends ConnectGpuServerArgs {
  clusterName?: string;
  /** The user agreed to start the stopped cluster first. */
  start?: boolean;
  /** The Include may be added to the user's config (programmatically: `writeSshConfig`). */
  include: boolean;
  /** The server may still be booting: the connection test tries again. */
  booting?: boolean;
  interactive?: boolean;
}

type ConnectOutcome = 'opened' | 'noRemoteSsh' | 'notIncluded' | 'notOpened';

/** The contract's answer: what the entry is and where; `outcome` and `serverName` are the report's. */
interface ConnectResult {
  host: string;
  user: string;
  address: string;
  configFile: string;
  uri: string;
  entry: string;
  outcome: ConnectOutcome;
  serverName: string;
  target: SshTarget;
  /** The ssh program the test ran, which a terminal runs too. */
  ssh: string;
}

/** A connection test that failed: its words are the message; what the failure was and how to try again ride along. */
class SshTestError extends Error {
  constructor(
    message: string,
    readonly failure: SshFailure,
    readonly knownHosts: string,
  ) {
    super(message);
    this.name = 'SshTestError';
  }
}

function recentlyCreated(cluster: GpuCluster, now: number): boolean {
  const created = typeof cluster.created_at === 'string' ? utcTimeMs(cluster.created_at) : Number.NaN;
  return Number.isFinite(created) && now - created < RECENT_CREATE_MS;
}

/** Rejects when the signal aborts first: the wait ends, what it waited for goes on. */
function unlessCancelled<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const cancel = () => reject(new UserCancelledError());
    if (signal.aborted) return cancel();
    signal.addEventListener('abort', cancel, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
  });
}

/** Sends Start and follows it to its end (the Tasks view shows it too); a start Gcore failed is said with its reason. */
async function startAndWait(deps: GpuSshCommandDeps, ref: GpuClusterRef, name: string, context: RunContext): Promise<void> {
  context.report?.(vscode.l10n.t('Starting GPU cluster {0}; this takes a few minutes…', name));
  const { result } = await deps.changes.record(
    await sendGpuClusterAction(deps.services, { ...ref, clusterName: name }, 'start', callOptions(context)),
  );
  const tasks = await unlessCancelled(deps.services.taskPoller.waitFor(result.tasks, taskSettings().timeoutMs), context.signal);
  const failed = tasks.find((task) => task.end?.kind === 'error');
  if (failed) {
    const reason = taskErrorText(failed.task?.error, 400) ?? vscode.l10n.t('Gcore gave no reason');
    throw new Error(vscode.l10n.t('GPU cluster {0} did not start: {1}', name, reason));
  }
  if (tasks.some((task) => task.end?.kind !== 'finished')) {
    throw new Error(vscode.l10n.t('GPU cluster {0} is still starting at Gcore: open it again once its row says it is running.', name));
  }
}

/** The servers' entry, tested, and the window: every step of Open in VS Code after its questions. */
async function connect(deps: GpuSshCommandDeps, args: ConnectInput, context: RunContext): Promise<ConnectResult> {
  const { settings, ssh } = checkedSshSettings(deps.services.log);
  const targets = sshDeps(deps, settings);
  const ref = sshClusterRef(args);
  let read = await readClusterSsh(targets, ref, callOptions(context));
  let booting = args.booting === true || recentlyCreated(read.cluster, Date.now());
  if (args.start) {
    await startAndWait(deps, ref, read.cluster.name, context);
    booting = true;
    read = await readClusterSsh(targets, ref, callOptions(context));
  }
  const server = serverOf(read, args.serverId);
  const host = read.hosts.get(server.id);
  if (!host) throw new Error(unreachableServerWords(server));
  const { places } = settings;
  const { clusterId } = read.entry;
  if (args.writeSshConfig) {
    await writeClusterEntry(places, clusterId, read.text);
    if (args.include) await addInclude(places);
  }
  const included = await includesClusterFiles(places);
  const { user } = read.entry;
  const result: ConnectResult = {
    host: host.alias,
    user,
    address: host.address,
    configFile: read.file,
    uri: remoteWindowUri(host.alias, args.folder ?? homeFolder(user)),
    entry: read.text,
    outcome: 'notOpened',
    serverName: server.name,
    target: sshTargetOf(places, clusterId, host.alias, included),
    ssh,
  };
  if (!args.open) return result;
  if (clusterStatus(read.cluster) === 'shutoff') {
    throw new Error(
      vscode.l10n.t('GPU cluster {0} is stopped: start it first (gcore.gpuClusterAction with the action "start").', read.cluster.name),
    );
  }
  context.report?.(vscode.l10n.t('Testing SSH to {0} ({1})…', server.name, host.address));
  const failure = await testConnection({
    run: runProgram,
    ssh,
    args: connectionTestArgs(result.target),
    bootWindowMs: booting ? BOOT_WINDOW_MS : 0,
    signal: context.signal,
    onRetry: (attempt) =>
      context.report?.(
        vscode.l10n.t('SSH on {0} is not up yet, as while a server boots; trying again (attempt {1})…', host.address, attempt + 1),
      ),
  });
  if (failure) {
    deps.services.log.warn(`SSH test of ${host.alias} (${host.address}) failed: ${failure.kind}: ${failure.detail}`);
    const words = sshFailureWords(failure, {
      serverName: server.name,
      address: host.address,
      clusterName: read.cluster.name,
      keyName: read.keyName,
      identityFile: read.entry.identityFile,
    });
    throw new SshTestError(words, failure, knownHostsFile(places, clusterId));
  }
  if (!included) return { ...result, outcome: 'notIncluded' };
  const opened = await context.ui.openWindow(result.uri);
  if (!opened && !args.interactive) {
    throw new Error(
      vscode.l10n.t('The connection to {0} works, but no Remote-SSH extension is installed to open a window on it.', host.alias),
    );
  }
  return { ...result, outcome: opened ? 'opened' : 'noRemoteSsh' };
}

/** The cluster a command is for, the settings checked, and the cluster read (with progress) for the command's questions. */
async function readTarget(deps: GpuSshCommandDeps, ui: PromptUi, node: unknown, title: string) {
  const base = await targetOf(deps, ui, node, title);
  const ref = sshClusterRef(base);
  const settings = checkedSshSettings(deps.services.log);
  const read = await ui.withProgress({
    title: vscode.l10n.t('Reading GPU cluster {0}…', base.clusterName ?? base.clusterId),
    run: (signal) => readClusterSsh(sshDeps(deps, settings.settings), ref, { signal }),
  });
  return { base, settings, read, status: clusterStatus(read.cluster) };
}

/**
 * What Open in VS Code asks on a row, for a cluster a notification names, or from the palette: to start a stopped
 * cluster, which server, and once whether the Include may be added.
 */
async function askConnect(deps: GpuSshCommandDeps, ui: PromptUi, node: unknown): Promise<ConnectInput> {
  const { base, settings, read, status } = await readTarget(deps, ui, node, vscode.l10n.t('Open in VS Code'));
  let start = false;
  if (status === 'shutoff') {
    const startLabel = vscode.l10n.t('Start and Connect');
    const choice = await ui.choose({
      message: vscode.l10n.t('GPU cluster {0} is stopped. Start it and open a window on it?', read.cluster.name),
      detail: vscode.l10n.t(
        'Starting it takes a few minutes, and its servers are billed again from then on. The window opens once SSH answers.',
      ),
      choices: [startLabel],
    });
    if (choice !== startLabel) throw new UserCancelledError();
    start = true;
  } else if (status !== 'active') {
    throw new Error(
      vscode.l10n.t(
        'GPU cluster {0} is {1}: a window can be opened once it is running.',
        read.cluster.name,
        clusterStatusWords(read.cluster),
      ),
    );
  }
  const server = await chooseServer(ui, read, base.serverId);
  if (!start && !read.hosts.has(server.id)) {
    sayNoPublicAddress(ui, base, server);
    throw new UserCancelledError();
  }
  const { places } = settings.settings;
  const include = (await includesClusterFiles(places)) || (await askToInclude(ui, places));
  return { ...base, serverId: server.id, open: true, writeSshConfig: true, include, start, interactive: true };
}

/** After the test passed without a window: Remote-SSH missing (install it, or a terminal), or the Include declined (a terminal). */
async function reportConnect(ui: PromptUi, result: ConnectResult): Promise<void> {
  const terminal = vscode.l10n.t('Open SSH Terminal');
  const openTerminal = () => openSshTerminal(vscode.l10n.t('SSH: {0}', result.serverName), result.ssh, terminalArgs(result.target));
  if (result.outcome === 'notIncluded') {
    const choice = await ui.notify(
      'info',
      vscode.l10n.t(
        'The connection to server {0} works. Remote-SSH finds {1} only through the Include line you did not want added, so no window opened.',
        result.serverName,
        result.host,
      ),
      terminal,
    );
    if (choice === terminal) openTerminal();
    return;
  }
  if (result.outcome !== 'noRemoteSsh') return;
  const extension = remoteSshToInstall(vscode.env.appName);
  const install = vscode.l10n.t('Install Remote - SSH');
  const choice = await ui.notify(
    'warning',
    vscode.l10n.t(
      'The connection to server {0} works, but a window on it needs a Remote-SSH extension, and none is installed ({1} fits this editor).',
      result.serverName,
      extension,
    ),
    install,
    terminal,
  );
  if (choice === terminal) openTerminal();
  if (choice !== install) return;
  await vscode.commands.executeCommand('workbench.extensions.installExtension', extension);
  if (!(await ui.openWindow(result.uri))) {
    void ui.notify('info', vscode.l10n.t('{0} is installed: run Open in VS Code again once the editor has loaded it.', extension));
  }
}

/** A failed connection test: its words, with Retry and what fixes its cause (forgetting a changed host key, the settings). */
async function onConnectFailure(deps: GpuSshCommandDeps, ui: PromptUi, error: unknown, args: ConnectInput) {
  if (!(error instanceof SshTestError)) return undefined;
  const retry = vscode.l10n.t('Retry');
  const forget = vscode.l10n.t('Forget Old Host Key');
  const settings = vscode.l10n.t('Open Settings');
  const { failure } = error;
  const actions = [
    retry,
    ...(failure.kind === 'hostKeyChanged' && failure.knownHostsName ? [forget] : []),
    ...(failure.kind === 'noRoute' || failure.kind === 'refusedKey' ? [settings] : []),
  ];
  const choice = await ui.notify('error', error.message, ...actions);
  // The start, when there was one, is done: trying again only tests, with the boot's patience.
  const again = { ...args, start: false, booting: args.booting === true || args.start === true };
  if (choice === retry) return { runAgainWith: again };
  if (choice === forget && failure.knownHostsName) {
    await forgetHostKey(runProgram, checkedSshSettings(deps.services.log).ssh, error.knownHosts, failure.knownHostsName);
    return { runAgainWith: again };
  }
  if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'gcore.gpu.ssh');
  throw reported(error);
}

function connectCommand(deps: GpuSshCommandDeps) {
  return command<ConnectInput, ConnectResult>({
    id: COMMAND.connectGpuServer,
    what: (args) =>
      args?.clusterName
        ? vscode.l10n.t('Open GPU cluster {0} in VS Code', args.clusterName)
        : vscode.l10n.t('Open a GPU server in VS Code'),
    parse: (arg) => {
      const args = unwrap(validateConnectGpuServerArgs(arg));
      return { ...args, include: args.writeSshConfig };
    },
    ask: (ui, _draft, node) => askConnect(deps, ui, node),
    progress: (args) => vscode.l10n.t('Opening GPU cluster {0} in VS Code', args.clusterName ?? args.clusterId),
    run: (args, context) => connect(deps, args, context),
    returns: ({ host, user, address, configFile, uri, entry }) => ({ host, user, address, configFile, uri, entry }),
    onFailure: (ui, error, args) => onConnectFailure(deps, ui, error, args),
    report: (ui, result) => reportConnect(ui, result),
  });
}

/** A row's server, ready for ssh: the cluster running, the server chosen and reachable, the entry written. */
interface ReadyServer {
  server: GpuServer;
  target: SshTarget;
  ssh: string;
}

async function readyServer(deps: GpuSshCommandDeps, ui: PromptUi, node: unknown, title: string): Promise<ReadyServer> {
  const { base, settings, read, status } = await readTarget(deps, ui, node, title);
  if (status !== 'active') {
    throw new Error(
      status === 'shutoff'
        ? vscode.l10n.t('GPU cluster {0} is stopped: Open in VS Code starts it and connects.', read.cluster.name)
        : vscode.l10n.t('GPU cluster {0} is {1}: SSH reaches it once it is running.', read.cluster.name, clusterStatusWords(read.cluster)),
    );
  }
  const server = await chooseServer(ui, read, base.serverId);
  const host = read.hosts.get(server.id);
  if (!host) {
    sayNoPublicAddress(ui, base, server);
    throw new UserCancelledError();
  }
  const { places } = settings.settings;
  // The cluster's own file, which terminals read when the user's config does not include it; the user's config is not touched.
  await writeClusterEntry(places, read.entry.clusterId, read.text);
  return {
    server,
    ssh: settings.ssh,
    target: sshTargetOf(places, read.entry.clusterId, host.alias, await includesClusterFiles(places)),
  };
}

/**
 * A command that opens a terminal on a server of a row's cluster, or of one picked under its palette `title`; it reads
 * and writes nothing programmatically.
 */
function terminalCommand(
  deps: GpuSshCommandDeps,
  id: string,
  titles: { what: () => string; title: () => string },
  open: (ui: PromptUi, ready: ReadyServer) => Promise<void>,
) {
  return command<ReadyServer, undefined>({
    id,
    what: titles.what,
    ask: (ui, _draft, node) => readyServer(deps, ui, node, titles.title()),
    run: async (ready, { ui }) => {
      await open(ui, ready);
      return undefined;
    },
  });
}

/** The port to forward: a well-known one, or any typed. */
async function askPort(ui: PromptUi, serverName: string): Promise<number> {
  const port = await ui.pick<number>({
    title: vscode.l10n.t('Gcore: Forward a port of server {0}', serverName),
    placeholder: vscode.l10n.t('A port on the server, or type any port number'),
    items: WELL_KNOWN_PORTS.map(({ port: number, service }) => ({ label: String(number), description: service(), value: number })),
    custom: {
      label: (text) => vscode.l10n.t('Port {0}', text),
      validate: (text) =>
        /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 65535
          ? undefined
          : vscode.l10n.t('Port: a number from 1 to 65535'),
      toValue: (text) => Number(text.trim()),
    },
  });
  return orCancel(port);
}

/** A tunnel in a terminal, then its local address opened once it listens; a tunnel that does not come up is said. */
async function forwardPort(ui: PromptUi, ready: ReadyServer): Promise<void> {
  const remotePort = await askPort(ui, ready.server.name);
  const localPort = await freeLocalPort(remotePort);
  const terminal = openSshTerminal(
    vscode.l10n.t('SSH: {0} port {1}', ready.server.name, remotePort),
    ready.ssh,
    forwardArgs(ready.target, localPort, remotePort),
  );
  const listening = await ui.withProgress({
    title: vscode.l10n.t('Forwarding port {0} of server {1}…', remotePort, ready.server.name),
    run: (signal) => waitForLocalPort(localPort, { timeoutMs: TUNNEL_WAIT_MS, gaveUp: () => terminal.exitStatus !== undefined, signal }),
  });
  if (!listening) {
    void ui.notify(
      'error',
      vscode.l10n.t('The tunnel to port {0} of server {1} did not start: its terminal says why.', remotePort, ready.server.name),
    );
    return;
  }
  const address = `http://localhost:${localPort}/`;
  await ui.openExternal(address);
  void ui.notify(
    'info',
    vscode.l10n.t(
      'Port {0} of server {1} is at {2} while its terminal runs; close the terminal to end the tunnel.',
      remotePort,
      ready.server.name,
      address,
    ),
  );
}

/** Copy SSH Command's server: a server row's, a cluster row's first, or from the palette the one chosen of the cluster picked. */
async function askCopy(deps: GpuSshCommandDeps, ui: PromptUi, node: unknown): Promise<GpuSshArgs> {
  if (isClusterOrServer(node)) return argsOfRow(node);
  const { base, read } = await readTarget(deps, ui, node, vscode.l10n.t('Copy SSH Command'));
  return { ...base, serverId: (await chooseServer(ui, read, base.serverId)).id };
}

function copyCommand(deps: GpuSshCommandDeps) {
  return command<GpuSshArgs, { command: string; serverName: string }>({
    id: COMMAND.copyGpuSshCommand,
    what: () => vscode.l10n.t('Copy SSH command'),
    parse: (arg) => unwrap(validateGpuSshArgs(arg)),
    ask: (ui, _draft, node) => askCopy(deps, ui, node),
    run: async (args, { ui, signal }) => {
      const { settings } = checkedSshSettings(deps.services.log);
      const read = await readClusterSsh(sshDeps(deps, settings), sshClusterRef(args), { signal });
      const server = serverOf(read, args.serverId);
      // A private address still makes a command for a machine on the cluster's network.
      const address = read.hosts.get(server.id)?.address ?? serverAddressToCopy(server)?.address;
      if (address === undefined) throw new Error(unreachableServerWords(server));
      const line = standaloneSshCommand(read.entry.user, address, read.entry.identityFile, settings.options);
      await ui.copyToClipboard(line);
      return { command: line, serverName: server.name };
    },
    returns: (result) => result.command,
    report: (ui, result) =>
      void ui.notify('info', vscode.l10n.t('Copied the SSH command of server {0}: {1}', result.serverName, result.command)),
  });
}

/** Open in VS Code, Copy SSH Command (the contract's connectGpuServer and copyGpuSshCommand), and the rows' terminals. */
export function gpuSshCommands(deps: GpuSshCommandDeps): Command<never, unknown, never>[] {
  return [
    connectCommand(deps),
    copyCommand(deps),
    terminalCommand(
      deps,
      COMMAND.openGpuSshTerminal,
      { what: () => vscode.l10n.t('Open SSH terminal'), title: () => vscode.l10n.t('Open SSH Terminal') },
      async (_ui, ready) => void openSshTerminal(vscode.l10n.t('SSH: {0}', ready.server.name), ready.ssh, terminalArgs(ready.target)),
    ),
    terminalCommand(
      deps,
      COMMAND.checkGpus,
      { what: () => vscode.l10n.t('Check GPUs'), title: () => vscode.l10n.t('Check GPUs') },
      async (_ui, ready) =>
        void openSshTerminal(vscode.l10n.t('nvidia-smi: {0}', ready.server.name), ready.ssh, checkGpusArgs(ready.target)),
    ),
    terminalCommand(
      deps,
      COMMAND.forwardGpuPort,
      { what: () => vscode.l10n.t('Forward port'), title: () => vscode.l10n.t('Forward Port…') },
      forwardPort,
    ),
    setGpuSshUserCommand(deps),
  ];
}
