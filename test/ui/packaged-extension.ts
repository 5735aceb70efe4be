import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeServerInstall } from '../runner/code-server-install';
import { codeServerCommand } from '../runner/code-server-process';
import { REPO_ROOT } from '../runner/extension-under-test';
import type { ThrowawayProfile } from '../runner/throwaway-profile';

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
    '--config', profile.configFile,
    '--user-data-dir', profile.userDataDir,
    '--extensions-dir', profile.extensionsDir,
    '--install-extension', vsix,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...profile.privateDirsEnv } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (output += chunk));
    }
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`installing ${path.basename(vsix)} failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}
