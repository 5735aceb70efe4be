import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { start, type Emulator } from '../emulator/server';
import type { CleanupStack } from '../runner/cleanup-stack';
import type { CodeServerProcess } from '../runner/code-server-process';
import type { ThrowawayProfile } from '../runner/throwaway-profile';
import { packagedVsixPath, startWithPackagedExtension } from '../ui/packaged-extension';
import { RUN_VARIABLE, UPDATES_VARIABLE } from './demo-updates/protocol';
import { packageCompanion } from './demo-updates/package-companion';
import { SAMPLE_ZONE_FILE, SAMPLE_ZONE_FILE_NAME } from './sample-zone';

export const DEMO_KEY = 'demo-key';
export const DEMO_LOCATION = { projectId: 1, regionId: 76, label: 'Demo project' };
/** The updates the playground opens with: the first finishes, the second fails (the emulator cannot pull its image). */
export const DEMO_UPDATES = [
  { containerName: 'inference-api', image: 'ghcr.io/example/inference-api:2.5.0' },
  { containerName: 'batch-worker', image: 'registry.example.com/batch/does-not-exist:2.0' },
];

export interface Playground {
  emulator: Emulator;
  server: CodeServerProcess;
  profile: ThrowawayProfile;
}

/**
 * code-server on loopback with the packaged extension installed, talking to the API emulator's demo data,
 * and the companion extension that sends the demo updates when a window opens. The key comes from
 * GCORE_API_KEY, so the tree opens ready to use. Whatever starts is on `cleanups`.
 */
export async function startPlayground(cleanups: CleanupStack, port?: number): Promise<Playground> {
  const vsix = packagedVsixPath();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-playground-'));
  const removeWorkDir = () => fs.rmSync(workDir, { recursive: true, force: true });
  cleanups.push({ name: 'remove the companion package', run: async () => removeWorkDir(), runNow: removeWorkDir });
  const companion = await packageCompanion(workDir);

  // Tasks that take seconds, as Gcore's do, so that following an update can be watched.
  const emulator = await start({ apiKey: DEMO_KEY, demo: true, taskTimings: { newMs: 2_000, runningMs: 8_000 } });
  cleanups.push({ name: 'stop the emulator', run: () => emulator.close(), runNow: () => undefined });

  const { projectId, regionId } = DEMO_LOCATION;
  const updates = DEMO_UPDATES.map(({ containerName, image }) => ({ projectId, regionId, containerName, changes: { image } }));
  // The caller's own Gcore variables (a real key) are withheld; the demo key is what the extension sees.
  const { server, profile } = await startWithPackagedExtension(cleanups, {
    vsix,
    companions: [companion],
    settings: { 'gcore.apiBaseUrl': emulator.url, 'gcore.locations': [DEMO_LOCATION] },
    apiKey: DEMO_KEY,
    env: { [RUN_VARIABLE]: crypto.randomUUID(), [UPDATES_VARIABLE]: JSON.stringify(updates) },
    port,
  });
  // Another provider's export of example.org (empty at the emulator), for Import Zone File.
  fs.writeFileSync(path.join(profile.workspaceDir, SAMPLE_ZONE_FILE_NAME), SAMPLE_ZONE_FILE);
  return { emulator, server, profile };
}
