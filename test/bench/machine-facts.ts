import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import type { CodeServerInstall } from '../runner/code-server-install';
import { REPO_ROOT } from '../runner/extension-under-test';

const BYTES_PER_GIB = 1024 ** 3;

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** What goes into the packaged extension. */
const EXTENSION_INPUTS = ['src', 'package.json', 'package.nls.json', 'esbuild.js', '.vscodeignore'];

/** The commit measured, and whether the extension's sources in the working tree differed from it. */
function commit(): string {
  try {
    const head = git(['rev-parse', '--short', 'HEAD']);
    const changed = git(['status', '--porcelain', '--', ...EXTENSION_INPUTS]) !== '';
    return changed ? `${head} with uncommitted changes to the extension` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The code-server whose extension host ran the in-editor parts, or why there was none. */
export function codeServerFact(install: CodeServerInstall | Error): string {
  if (install instanceof Error) return 'code-server: not available';
  const version = /code-server-([\d.]+)$/.exec(install.codeServerDir)?.[1] ?? 'unknown version';
  return `code-server ${version} (VS Code's extension host on Node 24)`;
}

/**
 * What a reader needs to compare a run with their own: when, on what, and how busy the machine was when
 * the run started (other processes share these cores).
 */
export function machineFacts(): string[] {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  return [
    `Date: ${new Date().toISOString()}`,
    `Commit: ${commit()}`,
    `CPU: ${cpus[0]?.model ?? 'unknown'} × ${os.availableParallelism()} (${os.arch()}); load average at start ${load}`,
    `Memory: ${(os.totalmem() / BYTES_PER_GIB).toFixed(1)} GiB`,
    `OS: ${os.type()} ${os.release()}`,
    `Node (benchmark driver): ${process.version}`,
  ];
}
