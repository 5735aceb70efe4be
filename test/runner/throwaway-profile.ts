import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CleanupStack } from './cleanup-stack';

/** A fresh user-data dir, extensions dir, workspace folder and private homes, all under one temp root. */
export interface ThrowawayProfile {
  root: string;
  userDataDir: string;
  extensionsDir: string;
  workspaceDir: string;
  /** code-server writes a default config here rather than into the developer's ~/.config. */
  configFile: string;
  /**
   * The SSH config the extension's GPU entries go beside (`remote.SSH.configFile`, set in the profile's settings:
   * VS Code writes no setting that no installed extension declares), never the machine's ~/.ssh/config.
   */
  sshConfigFile: string;
  /**
   * XDG homes, runtime dir and TMPDIR inside the root: code-server, its extension host and Chromium
   * otherwise leave config, caches, a device id and IPC sockets in the developer's home and /tmp.
   */
  privateDirsEnv: Record<string, string>;
}

/**
 * The settings that give a clean window. `gcore.*` is deliberately absent: the suites see the
 * contributed defaults unless they change them.
 */
const CLEAN_WINDOW_SETTINGS = {
  'workbench.startupEditor': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

export function createThrowawayProfile(): ThrowawayProfile {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-vscode-test-'));
  const privateDirsEnv = {
    XDG_CONFIG_HOME: path.join(root, 'config'),
    XDG_DATA_HOME: path.join(root, 'data'),
    XDG_CACHE_HOME: path.join(root, 'cache'),
    XDG_RUNTIME_DIR: path.join(root, 'runtime'),
    TMPDIR: path.join(root, 'tmp'),
  };
  const profile: ThrowawayProfile = {
    root,
    userDataDir: path.join(root, 'user-data'),
    extensionsDir: path.join(root, 'extensions'),
    workspaceDir: path.join(root, 'workspace'),
    configFile: path.join(root, 'code-server.yaml'),
    sshConfigFile: path.join(root, 'ssh', 'config'),
    privateDirsEnv,
  };
  for (const dir of [profile.extensionsDir, profile.workspaceDir, ...Object.values(privateDirsEnv)]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const userDir = path.join(profile.userDataDir, 'User');
  fs.mkdirSync(userDir, { recursive: true });
  const settings = { ...CLEAN_WINDOW_SETTINGS, 'remote.SSH.configFile': profile.sshConfigFile };
  fs.writeFileSync(path.join(userDir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  return profile;
}

export function removeThrowawayProfile(profile: ThrowawayProfile): void {
  fs.rmSync(profile.root, { recursive: true, force: true, maxRetries: 3 });
}

/** A throwaway profile whose removal is already on the run's cleanup stack. */
export function createCleanedUpProfile(cleanups: CleanupStack): ThrowawayProfile {
  const profile = createThrowawayProfile();
  cleanups.push({
    name: 'remove temp profile',
    run: async () => removeThrowawayProfile(profile),
    runNow: () => removeThrowawayProfile(profile),
  });
  return profile;
}
