import * as fs from 'node:fs';
import * as path from 'node:path';
import { start } from '../emulator/server';
import { REPO_ROOT } from '../runner/extension-under-test';
import { createThrowawayProfile, removeThrowawayProfile } from '../runner/throwaway-profile';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import type { HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { ActivationProbeInput, ActivationProbeResult } from './probe-contract';
import { median } from './sample-statistics';

const FRESH_STARTS = 5;
const ACTIVATION_PROBE = path.join(REPO_ROOT, 'out', 'test', 'bench', 'host', 'activation-probe');
/** What a start is given; the session adds the result file. */
type ProbeInput = Omit<ActivationProbeInput, 'resultFile'>;
/**
 * The extension activates when its view is opened or a command runs, not while the window starts; the
 * probe waits this long first, so that the start-up work of VS Code and the built-in extensions is not
 * counted as ours.
 */
const IDLE_BEFORE_MS = 2_000;
const SETTLE_MS = 1_000;
const PROBE_TIMEOUT_MS = 120_000;

/**
 * The floor under the activation figure: an extension of the same id that only requires VS Code's API and
 * registers one command, as small as an extension can be. Written next to the unpacked package.
 */
function writeEmptyExtension(packaged: PackagedExtension): { extensionDir: string; bundlePath: string } {
  const extensionDir = path.join(path.dirname(path.dirname(packaged.extensionDir)), 'empty-extension');
  const manifest = JSON.parse(fs.readFileSync(path.join(packaged.extensionDir, 'package.json'), 'utf8')) as {
    name: string;
    publisher: string;
    version: string;
    engines: unknown;
  };
  fs.mkdirSync(path.join(extensionDir, 'dist'), { recursive: true });
  const { name, publisher, version, engines } = manifest;
  fs.writeFileSync(
    path.join(extensionDir, 'package.json'),
    JSON.stringify({ name, publisher, version, engines, main: './dist/extension.js' }),
  );
  const bundlePath = path.join(extensionDir, 'dist', 'extension.js');
  fs.writeFileSync(
    bundlePath,
    "const vscode = require('vscode');\nexports.activate = (context) => { context.subscriptions.push(vscode.commands.registerCommand('gcore.emptyFloor', () => undefined)); };\nexports.deactivate = () => {};\n",
  );
  return { extensionDir, bundlePath };
}

/** The parts of activate() that are not one area's (src/extension.ts names them), in words. */
const SHARED_PARTS: Record<string, string> = {
  core: 'building what the areas share',
  view: 'creating the tree view',
  commands: "registering every area's commands",
  documents: "registering every area's kinds of document",
};

function describeStart(run: ActivationProbeResult): string {
  return (
    `load ${run.loadMs.toFixed(1)} ms (of which require('vscode') ${run.vscodeApiMs.toFixed(1)} ms) + activate() ${run.activateCallMs.toFixed(1)} ms` +
    ` (+${run.activateResolveMs.toFixed(1)} ms to settle; dist/main.js loaded in ${run.mainLoadMs?.toFixed(1) ?? '?'} ms of it); Extension.activate() as a caller sees it ${run.apiActivateMs.toFixed(1)} ms`
  );
}

/**
 * Five new profiles, in each of which the packaged extension activates twice, each time in a code-server of
 * its own: the first start after an install (no code cache yet; it stays until the extension has saved
 * one), then the next start on that profile, as every later start of a user's window goes. Each has a key
 * (GCORE_API_KEY) and a configured location pointing at an emulator, so an activation that fetched or read
 * the key would have every reason to, and the emulator would see it.
 */
export async function measureActivation(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY });
  const empty = writeEmptyExtension(packaged);
  try {
    const firstRuns: ActivationProbeResult[] = [];
    const runs: ActivationProbeResult[] = [];
    const floorMs: number[] = [];
    for (let i = 0; i < FRESH_STARTS; i++) {
      const profile = createThrowawayProfile();
      try {
        const startOn = (awaitCodeCacheSave: boolean) =>
          sessions.run<ActivationProbeResult>({
            extensionDir: packaged.extensionDir,
            probeModule: ACTIVATION_PROBE,
            userSettings: { 'gcore.apiBaseUrl': emulator.url, 'gcore.locations': [{ projectId: 1, regionId: 1 }] },
            env: { GCORE_API_KEY: BENCH_API_KEY },
            input: {
              bundlePath: packaged.bundlePath,
              idleBeforeMs: IDLE_BEFORE_MS,
              settleMs: SETTLE_MS,
              awaitCodeCacheSave,
            } satisfies ProbeInput,
            timeoutMs: PROBE_TIMEOUT_MS,
            profile,
          });
        const first = await startOn(true);
        firstRuns.push(first);
        progress(
          `start ${i + 1}/${FRESH_STARTS}, the first on its profile: ${describeStart(first)}; code cache ${first.codeCache}, then ${first.codeCacheSaved ? 'saved' : 'NOT saved'}`,
        );
        const run = await startOn(false);
        runs.push(run);
        progress(`start ${i + 1}/${FRESH_STARTS}, the next on that profile: ${describeStart(run)}; code cache ${run.codeCache}`);
      } finally {
        removeThrowawayProfile(profile);
      }
      // A B A B: the empty extension's start follows each of ours, in a fresh code-server of its own.
      const floor = await sessions.run<ActivationProbeResult>({
        extensionDir: empty.extensionDir,
        probeModule: ACTIVATION_PROBE,
        userSettings: {},
        env: {},
        input: { bundlePath: empty.bundlePath, idleBeforeMs: IDLE_BEFORE_MS, settleMs: 0, awaitCodeCacheSave: false } satisfies ProbeInput,
        timeoutMs: PROBE_TIMEOUT_MS,
      });
      floorMs.push(floor.loadMs + floor.activateCallMs + floor.activateResolveMs);
      progress(
        `start ${i + 1}/${FRESH_STARTS}, the empty extension: load ${floor.loadMs.toFixed(1)} ms + activate() ${floor.activateCallMs.toFixed(1)} ms`,
      );
    }
    const area = 'Cost to VS Code';
    const activationMsOf = (run: ActivationProbeResult) => run.loadMs + run.activateCallMs + run.activateResolveMs;
    const activationMs = runs.map(activationMsOf);
    const mainLoadMs = runs.map((run) => run.mainLoadMs ?? Number.NaN);
    const firstActivationMs = firstRuns.map(activationMsOf);
    const parts = runs[0]?.setUpMs?.map((entry) => entry.part) ?? [];
    const partFigures: Figure[] = parts.map((part) => {
      const partMs = runs.map((run) => run.setUpMs?.find((entry) => entry.part === part)?.ms ?? Number.NaN);
      return {
        area,
        name: `of that, ${SHARED_PARTS[part] ?? `the ${part} area's set-up`} (same ${FRESH_STARTS} starts; no budget)`,
        value: median(partMs),
        samples: partMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      };
    });
    const allRuns = [...firstRuns, ...runs];
    return [
      {
        area,
        name: `activation: bundle load + activate(), a start after the first on its profile (V8 code cache; median of ${FRESH_STARTS} profiles)`,
        value: median(activationMs),
        samples: activationMs,
        unit: 'ms',
        rule: 'atMost',
        budget: 15,
      },
      {
        area,
        name: `of that, loading dist/main.js (its code cache read, compiled, its modules run; same ${FRESH_STARTS} starts; no budget)`,
        value: median(mainLoadMs),
        samples: mainLoadMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      ...partFigures,
      {
        area,
        name: `activation at the first start after an install or update (compiles the code, then saves its cache; same ${FRESH_STARTS} profiles; no budget)`,
        value: median(firstActivationMs),
        samples: firstActivationMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area,
        name: 'first starts saved a V8 code cache, and the next starts read it (all profiles)',
        value:
          firstRuns.every((run) => run.codeCache === 'absent' && run.codeCacheSaved === true) &&
          runs.every((run) => run.codeCache === 'used')
            ? 1
            : 0,
        unit: 'yes/no',
        rule: 'exactly',
        budget: 1,
      },
      {
        area,
        name: `an empty extension's activation, a fresh start after each profile's two (VS Code's own floor; no budget)`,
        value: median(floorMs),
        samples: floorMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area,
        name: `requests from start-up to ${SETTLE_MS / 1000} s after activation, or to the code cache's save (all starts)`,
        value: emulator.requests.length,
        unit: 'requests',
        rule: 'exactly',
        budget: 0,
      },
      {
        area,
        name: 'activate() awaits nothing and reads no secret (all starts)',
        value: allRuns.every((run) => !run.returnedThenable && run.secretReads === 0) ? 1 : 0,
        unit: 'yes/no',
        rule: 'exactly',
        budget: 1,
      },
      {
        area,
        name: 'the code loaded on first need (dist/features.js) left unloaded until a command runs or a Clusters row opens (all starts)',
        value: allRuns.every((run) => !run.featuresLoaded) ? 1 : 0,
        unit: 'yes/no',
        rule: 'exactly',
        budget: 1,
      },
    ];
  } finally {
    await emulator.close();
  }
}
