import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/*
 * OpenSSH's own reading of an SSH config, `ssh -G` (openssh-client): what ssh would use for a host, printed without
 * connecting. The reference the SSH entries the extension writes are held to.
 */

const INSTALLER = path.resolve(__dirname, '../../../test/runner/install-debian-packages.sh');

function hasSsh(): boolean {
  return spawnSync('sh', ['-c', 'command -v ssh'], { stdio: 'ignore' }).status === 0;
}

/** Installs openssh-client with the test set-up's installer when ssh is missing; throws when it cannot. */
export function ensureSshClient(): void {
  if (hasSsh()) return;
  const install = spawnSync('bash', [INSTALLER], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  if (install.status !== 0 || !hasSsh()) {
    throw new Error(`OpenSSH's client (openssh-client) is needed and could not be installed: run bash ${INSTALLER} as root`);
  }
}

/** What ssh uses for `host` reading `configFile` alone: each option (lower-case, as ssh prints it) with its values, in order. */
export function sshOptionsFor(configFile: string, host: string): Map<string, string[]> {
  const run = spawnSync('ssh', ['-G', '-F', configFile, host], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`ssh -G -F ${configFile} ${host} failed: ${run.stderr}`);
  const options = new Map<string, string[]>();
  for (const line of run.stdout.split('\n')) {
    const match = /^(\S+) (.*)$/.exec(line);
    if (match) options.set(match[1], [...(options.get(match[1]) ?? []), match[2]]);
  }
  return options;
}
