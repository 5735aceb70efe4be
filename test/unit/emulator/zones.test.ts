import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, UUID_PATTERN, rawRequest, type RawResponse } from './raw-http';

function createZone(emulator: Emulator, body: unknown): Promise<RawResponse> {
  return rawRequest(emulator, 'POST', '/dns/v2/zones', { body });
}

function toggle(emulator: Emulator, zone: string, body: unknown): Promise<RawResponse> {
  return rawRequest(emulator, 'PATCH', `/dns/v2/zones/${zone}/dnssec`, { body });
}

function dnsErrorOf(response: RawResponse, status: number): string {
  assert.equal(response.status, status, response.text);
  const body = response.json as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['error']);
  return String(body.error);
}

/** DS digest per RFC 4034 section 5.1.4, recomputed independently of the emulator. */
function expectedDigest(zone: string, flags: number, publicKeyBase64: string): string {
  const owner = Buffer.concat([
    ...zone.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
  const rdata = Buffer.concat([Buffer.from([flags >> 8, flags & 0xff, 3, 13]), Buffer.from(publicKeyBase64, 'base64')]);
  return createHash('sha256').update(owner).update(rdata).digest('hex').toUpperCase();
}

describe('emulator DNS zone creation', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('creates zones with increasing ids and stores the normalised name', async () => {
    const first = await createZone(emulator, { name: 'Shop.Example.NET.', contact: 'ops@example.net', expiry: 1209600 });
    const second = await createZone(emulator, { name: 'other.net' });
    assert.equal(first.status, 200);
    const firstBody = first.json as { id: number; warnings: string[] };
    assert.deepEqual(firstBody.warnings, []);
    assert.ok(Number.isInteger(firstBody.id));
    assert.equal((second.json as { id: number }).id, firstBody.id + 1);
    const stored = emulator.zone('shop.example.net');
    assert.equal(stored?.id, firstBody.id);
    assert.equal(stored?.contact, 'ops@example.net');
    assert.equal(stored?.expiry, 1209600);
    assert.equal(stored?.enabled, true);
    assert.equal(stored?.dnssecEnabled, false);
  });

  it('stores internationalised names in punycode', async () => {
    assert.equal((await createZone(emulator, { name: 'bücher.de' })).status, 200);
    assert.ok(emulator.zone('xn--bcher-kva.de'));
  });

  it('answers 409 for a name that already exists, in any spelling', async () => {
    await createZone(emulator, { name: 'dup.com' });
    const message = dnsErrorOf(await createZone(emulator, { name: 'DUP.com.' }), 409);
    assert.equal(message, 'zone dup.com already exists');
  });

  it('warns about primary_server and raises a low nx_ttl', async () => {
    const response = await createZone(emulator, { name: 'warn.com', primary_server: 'ns.other.net', nx_ttl: 30 });
    assert.equal(response.status, 200);
    const { warnings } = response.json as { warnings: string[] };
    assert.equal(warnings.length, 2);
    assert.ok(warnings.some((warning) => warning.includes('primary_server')));
    assert.ok(warnings.some((warning) => warning.includes('nx_ttl')));
    assert.equal(emulator.zone('warn.com')?.nx_ttl, 60);
  });

  const invalidBodies: [string, unknown][] = [
    ['no name', { contact: 'a@b.c' }],
    ['a numeric name', { name: 5 }],
    ['a label starting with a hyphen', { name: '-bad.com' }],
    ['an empty label', { name: 'a..com' }],
    ['a 64-character label', { name: `${'a'.repeat(64)}.com` }],
    ['an underscore', { name: 'under_score.com' }],
    ['a negative expiry', { name: 'n.com', expiry: -1 }],
    ['a fractional serial', { name: 'n.com', serial: 1.5 }],
    ['a serial beyond 32 bits', { name: 'n.com', serial: 2 ** 32 }],
    ['a string retry', { name: 'n.com', retry: '60' }],
    ['a numeric contact', { name: 'n.com', contact: 1 }],
    ['a string enabled', { name: 'n.com', enabled: 'yes' }],
    ['a list as meta', { name: 'n.com', meta: ['x'] }],
    ['an unknown field', { name: 'n.com', ttl: 60 }],
    ['a list body', [{ name: 'n.com' }]],
    ['malformed JSON', '{"name": "n.com"'],
  ];
  for (const [label, body] of invalidBodies) {
    it(`rejects ${label} with a DNS error`, async () => {
      dnsErrorOf(await createZone(emulator, body), 400);
      assert.equal(emulator.zone('n.com'), undefined);
    });
  }

  it('keeps the given optional fields', async () => {
    const body = { name: 'full.com', enabled: false, meta: { team: 'web' }, refresh: 7200, retry: 900, serial: 2024010101 };
    assert.equal((await createZone(emulator, body)).status, 200);
    const stored = emulator.zone('full.com');
    assert.equal(stored?.enabled, false);
    assert.deepEqual(stored?.meta, { team: 'web' });
    assert.equal(stored?.serial, 2024010101);
  });
});

describe('emulator DNSSEC toggle', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY, demo: true });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('seeds the demo zones', () => {
    assert.equal(emulator.zone('example.com')?.dnssecEnabled, true);
    assert.equal(emulator.zone('example.org')?.dnssecEnabled, false);
  });

  it('enables DNSSEC with a complete, self-consistent key record', async () => {
    const response = await toggle(emulator, 'example.org', { enabled: true });
    assert.equal(response.status, 200);
    const record = response.json as Record<string, unknown>;
    assert.equal(record.algorithm, '13');
    assert.equal(record.digest_algorithm, 'SHA256');
    assert.equal(record.digest_type, '2');
    assert.equal(record.flags, 257);
    assert.equal(record.key_type, 'ECDSAP256SHA256');
    assert.equal(record.message, 'DNSSEC enabled');
    assert.match(String(record.uuid), UUID_PATTERN);
    assert.match(String(record.digest), /^[0-9A-F]{64}$/);
    assert.equal(Buffer.from(String(record.public_key), 'base64').length, 64);
    const keyTag = record.key_tag as number;
    assert.ok(Number.isInteger(keyTag) && keyTag >= 0 && keyTag <= 65535);
    assert.equal(record.ds, `example.org. 3600 IN DS ${keyTag} 13 2 ${String(record.digest)}`);
    assert.equal(record.digest, expectedDigest('example.org', 257, String(record.public_key)));
    assert.equal(emulator.zone('example.org')?.dnssecEnabled, true);
  });

  it('gives the same record for the same zone in another emulator, and a different one for another zone', async () => {
    const other = await start({ apiKey: API_KEY, demo: true });
    try {
      const here = (await toggle(emulator, 'example.org', { enabled: true })).json as Record<string, unknown>;
      const there = (await toggle(other, 'example.org', { enabled: true })).json as Record<string, unknown>;
      const otherZone = (await toggle(emulator, 'example.com', { enabled: true })).json as Record<string, unknown>;
      assert.deepEqual(here, there);
      assert.notEqual(here.digest, otherZone.digest);
      assert.notEqual(here.uuid, otherZone.uuid);
    } finally {
      await other.close();
    }
  });

  it('disables DNSSEC and answers the record with a disabled message, also when already off', async () => {
    const disabled = await toggle(emulator, 'example.com', { enabled: false, force_disable: true });
    assert.equal(disabled.status, 200);
    const record = disabled.json as Record<string, unknown>;
    assert.equal(record.message, 'DNSSEC disabled');
    assert.match(String(record.ds), /^example\.com\. 3600 IN DS /);
    assert.equal(emulator.zone('example.com')?.dnssecEnabled, false);
    assert.equal((await toggle(emulator, 'example.com', { enabled: false })).status, 200);
  });

  it('refuses with 409 to disable DNSSEC while the DS record is at the registrar, unless force_disable is sent', async () => {
    const refused = await toggle(emulator, 'example.com', { enabled: false });
    assert.match(dnsErrorOf(refused, 409), /still published at the registrar/);
    assert.equal(emulator.zone('example.com')?.dnssecEnabled, true);
    assert.equal((await toggle(emulator, 'example.com', { enabled: false, force_disable: true })).status, 200);
    assert.equal(emulator.zone('example.com')?.dnssecEnabled, false);
  });

  it('finds zones by percent-encoded Unicode or punycode names', async () => {
    await createZone(emulator, { name: 'bücher.de' });
    assert.equal((await toggle(emulator, 'b%C3%BCcher.de', { enabled: true })).status, 200);
    assert.equal((await toggle(emulator, 'xn--bcher-kva.de.', { enabled: false })).status, 200);
    assert.equal(emulator.zone('xn--bcher-kva.de')?.dnssecEnabled, false);
  });

  it('answers 404 zone not found for unknown zones', async () => {
    assert.equal(dnsErrorOf(await toggle(emulator, 'missing.com', { enabled: true }), 404), 'zone not found');
  });

  const invalidBodies: [string, unknown][] = [
    ['no enabled', {}],
    ['a string enabled', { enabled: 'true' }],
    ['a numeric force_disable', { enabled: false, force_disable: 1 }],
    ['an extra field', { enabled: true, algorithm: '13' }],
    ['a boolean body', true],
  ];
  for (const [label, body] of invalidBodies) {
    it(`rejects ${label}`, async () => {
      dnsErrorOf(await toggle(emulator, 'example.org', body), 400);
      assert.equal(emulator.zone('example.org')?.dnssecEnabled, false);
    });
  }

  it('restores the seeded zones on reset', async () => {
    await toggle(emulator, 'example.com', { enabled: false });
    await createZone(emulator, { name: 'new.com' });
    emulator.reset();
    assert.equal(emulator.zone('example.com')?.dnssecEnabled, true);
    assert.equal(emulator.zone('new.com'), undefined);
  });
});
