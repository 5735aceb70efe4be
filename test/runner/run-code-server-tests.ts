import { CleanupStack } from './cleanup-stack';
import { ensureCodeServerInstalled } from './code-server-install';
import { CodeServerProcess } from './code-server-process';
import { errorSummary } from './error-summary';
import { applyEnvChanges, extensionHostEnvChanges } from './extension-host-env';
import { formatAutomationLog } from './extension-host-log';
import { assertBuilt, REPO_ROOT, TESTS_ENTRY } from './extension-under-test';
import { findFreeLoopbackPort } from './free-port';
import { createThrowawayProfile, removeThrowawayProfile } from './throwaway-profile';
import { launchChromium, runWorkbenchTests } from './workbench-browser';
import { workbenchTestUrl } from './workbench-url';

/**
 * Runs the suites of out/test/extension/ inside a real VS Code extension host (code-server's), with the
 * workbench in headless Chromium, and exits with the tests' exit code. Harness failures exit 2, the hard
 * timeout 124, and SIGINT/SIGTERM 130/143; in every case the browser, code-server's whole process group
 * and the temp profile are removed first.
 */

const TIMEOUT_VARIABLE = 'GCORE_TEST_TIMEOUT_SECONDS';
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
const READY_TIMEOUT_MS = 60_000;
const HARNESS_FAILURE = 2;
const TIMED_OUT = 124;
const SIGNAL_EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

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

  const install = await ensureCodeServerInstalled(REPO_ROOT);
  phase(`code-server found in ${install.codeServerDir}`);

  const profile = createThrowawayProfile();
  cleanups.push({
    name: 'remove temp profile',
    run: async () => removeThrowawayProfile(profile),
    runNow: () => removeThrowawayProfile(profile),
  });

  const port = await findFreeLoopbackPort();
  const server = CodeServerProcess.start({ install, profile, port, env });
  cleanups.push({ name: 'stop code-server', run: () => server.stop(), runNow: () => server.killNow() });
  try {
    await server.waitUntilReady(READY_TIMEOUT_MS);
  } catch (error) {
    console.error(server.recentOutput());
    throw error;
  }
  phase(`code-server ready on ${server.url} (process group ${server.pid})`);

  const browser = await launchChromium(profile.privateDirsEnv);
  // Playwright kills the browsers it launched when the process exits, so no synchronous step is needed.
  cleanups.push({ name: 'close browser', run: () => browser.close(), runNow: () => undefined });
  phase('chromium started; running the extension host tests');

  const url = workbenchTestUrl({
    serverUrl: server.url,
    workspaceDir: profile.workspaceDir,
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: TESTS_ENTRY,
  });
  const testsRun = runWorkbenchTests(browser, url, (type, args) => {
    const line = formatAutomationLog(type, args);
    if (line !== undefined) console.log(line);
  });
  const serverDied = server.whenExited().then((how): never => {
    if (!cleanups.isDraining()) console.error(server.recentOutput());
    throw new Error(`code-server stopped during the tests (${how}).`);
  });
  const exitCode = await Promise.race([testsRun, serverDied]);
  phase(`extension host tests finished: exit ${exitCode}`);
  return exitCode;
}

function withTimeout(work: Promise<number>, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      phase(`timed out after ${seconds} s (${TIMEOUT_VARIABLE} changes the limit)`);
      resolve(TIMED_OUT);
    }, seconds * 1000);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function finish(exitCode: number): Promise<never> {
  await cleanups.runAll();
  phase(`cleaned up; exiting with ${exitCode}`);
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals): void {
  if (cleanups.isDraining()) {
    // A second signal while tearing down: stop waiting and kill what is left.
    process.exit(SIGNAL_EXIT_CODES[signal] ?? 1);
  }
  phase(`${signal} received; tearing down`);
  void finish(SIGNAL_EXIT_CODES[signal] ?? 1);
}

async function main(): Promise<void> {
  process.on('exit', () => cleanups.runAllNow());
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let exitCode: number;
  try {
    const seconds = timeoutSeconds();
    exitCode = await withTimeout(runTests(), seconds);
  } catch (error) {
    // Once a signal or the timeout has started the teardown, the steps it interrupted fail; that is expected.
    if (cleanups.isDraining()) return;
    console.error(`extension tests could not run: ${errorSummary(error)}`);
    exitCode = HARNESS_FAILURE;
  }
  await finish(exitCode);
}

void main();
