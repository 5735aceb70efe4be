import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import * as net from 'node:net';
import { userInfo } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

/*
 * A real OpenSSH server for the GPU SSH tests: Debian's sshd (openssh-server, which the test set-up installs),
 * listening on a loopback address and port of its own, with a throw-away host key, one authorized key and a
 * stand-in `nvidia-smi` first on the session's PATH that records each run in a file. Nothing of the machine's
 * SSH configuration is read or written; the test stops it by its pid.
 */

/** Debian's sshd (sbin is not on every user's PATH), or one on PATH; sshd wants to be started by its full path. */
function sshdPath(): string | undefined {
  const candidates = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)].map((dir) => path.join(dir, 'sshd'));
  return candidates.find((file) => path.isAbsolute(file) && existsSync(file));
}

/** sshd run by root needs its privilege separation folder, which Debian's service makes at its start. */
const PRIVILEGE_SEPARATION_DIR = '/run/sshd';
const START_TIMEOUT_MS = 10_000;

export interface SshServer {
  address: string;
  port: number;
  /** The user sessions log in as: the one running the tests (sshd without root can serve no other). */
  user: string;
  /** Each line is one run of the stand-in nvidia-smi. */
  nvidiaSmiRuns: string;
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** A port nothing listens on at `address` now. */
export async function freePort(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, address, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A new ed25519 pair without a passphrase at `file` (and `file.pub`). */
export async function makeKeyPair(file: string, comment: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file]);
}

function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** Starts sshd in `dir` (made if missing) and resolves once it accepts connections. */
export async function startSshServer(options: { dir: string; address: string; port: number; authorizedKey: string }): Promise<SshServer> {
  const { dir, address, port } = options;
  const sshd = sshdPath();
  if (!sshd) throw new Error('sshd is missing: test/runner/install-debian-packages.sh installs openssh-server');
  const user = userInfo().username;
  if (process.getuid?.() === 0) await mkdir(PRIVILEGE_SEPARATION_DIR, { recursive: true, mode: 0o755 });
  const bin = path.join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const hostKey = path.join(dir, 'host_key');
  if (!existsSync(hostKey)) await makeKeyPair(hostKey, 'gcore-test-host');
  const authorizedKeys = path.join(dir, 'authorized_keys');
  await writeFile(authorizedKeys, `${options.authorizedKey.trim()}\n`, { mode: 0o600 });
  const nvidiaSmiRuns = path.join(dir, 'nvidia-smi.runs');
  const standIn = path.join(bin, 'nvidia-smi');
  await writeFile(standIn, `#!/bin/sh\necho 'NVIDIA-SMI stand-in: GPU 0: NVIDIA H100 80GB HBM3'\necho ran >> '${nvidiaSmiRuns}'\n`);
  await chmod(standIn, 0o755);
  const config = path.join(dir, `sshd_config.${address}.${port}`);
  await writeFile(
    config,
    [
      `ListenAddress ${address}:${port}`,
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      `PidFile ${path.join(dir, `sshd.${address}.${port}.pid`)}`,
      `AllowUsers ${user}`,
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      // The throw-away files are not the user's home's, whose modes sshd would check.
      'StrictModes no',
      // The stand-in first; /bin/sh as the shell the session continues in, with no history written to the machine's home.
      `SetEnv PATH=${bin}:/usr/local/bin:/usr/bin:/bin SHELL=/bin/sh HISTFILE=/dev/null`,
      '',
    ].join('\n'),
  );
  const child = spawn(sshd, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (log += chunk));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(address, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopped(child);
      throw new Error(`sshd did not start on ${address}:${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { address, port, user, nvidiaSmiRuns, stop: () => stopped(child) };
}
