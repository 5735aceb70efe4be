import * as assert from 'node:assert/strict';
import { domainToASCII } from 'node:url';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, gcoreConfig, setKey, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

const run = <T>(id: string, ...args: unknown[]) => vscode.commands.executeCommand<T>(id, ...args) as Promise<T>;

/** What the command wrote: a settings change of the last test may still reload the tree meanwhile. */
const writesTo = (emulator: Emulator) => emulator.requests.filter((request) => request.method !== 'GET');

async function rejects(promise: Thenable<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(Promise.resolve(promise), (error: Error) => {
    assert.ok(error instanceof Error, 'rejects with an Error');
    assert.match(error.message, message);
    return true;
  });
}

describe('commands called programmatically', () => {
  let emulator: Emulator;
  let ui: ScriptedUi;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await setKey(TEST_KEY);
    // Any prompt would fail the test: programmatic calls must not ask anything.
    ui = new ScriptedUi([]);
    await useUi(ui);
    emulator.reset();
  });

  afterEach(async () => {
    await gcoreConfig().update('gpuFlavors.includePrices', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('gpuFlavors.hideDisabled', undefined, vscode.ConfigurationTarget.Global);
    await useUi(undefined);
  });

  it('gcore.listGpuFlavors returns { count, results } as the API sent it, with the exact auth header', async () => {
    const list = await run<{ count: number; results: { name: string; price?: unknown }[] }>('gcore.listGpuFlavors', {
      projectId: 11,
      regionId: 76,
      hideDisabled: false,
      includePrices: true,
    });
    assert.equal(list.count, list.results.length);
    assert.ok(list.results.length > 0);
    assert.ok(list.results.every((flavor) => typeof flavor.price === 'object'));
    const [request] = emulator.requests;
    assert.equal(request.path, '/cloud/v3/gpu/virtual/11/76/flavors');
    assert.equal(request.headers.authorization, `apikey ${TEST_KEY}`);
    assert.equal(request.query.include_prices, 'true');
    assert.notEqual(request.query.hide_disabled, 'true');
    assert.deepEqual(ui.shown, []);
  });

  it('gcore.listGpuFlavors follows the settings when the flags are not given', async () => {
    await gcoreConfig().update('gpuFlavors.includePrices', true, vscode.ConfigurationTarget.Global);
    await run('gcore.listGpuFlavors', { projectId: 11, regionId: 76 });
    assert.deepEqual(emulator.requests[0].query, { hide_disabled: 'true', include_prices: 'true' });
    await gcoreConfig().update('gpuFlavors.hideDisabled', false, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('gpuFlavors.includePrices', false, vscode.ConfigurationTarget.Global);
    await run('gcore.listGpuFlavors', { projectId: 11, regionId: 76 });
    assert.deepEqual(emulator.requests[1].query, {});
  });

  it('gcore.updateContainer sends only the given fields and resolves to the task ids', async () => {
    const result = await run<{ tasks: string[] }>('gcore.updateContainer', {
      projectId: 11,
      regionId: 76,
      containerName: 'web-app',
      changes: { image: 'nginx:1.27', envs: { LOG_LEVEL: 'debug' } },
    });
    assert.ok(result.tasks.length >= 1);
    const [request] = writesTo(emulator);
    assert.equal(request.method, 'PATCH');
    assert.equal(request.path, '/cloud/v1/caas/11/76/containers/web-app');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request.body), { image: 'nginx:1.27', envs: { LOG_LEVEL: 'debug' } });
  });

  it("gcore.updateContainer sends is_disabled in a request of its own and returns both requests' tasks", async () => {
    const result = await run<{ tasks: string[] }>('gcore.updateContainer', {
      projectId: 11,
      regionId: 76,
      containerName: 'web-app',
      changes: { timeout: 60, is_disabled: true },
    });
    assert.deepEqual(
      writesTo(emulator).map((request) => JSON.parse(request.body)),
      [{ timeout: 60 }, { is_disabled: true }],
    );
    assert.ok(result.tasks.length >= 2);
    assert.equal(emulator.container(11, 76, 'web-app')?.config.is_disabled, true);
  });

  it('gcore.updateContainer sends a scale with its cooldown and triggers exactly as given', async () => {
    const scale = { min: 0, max: 4, cooldown_period: 3600, triggers: { cpu: null, http: { rate: 1000, window: 1 } } };
    await run('gcore.updateContainer', { projectId: 11, regionId: 76, containerName: 'web-app', changes: { scale } });
    assert.deepEqual(
      writesTo(emulator).map((request) => JSON.parse(request.body)),
      [{ scale }],
    );
  });

  const invalidUpdates: [string, unknown, RegExp][] = [
    [
      'a CPU threshold of 100',
      {
        projectId: 1,
        regionId: 2,
        containerName: 'web-app',
        changes: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 100 } } } },
      },
      /changes\.scale\.triggers\.cpu\.threshold: must be between 1 and 99/,
    ],
    [
      'a scale with min above max',
      { projectId: 1, regionId: 2, containerName: 'web-app', changes: { scale: { min: 5, max: 2 } } },
      /scale/,
    ],
    ['a timeout past 180', { projectId: 1, regionId: 2, containerName: 'web-app', changes: { timeout: 181 } }, /timeout/],
    ['a bad container name', { projectId: 1, regionId: 2, containerName: '-bad', changes: { image: 'x' } }, /containerName/],
    ['a string project id', { projectId: '1', regionId: 2, containerName: 'web-app', changes: { image: 'x' } }, /projectId/],
    ['an unknown field', { projectId: 1, regionId: 2, containerName: 'web-app', changes: { colour: 'red' } }, /colour/],
    ['a bad env name', { projectId: 1, regionId: 2, containerName: 'web-app', changes: { envs: { '1X': 'a' } } }, /envs/],
  ];
  for (const [what, args, field] of invalidUpdates) {
    it(`gcore.updateContainer refuses ${what} before any request`, async () => {
      await rejects(vscode.commands.executeCommand('gcore.updateContainer', args), field);
      assert.equal(emulator.requests.length, 0);
    });
  }

  it("gcore.updateContainer rejects with the API's own message for an unknown container", async () => {
    await rejects(
      vscode.commands.executeCommand('gcore.updateContainer', {
        projectId: 1,
        regionId: 2,
        containerName: 'no-such-app',
        changes: { image: 'x' },
      }),
      /not found/i,
    );
    assert.equal(emulator.requests.length, 1);
    assert.deepEqual(ui.notifications, [], 'a programmatic failure shows no notification');
  });

  it('gcore.createZone normalizes the name, returns { id, warnings } and remembers the zone', async () => {
    const result = await run<{ id: number; warnings: string[] }>('gcore.createZone', { name: 'Programmatic-Zone.Example.', nx_ttl: 30 });
    const held = emulator.zone('programmatic-zone.example');
    assert.ok(held, 'the emulator holds the zone');
    assert.equal(result.id, held.id);
    assert.ok(result.warnings.length > 0, 'the emulator warns about a tiny nx_ttl');
    assert.deepEqual(JSON.parse(emulator.requests[0].body), { name: 'programmatic-zone.example', nx_ttl: 30 });
    await run('gcore.forgetZone', 'programmatic-zone.example');
  });

  it('gcore.createZone converts an internationalized name to punycode', async () => {
    const ascii = domainToASCII('bücher-test.example');
    assert.match(ascii, /^xn--/);
    try {
      await run('gcore.createZone', { name: 'bücher-test.example' });
      assert.equal(JSON.parse(emulator.requests[0].body).name, ascii);
    } finally {
      await run('gcore.forgetZone', { zoneName: ascii });
    }
  });

  it('gcore.createZone refuses bad input before any request', async () => {
    await rejects(vscode.commands.executeCommand('gcore.createZone', { name: 'bad_name..example' }), /name/);
    await rejects(vscode.commands.executeCommand('gcore.createZone', { name: 'ok.example', refresh: -1 }), /refresh/);
    await rejects(vscode.commands.executeCommand('gcore.createZone', { name: 'ok.example', contact: 'not an address' }), /contact/);
    assert.equal(emulator.requests.length, 0);
  });

  it('gcore.createZone rejects a duplicate with the API message', async () => {
    await run('gcore.createZone', { name: 'dup.example' });
    await rejects(vscode.commands.executeCommand('gcore.createZone', { name: 'dup.example' }), /already exists/);
    await run('gcore.forgetZone', 'dup.example');
  });

  it('gcore.enableDnssec / gcore.disableDnssec send exactly {"enabled": ...} and return the response', async () => {
    await run('gcore.createZone', { name: 'sec.example' });
    const on = await run<{ ds: string; key_tag: number }>('gcore.enableDnssec', 'sec.example');
    assert.match(on.ds, /^sec\.example\. \d+ IN DS \d+ 13 2 [0-9A-F]+$/);
    const off = await run<{ message?: string }>('gcore.disableDnssec', { zoneName: 'sec.example' });
    const key = emulator.zone('sec.example')?.dnssec;
    assert.ok(key, "the emulator holds the zone's key");
    assert.deepEqual(off, { ...key, message: 'DNSSEC disabled' });
    assert.deepEqual(
      emulator.requests.slice(1).map((request) => [request.method, request.path, request.body]),
      [
        ['PATCH', '/dns/v2/zones/sec.example/dnssec', '{"enabled":true}'],
        ['PATCH', '/dns/v2/zones/sec.example/dnssec', '{"enabled":false}'],
      ],
    );
    assert.deepEqual(ui.shown, [], 'no confirmation when called with a zone name');
    await run('gcore.forgetZone', 'sec.example');
  });

  it('gcore.copyDsRecord returns the DS record and puts it on the clipboard', async () => {
    await run('gcore.createZone', { name: 'copy.example' });
    const on = await run<{ ds: string }>('gcore.enableDnssec', { zoneName: 'copy.example' });
    const copied = await run<string>('gcore.copyDsRecord', 'copy.example');
    assert.equal(copied, on.ds);
    assert.deepEqual(ui.clipboard, [on.ds]);
    await run('gcore.disableDnssec', 'copy.example');
    await rejects(vscode.commands.executeCommand('gcore.copyDsRecord', 'copy.example'), /No DS record/);
    await run('gcore.forgetZone', 'copy.example');
  });

  it('gcore.enableDnssec percent-encodes the zone and rejects an unknown zone with the API message', async () => {
    await rejects(vscode.commands.executeCommand('gcore.enableDnssec', 'missing-zone.example'), /not found/);
    assert.equal(emulator.requests[0].path, '/dns/v2/zones/missing-zone.example/dnssec');
    await rejects(vscode.commands.executeCommand('gcore.enableDnssec', { zoneName: 42 }), /zoneName/);
    assert.equal(emulator.requests.length, 1);
  });

  it('gcore.addKnownZone and gcore.forgetZone change only local state', async () => {
    await run('gcore.addKnownZone', 'Known.Example.');
    await run('gcore.forgetZone', { zoneName: 'known.example' });
    await rejects(vscode.commands.executeCommand('gcore.addKnownZone', { zoneName: '' }), /zoneName/);
    assert.equal(emulator.requests.length, 0);
  });

  it('gcore.addLocation validates and writes gcore.locations', async () => {
    await run('gcore.addLocation', { projectId: 5, regionId: 6, label: 'Lab' });
    assert.deepEqual(gcoreConfig().get('locations'), [{ projectId: 5, regionId: 6, label: 'Lab' }]);
    await rejects(vscode.commands.executeCommand('gcore.addLocation', { projectId: 0, regionId: 6 }), /projectId/);
    await gcoreConfig().update('locations', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a 401 from the API rejects with the API message', async () => {
    emulator.inject({
      path: '/cloud/v3/gpu/virtual/1/2/flavors',
      status: 401,
      body: { exception_class: 'NotAuthenticated', message: 'Invalid token.' },
    });
    await rejects(vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 2 }), /Invalid token/);
  });

  it('refuses to send the key to a non-loopback http: base URL', async () => {
    const original = gcoreConfig().get<string>('apiBaseUrl');
    await gcoreConfig().update('apiBaseUrl', 'http://api.gcore.com', vscode.ConfigurationTarget.Global);
    try {
      await rejects(vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 2 }), /base URL/);
    } finally {
      await gcoreConfig().update('apiBaseUrl', original, vscode.ConfigurationTarget.Global);
    }
    assert.equal(emulator.requests.length, 0);
  });
});
