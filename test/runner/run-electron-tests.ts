import { runTests, TestRunFailedError } from '@vscode/test-electron';
import { errorSummary } from './error-summary';
import { extensionHostEnvChanges } from './extension-host-env';
import { assertBuilt, REPO_ROOT, TESTS_ENTRY } from './extension-under-test';
import { createThrowawayProfile, removeThrowawayProfile, type ThrowawayProfile } from './throwaway-profile';

/**
 * Runs the suites of out/test/extension/ in desktop VS Code through @vscode/test-electron, for machines
 * that can download VS Code from Microsoft (it is cached in .vscode-test/). Same tests entry, same
 * environment rules and the same clean profile as the code-server runner.
 */

const HARNESS_FAILURE = 2;

async function main(): Promise<number> {
  let profile: ThrowawayProfile | undefined;
  try {
    assertBuilt();
    profile = createThrowawayProfile();
    return await runTests({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_ENTRY,
      // Undefined entries remove the caller's value, so a developer's GCORE_API_KEY stays out.
      extensionTestsEnv: extensionHostEnvChanges(process.env),
      launchArgs: [profile.workspaceDir, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir],
    });
  } catch (error) {
    if (error instanceof TestRunFailedError) {
      console.error(`extension tests (Electron) failed: ${error.message}`);
      return error.code ?? 1;
    }
    console.error(
      `extension tests (Electron) could not run: ${errorSummary(error)} ` +
        '(this runner downloads VS Code; offline, use `npm run test:extension`)',
    );
    return HARNESS_FAILURE;
  } finally {
    if (profile) removeThrowawayProfile(profile);
  }
}

main().then((code) => process.exit(code));
