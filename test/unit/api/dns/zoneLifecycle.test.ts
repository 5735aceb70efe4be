import * as assert from 'node:assert/strict';
import { decodeDelegationStatus } from '../../../../src/api/dns/delegationStatus';
import { isEndpointMissing } from '../../../../src/api/errors';
import { rejection, startHarness, stopHarness, type Harness } from '../clientHarness';

/** What the emulator received: method, path, body (undefined when none was sent). */
function received(h: Harness): [string, string, unknown][] {
  return h.emulator.requests.map((request) => [request.method, request.path, request.body === '' ? undefined : request.json]);
}

describe('GcoreClient DNS zone lifecycle', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  describe('updateZone', () => {
    it('PUTs exactly the fields given, the name first, with the JSON content type', async () => {
      h = await startHarness(undefined, { demo: true });
      await h.client.dns.updateZone('example.org', {
        name: 'example.org',
        nx_ttl: 600,
        contact: 'ops@example.org',
        meta: { team: 'web' },
        enabled: false,
        retry: undefined,
      });
      const [request] = h.emulator.requests;
      assert.deepEqual([request.method, request.path], ['PUT', '/dns/v2/zones/example.org']);
      assert.equal(request.body, '{"name":"example.org","contact":"ops@example.org","enabled":false,"meta":{"team":"web"},"nx_ttl":600}');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.deepEqual([h.emulator.zone('example.org')?.nx_ttl, h.emulator.zone('example.org')?.enabled], [600, false]);
    });

    it("refuses with Gcore's own words", async () => {
      h = await startHarness(undefined, { demo: true });
      const error = await rejection(h.client.dns.updateZone('example.org', { name: 'example.org', refresh: -5 }));
      assert.equal(error.kind, 'invalidInput');
      assert.match(error.message, /refresh must be an unsigned 32-bit integer/);
      h.emulator.inject({ path: '/dns/v2/zones/example.org', method: 'PUT', status: 200, body: { error: 'zone is locked' } });
      assert.match((await rejection(h.client.dns.updateZone('example.org', { name: 'example.org' }))).message, /zone is locked/);
    });
  });

  describe('deleteZone', () => {
    it('DELETEs the zone, and resolves as already gone on the 404 of a zone the account has not', async () => {
      h = await startHarness(undefined, { demo: true });
      assert.deepEqual(await h.client.dns.deleteZone('example.org'), { alreadyGone: false });
      assert.equal(h.emulator.zone('example.org'), undefined);
      assert.deepEqual(await h.client.dns.deleteZone('example.org'), { alreadyGone: true });
      assert.deepEqual(
        received(h).map(([method, path]) => `${method} ${path}`),
        ['DELETE /dns/v2/zones/example.org', 'DELETE /dns/v2/zones/example.org', 'GET /dns/v2/zones/example.org', 'GET /dns/v2/zones'],
      );
      assert.deepEqual(h.emulator.requests[3].query, { limit: '1', offset: '0' });
    });

    it('throws the 404 as it came where the server has no such endpoint (its zone reads are missing too)', async () => {
      h = await startHarness(undefined, { demo: true, coreOnly: true });
      const error = await rejection(h.client.dns.deleteZone('example.org'));
      assert.equal(error.status, 404);
      assert.ok(isEndpointMissing(error));
      assert.ok(h.emulator.zone('example.org'));
    });

    it('throws the 404 of a zone that is there (the DELETE endpoint is the one missing)', async () => {
      h = await startHarness(undefined, { demo: true });
      h.emulator.inject({ path: '/dns/v2/zones/example.org', method: 'DELETE', status: 404 });
      assert.equal((await rejection(h.client.dns.deleteZone('example.org'))).status, 404);
      assert.deepEqual(
        received(h).map(([method]) => method),
        ['DELETE', 'GET'],
      );
    });
  });

  describe('setZoneEnabled', () => {
    it('PATCHes …/disable and …/enable without a body', async () => {
      h = await startHarness(undefined, { demo: true });
      await h.client.dns.setZoneEnabled('example.org', false);
      assert.equal(h.emulator.zone('example.org')?.enabled, false);
      await h.client.dns.setZoneEnabled('example.org', true);
      assert.deepEqual(received(h), [
        ['PATCH', '/dns/v2/zones/example.org/disable', undefined],
        ['PATCH', '/dns/v2/zones/example.org/enable', undefined],
      ]);
      assert.equal(h.emulator.requests[0].headers['content-type'], undefined);
    });
  });

  describe('zoneGone', () => {
    it('is true only when the zone answers 404 and the zone list answers', async () => {
      h = await startHarness(undefined, { demo: true });
      assert.equal(await h.client.dns.zoneGone('example.org'), false);
      assert.equal(await h.client.dns.zoneGone('absent.example'), true);
      h.emulator.inject({ path: '/dns/v2/zones', status: 404 });
      assert.equal(await h.client.dns.zoneGone('absent.example'), false);
    });
  });

  describe('delegationStatus', () => {
    it('GETs /dns/v2/analyze/{name}/delegation-status and returns the status as Gcore sent it', async () => {
      h = await startHarness(undefined, { demo: true });
      const status = await h.client.dns.delegationStatus('pending.example.net');
      assert.deepEqual(received(h), [['GET', '/dns/v2/analyze/pending.example.net/delegation-status', undefined]]);
      assert.deepEqual(
        status.authoritative_name_servers?.map((server) => server.name),
        ['ns1.gcorelabs.net', 'ns2.gcdn.services', 'ns1.old-dns-host.example'],
      );
      assert.deepEqual(
        [status.gcore_authorized_count, status.non_gcore_authorized_count, status.is_whitelabel_delegation, status.zone_exists],
        [2, 1, false, true],
      );
    });

    it('percent-encodes the name, and answers a core-only server with its 404', async () => {
      h = await startHarness(undefined, { coreOnly: true });
      const error = await rejection(h.client.dns.delegationStatus('bücher.example'));
      assert.equal(error.status, 404);
      assert.equal(h.emulator.requests[0].path, '/dns/v2/analyze/b%C3%BCcher.example/delegation-status');
    });
  });
});

describe('decodeDelegationStatus', () => {
  it('keeps what came, and leaves out a known field of another type and a name server without a name', () => {
    const status = decodeDelegationStatus({
      authoritative_name_servers: [
        { name: 'ns1.gcorelabs.net.', ipv4Addresses: ['192.0.2.1', 7], ipv6Addresses: 'none', ttl: 300 },
        { ipv4Addresses: ['198.51.100.1'] },
        'ns9.example',
        { name: '' },
      ],
      gcore_authorized_count: '1',
      non_gcore_authorized_count: 0,
      is_whitelabel_delegation: 'no',
      zone_exists: true,
      checked_at: '2026-05-01T10:00:00Z',
    });
    assert.deepEqual(status, {
      authoritative_name_servers: [{ name: 'ns1.gcorelabs.net.', ipv4Addresses: ['192.0.2.1'], ttl: 300 }],
      non_gcore_authorized_count: 0,
      zone_exists: true,
      checked_at: '2026-05-01T10:00:00Z',
    });
  });

  it('reads an empty answer as a status that says nothing, and refuses one that is not an object', () => {
    assert.deepEqual(decodeDelegationStatus(undefined), {});
    assert.deepEqual(decodeDelegationStatus({ authoritative_name_servers: {} }), {});
    assert.throws(() => decodeDelegationStatus([]), /unexpected response: the delegation status is not an object/);
  });
});
