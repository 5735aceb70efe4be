import type { BrowserContext } from 'playwright-core';
import { RELOAD_ENDPOINT_PORT_VARIABLE, RELOAD_PHASE_VARIABLE, type ReloadPhase } from '../extension/reload/reloadPhase';
import { CleanupStack } from './cleanup-stack';
import { type CodeServerInstall, ensureCodeServerInstalled } from './code-server-install';
import { CodeServerProcess } from './code-server-process';
import { EXIT_HARNESS_FAILURE, runEntryPoint } from './entry-point';
import { errorSummary } from './error-summary';
import { applyEnvChanges, extensionHostEnvChanges } from './extension-host-env';
import { formatAutomationLog, isManifestProblem } from './extension-host-log';
import { assertBuilt, EXTENSION_ID, REPO_ROOT, TESTS_ENTRY } from './extension-under-test';
import { findFreeLoopbackPort } from './free-port';
import { createCleanedUpProfile, type ThrowawayProfile } from './throwaway-profile';
import { launchChromium, runWorkbenchTests } from './workbench-browser';
import { workbenchTestUrl } from './workbench-url';

/**
 * Runs the suites of out/test/extension/ inside a real VS Code extension host (code-server's), with the
 * workbench in headless Chromium, and exits with the tests' exit code. VS Code starts twice on the same
 * profile: the main phase runs every suite and leaves state behind (reload/beforeReload.test), then, after
 * the window has closed and code-server has stopped, the second start runs reload/afterReload.test alone to
 * check that state. Both must pass for exit 0; otherwise the first failing phase's code is returned.
 * Harness failures exit 2, the hard timeout 124, and SIGINT/SIGTERM 130/143; in every case the browser,
 * every code-server process group and the temp profile are removed first.
 */

const TIMEOUT_VARIABLE = 'GCORE_TEST_TIMEOUT_SECONDS';
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
const READY_TIMEOUT_MS = 60_000;
const HOST_EXIT_TIMEOUT_MS = 10_000;
const HOST_EXIT_POLL_MS = 100;
/** code-server's log line once the extension host of a closed window has shut down. */
const EXTENSION_HOST_EXITED = /Extension Host Process exited/;

const cleanups = new CleanupStack();
const startedAt = Date.now();

function phase(message: string): void {
  console.log(`[extension-tests +${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`);
}

function timeoutSeconds(): number {
  const raw = process.env[TIMEOUT_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`${TIMEOUT_VARIABLE} must be a positive number of seconds, not "${raw}".`);
  }
  return seconds;
}

async function runTests(): Promise<number> {
  assertBuilt();
  const env = applyEnvChanges(process.env, extensionHostEnvChanges(process.env));

  const install = await ensureCodeServerInstalled(cleanups);
  phase(`code-server found in ${install.codeServerDir}`);

  const profile = createCleanedUpProfile(cleanups);

  const port = await findFreeLoopbackPort();
  let endpointPort = await findFreeLoopbackPort();
  // The kernel may hand out a port again once its listener closed; code-server's is taken for the whole run.
  while (endpointPort === port) endpointPort = await findFreeLoopbackPort();
  const browser = await launchChromium(profile.privateDirsEnv);
  // Playwright kills the browsers it launched when the process exits, so no synchronous step is needed.
  cleanups.push({ name: 'close browser', run: () => browser.close(), runNow: () => undefined });

  // The web workbench keeps globalState and SecretStorage in the browser's storage for code-server's origin
  // (the user-data dir holds the settings), so both starts share one browser context and one port.
  const context = await browser.newContext();
  const shared: SharedByBothStarts = { install, profile, port, endpointPort, env, context };

  const main = await runStart('main', shared);
  // The reload: the window closes, the extension host deactivates the extension and exits, code-server stops.
  await closeWindows(context);
  await waitForExtensionHostExit(main.server);
  await main.server.stop();
  const afterReload = await runStart('afterReload', shared);

  phase(`main phase: exit ${main.exitCode}; after the reload: exit ${afterReload.exitCode}`);
  return main.exitCode !== 0 ? main.exitCode : afterReload.exitCode;
}

