import * as l10n from '@vscode/l10n';
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { SshKey } from '../../api/gpu/gpuClusterTypes';
import { PUBLIC_KEY_FIELD } from '../../models/gpu/sshKeys';

/*
 * The SSH keys of this machine, for a GPU cluster's key step: the `*.pub` files in `~/.ssh` (the home folder is
 * given, so tests use their own), a new pair made here with `ssh-keygen -t ed25519` (the private key never leaves
 * the machine), and, only where ssh-keygen is missing, a private key Gcore generated, written at once with mode
 * 0600 to a file the user picked.
 */

/** A public key file of `~/.ssh`, and whether its private half sits beside it. */
export interface LocalPublicKey {
  /** The `.pub` file. */
  file: string;
  /** Its one OpenSSH line: type, base64 key, comment. */
  publicKey: string;
  /** The private key file beside it (the `.pub` name without `.pub`) exists. */
  hasPrivateKey: boolean;
}

/** Runs a program with arguments; rejects as `execFile` does (`code: 'ENOENT'` when the program is not installed). */
export type RunProgram = (program: string, args: readonly string[]) => Promise<void>;

export const runProgram: RunProgram = (program, args) =>
  new Promise((resolve, reject) => {
    execFile(program, [...args], { timeout: 30_000, windowsHide: true }, (error) => (error ? reject(error) : resolve()));
  });

/** Thrown by `makeKeyPair` when ssh-keygen is not installed: then Gcore generates the pair. */
export class SshKeygenMissingError extends Error {
  constructor() {
    super(l10n.t('ssh-keygen is not installed on this machine.'));
    this.name = 'SshKeygenMissingError';
  }
}

const PUBLIC_KEY_LINE = new RegExp(PUBLIC_KEY_FIELD.pattern!);

/** Whether a file (or folder) is there. */
export async function fileExists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why a new file cannot be made beside `file` (its folder missing, or not the user's to write), or undefined when it can. */
export async function folderUnwritable(file: string): Promise<string | undefined> {
  try {
    await access(path.dirname(file), constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as { code?: unknown }).code === 'ENOENT' ? l10n.t('its folder does not exist') : l10n.t('its folder is not writable');
  }
}

/** The key's type and base64 part: what makes two lines the same key, whatever their comments. */
function keyBody(publicKey: string | null | undefined): string | undefined {
  const [type, body] = (publicKey ?? '').trim().split(/\s+/);
  return type && body ? `${type} ${body}` : undefined;
}

/** Reads one `.pub` file: its first line, when it is an OpenSSH public key; anything else is not offered. */
async function readPublicKey(file: string): Promise<LocalPublicKey | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const line = text
    .split(/\r?\n/)
    .find((candidate) => candidate.trim() !== '')
    ?.trim();
  if (line === undefined || !PUBLIC_KEY_LINE.test(line)) return undefined;
  return { file, publicKey: line, hasPrivateKey: await fileExists(file.slice(0, -'.pub'.length)) };
}

/** The public keys of `<home>/.ssh`, by file name; none when the folder does not exist. */
export async function listLocalPublicKeys(home: string): Promise<LocalPublicKey[]> {
  const folder = path.join(home, '.ssh');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const keys = await Promise.all(
    names
      .filter((name) => name.endsWith('.pub'))
      .sort()
      .map((name) => readPublicKey(path.join(folder, name))),
  );
  return keys.filter((key): key is LocalPublicKey => key !== undefined);
}

/**
 * Each project key with whether its private half is on this machine (a `.pub` of the same key with its private
 * file beside it): a key without one is marked, since SSH would refuse a server created with it from here.
 */
export function markKeysOfThisMachine(
  keys: readonly SshKey[],
  local: readonly LocalPublicKey[],
): { key: SshKey; onThisMachine: boolean }[] {
  const here = new Set(local.filter((key) => key.hasPrivateKey).map((key) => keyBody(key.publicKey)));
  return keys.map((key) => {
    const body = keyBody(key.public_key);
    return { key, onThisMachine: body !== undefined && here.has(body) };
  });
}

/** The private key file on this machine of a project key: the one beside a `.pub` of the same key; undefined when there is none. */
export function privateKeyFileOf(key: SshKey, local: readonly LocalPublicKey[]): string | undefined {
  const body = keyBody(key.public_key);
  const found =
    body === undefined ? undefined : local.find((candidate) => candidate.hasPrivateKey && keyBody(candidate.publicKey) === body);
  return found?.file.slice(0, -'.pub'.length);
}

/** A file name for a new key from its name: letters, digits, dots, underscores and hyphens only. */
export function keyFileStem(name: string): string {
  const stem = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return `gcore_${stem || 'key'}`;
}

/**
 * Makes an Ed25519 pair in `<home>/.ssh` with ssh-keygen (no passphrase, so VS Code's Remote-SSH can use it
 * unattended), named after the key and never over an existing file, and returns its public half.
 */
export async function makeKeyPair(home: string, name: string, run: RunProgram = runProgram): Promise<LocalPublicKey> {
  const folder = path.join(home, '.ssh');
  const stem = keyFileStem(name);
  let file = path.join(folder, stem);
  for (let index = 2; (await fileExists(file)) || (await fileExists(`${file}.pub`)); index += 1) {
    file = path.join(folder, `${stem}_${index}`);
  }
  // ssh-keygen does not make a missing ~/.ssh: it is made here, private to the user as OpenSSH wants it.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  try {
    await run('ssh-keygen', ['-t', 'ed25519', '-f', file, '-N', '', '-C', name, '-q']);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw new SshKeygenMissingError();
    throw error;
  }
  const made = await readPublicKey(`${file}.pub`);
  if (!made) throw new Error(l10n.t('ssh-keygen wrote no public key to {0}.pub.', file));
  return made;
}

/** A private key Gcore generated, written at once, readable only by the user (0600); an existing file is never replaced. */
export async function writePrivateKey(file: string, privateKey: string): Promise<void> {
  await writeFile(file, privateKey.endsWith('\n') ? privateKey : `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  // The mode given to a new file passes the umask; set it again so that no umask can widen it.
  await chmod(file, 0o600);
}
