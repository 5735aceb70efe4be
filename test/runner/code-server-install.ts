import { spawn } from 'node:child_process';
import * as path from 'node:path';

/** Where install-code-server.sh put (or found) Node 24 and code-server. */
export interface CodeServerInstall {
  nodeHome: string;
  codeServerDir: string;
}

/**
 * Runs install-code-server.sh, which installs into its cache once and returns at once afterwards.
 * Its progress goes straight to our stderr; its stdout is exactly the two result lines.
 */
export function ensureCodeServerInstalled(repoRoot: string): Promise<CodeServerInstall> {
  const script = path.join(repoRoot, 'test', 'runner', 'install-code-server.sh');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      if (code !== 0 || lines.length !== 2) {
        reject(new Error(`${script} failed (${signal ?? `exit ${code}`}); see its messages above.`));
        return;
      }
      resolve({ nodeHome: lines[0], codeServerDir: lines[1] });
    });
  });
}
