import * as assert from 'node:assert/strict';
import {
  aliasesIn,
  assignAliases,
  clusterEntryText,
  clusterSshUser,
  entryOwner,
  hasJumpHost,
  readClusterUser,
  readSshOptions,
  readSshUser,
  sshConfigPath,
  type ClusterSshEntry,
} from '../../../../../src/models/gpu/ssh/sshEntry';
import { clusterId, hostAddress, loginName, sshAlias } from '../../../support/sshValues';

const CLUSTER = clusterId('0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d11');

function entry(overrides: Partial<ClusterSshEntry> = {}): ClusterSshEntry {
  return {
    clusterId: CLUSTER,
    clusterName: 'my-gpu-cluster',
    projectId: 1,
    regionId: 7,
    kind: 'virtual',
    user: loginName('ubuntu'),
    hosts: [
      { alias: sshAlias('gcore-my-gpu-cluster-1'), address: hostAddress('85.234.66.234'), serverName: 'my-gpu-cluster-1' },
      { alias: sshAlias('gcore-my-gpu-cluster-2'), address: hostAddress('85.234.66.235'), serverName: 'my-gpu-cluster-2' },
    ],
    identityFile: '/home/me/.ssh/gcore_ed25519',
    knownHostsFile: `/home/me/.ssh/gcore/${CLUSTER}.known_hosts`,
    options: [],
    ...overrides,
  };
}

