import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  listLocalPublicKeys,
  makeKeyPair,
  markKeysOfThisMachine,
  SshKeygenMissingError,
  writePrivateKey,
} from '../../../../src/machine/gpu/localSshKeys';
import { askNewSshKey, createNewSshKey } from '../../../../src/machine/gpu/sshKeyCreation';
import { BACK } from '../../../../src/ui/promptUi';
import { CANCEL, ScriptedUi } from '../../../extension/support/scriptedUi';
import { eventually } from '../../../support/eventually';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIjxL6g1II8NsO8odvBwGKvq2Dx/h/xrvsV9b9LVIYKm';
const RSA = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7';

describe("this machine's SSH keys", () => {
  let home: string;

  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'gcore-ssh-home-'));
  });

  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  async function sshFile(name: string, text: string): Promise<void> {
    await mkdir(path.join(home, '.ssh'), { recursive: true });
    await writeFile(path.join(home, '.ssh', name), text);
  }

  it('lists the public key files of ~/.ssh by name, each with whether its private half is beside it; other files are not offered', async () => {
    await sshFile('id_ed25519.pub', `${ED25519} me@laptop\n`);
    await sshFile('id_ed25519', 'PRIVATE');
    await sshFile('work_rsa.pub', `\n${RSA} work\n`);
    await sshFile('known_hosts', 'example.com ssh-ed25519 AAAA');
    await sshFile('broken.pub', 'not a key');
    assert.deepEqual(await listLocalPublicKeys(home), [
      { file: path.join(home, '.ssh', 'id_ed25519.pub'), publicKey: `${ED25519} me@laptop`, hasPrivateKey: true },
      { file: path.join(home, '.ssh', 'work_rsa.pub'), publicKey: `${RSA} work`, hasPrivateKey: false },
    ]);
  });

  it('lists nothing when there is no ~/.ssh', async () => {
    assert.deepEqual(await listLocalPublicKeys(home), []);
  });

  it("marks the project's keys whose private half is on this machine, whatever their comments", async () => {
    const keys = [
      { id: '1', name: 'laptop', public_key: `${ED25519} uploaded-from-portal` },
      { id: '2', name: 'work', public_key: `${RSA} work` },
      { id: '3', name: 'generated', public_key: null },
    ];
    const local = [
      { file: '/h/.ssh/id_ed25519.pub', publicKey: `${ED25519} me@laptop`, hasPrivateKey: true },
      { file: '/h/.ssh/work_rsa.pub', publicKey: `${RSA} work`, hasPrivateKey: false },
    ];
    assert.deepEqual(
      markKeysOfThisMachine(keys, local).map(({ key, onThisMachine }) => [key.name, onThisMachine]),
      [
        ['laptop', true],
        ['work', false],
        ['generated', false],
      ],
    );
  });

  it('makes an Ed25519 pair with ssh-keygen in ~/.ssh (made private when missing), never over an existing file', async () => {
    const first = await makeKeyPair(home, 'gpu laptop');
    assert.equal(first.file, path.join(home, '.ssh', 'gcore_gpu_laptop.pub'));
    assert.match(first.publicKey, /^ssh-ed25519 [A-Za-z0-9+/]+=* gpu laptop$/);
    assert.equal(first.hasPrivateKey, true);
    assert.equal((await stat(path.join(home, '.ssh'))).mode & 0o777, 0o700);
    assert.equal((await stat(path.join(home, '.ssh', 'gcore_gpu_laptop'))).mode & 0o077, 0, 'the private key is private');
    const second = await makeKeyPair(home, 'gpu laptop');
    assert.equal(second.file, path.join(home, '.ssh', 'gcore_gpu_laptop_2.pub'));
    assert.notEqual(second.publicKey, first.publicKey);
  });

  it('says when ssh-keygen is not installed, so that Gcore generates the pair instead', async () => {
    const missing = async () => {
      throw Object.assign(new Error('spawn ssh-keygen ENOENT'), { code: 'ENOENT' });
    };
    await assert.rejects(makeKeyPair(home, 'laptop', missing), SshKeygenMissingError);
  });

  it('writes a private key Gcore generated with mode 0600, and never over an existing file', async () => {
    const file = path.join(home, 'gcore_generated');
    await writePrivateKey(file, '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.match(await readFile(file, 'utf8'), /END OPENSSH PRIVATE KEY-----\n$/);
    await assert.rejects(writePrivateKey(file, 'other'), /EEXIST/);
    assert.match(await readFile(file, 'utf8'), /abc/);
  });

  describe('uploaded to Gcore', () => {
    let harness: Harness | undefined;
    before(async () => {
      harness = await startHarness();
    });
    after(() => stopHarness(harness));

    it('uploads the public half of a pair made here, and Gcore lists it as this machine holds it', async () => {
      const made = await makeKeyPair(home, 'made here');
      const created = await harness!.client.sshKeys.create(7, { name: 'made here', public_key: made.publicKey });
      assert.equal(created.private_key ?? null, null, 'nothing private comes back');
      const [post] = harness!.emulator.requests.filter((request) => request.method === 'POST');
      assert.deepEqual(post.json, { name: 'made here', public_key: made.publicKey });
      const listed = (await harness!.client.sshKeys.list(7)).results;
      const marked = markKeysOfThisMachine(listed, await listLocalPublicKeys(home));
      assert.deepEqual(
        marked.filter(({ onThisMachine }) => onThisMachine).map(({ key }) => key.name),
        ['made here'],
      );
    });
  });
});

