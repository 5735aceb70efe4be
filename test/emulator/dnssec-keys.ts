import { createHash } from 'node:crypto';

/** The key material the DNSSEC endpoint reports for a zone (its answer adds a `message`). */
export interface DnssecRecord {
  algorithm: string;
  digest: string;
  digest_algorithm: string;
  digest_type: string;
  ds: string;
  flags: number;
  key_tag: number;
  key_type: string;
  public_key: string;
  uuid: string;
}

// Keys are derived from the zone name so that tests can rely on the same record every run.
const KEY_SEED = 'gcore-api-emulator/dnssec/v1/';
const KSK_FLAGS = 257;
const DNSSEC_PROTOCOL = 3;
const ECDSA_P256_SHA256 = 13;

function hash(algorithm: 'sha256' | 'sha512', ...parts: (string | Buffer)[]): Buffer {
  const digest = createHash(algorithm);
  for (const part of parts) digest.update(part);
  return digest.digest();
}

/** RFC 4034 appendix B. */
function keyTag(dnskeyRdata: Buffer): number {
  let accumulator = 0;
  for (let i = 0; i < dnskeyRdata.length; i++) {
    accumulator += i % 2 === 1 ? dnskeyRdata[i] : dnskeyRdata[i] << 8;
  }
  accumulator += (accumulator >> 16) & 0xffff;
  return accumulator & 0xffff;
}

function wireFormatName(zoneName: string): Buffer {
  const labels = zoneName.split('.').map((label) => {
    const bytes = Buffer.from(label.toLowerCase(), 'ascii');
    return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  });
  return Buffer.concat([...labels, Buffer.from([0])]);
}

function uuidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A key-signing key record for the zone. The public key is made up, but the key tag and DS digest are
 * computed from it exactly as a registrar would (RFC 4034 section 5.1.4), so the record is self-consistent.
 */
export function dnssecRecordFor(zoneName: string): DnssecRecord {
  const publicKey = hash('sha512', KEY_SEED, 'key/', zoneName);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(KSK_FLAGS, 0);
  header.writeUInt8(DNSSEC_PROTOCOL, 2);
  header.writeUInt8(ECDSA_P256_SHA256, 3);
  const rdata = Buffer.concat([header, publicKey]);
  const tag = keyTag(rdata);
  const digest = hash('sha256', wireFormatName(zoneName), rdata).toString('hex').toUpperCase();
  return {
    algorithm: String(ECDSA_P256_SHA256),
    digest,
    digest_algorithm: 'SHA256',
    digest_type: '2',
    ds: `${zoneName}. 3600 IN DS ${tag} ${ECDSA_P256_SHA256} 2 ${digest}`,
    flags: KSK_FLAGS,
    key_tag: tag,
    key_type: 'ECDSAP256SHA256',
    public_key: publicKey.toString('base64'),
    uuid: uuidFrom(hash('sha256', KEY_SEED, 'uuid/', zoneName)),
  };
}
