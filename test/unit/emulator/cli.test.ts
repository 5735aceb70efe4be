import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseCliArguments } from '../../emulator/cli-arguments';
import { rawRequest } from './raw-http';

// tsc emits the CLI next to the server, so the test runs the same code that `npm run emulator` bundles.
const CLI = path.resolve(__dirname, '../../emulator/cli.js');

function envWithout(name: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env[name];
  return env;
}

describe('emulator CLI arguments', () => {
  it('reads every option in both flag forms', () => {
    const command = parseCliArguments(
      ['--port', '8080', '--api-key=k', '--host', '::1', '--latency-ms=25', '--flavors-per-location', '5000', '--demo'],
      {},
    );
    assert.deepEqual(command, {
      kind: 'serve',
      options: { apiKey: 'k', demo: true, host: '::1', port: 8080, latencyMs: 25, flavorsPerLocation: 5000 },
    });
  });

  it('fills a zone with record sets and sets how late the public resolvers see a change', () => {
    assert.deepEqual(parseCliArguments(['--api-key', 'k', '--record-sets-in-zone', '10000', '--propagation-delay-ms=0'], {}), {
      kind: 'serve',
      options: { apiKey: 'k', demo: false, recordSetsInZone: 10_000, propagationDelayMs: 0 },
    });
    assert.equal(parseCliArguments(['--api-key', 'k', '--propagation-delay-ms', '600001'], {}).kind, 'usage-error');
  });

  it('sets how long tasks stay NEW and RUNNING, one or both, the other at its default', () => {
    assert.deepEqual(parseCliArguments(['--api-key', 'k', '--task-running-ms', '8000'], {}), {
      kind: 'serve',
      options: { apiKey: 'k', demo: false, taskTimings: { newMs: 300, runningMs: 8000 } },
    });
    assert.equal(parseCliArguments(['--api-key', 'k', '--task-new-ms', 'soon'], {}).kind, 'usage-error');
  });

  it('takes the key from GCORE_API_KEY when --api-key is absent', () => {
    assert.deepEqual(parseCliArguments([], { GCORE_API_KEY: 'from-env' }), {
      kind: 'serve',
      options: { apiKey: 'from-env', demo: false },
    });
  });

  it('reports usage errors', () => {
    for (const argv of [[], ['--api-key'], ['--api-key', 'k', '--port', '70000'], ['--api-key', 'k', '--verbose']]) {
      assert.equal(parseCliArguments(argv, {}).kind, 'usage-error', argv.join(' '));
    }
    assert.equal(parseCliArguments(['--help'], {}).kind, 'help');
  });
});

describe('emulator CLI process', () => {
  let child: ChildProcess | undefined;

  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
  });

  it('prints its address, logs requests without the key and exits 0 on SIGTERM', async () => {
    const key = 'cli-secret-key';
    child = spawn(process.execPath, [CLI, '--port', '0', '--api-key', key, '--demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const banner = String((await lines.next()).value);
    const match = /^Gcore API emulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(banner);
    assert.ok(match, banner);
    assert.notEqual(match[2], '0');

    const response = await rawRequest({ url: match[1] }, 'PATCH', '/dns/v2/zones/example.org/dnssec', {
      authorization: `apikey ${key}`,
      body: { enabled: true },
    });
    assert.equal(response.status, 200);
    const logLine = String((await lines.next()).value);
    assert.match(logLine, /^PATCH \/dns\/v2\/zones\/example\.org\/dnssec 200 \d+ms$/);
    assert.ok(!logLine.includes(key));

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    assert.deepEqual(await exited, [0, null]);
  });

  it('takes the key from GCORE_API_KEY', async () => {
    child = spawn(process.execPath, [CLI, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GCORE_API_KEY: 'env-key' },
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const url = String((await lines.next()).value).replace('Gcore API emulator listening on ', '');
    const response = await rawRequest({ url }, 'GET', '/cloud/v3/gpu/virtual/1/1/flavors', { authorization: 'apikey env-key' });
    assert.equal(response.status, 200);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    assert.deepEqual(await exited, [0, null]);
  });

  it('exits 2 with usage when no key is given', async () => {
    child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: envWithout('GCORE_API_KEY') });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    assert.equal(code, 2);
    assert.match(stderr, /Usage: /);
  });
});