interface SharedByBothStarts {
  install: CodeServerInstall;
  profile: ThrowawayProfile;
  port: number;
  /** Where the reload check's emulator serves an inference deployment in each start (reload/reloadPhase.ts). */
  endpointPort: number;
  env: NodeJS.ProcessEnv;
  context: BrowserContext;
}

interface FinishedStart {
  exitCode: number;
  server: CodeServerProcess;
}

/**
 * Starts code-server, opens a workbench window that runs this phase's suites, and returns their exit code.
 * The window and code-server stay up; the cleanups stop them if the caller does not.
 */
async function runStart(reloadPhase: ReloadPhase, shared: SharedByBothStarts): Promise<FinishedStart> {
  // A signal or the timeout may have started the teardown while the previous start was finishing.
  if (cleanups.isDraining()) throw new Error('the teardown has started');
  const { install, profile, port, endpointPort, env, context } = shared;
  const server = CodeServerProcess.start({
    install,
    profile,
    port,
    env: { ...env, [RELOAD_PHASE_VARIABLE]: reloadPhase, [RELOAD_ENDPOINT_PORT_VARIABLE]: String(endpointPort) },
  });
  cleanups.push(server.cleanup(`stop code-server (${reloadPhase})`));
  // Newest first: the window closes before its code-server stops, as when a user closes VS Code.
  cleanups.push({ name: `close the ${reloadPhase} window`, run: () => closeWindows(context), runNow: () => undefined });
  await server.waitUntilReady(READY_TIMEOUT_MS);
  phase(`${reloadPhase}: code-server ready on ${server.url} (process group ${server.pid}); running the extension host tests`);

  const url = workbenchTestUrl({
    serverUrl: server.url,
    workspaceDir: profile.workspaceDir,
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: TESTS_ENTRY,
  });
  const manifestProblems: string[] = [];
  const testsRun = runWorkbenchTests(context, url, (type, args) => {
    const line = formatAutomationLog(type, args);
    if (line === undefined) return;
    console.log(line);
    if (isManifestProblem(line, EXTENSION_ID)) manifestProblems.push(line);
  });
  const serverDied = server.whenExited().then((how): never => {
    if (!cleanups.isDraining()) console.error(server.recentOutput());
    throw new Error(`code-server stopped during the tests (${how}).`);
  });
  let exitCode = await Promise.race([testsRun, serverDied]);
  // A contribution VS Code refused is missing for users too, even when every test passed.
  if (manifestProblems.length > 0) {
    console.error(`VS Code refused part of the extension's package.json:\n${manifestProblems.join('\n')}`);
    exitCode ||= 1;
  }
  phase(`${reloadPhase}: extension host tests finished: exit ${exitCode}`);
  return { exitCode, server };
}

async function closeWindows(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.close();
}

/**
 * After its window closed, the extension host deactivates the extensions and exits, which code-server logs.
 * Stopping code-server before that would kill the host instead of letting it shut down.
 */
async function waitForExtensionHostExit(server: CodeServerProcess): Promise<void> {
  const deadline = Date.now() + HOST_EXIT_TIMEOUT_MS;
  while (!EXTENSION_HOST_EXITED.test(server.recentOutput())) {
    if (Date.now() > deadline) {
      phase(`the extension host did not report its exit within ${HOST_EXIT_TIMEOUT_MS / 1000} s; stopping code-server anyway`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, HOST_EXIT_POLL_MS));
  }
}

let timeoutMs: number;
try {
  timeoutMs = timeoutSeconds() * 1000;
} catch (error) {
  console.error(errorSummary(error));
  process.exit(EXIT_HARNESS_FAILURE);
}

runEntryPoint({
  cleanups,
  log: phase,
  timeoutMs,
  timeoutHint: `${TIMEOUT_VARIABLE} changes the limit`,
  main: async () => {
    const exitCode = await runTests();
    phase(`tearing down; exiting with ${exitCode}`);
    return exitCode;
  },
});
