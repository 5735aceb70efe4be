import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  addInclude,
  aliasesOfOtherClusters,
  clusterFile,
  includesClusterFiles,
  knownHostsFile,
  removeClusterEntry,
  removeUnlistedEntries,
  sshPlaces,
  writeClusterEntry,
} from '../../../../src/machine/gpu/sshConfigFiles';
import { clusterEntryText } from '../../../../src/models/gpu/ssh/sshEntry';
import { includeLines } from '../../../../src/models/gpu/ssh/sshInclude';
import type { ClusterId } from '../../../../src/models/gpu/ssh/sshValues';
import { clusterId, hostAddress, loginName, sshAlias } from '../../support/sshValues';

const CLUSTER = clusterId('0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d11');
const OTHER = clusterId('5b0f2c9e-1c3a-4bd1-9a4f-0dd602867d11');

describe('the SSH files of GPU clusters', () => {
  let home: string;

  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'gcore-ssh-files-'));
  });

  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('live beside ~/.ssh/config, or beside the file remote.SSH.configFile names (~ is the home)', () => {
    assert.deepEqual(sshPlaces(undefined, home), {
      userConfig: path.join(home, '.ssh', 'config'),
      named: false,
      folder: path.join(home, '.ssh', 'gcore'),
      home,
    });
    const named = sshPlaces('~/work/ssh_config', home);
    assert.equal(named.userConfig, path.join(home, 'work', 'ssh_config'));
    assert.equal(named.named, true);
    assert.equal(clusterFile(named, CLUSTER), path.join(home, 'work', 'gcore', `${CLUSTER}.conf`));
    assert.equal(knownHostsFile(named, CLUSTER), path.join(home, 'work', 'gcore', `${CLUSTER}.known_hosts`));
  });

  it('writes a cluster’s entry whole, readable by the user only, leaving no temporary file', async () => {
    const places = sshPlaces(undefined, home);
    await writeClusterEntry(places, CLUSTER, 'Host a\n');
    await writeClusterEntry(places, CLUSTER, 'Host b\n');
    assert.equal(await readFile(clusterFile(places, CLUSTER), 'utf8'), 'Host b\n');
    assert.equal((await stat(clusterFile(places, CLUSTER))).mode & 0o777, 0o600);
    assert.equal((await stat(places.folder)).mode & 0o777, 0o700);
    assert.deepEqual(await readdir(places.folder), [`${CLUSTER}.conf`]);
  });

  it('knows the aliases the other clusters’ files hold', async () => {
    const places = sshPlaces(undefined, home);
    await writeClusterEntry(places, CLUSTER, 'Host gcore-a\n');
    await writeClusterEntry(places, OTHER, 'Host gcore-b gcore-c\n');
    assert.deepEqual([...(await aliasesOfOtherClusters(places, CLUSTER))], ['gcore-b', 'gcore-c']);
  });

  it('adds the Include once at the top, keeping every byte and the mode of the user’s config', async () => {
    const places = sshPlaces(undefined, home);
    await mkdir(path.dirname(places.userConfig), { recursive: true });
    const original = Buffer.concat([Buffer.from('Host old\r\n  HostName example.org\r\n'), Buffer.from([0xff, 0xfe])]);
    await writeFile(places.userConfig, original, { mode: 0o644 });
    assert.equal(await includesClusterFiles(places), false);
    await addInclude(places);
    await addInclude(places);
    const changed = await readFile(places.userConfig);
    const added = Buffer.from(`${includeLines(places.folder).join('\r\n')}\r\n\r\n`);
    assert.deepEqual(changed, Buffer.concat([added, original]));
    assert.equal((await stat(places.userConfig)).mode & 0o777, 0o644);
    assert.equal(await includesClusterFiles(places), true);
  });

  it('makes a missing config with the Include alone, and writes through a link, which stays a link', async () => {
    const fresh = sshPlaces(undefined, home);
    await addInclude(fresh);
    assert.equal(await readFile(fresh.userConfig, 'utf8'), `${includeLines(fresh.folder).join('\n')}\n`);
    assert.equal((await stat(fresh.userConfig)).mode & 0o777, 0o600);

    const dotfiles = path.join(home, 'dotfiles');
    await mkdir(dotfiles);
    await writeFile(path.join(dotfiles, 'ssh_config'), 'Host x\n');
    const linked = path.join(home, 'linked_config');
    await symlink(path.join(dotfiles, 'ssh_config'), linked);
    const places = sshPlaces(linked, home);
    await addInclude(places);
    assert.ok((await import('node:fs')).lstatSync(linked).isSymbolicLink());
    assert.match(await readFile(path.join(dotfiles, 'ssh_config'), 'utf8'), /^# Added by the Gcore extension[^]*Host x\n$/);
  });

  it('removes a deleted cluster’s entry and known hosts, and only those', async () => {
    const places = sshPlaces(undefined, home);
    await writeClusterEntry(places, CLUSTER, 'Host a\n');
    await writeClusterEntry(places, OTHER, 'Host b\n');
    await writeFile(knownHostsFile(places, CLUSTER), 'a ssh-ed25519 AAAA\n');
    await removeClusterEntry(places, CLUSTER);
    await removeClusterEntry(places, CLUSTER);
    assert.deepEqual(await readdir(places.folder), [`${OTHER}.conf`]);
  });

  it('removes the entries of a location’s clusters its list no longer has, and nothing else', async () => {
    const places = sshPlaces(undefined, home);
    const entryOf = (id: ClusterId, projectId: number, kind: 'virtual' | 'baremetal') =>
      clusterEntryText({
        clusterId: id,
        clusterName: 'c',
        projectId,
        regionId: 7,
        kind,
        user: loginName('ubuntu'),
        hosts: [{ alias: sshAlias(`gcore-${id.slice(0, 4)}`), address: hostAddress('10.0.0.1'), serverName: 'c-1' }],
        knownHostsFile: knownHostsFile(places, id),
        options: [],
      });
    const gone = CLUSTER;
    const listed = OTHER;
    const otherProject = clusterId('11111111-1c3a-4bd1-9a4f-0dd602867d11');
    const otherKind = clusterId('22222222-1c3a-4bd1-9a4f-0dd602867d11');
    const newer = clusterId('33333333-1c3a-4bd1-9a4f-0dd602867d11');
    const users = clusterId('44444444-1c3a-4bd1-9a4f-0dd602867d11');
    await writeClusterEntry(places, gone, entryOf(gone, 1, 'virtual'));
    await writeFile(knownHostsFile(places, gone), 'x ssh-ed25519 AAAA\n');
    await writeClusterEntry(places, listed, entryOf(listed, 1, 'virtual'));
    await writeClusterEntry(places, otherProject, entryOf(otherProject, 2, 'virtual'));
    await writeClusterEntry(places, otherKind, entryOf(otherKind, 1, 'baremetal'));
    await writeClusterEntry(places, users, 'Host mine\n  HostName 10.0.0.9\n');
    await writeFile(path.join(places.folder, 'notes.conf'), entryOf(gone, 1, 'virtual'));
    const since = Date.now() + 1;
    // Written after the list was read: a cluster newer than the list.
    await writeClusterEntry(places, newer, entryOf(newer, 1, 'virtual'));
    await utimes(clusterFile(places, newer), new Date(), new Date(since + 1_000));

    await removeUnlistedEntries(places, { projectId: 1, regionId: 7, kind: 'virtual' }, new Set([listed]), since);

    assert.deepEqual(
      (await readdir(places.folder)).sort(),
      [`${otherProject}.conf`, `${otherKind}.conf`, `${newer}.conf`, `${users}.conf`, `${listed}.conf`, 'notes.conf'].sort(),
    );
  });

  it('removes nothing where no entry was ever written', async () => {
    await removeUnlistedEntries(sshPlaces(undefined, home), { projectId: 1, regionId: 7, kind: 'virtual' }, new Set(), Date.now());
  });
});
