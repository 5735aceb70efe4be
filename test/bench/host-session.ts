import * as fs from 'node:fs';
import * as path from 'node:path';
import { CleanupStack } from '../runner/cleanup-stack';
import type { CodeServerInstall } from '../runner/code-server-install';
import { CodeServerProcess } from '../runner/code-server-process';
import { REPO_ROOT } from '../runner/extension-under-test';
import { applyEnvChanges, extensionHostEnvChanges } from '../runner/extension-host-env';
import { formatAutomationLog } from '../runner/extension-host-log';
import { findFreeLoopbackPort } from '../runner/free-port';
import { createCleanedUpProfile, type ThrowawayProfile } from '../runner/throwaway-profile';
import { addUserSettings } from '../runner/user-settings';
import { launchChromium, runWorkbenchTests } from '../runner/workbench-browser';
import { workbenchTestUrl } from '../runner/workbench-url';
import { BENCH_API_KEY } from './bench-client';
import { PROBE_INPUT_VARIABLE } from './probe-contract';

const READY_TIMEOUT_MS = 60_000;
const LOG_LINES_KEPT = 40;

export interface ProbeRun {
  /** The extension folder to load as the extension under development. */
  extensionDir: string;
  /** The compiled probe module exporting run(), without `.js`, as the extension host requires it. */
  probeModule: string;
  /** Written to the throwaway profile's settings.json before code-server starts, next to the clean-window ones. */
  userSettings: Record<string, unknown>;
  /** Extra variables for the extension host (e.g. GCORE_API_KEY). */
  env: Record<string, string>;
  /** Handed to the probe; `resultFile` is added here. */
  input: object;
  timeoutMs: number;
  /** A profile an earlier run used, to start again as a user does (the caller removes it); a new one otherwise. */
  profile?: ThrowawayProfile;
}

/** A run of a probe of test/bench/host (its name, e.g. `gpu-probe`) against an emulator that takes the bench's key, with no settings of its own. */
export function emulatorProbeRun(extensionDir: string, probe: string, input: object, timeoutMs: number): ProbeRun {
  return {
    extensionDir,
    probeModule: path.join(REPO_ROOT, 'out', 'test', 'bench', 'host', probe),
    userSettings: {},
    env: { GCORE_API_KEY: BENCH_API_KEY },
    input,
    timeoutMs,
  };
}

/**
 * Fresh code-server instances, each with a throwaway profile and its own headless Chromium, that run one
 * probe module in the extension host and hand back what it wrote. Whatever a run started is stopped when
 * it ends, and `stopNow` reaches a run still in progress when the driver is interrupted.
 */
export class HostSessions {
  private current: CleanupStack | undefined;

  constructor(private readonly install: CodeServerInstall) {}

  async run<T>(run: ProbeRun): Promise<T> {
    const cleanups = new CleanupStack();
    this.current = cleanups;
    try {
      return await this.runIn(cleanups, run);
    } finally {
      await cleanups.runAll();
      this.current = undefined;
    }
  }

  /** For a signal: the orderly teardown of the run in progress, if any. */
  stop(): Promise<void> {
    return this.current?.runAll() ?? Promise.resolve();
  }

  /** For process exit, where nothing asynchronous runs any more. */
  stopNow(): void {
    this.current?.runAllNow();
  }

  private async runIn<T>(cleanups: CleanupStack, run: ProbeRun): Promise<T> {
    const profile = run.profile ?? createCleanedUpProfile(cleanups);
    addUserSettings(profile, run.userSettings);

    const resultFile = path.join(profile.root, 'probe-result.json');
    const env = applyEnvChanges(process.env, {
      ...extensionHostEnvChanges(process.env),
      ...run.env,
      [PROBE_INPUT_VARIABLE]: JSON.stringify({ ...run.input, resultFile }),
    });
    const port = await findFreeLoopbackPort();
    const server = CodeServerProcess.start({ install: this.install, profile, port, env });
    cleanups.push(server.cleanup('stop code-server'));
    await server.waitUntilReady(READY_TIMEOUT_MS);

    const browser = await launchChromium(profile.privateDirsEnv);
    // Playwright kills the browsers it launched when the process exits, so no synchronous step is needed.
    cleanups.push({ name: 'close browser', run: () => browser.close(), runNow: () => undefined });

    const log: string[] = [];
    const url = workbenchTestUrl({
      serverUrl: server.url,
      workspaceDir: profile.workspaceDir,
      extensionDevelopmentPath: run.extensionDir,
      extensionTestsPath: run.probeModule,
    });
    const probeRun = runWorkbenchTests(browser, url, (type, args) => {
      const line = formatAutomationLog(type, args);
      if (line === undefined) return;
      log.push(line);
      if (log.length > LOG_LINES_KEPT) log.shift();
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the probe did not finish within ${run.timeoutMs / 1000} s`)), run.timeoutMs);
    });
    const serverDied = server.whenExited().then((how): never => {
      throw new Error(`code-server stopped during the probe (${how})`);
    });
    try {
      const exitCode = await Promise.race([probeRun, timedOut, serverDied]);
      if (exitCode !== 0) throw new Error(`the probe failed (exit ${exitCode})`);
    } catch (error) {
      throw new Error(`${path.basename(run.probeModule)}: ${(error as Error).message}\n${log.join('\n')}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    return JSON.parse(fs.readFileSync(resultFile, 'utf8')) as T;
  }
}
