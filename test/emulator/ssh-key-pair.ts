import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';

/** A string (or bytes) in the SSH wire format: its length as four bytes, then the bytes. */
function sshString(data: Buffer | string): Buffer {
  const bytes = Buffer.from(data);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

const KEY_TYPES = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521'];

/** The key's blob when the text is an OpenSSH public key line (`type base64 [comment]`) whose blob names the same type. */
function keyBlob(publicKey: string): Buffer | undefined {
  const match = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: .*)?$/.exec(publicKey.trim());
  if (!match || !KEY_TYPES.includes(match[1])) return undefined;
  const blob = Buffer.from(match[2], 'base64');
  return blob.subarray(0, 4 + match[1].length).equals(sshString(match[1])) ? blob : undefined;
}

/** The MD5 fingerprint of an OpenSSH public key, colon-separated as Gcore lists keys; undefined when the text is no such key. */
export function fingerprintOf(publicKey: string): string | undefined {
  const blob = keyBlob(publicKey);
  return blob && (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':');
}

/**
 * A new Ed25519 pair, as Gcore generates one when a key is created without `public_key`: the public key as an
 * OpenSSH line, the private key as an unencrypted OpenSSH private key file (what `ssh-keygen -t ed25519` writes).
 */
export function generateEd25519Pair(comment: string): { publicKey: string; privateKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const publicBytes = Buffer.from(String(pair.publicKey.export({ format: 'jwk' }).x), 'base64url');
  const seed = Buffer.from(String(pair.privateKey.export({ format: 'jwk' }).d), 'base64url');
  const blob = Buffer.concat([sshString('ssh-ed25519'), sshString(publicBytes)]);
  const check = randomBytes(4);
  let secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(publicBytes),
    sshString(Buffer.concat([seed, publicBytes])),
    sshString(comment),
  ]);
  for (let pad = 1; secret.length % 8 !== 0; pad++) secret = Buffer.concat([secret, Buffer.from([pad])]);
  const keyCount = Buffer.alloc(4);
  keyCount.writeUInt32BE(1);
  const file = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    keyCount,
    sshString(blob),
    sshString(secret),
  ]);
  const lines = file.toString('base64').match(/.{1,70}/g) ?? [];
  return {
    publicKey: `ssh-ed25519 ${blob.toString('base64')} ${comment}`,
    privateKey: ['-----BEGIN OPENSSH PRIVATE KEY-----', ...lines, '-----END OPENSSH PRIVATE KEY-----', ''].join('\n'),
  };
}
