import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest, type RawResponse } from './raw-http';

function dnsErrorOf(response: RawResponse, status: number): string {
  assert.equal(response.status, status, response.text);
  const body = response.json as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['error']);
  return String(body.error);
}

async function zoneAt(emulator: Emulator, name: string): Promise<Record<string, unknown>> {
  const response = await rawRequest(emulator, 'GET', `/dns/v2/zones/${name}`);
  assert.equal(response.status, 200, response.text);
  return response.json as Record<string, unknown>;
}

const SETTINGS = ['contact', 'serial', 'refresh', 'retry', 'expiry', 'nx_ttl', 'primary_server', 'meta', 'enabled'] as const;

function settingsOf(zone: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SETTINGS.map((field) => [field, zone[field]]));
}

describe('emulator DNS zone lifecycle', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY, demo: true });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  describe('PUT /dns/v2/zones/{name}', () => {
    it('replaces the settings: what is sent is kept, what is not goes back to its default', async () => {
      const put = await rawRequest(emulator, 'PUT', '/dns/v2/zones/example.com', {
        body: { name: 'example.com', contact: 'dns@example.com', refresh: 7200, meta: { team: 'web' }, enabled: true },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json, {});
      // example.com had nx_ttl 3600 and a contact: the contact is replaced, nx_ttl was not sent and is the default again.
      assert.deepEqual(settingsOf(await zoneAt(emulator, 'example.com')), {
        contact: 'dns@example.com',
        serial: 1,
        refresh: 7200,
        retry: 3600,
        expiry: 1_209_600,
        nx_ttl: 3600,
        primary_server: 'ns1.gcorelabs.net',
        meta: { team: 'web' },
        enabled: true,
      });
      await rawRequest(emulator, 'PUT', '/dns/v2/zones/example.com', { body: { name: 'example.com', nx_ttl: 900 } });
      const after = settingsOf(await zoneAt(emulator, 'example.com'));
      assert.deepEqual([after.contact, after.refresh, after.nx_ttl, after.meta], ['', 3600, 900, {}]);
    });

    it('sets enabled to its default too, and keeps the zone disabled only when the body says so', async () => {
      await rawRequest(emulator, 'PUT', '/dns/v2/zones/parked.example.net', {
        body: { name: 'parked.example.net', enabled: false, serial: 5 },
      });
      assert.equal(emulator.zone('parked.example.net')?.enabled, false);
      await rawRequest(emulator, 'PUT', '/dns/v2/zones/parked.example.net', { body: { name: 'parked.example.net', serial: 6 } });
      assert.equal(emulator.zone('parked.example.net')?.enabled, true);
    });

    it('keeps the SOA record in step with the settings, and raises a negative TTL below the minimum as create does', async () => {
      await rawRequest(emulator, 'PUT', '/dns/v2/zones/example.org', {
        body: { name: 'Example.ORG.', contact: 'ops@example.org', serial: 42, nx_ttl: 30 },
      });
      const soa = emulator.zone('example.org')?.rrsets.find('example.org', 'SOA');
      assert.deepEqual(soa?.records[0].content, ['ns1.gcorelabs.net.', 'ops.example.org.', 42, 3600, 3600, 1_209_600, 60]);
      assert.equal(emulator.zone('example.org')?.nx_ttl, 60);
    });

    it('validates the body as create does, in the DNS error shape, and changes nothing then', async () => {
      const before = settingsOf(await zoneAt(emulator, 'example.com'));
      const cases: [unknown, string][] = [
        [{ contact: 'x@example.com' }, 'name is required'],
        [{ name: 'example.com', refresh: -1 }, 'refresh must be an unsigned 32-bit integer'],
        [{ name: 'example.com', retry: 1.5 }, 'retry must be an unsigned 32-bit integer'],
        [{ name: 'example.com', contact: 5 }, 'contact must be a string'],
        [{ name: 'example.com', meta: [] }, 'meta must be an object'],
        [{ name: 'example.com', enabled: 'yes' }, 'enabled must be a boolean'],
        [{ name: 'example.com', owner: 'me' }, 'json: unknown field "owner"'],
        [{ name: 'example.org' }, 'name "example.org" does not match the zone example.com'],
        ['[1]', 'request body must be a JSON object'],
      ];
      for (const [body, message] of cases) {
        assert.equal(dnsErrorOf(await rawRequest(emulator, 'PUT', '/dns/v2/zones/example.com', { body }), 400), message);
      }
      assert.deepEqual(settingsOf(await zoneAt(emulator, 'example.com')), before);
    });

    it('answers 404 for a zone the account does not have', async () => {
      assert.equal(
        dnsErrorOf(await rawRequest(emulator, 'PUT', '/dns/v2/zones/absent.example', { body: { name: 'absent.example' } }), 404),
        'zone not found',
      );
    });
  });

  describe('DELETE /dns/v2/zones/{name}', () => {
    it('removes the zone and all its record sets; a second delete answers 404', async () => {
      const response = await rawRequest(emulator, 'DELETE', '/dns/v2/zones/Example.COM.');
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.json, {});
      assert.equal(emulator.zone('example.com'), undefined);
      dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/zones/example.com'), 404);
      dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/zones/example.com/rrsets?all=true'), 404);
      dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/zones/example.com/www.example.com/CNAME'), 404);
      const list = (await rawRequest(emulator, 'GET', '/dns/v2/zones')).json as { zones: { name: string }[] };
      assert.ok(!list.zones.some((zone) => zone.name === 'example.com'));
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'DELETE', '/dns/v2/zones/example.com'), 404), 'zone not found');
    });

    it('lets the name be created again, empty but for its SOA and NS sets', async () => {
      await rawRequest(emulator, 'DELETE', '/dns/v2/zones/example.com');
      assert.equal((await rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'example.com' } })).status, 200);
      assert.equal(emulator.zone('example.com')?.rrsets.size, 2);
    });
  });

  describe('PATCH …/enable and …/disable', () => {
    it('set enabled (the list says disabled), need no body, and answer {}', async () => {
      const off = await rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.org/disable');
      assert.equal(off.status, 200, off.text);
      assert.deepEqual(off.json, {});
      const zone = await zoneAt(emulator, 'example.org');
      assert.deepEqual([zone.enabled, zone.status], [false, 'disabled']);
      assert.equal((await rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.org/disable')).status, 200, 'disabling again is fine');
      await rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.org/enable', { body: {} });
      assert.equal(emulator.zone('example.org')?.enabled, true);
      assert.equal(emulator.zone('example.org')?.rrsets.size, 2, 'the records are kept');
    });

    it('stop the lookups answering for a disabled zone, and answer again once it is enabled', async () => {
      const lookup = async () =>
        (await rawRequest(emulator, 'GET', '/dns/v2/lookup?name=www.example.com&request_server=authoritative_dns')).json as unknown[];
      assert.equal((await lookup()).length, 1);
      await rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.com/disable');
      assert.deepEqual(await lookup(), []);
      await rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.com/enable');
      assert.equal((await lookup()).length, 1);
    });

    it('answer 404 for an unknown zone, and 405 to another method', async () => {
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'PATCH', '/dns/v2/zones/absent.example/enable'), 404), 'zone not found');
      const get = await rawRequest(emulator, 'GET', '/dns/v2/zones/example.com/disable');
      assert.equal(get.status, 405);
      assert.equal(get.headers.allow, 'PATCH');
    });
  });

  describe('GET /dns/v2/analyze/{name}/delegation-status', () => {
    const status = async (name: string) => {
      const response = await rawRequest(emulator, 'GET', `/dns/v2/analyze/${name}/delegation-status`);
      assert.equal(response.status, 200, response.text);
      return response.json as {
        authoritative_name_servers: { name: string; ipv4Addresses: string[]; ipv6Addresses: string[] }[];
        [field: string]: unknown;
      };
    };

    it("answers Gcore's two name servers for a zone by default, with their addresses", async () => {
      const body = await status('example.com');
      assert.deepEqual(
        body.authoritative_name_servers.map((server) => server.name),
        ['ns1.gcorelabs.net', 'ns2.gcdn.services'],
      );
      for (const server of body.authoritative_name_servers) {
        assert.match(server.ipv4Addresses[0], /^192\.0\.2\.\d+$/);
        assert.match(server.ipv6Addresses[0], /^2001:db8:53::[0-9a-f]+$/);
      }
      assert.deepEqual(
        [body.gcore_authorized_count, body.non_gcore_authorized_count, body.is_whitelabel_delegation, body.zone_exists],
        [2, 0, false, true],
      );
      assert.deepEqual(await status('example.com'), body, 'the same answer every time');
    });

    it("seeds pending.example.net with a foreign name server beside Gcore's", async () => {
      const body = await status('pending.example.net');
      assert.deepEqual(
        body.authoritative_name_servers.map((server) => server.name),
        ['ns1.gcorelabs.net', 'ns2.gcdn.services', 'ns1.old-dns-host.example'],
      );
      assert.deepEqual([body.gcore_authorized_count, body.non_gcore_authorized_count], [2, 1]);
    });

    it('answers what a test sets, for a zone or any name, until reset', async () => {
      emulator.setRegistrarNameServers('Example.COM.', ['NS1.Registrar.example.', 'ns2.registrar.example']);
      const body = await status('example.com');
      assert.deepEqual(
        body.authoritative_name_servers.map((server) => server.name),
        ['ns1.registrar.example', 'ns2.registrar.example'],
      );
      assert.deepEqual(body.authoritative_name_servers[0].ipv6Addresses, []);
      assert.deepEqual([body.gcore_authorized_count, body.non_gcore_authorized_count], [0, 2]);
      emulator.setRegistrarNameServers('example.com', undefined);
      assert.equal((await status('example.com')).gcore_authorized_count, 2);
      emulator.setRegistrarNameServers('example.com', []);
      emulator.reset();
      assert.equal((await status('example.com')).gcore_authorized_count, 2);
    });

    it('answers a name without a zone with zone_exists false rather than 404, and none of the servers unless set', async () => {
      const body = await status('elsewhere.example');
      assert.deepEqual(body, {
        authoritative_name_servers: [],
        gcore_authorized_count: 0,
        non_gcore_authorized_count: 0,
        is_whitelabel_delegation: false,
        zone_exists: false,
      });
      emulator.setRegistrarNameServers('elsewhere.example', ['ns1.gcorelabs.net']);
      assert.equal((await status('elsewhere.example')).gcore_authorized_count, 1);
      await rawRequest(emulator, 'DELETE', '/dns/v2/zones/example.com');
      assert.deepEqual([(await status('example.com')).zone_exists, (await status('example.com')).authoritative_name_servers], [false, []]);
    });

    it('refuses a name that is not a domain name', async () => {
      assert.match(dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/analyze/-bad-/delegation-status'), 400), /invalid zone name/);
    });
  });

  it('serves none of these on a core-only server', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true, demo: true });
    try {
      const requests: [string, string][] = [
        ['PUT', '/dns/v2/zones/example.com'],
        ['DELETE', '/dns/v2/zones/example.com'],
        ['PATCH', '/dns/v2/zones/example.com/enable'],
        ['PATCH', '/dns/v2/zones/example.com/disable'],
        ['GET', '/dns/v2/analyze/example.com/delegation-status'],
      ];
      for (const [method, path] of requests) {
        const response = await rawRequest(core, method, path, method === 'PUT' ? { body: { name: 'example.com' } } : {});
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(typeof (response.json as Record<string, unknown>).error, 'string');
      }
      assert.ok(core.zone('example.com'), 'nothing was deleted');
    } finally {
      await core.close();
    }
  });
});
