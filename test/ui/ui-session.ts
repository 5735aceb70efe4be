import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { start, type Emulator, type TaskTimings } from '../emulator/server';
import { CleanupStack } from '../runner/cleanup-stack';
import { SIGNAL_EXIT_CODES, tieToProcess } from '../runner/entry-point';
import { REPO_ROOT } from '../runner/extension-under-test';
import type { ThrowawayProfile } from '../runner/throwaway-profile';
import { launchChromium } from '../runner/workbench-browser';
import { startApiTap, type ApiTap } from './api-tap';
import { packagedVsixPath, startWithPackagedExtension } from './packaged-extension';
import { WorkbenchPage } from './workbench-page';

/** Where a failed test's screenshot goes. */
const FAILURE_DIR = path.join(REPO_ROOT, 'test-results');

export interface UiSessionOptions {
  /** The key the emulator accepts; the session starts with no key anywhere else. */
  apiKey: string;
  /** The emulator's demo zones, one in each DNSSEC state, in the account's zone list. */
  demoZones?: boolean;
  /** More user settings of the new profile (locations, the task poll interval); never the key. */
  settings?: Record<string, unknown>;
  /** How long the emulator's tasks stay NEW, then RUNNING (GPU creates aside); a few seconds unless given. */
  taskTimings?: TaskTimings;
}

export interface UiSession {
  emulator: Emulator;
  /** Sits between the extension and the emulator and keeps the answers. */
  tap: ApiTap;
  profile: ThrowawayProfile;
  workbench: WorkbenchPage;
  /** Closes the browser, stops code-server's process group, the tap and the emulator, removes the temp dirs. */
  close(): Promise<void>;
}

/**
 * The packaged extension installed into a throwaway code-server, its workbench open in headless Chromium,
 * and the API emulator behind gcore.apiBaseUrl. Whatever was started is stopped again by close(), by
 * SIGINT/SIGTERM, or (synchronously, for code-server and the temp dirs) when the process exits.
 */
export async function startUiSession(options: UiSessionOptions): Promise<UiSession> {
  const cleanups = new CleanupStack();
  const untie = tieToProcess(cleanups, (signal) => {
    void cleanups.runAll().finally(() => process.exit(SIGNAL_EXIT_CODES[signal]));
  });
  const close = async (): Promise<void> => {
    await cleanups.runAll();
    untie();
  };

  try {
    const vsix = packagedVsixPath();
    // Tasks that take a few seconds, as Gcore's do, so that following them can be seen.
    const taskTimings = options.taskTimings ?? { newMs: 1_500, runningMs: 5_000 };
    const emulator = await start({ apiKey: options.apiKey, demo: options.demoZones, taskTimings });
    cleanups.push({ name: 'stop the emulator', run: () => emulator.close(), runNow: () => undefined });
    const tap = await startApiTap(emulator.url);
    cleanups.push({ name: 'stop the API tap', run: () => tap.close(), runNow: () => undefined });

    // The user sets the key in the UI; none may come in from the environment.
    const { profile, server } = await startWithPackagedExtension(cleanups, {
      vsix,
      settings: { ...options.settings, 'gcore.apiBaseUrl': tap.url, 'workbench.colorTheme': 'Default Dark Modern' },
      apiKey: undefined,
    });

    const browser: Browser = await launchChromium(profile.privateDirsEnv);
    cleanups.push({ name: 'close the browser', run: () => browser.close(), runNow: () => undefined });
    const url = new URL('/', server.url);
    url.searchParams.set('folder', profile.workspaceDir);
    const workbench = await WorkbenchPage.open(browser, url.toString());
    await workbench.waitForViewContainer('Gcore');
    return { emulator, tap, profile, workbench, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The settings of a session that shows one location and asks after tasks every second, to follow changes to their end. */
export function oneLocationSettings(projectId: number, regionId: number, label: string): Record<string, unknown> {
  return { 'gcore.locations': [{ projectId, regionId, label }], 'gcore.tasks.pollIntervalSeconds': 1 };
}

/**
 * One UI session for the tests of the calling suite (mocha hooks): started before the first, a failed test's
 * window reported under `failurePrefix`, closed after the last. The function returned gives the session once
 * it has started.
 */
export function useUiSession(options: UiSessionOptions & { failurePrefix: string }): () => UiSession {
  let session: UiSession | undefined;
  before(async function () {
    this.timeout(240_000);
    session = await startUiSession(options);
  });
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !session) return;
    await session.workbench.reportFailure(FAILURE_DIR, options.failurePrefix, this.currentTest.title);
  });
  after(async function () {
    this.timeout(30_000);
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('The UI session has not started.');
    return session;
  };
}
