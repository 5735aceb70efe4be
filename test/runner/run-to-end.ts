import { spawn } from 'node:child_process';

const OUTPUT_LINES_KEPT = 30;

/**
 * Runs a command to its end with its output kept aside; when it fails, the error names the command and
 * carries the end of its output.
 */
export function runToEnd(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; label?: string } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(...chunk.toString('utf8').split('\n'));
      output.splice(0, Math.max(0, output.length - OUTPUT_LINES_KEPT));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        reject(
          new Error(
            `${options.label ?? `${command} ${args.join(' ')}`} failed (${signal ?? `exit ${code}`}):\n${output.join('\n').trim()}`,
          ),
        );
      }
    });
  });
}
