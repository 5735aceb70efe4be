import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { Cleanup } from './cleanup-stack';
import type { CodeServerInstall } from './code-server-install';
import { signalProcessGroup } from './process-group';
import type { ThrowawayProfile } from './throwaway-profile';

const OUTPUT_LINES_KEPT = 60;
const READY_POLL_MS = 250;
const STOP_GRACE_MS = 5_000;

export interface CodeServerOptions {
  install: CodeServerInstall;
  profile: ThrowawayProfile;
  port: number;
  env: NodeJS.ProcessEnv;
  /**
   * Lets the workbench take a test payload (default true). It also changes how the workbench shows
   * notifications, so UI tests and the playground, which act as a user would, turn it off.
   */
  testDriver?: boolean;
}

/** The Node binary and the script that make up the code-server command line. */
export function codeServerCommand(install: CodeServerInstall): { node: string; entry: string } {
  return {
    node: path.join(install.nodeHome, 'bin', 'node'),
    entry: path.join(install.codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  };
}

/**
 * code-server on loopback, started as the leader of its own process group: it forks a file watcher,
 * a pty host, an agent host and the extension host, and killing the group is what reaches all of them.
 */
export class CodeServerProcess {
  readonly url: string;
  private readonly child: ChildProcess;
  /** Also the process group id, since code-server leads its own group. */
  readonly pid: number;
  private readonly exited: Promise<void>;
  private exitDescription: string | undefined;
  private readonly outputTail: string[] = [];
  private stopping: Promise<void> | undefined;
  private stopped = false;

  private constructor(options: CodeServerOptions) {
    const { install, profile, port } = options;
    this.url = `http://127.0.0.1:${port}`;
    const { node, entry } = codeServerCommand(install);
    const args = [
      entry,
      '--config',
      profile.configFile,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--user-data-dir',
      profile.userDataDir,
      '--extensions-dir',
      profile.extensionsDir,
      ...(options.testDriver === false ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
      profile.workspaceDir,
    ];
    const env: NodeJS.ProcessEnv = {
      ...options.env,
      // The extension host and anything it spawns as `node` should run on the same Node as code-server.
      PATH: `${path.join(install.nodeHome, 'bin')}${path.delimiter}${options.env.PATH ?? ''}`,
      ...profile.privateDirsEnv,
    };
    this.child = spawn(node, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
    if (this.child.pid === undefined) throw new Error(`could not start ${node}`);
    this.pid = this.child.pid;
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.keepOutput(chunk));
    }
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitDescription = signal ?? `exit ${code}`;
        resolve();
      });
    });
  }

  static start(options: CodeServerOptions): CodeServerProcess {
    return new CodeServerProcess(options);
  }

  /**
   * Resolves once the server answers its health check; rejects if it exits or stays silent too long,
   * after printing its last lines to stderr (callers report only an error's first line).
   */
  async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitDescription !== undefined) {
        throw this.notReady(`code-server stopped before it was ready (${this.exitDescription}).`);
      }
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    throw this.notReady(`code-server did not answer on ${this.url} within ${Math.round(timeoutMs / 1000)} s.`);
  }

  private notReady(message: string): Error {
    console.error(this.recentOutput());
    return new Error(message);
  }

  /** Settles when the main code-server process has exited, with how it ended (e.g. "exit 1", "SIGKILL"). */
  async whenExited(): Promise<string> {
    await this.exited;
    return this.exitDescription ?? 'unknown';
  }

  /** The last lines code-server printed, for the report when something went wrong. */
  recentOutput(): string {
    return this.outputTail.join('\n');
  }

  /**
   * SIGTERM to the group, a grace period, then SIGKILL to the group for whatever is left. Stops once:
   * later calls wait for that same stop.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      signalProcessGroup(this.pid, 'SIGTERM');
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
      signalProcessGroup(this.pid, 'SIGKILL');
      this.stopped = true;
    })();
    return this.stopping;
  }

  /**
   * The synchronous last resort, for when the driver itself is exiting. Does nothing once a stop has
   * finished: the group's id may by then belong to someone else's processes.
   */
  killNow(): void {
    if (!this.stopped) signalProcessGroup(this.pid, 'SIGKILL');
  }

  /** Both ways of stopping, for a cleanup stack. */
  cleanup(name: string): Cleanup {
    return { name, run: () => this.stop(), runNow: () => this.killNow() };
  }

  private async answers(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  }

  private keepOutput(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      this.outputTail.push(line);
      if (this.outputTail.length > OUTPUT_LINES_KEPT) this.outputTail.shift();
    }
  }
}
