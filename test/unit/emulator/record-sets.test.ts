import * as assert from 'node:assert/strict';
import { LARGE_ZONE_NAME, start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest, type RawResponse } from './raw-http';

type Json = Record<string, unknown>;
type RecordJson = { id: unknown; content: unknown[]; enabled: boolean; meta: Json };
type SetJson = Json & { name: string; type: string; ttl: number; resource_records: RecordJson[]; meta: Json };

const ZONE = '/dns/v2/zones/example.com';

async function json(response: Promise<RawResponse>, status = 200): Promise<unknown> {
  const answer = await response;
  assert.equal(answer.status, status, answer.text);
  return answer.json;
}

function dnsErrorOf(response: RawResponse, status: number): string {
  assert.equal(response.status, status, response.text);
  const body = response.json as Json;
  assert.deepEqual(Object.keys(body), ['error']);
  return String(body.error);
}

async function allSets(emulator: Emulator, zone = 'example.com'): Promise<SetJson[]> {
  return ((await json(rawRequest(emulator, 'GET', `/dns/v2/zones/${zone}/rrsets?all=true`))) as { rrsets: SetJson[] }).rrsets;
}

function setOf(sets: SetJson[], name: string, type: string): SetJson {
  const set = sets.find((candidate) => candidate.name === name && candidate.type === type);
  assert.ok(set, `${name} ${type}`);
  return set;
}

const contents = (set: SetJson): unknown[][] => set.resource_records.map((record) => record.content);

