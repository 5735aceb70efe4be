import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { GpuCluster, GpuServer } from '../../../../src/api/gpu/gpuClusterTypes';
import { readClusterSsh, sshClusterRef, type ClusterSsh } from '../../../../src/machine/gpu/gpuSshTargets';
import { clusterFile, knownHostsFile, sshPlaces, writeClusterEntry, type SshPlaces } from '../../../../src/machine/gpu/sshConfigFiles';
import type { Log } from '../../../../src/logging/log';
import { aliasesIn, type SshOption } from '../../../../src/models/gpu/ssh/sshEntry';
import { stableUuid } from '../../../emulator/gpu-servers';
import { ensureSshClient, sshOptionsFor } from '../../../support/openssh';
import { startHarness, stopHarness, TEST_KEY, type Harness } from '../../api/clientHarness';

/*
 * Every entry the extension writes, for Gcore's usual answers and for hostile ones, read back by OpenSSH itself
 * (`ssh -G`): each alias must come out with exactly the directives written, its server's address, the user and the
 * options, and everything else as ssh has it without the file. A hostile value that got into the file as text would
 * show there as a directive of its own (a ProxyCommand, a `Host *` block that applies to every host).
 */

const LOCATION = { projectId: 1, regionId: 76 };
const TRAIN = stableUuid(1, 76, 'virtual', 'train-h100');
const QUIET = { debug: () => undefined, info: () => undefined, warn: () => undefined } as unknown as Log;

/** Text that plants directives when written into an SSH config as it is. */
const PLANTS = '"\nHost *\n  ProxyCommand touch /tmp/gcore-pwned\n#';

/** An alias no entry names: what ssh uses for it is the same with or without the file when nothing was planted. */
const UNRELATED = 'unrelated.example.com';

interface Expected {
  address: string;
  user: string;
  knownHosts: string;
  options?: readonly SshOption[];
}

