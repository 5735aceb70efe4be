import type { Emulator } from '../../emulator/server';
import { extensionApi, signedInAt, useUi } from './harness';

/**
 * Each test of the calling suite (mocha hooks) starts signed in at `location` (signedInAt); after the last, the tasks
 * its changes started are no longer followed and the scripted UI is let go. The function returned gives the emulator
 * once a test has started.
 */
export function signInEachTest(location: { projectId: number; regionId: number }): () => Emulator {
  let emulator: Emulator | undefined;
  beforeEach(async () => {
    emulator = await signedInAt(location);
  });
  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await useUi(undefined);
  });
  return () => {
    if (!emulator) throw new Error('No test of the suite has started.');
    return emulator;
  };
}