describe('a new SSH key, asked', () => {
  let home: string;
  let harness: Harness | undefined;
  const TITLE = 'Gcore: Create SSH Key';

  before(async () => {
    harness = await startHarness();
  });
  after(() => stopHarness(harness));
  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'gcore-ssh-home-'));
    harness!.emulator.reset();
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  const posts = () => harness!.emulator.requests.filter((request) => request.method === 'POST');

  it("offers this machine's keys (marking one without its private half) and a new pair; Back from the name returns to them", async () => {
    await mkdir(path.join(home, '.ssh'));
    await writeFile(path.join(home, '.ssh', 'id_ed25519.pub'), `${ED25519} me@laptop\n`);
    await writeFile(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE');
    await writeFile(path.join(home, '.ssh', 'old_rsa.pub'), `${RSA} old\n`);
    const ui = new ScriptedUi(['Create a Key Pair', BACK, 'Use a Key of This Machine: id_ed25519.pub', 'x', 'laptop key']);
    const answer = await askNewSshKey(ui, { home }, TITLE);
    assert.equal(answer.name, 'laptop key');
    assert.deepEqual(answer.source, {
      kind: 'local',
      key: { file: path.join(home, '.ssh', 'id_ed25519.pub'), publicKey: `${ED25519} me@laptop`, hasPrivateKey: true },
    });
    const [sources, , , named] = ui.shown;
    assert.deepEqual(sources.descriptions?.slice(1), ['ssh-ed25519', 'its private key is not on this machine']);
    assert.equal(named.value, 'id_ed25519', 'the name offered is the file name');
    assert.deepEqual(named.validationMessages, ['Key name must be at least 3 characters']);

    const created = await createNewSshKey(ui, { client: harness!.client, home }, 7, answer);
    assert.equal(created.name, 'laptop key');
    assert.deepEqual(
      posts().map((request) => request.json),
      [{ name: 'laptop key', public_key: `${ED25519} me@laptop` }],
    );
  });

  it('makes a pair here and uploads only its public half', async () => {
    const created = await createNewSshKey(new ScriptedUi([]), { client: harness!.client, home }, 7, {
      source: { kind: 'newPair' },
      name: 'new pair',
    });
    const publicKey = (await readFile(path.join(home, '.ssh', 'gcore_new_pair.pub'), 'utf8')).trim();
    assert.deepEqual(
      posts().map((request) => request.json),
      [{ name: 'new pair', public_key: publicKey }],
    );
    assert.equal(created.public_key, publicKey);
  });

  it('without ssh-keygen, asks where to keep the private key first, has Gcore make the pair and writes it there at once, 0600', async () => {
    const missing = async () => {
      throw Object.assign(new Error('spawn ssh-keygen ENOENT'), { code: 'ENOENT' });
    };
    const file = path.join(home, 'gcore_generated');
    const ui = new ScriptedUi([pathToFileURL(file).toString()]);
    const created = await createNewSshKey(ui, { client: harness!.client, home, run: missing }, 7, {
      source: { kind: 'newPair' },
      name: 'generated',
    });
    assert.deepEqual(
      posts().map((request) => request.json),
      [{ name: 'generated' }],
    );
    assert.equal(created.private_key, undefined, 'the private key is returned nowhere');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.match(await readFile(file, 'utf8'), /PRIVATE KEY/);
    assert.ok(!ui.shownTexts().some((text) => text.includes('PRIVATE KEY')));

    harness!.emulator.requests.length = 0;
    await assert.rejects(
      createNewSshKey(new ScriptedUi([pathToFileURL(file).toString()]), { client: harness!.client, home, run: missing }, 7, {
        source: { kind: 'newPair' },
        name: 'generated again',
      }),
      /exists already/,
    );
    await assert.rejects(
      createNewSshKey(new ScriptedUi([CANCEL]), { client: harness!.client, home, run: missing }, 7, {
        source: { kind: 'newPair' },
        name: 'generated again',
      }),
      /Cancelled/,
    );
    assert.deepEqual(posts(), [], 'nothing is sent before the file is settled');
  });

  describe('a private key from Gcore that cannot be kept here', () => {
    const missing = async () => {
      throw Object.assign(new Error('spawn ssh-keygen ENOENT'), { code: 'ENOENT' });
    };
    const deletes = () => harness!.emulator.requests.filter((request) => request.method === 'DELETE');

    /** Has Gcore make a pair for `file`, while another program writes that file once the create is on its way. */
    async function createWhileTaken(file: string, name: string): Promise<Error> {
      harness!.emulator.inject({ method: 'POST', path: '/cloud/v1/ssh_keys/7', delayMs: 1_000 });
      const creating = createNewSshKey(
        new ScriptedUi([pathToFileURL(file).toString()]),
        { client: harness!.client, home, run: missing },
        7,
        {
          source: { kind: 'newPair' },
          name,
        },
      );
      await eventually(() => assert.equal(posts().length, 1));
      await writeFile(file, 'ANOTHER PROGRAM');
      return rejection(creating);
    }

    it('is refused before anything is sent when its folder cannot take a file', async () => {
      const file = path.join(home, 'no such folder', 'gcore_generated');
      await assert.rejects(
        createNewSshKey(new ScriptedUi([pathToFileURL(file).toString()]), { client: harness!.client, home, run: missing }, 7, {
          source: { kind: 'newPair' },
          name: 'generated',
        }),
        (error: Error) => error.message.startsWith(`The private key cannot be written to ${file} (its folder does not exist)`),
      );
      assert.deepEqual(posts(), []);
    });

    it('does not leave its key at Gcore without it, and says so naming the key', async () => {
      const file = path.join(home, 'gcore_generated');
      const error = await createWhileTaken(file, 'generated');
      assert.match(
        error.message,
        /^The private key of SSH key generated could not be written to .*gcore_generated: EEXIST.* The key was deleted at Gcore/,
      );
      assert.equal(posts()[0].status, 201, 'Gcore made the key');
      assert.equal(deletes().length, 1);
      assert.match(deletes()[0].path, /^\/cloud\/v1\/ssh_keys\/7\/[0-9a-f-]{36}$/);
      assert.deepEqual(
        (await harness!.client.sshKeys.list(7)).results.filter((key) => key.name === 'generated'),
        [],
        'the key is gone',
      );
      assert.equal(await readFile(file, 'utf8'), 'ANOTHER PROGRAM', 'the other file is not overwritten');
    });

    it('names the key to delete in the portal when Gcore does not delete it either', async () => {
      harness!.emulator.inject({ method: 'DELETE', path: /^\/cloud\/v1\/ssh_keys\/7\//, status: 500, times: 5 });
      const error = await createWhileTaken(path.join(home, 'gcore_generated'), 'generated');
      assert.match(
        error.message,
        /^The private key of SSH key generated could not be written to .*: EEXIST.* Deleting the key at Gcore failed too \(.*\): delete SSH key generated of project 7 in the Gcore Portal, since no one holds its private key\.$/,
      );
      assert.ok(deletes().length >= 1, 'the delete was tried');
    });
  });
});