describe('SSH entries as OpenSSH reads them back', function () {
  this.timeout(60_000);
  let harness: Harness;
  let home: string;
  let places: SshPlaces;

  before(() => ensureSshClient());

  beforeEach(async () => {
    harness = await startHarness();
    // A space in the path: ssh must read the quoted known-hosts path whole.
    home = await mkdtemp(path.join(tmpdir(), 'gcore ssh-readback-'));
    places = sshPlaces(undefined, home);
  });

  afterEach(async () => {
    await stopHarness(harness);
    await rm(home, { recursive: true, force: true });
  });

  async function write(options: readonly SshOption[] = []): Promise<ClusterSsh> {
    const deps = { client: harness.client, settings: { options, places }, users: { get: () => undefined }, log: QUIET };
    const read = await readClusterSsh(deps, sshClusterRef({ ...LOCATION, kind: 'virtual', clusterId: TRAIN }));
    await writeClusterEntry(places, read.entry.clusterId, read.text);
    return read;
  }

  async function api<T>(pathname: string): Promise<T> {
    const response = await fetch(`${harness.emulator.url}${pathname}`, { headers: { authorization: `apikey ${TEST_KEY}` } });
    return (await response.json()) as T;
  }

  const clusterPath = `/cloud/v3/gpu/virtual/1/76/clusters/${TRAIN}`;

  /** The cluster's servers by name, each with its public address as the client finds it. */
  async function servers(): Promise<GpuServer[]> {
    const list = await harness.client.gpuClusters.serversWithAddresses({ ...LOCATION, kind: 'virtual', clusterId: TRAIN });
    return list.results.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  }

  /** Answers the cluster's servers as Gcore would, with `change` made to each (in order of their names). */
  async function answerServers(change: (server: GpuServer, index: number) => GpuServer): Promise<void> {
    const list = await api<{ results: GpuServer[] }>(`${clusterPath}/servers?limit=1000`);
    const results = list.results.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })).map(change);
    harness.emulator.inject({
      method: 'GET',
      path: `${clusterPath}/servers`,
      status: 200,
      body: { count: results.length, results },
      times: 5,
    });
  }

  /** ssh's reading of `alias` from the file equals its reading without it, with exactly the directives expected set. */
  function assertReadBack(file: string, alias: string, expected: Expected): void {
    const without = sshOptionsFor('/dev/null', alias);
    const wanted = new Map(without);
    const set = (name: string, value: string) => wanted.set(name.toLowerCase(), [value]);
    set('HostName', expected.address);
    set('User', expected.user);
    for (const [name, value] of expected.options ?? []) set(name, value);
    set('StrictHostKeyChecking', 'accept-new');
    set('UserKnownHostsFile', expected.knownHosts);
    set('ServerAliveInterval', '30');
    // ssh_config(5): UpdateHostKeys is on only while UserKnownHostsFile is the default.
    set('UpdateHostKeys', 'false');
    assert.deepEqual(sshOptionsFor(file, alias), wanted, `ssh -G of ${alias}`);
  }

  /** Nothing of the file applies to a host it does not name: no `Host *` or `Match all` was planted. */
  function assertNothingPlanted(file: string, ...aliases: string[]): void {
    for (const alias of [UNRELATED, ...aliases]) {
      assert.deepEqual(sshOptionsFor(file, alias), sshOptionsFor('/dev/null', alias), `ssh -G of ${alias}`);
    }
  }

  it('reads each server of a usual answer with exactly its address, the user and the options written', async () => {
    const [first, second] = await servers();
    const read = await write([['Port', '2222']]);
    const file = clusterFile(places, read.entry.clusterId);
    assert.deepEqual(aliasesIn(read.text), ['gcore-train-h100-1', 'gcore-train-h100-2']);
    const knownHosts = knownHostsFile(places, read.entry.clusterId);
    for (const [alias, server] of [
      ['gcore-train-h100-1', first],
      ['gcore-train-h100-2', second],
    ] as const) {
      assertReadBack(file, alias, {
        address: server.public_ip ?? assert.fail('no public address'),
        user: 'ubuntu',
        knownHosts,
        options: [['Port', '2222']],
      });
    }
    assertNothingPlanted(file);
  });

  it('leaves out a server whose address is not one, and the other servers read as written', async () => {
    const [first, second] = await servers();
    for (const hostile of ['203.0.113.10\n  ProxyCommand touch /tmp/gcore-pwned', '$(touch /tmp/gcore-pwned)', '-oProxyCommand=id']) {
      harness.emulator.setGpuServerAddress({ kind: 'virtual', ...LOCATION, clusterId: TRAIN, serverId: first.id }, hostile);
      const read = await write();
      const file = clusterFile(places, read.entry.clusterId);
      assert.deepEqual(aliasesIn(read.text), ['gcore-train-h100-2'], JSON.stringify(hostile));
      assert.ok(!read.text.includes(hostile), 'the address is nowhere in the file');
      assertReadBack(file, 'gcore-train-h100-2', {
        address: second.public_ip!,
        user: 'ubuntu',
        knownHosts: knownHostsFile(places, read.entry.clusterId),
      });
      assertNothingPlanted(file, 'gcore-train-h100-1');
    }
  });

  it('through a jump host, takes no private address that is not one', async () => {
    const [, second] = await servers();
    await answerServers((server, index) => (index === 0 ? { ...server, ip_addresses: ['10.0.0.5 -oProxyCommand=id', '$(id)'] } : server));
    const read = await write([['ProxyJump', 'bastion.example.com']]);
    const file = clusterFile(places, read.entry.clusterId);
    assert.deepEqual(aliasesIn(read.text), ['gcore-train-h100-2']);
    assertReadBack(file, 'gcore-train-h100-2', {
      address: second.public_ip!,
      user: 'ubuntu',
      knownHosts: knownHostsFile(places, read.entry.clusterId),
      options: [['ProxyJump', 'bastion.example.com']],
    });
    assertNothingPlanted(file, 'gcore-train-h100-1');
  });

  it('keeps a cluster name, server names and an image distribution that would plant directives out of every directive', async () => {
    const [first, second] = await servers();
    const cluster = await api<GpuCluster>(clusterPath);
    harness.emulator.inject({ method: 'GET', path: clusterPath, status: 200, body: { ...cluster, name: `train${PLANTS}` }, times: 5 });
    await answerServers((server, index) => ({ ...server, name: `${server.name}${index === 0 ? PLANTS : '\r\nMatch all'}` }));
    const images = await api<{ results: { id: string }[] }>('/cloud/v3/gpu/virtual/1/76/images');
    harness.emulator.inject({
      method: 'GET',
      path: '/cloud/v3/gpu/virtual/1/76/images',
      status: 200,
      body: { ...images, results: images.results.map((image) => ({ ...image, os_distro: `debian${PLANTS}` })) },
      times: 5,
    });
    const read = await write();
    const file = clusterFile(places, read.entry.clusterId);
    const aliases = aliasesIn(read.text);
    assert.deepEqual(aliases, ['gcore-train-h100-1-host-proxycommand-touch-tmp-gcore-pwned', 'gcore-train-h100-2-match-all']);
    assert.equal(read.text.split('\n')[0].includes('\\nHost *\\n'), true, 'the name is in the comment, its line breaks escaped');
    const knownHosts = knownHostsFile(places, read.entry.clusterId);
    assertReadBack(file, aliases[0], { address: first.public_ip!, user: 'ubuntu', knownHosts });
    assertReadBack(file, aliases[1], { address: second.public_ip!, user: 'ubuntu', knownHosts });
    assertNothingPlanted(file);
  });

  it('refuses a cluster id that is not a UUID before anything is read or written', async () => {
    for (const id of ['../../x', `x${PLANTS}`, TRAIN.replace(/-/g, '/')]) {
      assert.throws(
        () => sshClusterRef({ ...LOCATION, kind: 'virtual', clusterId: id, clusterName: 'odd' }),
        /^Error: GPU cluster odd is not used for SSH: its ID ".*" is not a UUID, and its SSH entry, files and commands would be named with it\.$/,
      );
    }
    assert.deepEqual(harness.emulator.requests, []);
    assert.deepEqual(await readdir(home), []);
  });
});
