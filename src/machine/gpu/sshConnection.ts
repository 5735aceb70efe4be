import * as l10n from '@vscode/l10n';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { CONNECT_TIMEOUT_SECONDS } from '../../models/gpu/ssh/sshCommandLines';
import { classifySshFailure, mayPassAfterBoot, nextAttemptDelay, type SshFailure } from '../../models/gpu/ssh/sshFailures';
import { UserCancelledError } from '../../ui/promptUi';

/*
 * The connection test before a window opens: `ssh -o BatchMode=yes … true`, which authenticates without asking
 * anything and runs nothing. Right after a create or a start it tries again for a while, since a server's sshd
 * and its key come up some time after Gcore's task ends.
 */

/** How one run of a program ended: its exit code (null: killed) and what it wrote to standard error. */
export interface ProgramRun {
  code: number | null;
  stderr: string;
  /** The code of the error of starting it (`ENOENT`: not installed). */
  spawnErrorCode?: string;
}

export type RunProgram = (program: string, args: readonly string[], signal?: AbortSignal) => Promise<ProgramRun>;

/** What a run may write to standard error before the rest is dropped: SSH's messages are short. */
const STDERR_LIMIT = 64 * 1024;

/** Runs a program without input, killed when `signal` aborts (which rejects as a cancel) or when it outlives the connect timeout well. */
export const runProgram: RunProgram = (program, args, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UserCancelledError());
    const child = spawn(program, [...args], { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk;
    });
    const abort = () => child.kill();
    signal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(abort, (CONNECT_TIMEOUT_SECONDS + 20) * 1000);
    const settle = (result: ProgramRun) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(new UserCancelledError());
      else resolve(result);
    };
    child.on('error', (error: NodeJS.ErrnoException) => settle({ code: null, stderr, spawnErrorCode: error.code }));
    child.on('close', (code) => settle({ code, stderr }));
  });

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new UserCancelledError());
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      }, ms);
      const cancel = () => {
        clearTimeout(timer);
        reject(new UserCancelledError());
      };
      signal?.addEventListener('abort', cancel, { once: true });
    }),
};

export interface ConnectionTest {
  run: RunProgram;
  /** The ssh program (`remote.SSH.path`, or `ssh` from PATH). */
  ssh: string;
  args: readonly string[];
  /** How long failures a booting server explains are tried again; 0: one attempt. */
  bootWindowMs: number;
  signal?: AbortSignal;
  /** Told before each wait to try again. */
  onRetry?: (attempt: number, failure: SshFailure) => void;
  clock?: Clock;
}

/** Undefined when the connection works; otherwise the last failure, read. */
export async function testConnection(test: ConnectionTest): Promise<SshFailure | undefined> {
  const clock = test.clock ?? SYSTEM_CLOCK;
  const started = clock.now();
  for (let attempt = 1; ; attempt += 1) {
    const result = await test.run(test.ssh, test.args, test.signal);
    if (result.code === 0) return undefined;
    const failure = classifySshFailure(result.stderr, result.spawnErrorCode);
    const delay = mayPassAfterBoot(failure.kind) ? nextAttemptDelay(attempt, clock.now() - started, test.bootWindowMs) : undefined;
    if (delay === undefined) return failure;
    test.onRetry?.(attempt, failure);
    await clock.sleep(delay, test.signal);
  }
}

/** ssh-keygen beside the ssh program when that is a path, as an installation keeps them. */
export function sshKeygenBeside(ssh: string): string {
  return path.isAbsolute(ssh) ? path.join(path.dirname(ssh), `ssh-keygen${path.extname(ssh)}`) : 'ssh-keygen';
}

/** Removes the keys known for `name` from the cluster's known-hosts file (`ssh-keygen -R`), after a changed host key. */
export async function forgetHostKey(run: RunProgram, ssh: string, knownHosts: string, name: string): Promise<void> {
  const result = await run(sshKeygenBeside(ssh), ['-R', name, '-f', knownHosts]);
  if (result.code !== 0) throw new Error(result.stderr.trim() || l10n.t('ssh-keygen could not remove the old key of {0}.', name));
}