describe('emulator DNS record sets', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, demo: true });
  });
  beforeEach(() => {
    emulator.reset();
    emulator.setPropagationDelay(60_000);
  });
  after(() => emulator.close());

  describe('the seed', () => {
    it("gives every zone its SOA and NS sets, and example.com a company's records", async () => {
      for (const zone of ['example.org', 'parked.example.net']) {
        const sets = await allSets(emulator, zone);
        assert.deepEqual(
          sets.map((set) => `${set.name} ${set.type}`),
          [`${zone}. NS`, `${zone}. SOA`],
        );
        assert.deepEqual(contents(setOf(sets, `${zone}.`, 'NS')), [['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']]);
      }
      const sets = await allSets(emulator);
      assert.deepEqual(contents(setOf(sets, 'example.com.', 'SOA'))[0].slice(0, 2), ['ns1.gcorelabs.net.', 'hostmaster.example.com.']);
      assert.deepEqual(contents(setOf(sets, 'example.com.', 'A')), [['203.0.113.10'], ['203.0.113.11']]);
      assert.equal(setOf(sets, 'example.com.', 'AAAA').resource_records.length, 1);
      assert.deepEqual(contents(setOf(sets, 'www.example.com.', 'CNAME')), [['example.com.']]);
      assert.deepEqual(contents(setOf(sets, 'example.com.', 'MX')), [
        [10, 'mail.example.com.'],
        [20, 'backup-mx.example.net.'],
      ]);
      assert.match(String(contents(setOf(sets, 'example.com.', 'TXT'))[0][0]), /^v=spf1 /);
      const dkim = String(contents(setOf(sets, 'selector1._domainkey.example.com.', 'TXT'))[0][0]);
      assert.match(dkim, /^v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[A-Za-z0-9+/]+IDAQAB$/);
      assert.ok(dkim.length > 255);
      assert.deepEqual(
        contents(setOf(sets, 'example.com.', 'CAA')).map((content) => content[1]),
        ['issue', 'iodef'],
      );
      assert.deepEqual(contents(setOf(sets, '_sip._tcp.example.com.', 'SRV'))[0], [10, 60, 5060, 'sip.example.com.']);
      assert.deepEqual(
        setOf(sets, 'api.example.com.', 'A').resource_records.map((record) => record.enabled),
        [true, false],
      );
    });

    it("answers dynamic sets with their pickers also as filters, and their records' meta", async () => {
      const sets = await allSets(emulator);
      const geo = setOf(sets, 'cdn.example.com.', 'A');
      assert.deepEqual(geo.pickers, geo.filters);
      assert.equal((geo.pickers as Json[])[0].type, 'geodns');
      assert.deepEqual(
        geo.resource_records.map((record) => record.meta),
        [{ continents: ['EU'] }, { countries: ['US', 'CA'] }, { default: true }],
      );
      const failover = setOf(sets, 'app.example.com.', 'A');
      assert.deepEqual(
        (failover.pickers as Json[]).map((picker) => picker.type),
        ['healthcheck', 'weighted_shuffle'],
      );
      assert.deepEqual(failover.filters, failover.pickers);
      assert.equal((failover.meta.failover as Json).protocol, 'HTTP');
      assert.deepEqual(
        failover.resource_records.map((record) => record.meta.weight ?? record.meta.backup),
        [50, 50, true],
      );
      const www = setOf(sets, 'www.example.com.', 'CNAME');
      assert.equal(www.pickers, undefined);
      assert.equal(www.filters, undefined);
    });

    it('answers names with the trailing dot, updated_at in integer nanoseconds and an id on every record', async () => {
      const sets = await allSets(emulator);
      for (const set of sets) {
        assert.ok(set.name.endsWith('.'), set.name);
        assert.ok(Number.isInteger(set.updated_at) && (set.updated_at as number) > 1e18, String(set.updated_at));
        for (const record of set.resource_records) assert.ok(Number.isInteger(record.id), set.name);
      }
      const ids = sets.flatMap((set) => set.resource_records.map((record) => record.id));
      assert.equal(new Set(ids).size, ids.length);
    });

    it('counts the sets in the zone view', async () => {
      const zone = (await json(rawRequest(emulator, 'GET', ZONE))) as Json;
      assert.deepEqual(zone.rrsets_amount, { total: 16, static: 14, dynamic: { total: 2, healthcheck: 1 } });
    });

    it('generates a zone of the asked number of record sets, all of them in one answer', async () => {
      const large = await start({ apiKey: API_KEY, recordSetsInZone: 10_000 });
      try {
        const sets = await allSets(large, LARGE_ZONE_NAME);
        assert.equal(sets.length, 10_000);
        assert.deepEqual(new Set(sets.map((set) => set.type)), new Set(['A', 'AAAA', 'CNAME', 'TXT', 'SOA', 'NS']));
        assert.ok(sets.some((set) => Array.isArray(set.pickers)));
        assert.equal(
          ((await json(rawRequest(large, 'GET', `/dns/v2/zones/${LARGE_ZONE_NAME}/rrsets`))) as { total_amount: number }).total_amount,
          10_000,
        );
      } finally {
        await large.close();
      }
    });
  });

  describe('the list', () => {
    it('pages with limit and offset when all=true is not asked, reporting total_amount', async () => {
      const everything = await allSets(emulator);
      const first = (await json(rawRequest(emulator, 'GET', `${ZONE}/rrsets?limit=5&offset=0&order_by=name&order_direction=asc`))) as {
        rrsets: SetJson[];
        total_amount: number;
      };
      const last = (await json(rawRequest(emulator, 'GET', `${ZONE}/rrsets?limit=5&offset=15`))) as {
        rrsets: SetJson[];
        total_amount: number;
      };
      assert.equal(first.total_amount, 16);
      assert.deepEqual(first.rrsets, everything.slice(0, 5));
      assert.deepEqual(last.rrsets, everything.slice(15));
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/zones/absent.example/rrsets?all=true'), 404), 'zone not found');
      assert.match(dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/rrsets?limit=0`), 400), /^limit: /);
    });
  });

  describe('one set', () => {
    it('is found by its full name with or without the trailing dot, in any case', async () => {
      for (const name of ['www.example.com', 'www.example.com.', 'WWW.Example.COM']) {
        const set = (await json(rawRequest(emulator, 'GET', `${ZONE}/${name}/CNAME`))) as SetJson;
        assert.equal(set.name, 'www.example.com.');
      }
      assert.equal(((await json(rawRequest(emulator, 'GET', `${ZONE}/example.com/MX`))) as SetJson).resource_records.length, 2);
    });

    it('refuses what cannot name a set of the zone, and says when the set or the zone is not there', async () => {
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/nothing.example.com/A`), 404), 'rrset not found');
      assert.equal(
        dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/zones/absent.example/www.absent.example/A'), 404),
        'zone not found',
      );
      assert.equal(
        dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/www/CNAME`), 400),
        'rrset name "www" is not in zone "example.com"',
      );
      assert.equal(
        dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/www.example.org/A`), 400),
        'rrset name "www.example.org" is not in zone "example.com"',
      );
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/www.example.com/cname`), 400), 'invalid rrset type "cname"');
      assert.match(dnsErrorOf(await rawRequest(emulator, 'GET', `${ZONE}/a%20b.example.com/A`), 400), /label "a b"/);
    });

    it("is created by POST, and a second POST answers 409 in Gcore's words without changing it", async () => {
      const body = { ttl: 120, resource_records: [{ content: ['192.0.2.7'] }] };
      const created = (await json(rawRequest(emulator, 'POST', `${ZONE}/new.example.com/A`, { body }))) as SetJson;
      assert.equal(created.name, 'new.example.com.');
      assert.equal(created.ttl, 120);
      assert.deepEqual(
        created.resource_records.map(({ content, enabled, meta }) => ({ content, enabled, meta })),
        [{ content: ['192.0.2.7'], enabled: true, meta: {} }],
      );
      const again = await rawRequest(emulator, 'POST', `${ZONE}/NEW.example.com./A`, {
        body: { resource_records: [{ content: ['192.0.2.8'] }] },
      });
      assert.equal(dnsErrorOf(again, 409), 'rrset is already exists');
      assert.deepEqual(
        emulator
          .zone('example.com')
          ?.rrsets.find('new.example.com.', 'a')
          ?.records.map((record) => record.content),
        [['192.0.2.7']],
      );
    });

    it('is created or replaced whole by PUT, keeping its id, and deleted by DELETE once', async () => {
      const before = (await json(rawRequest(emulator, 'GET', `${ZONE}/example.com/MX`))) as SetJson;
      const replaced = (await json(
        rawRequest(emulator, 'PUT', `${ZONE}/example.com/MX`, {
          body: { ttl: 600, resource_records: [{ content: [5, 'mx.example.net.'] }] },
        }),
      )) as SetJson;
      assert.equal(replaced.id, before.id);
      assert.equal(replaced.ttl, 600);
      assert.deepEqual(contents(replaced), [[5, 'mx.example.net.']]);
      assert.ok((replaced.updated_at as number) > (before.updated_at as number));
      const created = (await json(
        rawRequest(emulator, 'PUT', `${ZONE}/_acme-challenge.example.com/TXT`, {
          body: { ttl: 60, resource_records: [{ content: ['token-1'] }] },
        }),
      )) as SetJson;
      assert.equal(created.name, '_acme-challenge.example.com.');
      assert.deepEqual(await json(rawRequest(emulator, 'DELETE', `${ZONE}/_acme-challenge.example.com./TXT`)), {});
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'DELETE', `${ZONE}/_acme-challenge.example.com/TXT`), 404), 'rrset not found');
      assert.equal(
        dnsErrorOf(await rawRequest(emulator, 'DELETE', '/dns/v2/zones/absent.example/absent.example/A'), 404),
        'zone not found',
      );
      emulator.reset();
      assert.deepEqual(contents((await json(rawRequest(emulator, 'GET', `${ZONE}/example.com/MX`))) as SetJson), contents(before));
    });

    it("keeps a dynamic set's pickers, given as pickers or as filters", async () => {
      const records = [
        { content: ['192.0.2.1'], meta: { countries: ['DE'] } },
        { content: ['192.0.2.2'], meta: { default: true } },
      ];
      const pickers = [{ type: 'geodns', strict: true }, { type: 'default' }];
      const viaFilters = (await json(
        rawRequest(emulator, 'PUT', `${ZONE}/geo.example.com/A`, { body: { resource_records: records, filters: pickers } }),
      )) as SetJson;
      assert.deepEqual(viaFilters.pickers, pickers);
      assert.deepEqual(viaFilters.resource_records[0].meta, { countries: ['DE'] });
      const zone = (await json(rawRequest(emulator, 'GET', ZONE))) as { rrsets_amount: { dynamic: { total: number } } };
      assert.equal(zone.rrsets_amount.dynamic.total, 3);
    });
  });

  describe('content checks', () => {
    const refusals: [type: string, body: Json, message: string][] = [
      [
        'A',
        { resource_records: [{ content: ['203.0.113.1'] }, { content: ['300.1.1.1'] }] },
        'resource_records[1].content[0]: "300.1.1.1" is not an IPv4 address',
      ],
      [
        'AAAA',
        { resource_records: [{ content: ['203.0.113.1'] }] },
        'resource_records[0].content[0]: "203.0.113.1" is not an IPv6 address',
      ],
      [
        'CNAME',
        { resource_records: [{ content: ['a.example.net.'] }, { content: ['b.example.net.'] }] },
        'a CNAME rrset holds exactly one record',
      ],
      ['CNAME', { resource_records: [{ content: ['not a host'] }] }, 'resource_records[0].content[0]: "not a host" is not a host name'],
      [
        'MX',
        { resource_records: [{ content: ['mail.example.com.', 10] }] },
        'resource_records[0].content[0]: "mail.example.com." must be an integer from 0 to 65535',
      ],
      ['MX', { resource_records: [{ content: [10] }] }, 'resource_records[0].content: MX content has 2 parts, got 1'],
      [
        'SRV',
        { resource_records: [{ content: [10, 5, 70000, 'sip.example.com.'] }] },
        'resource_records[0].content[2]: 70000 must be an integer from 0 to 65535',
      ],
      [
        'CAA',
        { resource_records: [{ content: [0, 'issues', 'letsencrypt.org'] }] },
        'resource_records[0].content[1]: "issues" is not a CAA tag (issue, issuewild or iodef)',
      ],
      ['TXT', { resource_records: [{ content: [''] }] }, 'resource_records[0].content[0]: "" is not a non-empty text'],
      [
        'HTTPS',
        { resource_records: [{ content: [1, '.', 'alpn'] }] },
        'resource_records[0].content[2]: "alpn" is not a [key, values…] parameter',
      ],
      ['A', { resource_records: [] }, 'resource_records is required and must be a non-empty list'],
      ['A', { resource_records: [{ content: ['192.0.2.1'], weight: 1 }] }, 'resource_records[0]: json: unknown field "weight"'],
      ['A', { ttl: -1, resource_records: [{ content: ['192.0.2.1'] }] }, 'ttl must be an unsigned 32-bit integer'],
      [
        'A',
        { resource_records: [{ content: ['192.0.2.1'] }], pickers: [{ type: 'nearest' }] },
        'pickers[0].type must be one of geodns, asn, country, continent, region, ip, geodistance, weighted_shuffle, default, first_n, healthcheck',
      ],
      [
        'A',
        { resource_records: [{ content: ['192.0.2.1'] }], meta: { failover: { protocol: 'HTTP', port: 80, frequency: 5, timeout: 5 } } },
        'meta.failover.frequency must be an integer from 10 to 3600',
      ],
      ['A', { resource_records: [{ content: ['192.0.2.1'] }], comment: 'x' }, 'json: unknown field "comment"'],
    ];
    for (const [type, body, message] of refusals) {
      it(`refuses ${type} ${JSON.stringify(body)}`, async () => {
        for (const method of ['POST', 'PUT']) {
          assert.equal(dnsErrorOf(await rawRequest(emulator, method, `${ZONE}/checked.example.com/${type}`, { body }), 400), message);
        }
        assert.equal(emulator.zone('example.com')?.rrsets.find('checked.example.com', type), undefined);
      });
    }

    it('takes every type in its documented shape', async () => {
      const accepted: [type: string, content: unknown[]][] = [
        ['A', ['192.0.2.1']],
        ['AAAA', ['2001:db8::1']],
        ['CNAME', ['target.example.net']],
        ['NS', ['ns1.example.net.']],
        ['PTR', ['host.example.com.']],
        ['MX', [0, '.']],
        ['TXT', ['"quoted" text; with ; semicolons '.repeat(20)]],
        ['SRV', [0, 0, 443, 'svc.example.com.']],
        ['CAA', [128, 'issuewild', ';']],
        ['DS', [12345, 13, 2, 'ABCDEF0123456789']],
        ['HTTPS', [1, '.', ['alpn', 'h3', 'h2'], ['port', 443]]],
        ['SVCB', [0, 'svc.example.net.']],
      ];
      for (const [type, content] of accepted) {
        const set = (await json(
          rawRequest(emulator, 'PUT', `${ZONE}/accepted.example.com/${type}`, {
            body: { resource_records: [{ content, enabled: false }] },
          }),
        )) as SetJson;
        assert.deepEqual(contents(set), [content], type);
        assert.equal(set.resource_records[0].enabled, false);
      }
    });
  });

  describe('lookup', () => {
    const lookup = async (name: string, server: string): Promise<unknown> =>
      json(rawRequest(emulator, 'GET', `/dns/v2/lookup?name=${encodeURIComponent(name)}&request_server=${server}`));

    it('answers every enabled record at the name from the zone', async () => {
      assert.deepEqual(await lookup('api.example.com', 'authoritative_dns'), [
        { name: 'api.example.com.', type: 'A', ttl: 300, content: ['203.0.113.50'] },
      ]);
      const apex = (await lookup('EXAMPLE.com.', 'google')) as { type: string }[];
      assert.deepEqual([...new Set(apex.map((answer) => answer.type))], ['A', 'AAAA', 'CAA', 'MX', 'NS', 'SOA', 'TXT']);
      assert.deepEqual(await lookup('nowhere.example.com', 'gcore'), []);
      assert.deepEqual(await lookup('www.not-a-zone.test', 'quad9'), []);
    });

    it('shows a change at Gcore at once and at the public resolvers only after the propagation delay', async () => {
      await json(
        rawRequest(emulator, 'PUT', `${ZONE}/www.example.com/CNAME`, {
          body: { ttl: 60, resource_records: [{ content: ['cdn.example.com.'] }] },
        }),
      );
      await json(rawRequest(emulator, 'PUT', `${ZONE}/fresh.example.com/A`, { body: { resource_records: [{ content: ['192.0.2.9'] }] } }));
      await json(rawRequest(emulator, 'DELETE', `${ZONE}/mail.example.com/A`));
      for (const server of ['authoritative_dns', 'gcore']) {
        assert.deepEqual(await lookup('www.example.com', server), [
          { name: 'www.example.com.', type: 'CNAME', ttl: 60, content: ['cdn.example.com.'] },
        ]);
        assert.equal(((await lookup('fresh.example.com', server)) as unknown[]).length, 1);
        assert.deepEqual(await lookup('mail.example.com', server), []);
      }
      for (const server of ['google', 'cloudflare', 'open_dns', 'quad9']) {
        assert.deepEqual(await lookup('www.example.com', server), [
          { name: 'www.example.com.', type: 'CNAME', ttl: 3600, content: ['example.com.'] },
        ]);
        assert.deepEqual(await lookup('fresh.example.com', server), []);
        assert.deepEqual(await lookup('mail.example.com', server), [
          { name: 'mail.example.com.', type: 'A', ttl: 3600, content: ['203.0.113.25'] },
        ]);
      }
      emulator.setPropagationDelay(0);
      assert.deepEqual(
        ((await lookup('www.example.com', 'google')) as { content: unknown[] }[]).map((answer) => answer.content),
        [['cdn.example.com.']],
      );
      assert.deepEqual(await lookup('mail.example.com', 'google'), []);
    });

    it('lets the public resolvers catch up once the delay has passed', async () => {
      emulator.setPropagationDelay(150);
      await json(rawRequest(emulator, 'PUT', `${ZONE}/api.example.com/A`, { body: { resource_records: [{ content: ['192.0.2.77'] }] } }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(
        ((await lookup('api.example.com', 'cloudflare')) as { content: unknown[] }[]).map((answer) => answer.content),
        [['192.0.2.77']],
      );
    });

    it('refuses a lookup without a name or for an unknown server, and a delay it cannot keep', async () => {
      assert.equal(dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/lookup?request_server=google'), 400), 'name is required');
      assert.match(
        dnsErrorOf(await rawRequest(emulator, 'GET', '/dns/v2/lookup?name=example.com&request_server=opendns'), 400),
        /^request_server must be one of authoritative_dns, google/,
      );
      assert.throws(() => emulator.setPropagationDelay(600_001), RangeError);
    });
  });

  it('is not served by a core-only server', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true, demo: true });
    try {
      const body = { resource_records: [{ content: ['192.0.2.1'] }] };
      assert.equal((await rawRequest(core, 'GET', `${ZONE}/rrsets?all=true`)).status, 404);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        assert.equal(
          (await rawRequest(core, method, `${ZONE}/www.example.com/A`, method === 'POST' || method === 'PUT' ? { body } : {})).status,
          404,
          method,
        );
      }
      assert.equal((await rawRequest(core, 'GET', '/dns/v2/lookup?name=example.com&request_server=google')).status, 404);
    } finally {
      await core.close();
    }
  });
});
