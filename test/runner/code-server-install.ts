import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { CleanupStack } from './cleanup-stack';
import { REPO_ROOT } from './extension-under-test';
import { signalProcessGroup } from './process-group';

/** Where install-code-server.sh put (or found) Node 24 and code-server. */
export interface CodeServerInstall {
  nodeHome: string;
  codeServerDir: string;
}

const INSTALL_SCRIPT = path.join(REPO_ROOT, 'test', 'runner', 'install-code-server.sh');
const STOP_GRACE_MS = 5_000;

/**
 * Runs install-code-server.sh, which installs into its cache once and returns at once afterwards.
 * Its progress and failure reports go straight to our stderr; its stdout is exactly the two result lines.
 * It runs in a process group of its own (npm, node-gyp and compilers under it), which the cleanup stack
 * stops on Ctrl-C or a kill; the script then removes its half-built folder.
 */
export async function ensureCodeServerInstalled(cleanups: CleanupStack): Promise<CodeServerInstall> {
  const child = spawn('bash', [INSTALL_SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let finished = false;
  const stop = async (): Promise<void> => {
    if (finished || child.pid === undefined) return;
    // The script's traps remove what it was building; SIGKILL only for what outlives the grace period.
    signalProcessGroup(child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    if (!finished) signalProcessGroup(child.pid, 'SIGKILL');
  };
  cleanups.push({
    name: 'stop the code-server install',
    run: stop,
    runNow: () => {
      if (!finished && child.pid !== undefined) signalProcessGroup(child.pid, 'SIGKILL');
    },
  });

  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (stdout += chunk));
  const { code, signal } = await exited.finally(() => (finished = true));
  const lines = stdout.split('\n').filter((line) => line.trim() !== '');
  if (code !== 0 || lines.length !== 2) {
    throw new Error(`${path.relative(process.cwd(), INSTALL_SCRIPT)} failed (${signal ?? `exit ${code}`}); see its report above.`);
  }
  return { nodeHome: lines[0], codeServerDir: lines[1] };
}
