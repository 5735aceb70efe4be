import * as assert from 'node:assert/strict';
import { isEndpointMissing } from '../../../../src/api/errors';
import { LARGE_ZONE_NAME } from '../../../emulator/server';
import { rejection, startHarness, stopHarness, type Harness } from '../clientHarness';

const ZONE = 'example.com';
const RRSETS = '/dns/v2/zones/example.com/rrsets';

describe('GcoreClient DNS record sets', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  describe('listRecords', () => {
    it('asks for a zone of 10,000 sets once, with all=true', async () => {
      h = await startHarness(undefined, { recordSetsInZone: 10_000 });
      const list = await h.client.dns.listRecords(LARGE_ZONE_NAME);
      assert.equal(list.total_amount, 10_000);
      assert.equal(list.rrsets.length, 10_000);
      assert.equal(list.unreadableCount, undefined);
      assert.deepEqual(
        h.emulator.requests.map((request) => [request.path, request.query]),
        [[`/dns/v2/zones/${LARGE_ZONE_NAME}/rrsets`, { all: 'true' }]],
      );
    });

    it('pages on from where the answer stopped when its total_amount says more exist', async () => {
      h = await startHarness(undefined, { recordSetsInZone: 250 });
      const whole = await h.client.dns.listRecords(LARGE_ZONE_NAME);
      h.emulator.requests.length = 0;
      // As a server that ignores all=true answers: its first page, and the total.
      h.emulator.inject({
        path: `/dns/v2/zones/${LARGE_ZONE_NAME}/rrsets`,
        status: 200,
        body: { total_amount: 250, rrsets: whole.rrsets.slice(0, 10) },
      });
      const paged = await h.client.dns.listRecords(LARGE_ZONE_NAME);
      assert.deepEqual(
        h.emulator.requests.map((request) => request.query),
        [{ all: 'true' }, { limit: '100', offset: '10' }, { limit: '100', offset: '110' }, { limit: '100', offset: '210' }],
      );
      assert.equal(paged.total_amount, 250);
      assert.deepEqual(
        paged.rrsets.map((set) => `${set.name} ${set.type}`),
        whole.rrsets.map((set) => `${set.name} ${set.type}`),
      );
    });

    it('reads the seeded zone as Gcore answers it: trailing dots, nanoseconds, filters beside pickers, quoted TXT', async () => {
      h = await startHarness(undefined, { demo: true });
      const list = await h.client.dns.listRecords(ZONE);
      assert.equal(list.total_amount, 16);
      const set = (name: string, type: string) => list.rrsets.find((candidate) => candidate.name === name && candidate.type === type);
      assert.equal(typeof set('www.example.com.', 'CNAME')?.updated_at, 'number');
      assert.deepEqual(
        set('app.example.com.', 'A')?.pickers?.map((picker) => picker.type),
        ['healthcheck', 'weighted_shuffle'],
      );
      assert.deepEqual(set('_dmarc.example.com.', 'TXT')?.resource_records[0].content, [
        'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com',
      ]);
      assert.equal(set('api.example.com.', 'A')?.resource_records[1].enabled, false);
    });

    it('tolerates every shape real answers take, and counts the entries it cannot read', async () => {
      h = await startHarness(undefined, { demo: true });
      const rrsets = [
        { name: 'plain.example.com', type: 'a', resource_records: [{ content: ['192.0.2.1'] }] },
        { name: 'PLAIN.example.com.', type: 'A', ttl: 60, resource_records: [{ content: ['192.0.2.2'] }] },
        {
          name: 'iso.example.com.',
          type: 'TXT',
          ttl: '300',
          meta: 'none',
          updated_at: '2026-05-23T05:07:31Z',
          resource_records: [{ content: ['"v=DKIM1; p=ab" "cd\\"e"'], enabled: 'yes', id: 'x' }],
        },
        {
          name: 'nanos.example.com.',
          type: 'A',
          updated_at: 1713802438584317000,
          resource_records: [{ id: 8765432, content: ['1.2.3.4'], enabled: true, meta: {} }],
        },
        {
          name: 'old.example.com.',
          type: 'A',
          filters: [
            { type: 'healthcheck', strict: false },
            { type: 'nearest_pop', limit: 2 },
          ],
          resource_records: [],
        },
        { name: 'empty.example.com.', type: 'A', pickers: [], filters: [{ type: 'geodns' }], resource_records: [] },
        { name: 'typeless.example.com.', resource_records: [] },
        { name: 'recordless.example.com.', type: 'A' },
        { name: 'odd-record.example.com.', type: 'A', resource_records: [{ content: '192.0.2.1' }] },
        { name: 'odd-picker.example.com.', type: 'A', pickers: [{ limit: 1 }], resource_records: [] },
        'not a set',
      ];
      h.emulator.inject({ path: RRSETS, status: 200, body: { total_amount: rrsets.length, rrsets } });
      const list = await h.client.dns.listRecords(ZONE);
      assert.equal(h.emulator.requests.length, 1);
      assert.equal(list.unreadableCount, 5);
      assert.deepEqual(
        list.rrsets.map((set) => `${set.name} ${set.type}`),
        ['plain.example.com A', 'iso.example.com. TXT', 'nanos.example.com. A', 'old.example.com. A', 'empty.example.com. A'],
      );
      const [plain, iso, nanos, old, empty] = list.rrsets;
      assert.equal(plain.ttl, undefined);
      assert.equal(plain.meta, undefined);
      assert.deepEqual(iso.resource_records, [{ content: ['v=DKIM1; p=abcd"e'] }]);
      assert.equal(iso.ttl, undefined);
      assert.equal(iso.meta, undefined);
      assert.equal(iso.updated_at, '2026-05-23T05:07:31Z');
      assert.equal(nanos.updated_at, 1713802438584317000);
      assert.equal(nanos.resource_records[0].id, 8765432);
      assert.deepEqual(
        old.pickers?.map((picker) => picker.type),
        ['healthcheck', 'nearest_pop'],
      );
      assert.deepEqual(empty.pickers, [{ type: 'geodns' }]);
    });

    it('takes a zone of more than 100,000 sets that came whole with all=true', async () => {
      h = await startHarness(undefined, { demo: true });
      const rrsets = Array.from({ length: 100_001 }, (_, index) => ({
        name: `h${index}.example.com.`,
        type: 'A',
        resource_records: [{ content: ['192.0.2.1'] }],
      }));
      h.emulator.inject({ path: RRSETS, status: 200, body: { total_amount: rrsets.length, rrsets } });
      const list = await h.client.dns.listRecords(ZONE);
      assert.equal(list.total_amount, 100_001);
      assert.equal(list.rrsets.length, 100_001);
      assert.equal(list.missing, undefined);
      assert.equal(h.emulator.requests.length, 1);
    });

    it('says when the zone is not there', async () => {
      h = await startHarness(undefined, { demo: true });
      const absent = await rejection(h.client.dns.listRecords('absent.example'));
      assert.equal(absent.kind, 'notFound');
      assert.match(absent.message, /^The account has no zone absent\.example \(Gcore answered 404: /);
    });

    it('says that record sets are not available when their list answers 404 for a zone the account has', async () => {
      h = await startHarness({ maxRetries: 0 }, { demo: true });
      h.emulator.inject({ path: RRSETS, status: 404, body: '404 page not found', headers: { 'content-type': 'text/plain' } });
      const missing = await rejection(h.client.dns.listRecords(ZONE));
      assert.match(
        missing.message,
        /^Record sets are not available from the API at gcore\.apiBaseUrl \(it answered 404: 404 page not found\)\.$/,
      );
      assert.equal(isEndpointMissing(missing), true, 'the tree still reads it as the endpoint missing');
      assert.deepEqual(
        h.emulator.requests.map((request) => request.path),
        [RRSETS, '/dns/v2/zones/example.com'],
      );
    });
  });

  describe('one set', () => {
    it('is read by its full name and type, in a percent-encoded path with the type upper-cased', async () => {
      h = await startHarness(undefined, { demo: true });
      const srv = await h.client.dns.getRecord(ZONE, '_sip._tcp.example.com', 'srv');
      assert.equal(srv.name, '_sip._tcp.example.com.');
      assert.deepEqual(srv.resource_records[0].content, [10, 60, 5060, 'sip.example.com.']);
      assert.equal(h.emulator.requests[0].path, '/dns/v2/zones/example.com/_sip._tcp.example.com/SRV');
      const missing = await rejection(h.client.dns.getRecord(ZONE, 'nothing.example.com', 'A'));
      assert.equal(missing.kind, 'notFound');
      await rejection(h.client.dns.getRecord(ZONE, 'wild card.example.com', 'A'));
      assert.equal(h.emulator.requests.at(-1)?.path, '/dns/v2/zones/example.com/wild%20card.example.com/A');
    });

    it('is created with exactly the body given, and a second create is a conflict sent once', async () => {
      h = await startHarness(undefined, { demo: true });
      const records = [{ content: ['192.0.2.10'], enabled: true }];
      const created = await h.client.dns.createRecord(ZONE, 'new.example.com', 'A', {
        ttl: 120,
        resource_records: records,
        pickers: undefined,
      });
      assert.equal(created.name, 'new.example.com.');
      assert.deepEqual(
        created.resource_records.map((record) => record.content),
        [['192.0.2.10']],
      );
      assert.equal(typeof created.resource_records[0].id, 'number');
      const sent = h.emulator.requests[0];
      assert.equal(sent.method, 'POST');
      assert.equal(sent.path, '/dns/v2/zones/example.com/new.example.com/A');
      assert.equal(sent.body, JSON.stringify({ resource_records: records, ttl: 120 }));
      const conflict = await rejection(
        h.client.dns.createRecord(ZONE, 'new.example.com', 'A', { resource_records: [{ content: ['192.0.2.11'] }] }),
      );
      assert.equal(conflict.kind, 'conflict');
      assert.equal(conflict.apiMessage, 'rrset is already exists');
      assert.equal(h.emulator.requests.length, 2);
      assert.deepEqual(
        h.emulator
          .zone(ZONE)
          ?.rrsets.find('new.example.com', 'A')
          ?.records.map((record) => record.content),
        [['192.0.2.10']],
      );
    });

    it('falls back to what was sent when Gcore answers {}, and fails on a 200 that carries an error', async () => {
      h = await startHarness(undefined, { demo: true });
      const body = { ttl: 300, resource_records: [{ content: [10, 'mx.example.net.'] }], meta: { notes: 'x' } };
      h.emulator.inject({ method: 'POST', path: '/dns/v2/zones/example.com/mx.example.com/MX', status: 200, body: {} });
      assert.deepEqual(await h.client.dns.createRecord(ZONE, 'mx.example.com', 'mx', body), {
        ...body,
        name: 'mx.example.com',
        type: 'MX',
      });
      h.emulator.inject({
        method: 'PUT',
        path: '/dns/v2/zones/example.com/mx.example.com/MX',
        status: 200,
        body: { error: 'rrset is already exists' },
      });
      assert.equal((await rejection(h.client.dns.replaceRecord(ZONE, 'mx.example.com', 'MX', body))).kind, 'conflict');
      h.emulator.inject({
        method: 'PUT',
        path: '/dns/v2/zones/example.com/mx.example.com/MX',
        status: 200,
        body: { error: 'content is invalid' },
      });
      assert.equal((await rejection(h.client.dns.replaceRecord(ZONE, 'mx.example.com', 'MX', body))).kind, 'invalidInput');
    });

    it('is replaced whole by PUT, or created by it, and a refused content says why', async () => {
      h = await startHarness(undefined, { demo: true });
      const replaced = await h.client.dns.replaceRecord(ZONE, 'example.com', 'MX', {
        ttl: 600,
        resource_records: [{ content: [5, 'mx.example.net.'] }],
      });
      assert.deepEqual(
        replaced.resource_records.map((record) => record.content),
        [[5, 'mx.example.net.']],
      );
      assert.equal(replaced.ttl, 600);
      const created = await h.client.dns.replaceRecord(ZONE, '_acme-challenge.example.com', 'TXT', {
        ttl: 60,
        resource_records: [{ content: ['token'] }],
      });
      assert.equal(created.name, '_acme-challenge.example.com.');
      assert.deepEqual(
        h.emulator.requests.map((request) => request.method),
        ['PUT', 'PUT'],
      );
      const refused = await rejection(
        h.client.dns.replaceRecord(ZONE, 'example.com', 'A', { resource_records: [{ content: ['300.1.1.1'] }] }),
      );
      assert.equal(refused.kind, 'invalidInput');
      assert.equal(refused.apiMessage, 'resource_records[0].content[0]: "300.1.1.1" is not an IPv4 address');
    });

    it('is deleted, and a set already gone resolves and says so', async () => {
      h = await startHarness(undefined, { demo: true });
      assert.deepEqual(await h.client.dns.deleteRecord(ZONE, 'www.example.com', 'CNAME'), { alreadyGone: false });
      assert.equal(h.emulator.zone(ZONE)?.rrsets.find('www.example.com', 'CNAME'), undefined);
      assert.deepEqual(await h.client.dns.deleteRecord(ZONE, 'www.example.com', 'CNAME'), { alreadyGone: true });
      assert.deepEqual(
        h.emulator.requests.map((request) => request.method),
        ['DELETE', 'DELETE', 'GET'],
      );
      const zoneGone = await rejection(h.client.dns.deleteRecord('absent.example', 'www.absent.example', 'A'));
      assert.equal(zoneGone.kind, 'notFound');
      assert.equal(zoneGone.apiMessage, 'zone not found');
    });

    it('is found, or not: a 404 is "no such set" only where the zone lists record sets', async () => {
      h = await startHarness(undefined, { demo: true });
      assert.deepEqual((await h.client.dns.findRecord(ZONE, 'www.example.com', 'CNAME'))?.resource_records[0].content, ['example.com.']);
      assert.equal(await h.client.dns.findRecord(ZONE, 'nowhere.example.com', 'A'), undefined);
      assert.deepEqual(
        h.emulator.requests.map((request) => [request.method, request.path]),
        [
          ['GET', '/dns/v2/zones/example.com/www.example.com/CNAME'],
          ['GET', '/dns/v2/zones/example.com/nowhere.example.com/A'],
          ['GET', RRSETS],
        ],
      );
      assert.equal((await rejection(h.client.dns.findRecord('absent.example', 'www.absent.example', 'A'))).kind, 'notFound');
    });

    it('never retries a write whose answer may have been lost', async () => {
      h = await startHarness(undefined, { demo: true });
      const path = '/dns/v2/zones/example.com/www.example.com/CNAME';
      const body = { resource_records: [{ content: ['example.net.'] }] };
      h.emulator.inject({ method: 'PUT', path, status: 502 });
      assert.equal((await rejection(h.client.dns.replaceRecord(ZONE, 'www.example.com', 'CNAME', body))).kind, 'server');
      h.emulator.inject({ method: 'POST', path, drop: true });
      assert.equal((await rejection(h.client.dns.createRecord(ZONE, 'www.example.com', 'CNAME', body))).mayHaveApplied, true);
      h.emulator.inject({ method: 'DELETE', path, status: 500 });
      assert.equal((await rejection(h.client.dns.deleteRecord(ZONE, 'www.example.com', 'CNAME'))).kind, 'server');
      assert.equal(h.emulator.requests.length, 3);
      h.emulator.inject({ method: 'GET', path, status: 503 });
      await h.client.dns.getRecord(ZONE, 'www.example.com', 'CNAME');
      assert.equal(h.emulator.requests.length, 5);
    });
  });

  describe('lookup', () => {
    it('asks one resolver for a name, and reads TXT text as a set does', async () => {
      h = await startHarness(undefined, { demo: true, propagationDelayMs: 60_000 });
      assert.deepEqual(await h.client.dns.lookup('mail.example.com', 'authoritative_dns'), [
        { name: 'mail.example.com.', type: 'A', ttl: 3600, content: ['203.0.113.25'] },
      ]);
      assert.deepEqual(h.emulator.requests[0].query, { name: 'mail.example.com', request_server: 'authoritative_dns' });
      assert.deepEqual((await h.client.dns.lookup('_dmarc.example.com', 'google'))[0].content, [
        'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com',
      ]);
      await h.client.dns.replaceRecord(ZONE, 'mail.example.com', 'A', { resource_records: [{ content: ['192.0.2.25'] }] });
      assert.deepEqual(
        (await h.client.dns.lookup('mail.example.com', 'gcore')).map((answer) => answer.content),
        [['192.0.2.25']],
      );
      assert.deepEqual(
        (await h.client.dns.lookup('mail.example.com', 'quad9')).map((answer) => answer.content),
        [['203.0.113.25']],
      );
    });

    it('leaves out answers it cannot read, and refuses an answer that is not a list', async () => {
      h = await startHarness(undefined, { demo: true });
      h.emulator.inject({
        path: '/dns/v2/lookup',
        status: 200,
        body: [{ name: 'a.example.com.', type: 'A', content: ['192.0.2.1'] }, { name: 'b.example.com.', content: ['192.0.2.2'] }, null],
      });
      assert.deepEqual(await h.client.dns.lookup('a.example.com', 'google'), [
        { name: 'a.example.com.', type: 'A', content: ['192.0.2.1'] },
      ]);
      h.emulator.inject({ path: '/dns/v2/lookup', status: 200, body: { answers: [] } });
      assert.equal((await rejection(h.client.dns.lookup('a.example.com', 'google'))).kind, 'badResponse');
    });
  });

  it('tells missing record endpoints from a missing set, as against a server with only the four core operations', async () => {
    h = await startHarness({ maxRetries: 0 }, { coreOnly: true, demo: true });
    const body = { resource_records: [{ content: ['192.0.2.1'] }] };
    const { dns } = h.client;
    const calls = [
      () => dns.listRecords(ZONE),
      () => dns.getRecord(ZONE, 'www.example.com', 'CNAME'),
      () => dns.createRecord(ZONE, 'new.example.com', 'A', body),
      () => dns.replaceRecord(ZONE, 'new.example.com', 'A', body),
      () => dns.deleteRecord(ZONE, 'www.example.com', 'CNAME'),
      () => dns.lookup('www.example.com', 'authoritative_dns'),
    ];
    for (const call of calls) assert.equal(isEndpointMissing(await rejection(call())), true);
  });
});