describe('a GPU cluster’s SSH entry', () => {
  it('holds one block per server: its address, the user, the key, accept-new and a known-hosts file of the cluster’s own', () => {
    const block = (alias: string, address: string) => [
      `Host ${alias}`,
      `  HostName ${address}`,
      '  User ubuntu',
      '  IdentityFile /home/me/.ssh/gcore_ed25519',
      '  IdentitiesOnly yes',
      '  StrictHostKeyChecking accept-new',
      `  UserKnownHostsFile /home/me/.ssh/gcore/${CLUSTER}.known_hosts`,
      '  ServerAliveInterval 30',
    ];
    assert.equal(
      clusterEntryText(entry()),
      [
        `# Managed by the Gcore extension: cluster my-gpu-cluster (${CLUSTER}), project 1, region 7, virtual. It is written whole each time, and removed with the cluster.`,
        '',
        ...block('gcore-my-gpu-cluster-1', '85.234.66.234'),
        '',
        ...block('gcore-my-gpu-cluster-2', '85.234.66.235'),
        '',
      ].join('\n'),
    );
  });

  it('writes the user’s options before its own defaults, which they may replace, and no key lines without a key here', () => {
    const text = clusterEntryText(
      entry({
        hosts: [entry().hosts[0]],
        identityFile: undefined,
        options: [
          ['ProxyJump', 'bastion'],
          ['StrictHostKeyChecking', 'yes'],
        ],
      }),
    );
    const lines = text.split('\n');
    assert.ok(lines.indexOf('  ProxyJump bastion') < lines.indexOf('  StrictHostKeyChecking accept-new'));
    assert.ok(lines.indexOf('  StrictHostKeyChecking yes') < lines.indexOf('  StrictHostKeyChecking accept-new'));
    assert.ok(!text.includes('IdentityFile') && !text.includes('IdentitiesOnly'));
  });

  it('quotes paths with spaces and writes them with forward slashes', () => {
    assert.equal(sshConfigPath('C:\\Users\\Ann Lee\\.ssh\\key'), '"C:/Users/Ann Lee/.ssh/key"');
    assert.equal(sshConfigPath('/home/ann/.ssh/key'), '/home/ann/.ssh/key');
    assert.match(clusterEntryText(entry({ identityFile: '/home/ann lee/k' })), /^ {2}IdentityFile "\/home\/ann lee\/k"$/m);
  });

  it('names servers in lower case, after their names, and never twice', () => {
    assert.deepEqual(assignAliases(['Train-H100-1', 'train h100 2', '---'], CLUSTER, new Set()), [
      'gcore-train-h100-1',
      'gcore-train-h100-2',
      'gcore-server',
    ]);
    assert.deepEqual(assignAliases(['a', 'A'], CLUSTER, new Set()), ['gcore-a', 'gcore-a-2']);
    // Another cluster of the same name elsewhere holds the alias: this one takes its id.
    assert.deepEqual(assignAliases(['train-1'], CLUSTER, new Set(['gcore-train-1'])), ['gcore-train-1-0dd60286']);
  });

  it('reads the aliases of a file’s Host lines', () => {
    assert.deepEqual(aliasesIn('Host a b\n  HostName x\r\nhost=c\n# Host d\n'), ['a', 'b', 'c']);
  });

  it('reads gcore.gpu.sshOptions, skipping what it cannot write with a line naming the setting', () => {
    assert.deepEqual(readSshOptions(undefined), { options: [], problems: [] });
    assert.deepEqual(readSshOptions({ ProxyJump: 'bastion.example.com', Port: 2222 }).options, [
      ['ProxyJump', 'bastion.example.com'],
      ['Port', '2222'],
    ]);
    const { options, problems } = readSshOptions({ HostName: 'x', 'Bad Name': 'y', ProxyCommand: 'a\nb', Port: '', ForwardAgent: true });
    assert.deepEqual(options, []);
    assert.equal(problems.length, 5);
    for (const problem of problems) assert.match(problem, /^gcore\.gpu\.sshOptions/);
    assert.match(readSshOptions(['Port 22']).problems[0], /must be an object/);
  });

  it('says whether the options reach servers through a jump host', () => {
    assert.equal(hasJumpHost([['proxyjump', 'b']]), true);
    assert.equal(hasJumpHost([['ProxyCommand', 'ssh -W %h:%p b']]), true);
    assert.equal(hasJumpHost([['Port', '22']]), false);
  });

  it('reads gcore.gpu.sshUser, falling back to ubuntu with a reason for what is not a login name', () => {
    assert.deepEqual(readSshUser(undefined), { user: 'ubuntu' });
    assert.deepEqual(readSshUser(' ec2-user '), { user: 'ec2-user' });
    const bad = readSshUser('me; rm -rf /');
    assert.equal(bad.user, 'ubuntu');
    assert.match(bad.problem ?? '', /gcore\.gpu\.sshUser/);
  });

  it('takes the user chosen for the cluster, else the setting, else the image’s distribution, else ubuntu', () => {
    assert.equal(clusterSshUser({ chosen: 'root', setting: loginName('admin'), osDistro: 'debian' }), 'root');
    assert.equal(clusterSshUser({ setting: loginName('admin'), osDistro: 'debian' }), 'admin');
    assert.equal(clusterSshUser({ osDistro: ' Debian ' }), 'debian');
    assert.equal(clusterSshUser({ osDistro: 'Red Hat' }), 'ubuntu', 'not a login name');
    assert.equal(clusterSshUser({ osDistro: null }), 'ubuntu');
    assert.equal(clusterSshUser({}), 'ubuntu');
  });

  it('reads a user typed for one cluster: a login name, or empty for the setting', () => {
    assert.deepEqual(readClusterUser(' root '), { user: 'root' });
    assert.deepEqual(readClusterUser('  '), {});
    assert.match(readClusterUser('me; rm').problem ?? '', /^SSH user: a login name/);
  });

  it('tells its own files by their first line: whose cluster, where, of which kind', () => {
    const text = clusterEntryText(entry({ kind: 'baremetal', clusterName: 'odd (name)' }));
    assert.deepEqual(entryOwner(text), { clusterId: CLUSTER, projectId: 1, regionId: 7, kind: 'baremetal' });
    assert.equal(entryOwner(`Host mine\n  HostName 10.0.0.1\n`), undefined);
    assert.equal(
      entryOwner(`# Managed by the Gcore extension: cluster x (${CLUSTER}), project 1, region 7. It is written whole.\n`),
      undefined,
    );
  });
});
