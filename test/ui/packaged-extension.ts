import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CleanupStack } from '../runner/cleanup-stack';
import { ensureCodeServerInstalled, type CodeServerInstall } from '../runner/code-server-install';
import { CodeServerProcess, codeServerCommand } from '../runner/code-server-process';
import { applyEnvChanges, extensionHostEnvChanges } from '../runner/extension-host-env';
import { REPO_ROOT } from '../runner/extension-under-test';
import { findFreeLoopbackPort } from '../runner/free-port';
import { createCleanedUpProfile, type ThrowawayProfile } from '../runner/throwaway-profile';
import { runToEnd } from '../runner/run-to-end';
import { addUserSettings } from '../runner/user-settings';

const READY_TIMEOUT_MS = 60_000;

/** The .vsix `npm run package` writes for the version in package.json; throws when it is not there. */
export function packagedVsixPath(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const vsix = path.join(REPO_ROOT, `${manifest.name}-${manifest.version}.vsix`);
  if (!fs.existsSync(vsix)) throw new Error(`${path.basename(vsix)} is missing; run \`npm run package\` first.`);
  return vsix;
}

/**
 * Installs the .vsix into the profile's extensions dir the way a user would (`--install-extension`), so
 * what runs is the packaged extension and not the source folder.
 */
export function installVsix(install: CodeServerInstall, profile: ThrowawayProfile, vsix: string): Promise<void> {
  const { node, entry } = codeServerCommand(install);
  const args = [
    entry,
    '--config',
    profile.configFile,
    '--user-data-dir',
    profile.userDataDir,
    '--extensions-dir',
    profile.extensionsDir,
    '--install-extension',
    vsix,
  ];
  return runToEnd(node, args, { env: { ...process.env, ...profile.privateDirsEnv }, label: `installing ${path.basename(vsix)}` });
}

export interface PackagedExtensionOptions {
  vsix: string;
  /** User settings of the new profile. */
  settings: Record<string, unknown>;
  /** GCORE_API_KEY as the extension host sees it; undefined: none (the caller's own Gcore variables are withheld either way). */
  apiKey: string | undefined;
  /** Default: a free loopback port. */
  port?: number;
  /** Other extensions installed beside it (the playground's companion). */
  companions?: string[];
  /** More variables for code-server and its extension host. */
  env?: Record<string, string>;
}

/**
 * code-server with the .vsix installed into a new throwaway profile, as a user would have it, running
 * without the test driver (UI sessions and the playground act as a user). Stopping it and removing the
 * profile are on the cleanup stack.
 */
export async function startWithPackagedExtension(
  cleanups: CleanupStack,
  options: PackagedExtensionOptions,
): Promise<{ profile: ThrowawayProfile; server: CodeServerProcess }> {
  const install = await ensureCodeServerInstalled(cleanups);
  const profile = createCleanedUpProfile(cleanups);
  addUserSettings(profile, options.settings);
  for (const vsix of [options.vsix, ...(options.companions ?? [])]) await installVsix(install, profile, vsix);

  const env = applyEnvChanges(process.env, { ...extensionHostEnvChanges(process.env), ...options.env, GCORE_API_KEY: options.apiKey });
  const port = options.port ?? (await findFreeLoopbackPort());
  const server = CodeServerProcess.start({ install, profile, port, env, testDriver: false });
  cleanups.push(server.cleanup('stop code-server'));
  await server.waitUntilReady(READY_TIMEOUT_MS);
  return { profile, server };
}
