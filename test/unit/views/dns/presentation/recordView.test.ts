import * as assert from 'node:assert/strict';
import type { RecordSet } from '../../../../../src/api/dns/dnsTypes';
import { escapeMarkdown } from '../../../../../src/views/presentation/itemView';
import { recordSetCountText } from '../../../../../src/views/dns/presentation/recordSetCount';
import { recordRows, recordSetRow, recordSetRows, recordSetTooltip } from '../../../../../src/views/dns/presentation/recordView';
import { unescapedPunctuation, unescapeMarkdown } from '../../markdownReading';

const DKIM_KEY = `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'q'.repeat(342)}IDAQAB`;
const DKIM = `v=DKIM1; k=rsa; p=${DKIM_KEY}`;

function set(name: string, type: string, ttl: number, ...contents: unknown[][]): RecordSet {
  return { name, type, ttl, resource_records: contents.map((content) => ({ content, enabled: true, meta: {} })) };
}

/** A GeoDNS set as the guides describe one: a picker by country, one answer, a default for the rest. */
const GEO: RecordSet = {
  name: 'geo.example.com.',
  type: 'A',
  ttl: 60,
  pickers: [{ type: 'geodns', limit: 1, strict: true }],
  resource_records: [
    { content: ['198.51.100.1'], enabled: true, meta: { countries: ['DE', 'FR'], weight: 10, backup: true } },
    { content: ['198.51.100.2'], enabled: true, meta: { continents: ['NA'], asn: [64500], latlong: [40.7, -74] } },
    { content: ['198.51.100.3'], enabled: false, meta: { default: true, backup: false, notes: 'fallback' } },
  ],
  meta: { geodns_link: 'cdn-resource-42' },
};

/** octoDNS's fixture for Gcore (docs/gcore-api.md#record-sets): trailing dot, nanoseconds, filters and pickers, a health check. */
const FAILOVER: RecordSet = JSON.parse(
  '{"id":123456,"name":"healthcheck.unit.tests.","type":"A","ttl":30,"meta":{"failover":{"frequency":60,"host":"gcore-test.tld","http_status_code":200,"method":"GET","path":"/monitor","port":80,"protocol":"HTTP","regexp":"ok","timeout":10,"tls":false,"url":"/monitor"}},"updated_at":1713802438584317000,"filter_set_id":234567,"filters":[{"type":"healthcheck","strict":false},{"type":"weighted_shuffle","strict":false}],"pickers":[{"type":"healthcheck","strict":false},{"type":"weighted_shuffle","strict":false}],"resource_records":[{"id":8765432,"content":["1.2.3.4"],"enabled":true,"meta":{}},{"id":7654321,"content":["5.6.7.8"],"enabled":true,"meta":{}}]}',
) as RecordSet;

/** A realistic zone, in no particular order, names written both ways. */
const ZONE: RecordSet[] = [
  set('www.example.com', 'CNAME', 3600, ['example.com.']),
  set('example.com.', 'TXT', 3600, ['v=spf1 include:_spf.example.net ~all']),
  set('selector1._domainkey.example.com', 'TXT', 3600, [DKIM]),
  set('_sip._tcp.example.com.', 'SRV', 300, [10, 5, 5060, 'sip.example.com.']),
  set('example.com', 'CAA', 86400, [0, 'issue', 'letsencrypt.org']),
  set('www.api.example.com.', 'A', 300, ['203.0.113.20']),
  set('host10.example.com', 'A', 300, ['203.0.113.10']),
  set('example.com', 'MX', 3600, [10, 'mail.example.com.'], [20, 'backup-mail.example.com.']),
  set('*.example.com', 'A', 300, ['203.0.113.99']),
  set('host2.example.com', 'A', 300, ['203.0.113.2']),
  set('example.com.', 'AAAA', 300, ['2001:db8::1']),
  set('api.example.com', 'A', 300, ['203.0.113.3']),
  set('example.com.', 'A', 300, ['203.0.113.1']),
  set('sub.example.com.', 'NS', 86400, ['ns1.other.net.']),
  set('example.com.', 'NS', 86400, ['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']),
  set('example.com.', 'SOA', 3600, ['ns1.gcorelabs.net.', 'support.gcorelabs.com.', 2024042201, 3600, 600, 604800, 300]),
  GEO,
];

describe('recordSetRows', () => {
  it('orders a mixed zone by name, the apex first and each name before the names below it, then by type', () => {
    const rows = recordSetRows('example.com', ZONE);
    assert.deepEqual(
      rows.map((row) => `${row.view.label} ${row.type}`),
      [
        '@ SOA',
        '@ NS',
        '@ A',
        '@ AAAA',
        '@ MX',
        '@ TXT',
        '@ CAA',
        '* A',
        'selector1._domainkey TXT',
        '_sip._tcp SRV',
        'api A',
        'www.api A',
        'geo A',
        'host2 A',
        'host10 A',
        'sub NS',
        'www CNAME',
      ],
    );
  });

  it('describes each type by its type, TTL and values in short', () => {
    const byKey = new Map(recordSetRows('example.com', ZONE).map((row) => [row.key, row.view.description]));
    assert.equal(byKey.get('@/A'), 'A · 5 min · 203.0.113.1');
    assert.equal(byKey.get('@/AAAA'), 'AAAA · 5 min · 2001:db8::1');
    assert.equal(byKey.get('www/CNAME'), 'CNAME · 1 h · example.com.');
    assert.equal(byKey.get('@/MX'), 'MX · 1 h · 10 mail.example.com., 20 backup-mail.example.com.');
    assert.equal(byKey.get('@/TXT'), 'TXT · 1 h · v=spf1 include:_spf.example.net ~all');
    assert.equal(byKey.get('selector1._domainkey/TXT'), 'TXT · 1 h · v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BA…');
    assert.equal(byKey.get('_sip._tcp/SRV'), 'SRV · 5 min · 10 5 5060 sip.example.com.');
    assert.equal(byKey.get('@/CAA'), 'CAA · 1 d · 0 issue "letsencrypt.org"');
    assert.equal(byKey.get('sub/NS'), 'NS · 1 d · ns1.other.net.');
    assert.equal(byKey.get('@/NS'), 'NS · managed by Gcore · 1 d · ns1.gcorelabs.net., ns2.gcdn.services.');
    assert.equal(byKey.get('@/SOA'), 'SOA · managed by Gcore · 1 h · ns1.gcorelabs.net. support.gcorelabs.co…');
  });

  it('shows a PTR record in a reverse zone', () => {
    const row = recordSetRow('113.0.203.in-addr.arpa', set('1.113.0.203.in-addr.arpa.', 'ptr', 3600, ['host.example.com.']));
    assert.deepEqual(
      [row.key, row.view.label, row.view.description, row.fullName],
      ['1/PTR', '1', 'PTR · 1 h · host.example.com.', '1.113.0.203.in-addr.arpa'],
    );
  });

  it('says how many values are left past the first three', () => {
    const row = recordSetRow(
      'example.com',
      set('pool.example.com', 'A', 30, ['192.0.2.1'], ['192.0.2.2'], ['192.0.2.3'], ['192.0.2.4'], ['192.0.2.5'], ['192.0.2.6']),
    );
    assert.equal(row.view.description, 'A · 30 s · 192.0.2.1, 192.0.2.2, 192.0.2.3 +3 more');
  });

  it('offers no edit or delete on the SOA and the apex NS set, and marks dynamic sets', () => {
    const contexts = new Map(recordSetRows('example.com', ZONE).map((row) => [row.key, [row.view.contextValue, row.view.icon?.id]]));
    assert.deepEqual(contexts.get('@/SOA'), ['recordSet.gcore', 'server']);
    assert.deepEqual(contexts.get('@/NS'), ['recordSet.gcore', 'server']);
    assert.deepEqual(contexts.get('sub/NS'), ['recordSet', 'symbol-field'], 'a delegation below the apex is the user’s');
    assert.deepEqual(contexts.get('geo/A'), ['recordSet.dynamic', 'list-filter']);
    assert.deepEqual(contexts.get('@/A'), ['recordSet', 'symbol-field']);
  });

  it('marks a GeoDNS set with what picks the answer, and counts its disabled records', () => {
    assert.equal(
      recordSetRow('example.com', GEO).view.description,
      'A · 1 of 3 disabled · GeoDNS · 1 min · 198.51.100.1, 198.51.100.2, 198.51.100.3',
    );
  });

  it('marks the octoDNS health-checked set as picked by its health check and weights', () => {
    const row = recordSetRow('unit.tests', FAILOVER);
    assert.deepEqual(
      [row.key, row.view.label, row.fullName, row.kind],
      ['healthcheck/A', 'healthcheck', 'healthcheck.unit.tests', 'dynamic'],
    );
    assert.equal(row.view.description, 'A · health check (HTTP), weighted · 30 s · 1.2.3.4, 5.6.7.8');
  });

  it('names a health check without its picker, other picker types by their name, and reads filters of older answers', () => {
    const failoverOnly = { ...set('f.example.com', 'A', 60, ['192.0.2.1']), meta: { failover: { protocol: 'TCP', port: 443 } } };
    assert.equal(recordSetRow('example.com', failoverOnly).view.description, 'A · health check (TCP) · 1 min · 192.0.2.1');
    const others = {
      ...set('o.example.com', 'A', 60, ['192.0.2.1']),
      filters: [{ type: 'first_n', limit: 2 }, { type: 'constructor' }, { type: 'lowest_latency' }],
    };
    assert.equal(recordSetRow('example.com', others).view.description, 'A · first 2, constructor, lowest_latency · 1 min · 192.0.2.1');
  });

  it('shows a set whose records are all disabled as disabled', () => {
    const off = set('old.example.com', 'A', 300, ['192.0.2.9']);
    off.resource_records[0].enabled = false;
    const row = recordSetRow('example.com', off);
    assert.equal(row.view.description, 'A · disabled · 5 min · 192.0.2.9');
    assert.deepEqual(row.view.icon, { id: 'circle-slash', color: 'disabledForeground' });
  });

  it('filters to the types asked for, and shows every type without a filter', () => {
    assert.deepEqual(
      recordSetRows('example.com', ZONE, { types: new Set(['MX', 'CNAME']) }).map((row) => row.key),
      ['@/MX', 'www/CNAME'],
    );
    assert.equal(recordSetRows('example.com', ZONE, { types: new Set() }).length, ZONE.length);
  });

  it('keeps one row of a set Gcore lists twice, however its name is written, so row ids stay unique', () => {
    const rows = recordSetRows('example.com', [
      set('www.example.com.', 'A', 60, ['192.0.2.1']),
      set('WWW.example.com', 'a', 300, ['192.0.2.2']),
    ]);
    assert.deepEqual(
      rows.map((row) => row.view.description),
      ['A · 1 min · 192.0.2.1'],
    );
  });

  it('opens a set with records to its records, and a set without any as a leaf', () => {
    const rows = recordSetRows('example.com', [
      set('www.example.com.', 'A', 60, ['192.0.2.1']),
      { name: 'empty.example.com.', type: 'TXT', ttl: 60, resource_records: [] },
    ]);
    assert.deepEqual(
      rows.map((row) => [row.key, row.view.collapsible]),
      [
        ['empty/TXT', 'none'],
        ['www/A', 'collapsed'],
      ],
    );
  });

  it('hands out icon objects that callers cannot use to change later rows', () => {
    const [first] = recordSetRows('example.com', [set('www.example.com.', 'A', 60, ['192.0.2.1'])]);
    assert.throws(() => {
      first.view.icon!.id = 'changed';
    }, TypeError);
    assert.deepEqual(recordSetRows('example.com', [set('api.example.com.', 'A', 60, ['192.0.2.2'])])[0].view.icon, { id: 'symbol-field' });
  });

  it('puts a name outside the zone last, written in full', () => {
    const rows = recordSetRows('example.com', [
      set('stray.example.net.', 'A', 60, ['192.0.2.1']),
      set('zzz.example.com', 'A', 60, ['192.0.2.2']),
    ]);
    assert.deepEqual(
      rows.map((row) => row.view.label),
      ['zzz', 'stray.example.net.'],
    );
  });
});

describe('recordSetTooltip', () => {
  it('shows the names, TTL, update time, every record with its state and meta, the pickers and the set meta', () => {
    const tooltip = unescapeMarkdown(recordSetTooltip('example.com', { ...GEO, updated_at: '2024-04-22T16:13:58Z' }));
    for (const expected of [
      '### geo A',
      'Full name: geo.example.com.',
      'TTL: 1 min (60 s)',
      'Updated: 2024-04-22 16:13 UTC',
      '1 of 3 records are **disabled**: Gcore does not answer with them.',
      'Gcore picks the answer to each query (GeoDNS)',
      '- GeoDNS (geodns) · limit 1 · strict',
      '**Records (3)**',
      '- 198.51.100.1\n  - countries: DE, FR\n  - weight 10\n  - backup',
      '- 198.51.100.2\n  - continents: NA\n  - ASN: 64500\n  - lat/long: 40.7, -74',
      '- 198.51.100.3 · disabled\n  - default\n  - notes: fallback',
      '**Set meta**\n- GeoDNS link: cdn-resource-42',
    ]) {
      assert.ok(tooltip.includes(expected), `${expected}\n--- not in ---\n${tooltip}`);
    }
  });

  it('shows the octoDNS set’s health check and its update time from nanoseconds', () => {
    const tooltip = unescapeMarkdown(recordSetTooltip('unit.tests', FAILOVER));
    for (const expected of [
      'TTL: 30 s  \n',
      'Updated: 2024-04-22 16:13 UTC',
      '- health check (healthcheck)',
      '- weighted (weighted_shuffle)',
      '**Health check (failover)**',
      '- protocol: HTTP',
      '- port: 80',
      '- url: /monitor',
      '- tls: false',
    ]) {
      assert.ok(tooltip.includes(expected), `${expected}\n--- not in ---\n${tooltip}`);
    }
    assert.ok(!tooltip.includes('**Set meta**'), 'the health check is not repeated as set meta');
  });

  it('says that Gcore manages the SOA, and that a wholly disabled set answers nothing', () => {
    const soa = ZONE.find((entry) => entry.type === 'SOA')!;
    assert.match(recordSetTooltip('example.com', soa), /Gcore manages this record set/);
    assert.doesNotMatch(recordSetTooltip('example.com', ZONE[0]), /Gcore manages/);
    const off = set('old.example.com', 'A', 300, ['192.0.2.9']);
    off.resource_records[0].enabled = false;
    assert.match(recordSetTooltip('example.com', off), /Every record of this set is \*\*disabled\*\*/);
  });

  it('escapes every value, so a value with Markdown renders as text', () => {
    const value = '<img src=x> [click](https://evil.example) *bold* `code` $(alert) # heading\n- item';
    const hostile: RecordSet = {
      ...set('x.example.com', 'TXT', 60, [value]),
      warnings: [{ key: 'w', message: '**warned** [here](https://evil.example)' }],
    };
    hostile.resource_records[0].meta = { notes: '_note_ <b>', '[key]': '|cell|' };
    const tooltip = recordSetTooltip('example.com', hostile);
    assert.ok(tooltip.includes(escapeMarkdown(`"${value}"`)), tooltip);
    assert.ok(tooltip.includes(escapeMarkdown('**warned** [here](https://evil.example)')), tooltip);
    // The hover's own Markdown is headings, bold, lists and the punctuation of its sentences; nothing else acts.
    assert.deepEqual(
      unescapedPunctuation(tooltip).filter((char) => !'#*-:().'.includes(char)),
      [],
    );
    const read = unescapeMarkdown(tooltip);
    assert.ok(read.includes(`"${value.replace('\n', ' ')}"`));
    assert.ok(
      read.includes('notes: _note_ <b>') && read.includes('[key]: |cell|') && read.includes('**warned** [here](https://evil.example)'),
    );
  });
});

describe('recordRows', () => {
  it('gives each record of a set a row with its value in zone-file order, to copy', () => {
    const cases: [RecordSet, string, string][] = [
      [set('example.com', 'MX', 3600, [10, 'mail.example.com.']), '10 mail.example.com.', '10 mail.example.com.'],
      [set('example.com', 'CAA', 3600, [0, 'issue', 'letsencrypt.org']), '0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
      [set('s._domainkey.example.com', 'TXT', 3600, [DKIM]), `"${DKIM}"`, DKIM],
      [set('example.com', 'A', 300, ['203.0.113.1']), '203.0.113.1', '203.0.113.1'],
    ];
    for (const [recordSet, label, value] of cases) {
      const [row] = recordRows(recordSet);
      assert.deepEqual([row.view.label, row.value, row.view.contextValue, row.view.description], [label, value, 'recordValue', undefined]);
      assert.equal(row.copyLabel, `${recordSet.type} value`);
    }
  });

  it('describes a dynamic set’s records by their meta in short, and marks a disabled one', () => {
    const rows = recordRows(GEO);
    assert.deepEqual(
      rows.map((row) => [row.key, row.view.description, row.view.icon?.id]),
      [
        ['0', 'countries: DE, FR · weight 10 · backup', 'symbol-value'],
        ['1', 'continents: NA · ASN: 64500 · lat/long: 40.7, -74', 'symbol-value'],
        ['2', 'disabled · default · notes: fallback', 'circle-slash'],
      ],
    );
    assert.match(unescapeMarkdown(rows[2].view.tooltip!), /\*\*Disabled\*\*: Gcore does not answer with this record/);
  });

  it('reads a meta key named like a property of every object as any other key', () => {
    const [row] = recordRows({
      ...set('x.example.com', 'A', 60, ['192.0.2.1']),
      resource_records: [{ content: ['192.0.2.1'], meta: { constructor: 'x', toString: ['a', 'b'] } }],
    });
    assert.equal(row.view.description, 'constructor: x · toString: a, b');
  });
});

describe('recordSetCountText', () => {
  it('says how many record sets a zone has, and how many are dynamic', () => {
    const count = (amount: unknown) => recordSetCountText({ name: 'example.com', rrsets_amount: amount });
    assert.equal(count({ total: 12, static: 12, dynamic: { total: 0, healthcheck: 0 } }), '12 record sets');
    assert.equal(count({ total: 12, static: 10, dynamic: { total: 2, healthcheck: 0 } }), '12 record sets (2 dynamic)');
    assert.equal(count({ total: 12, static: 10, dynamic: { total: 2, healthcheck: 1 } }), '12 record sets (2 dynamic, 1 health-checked)');
    assert.equal(count({ total: 1 }), '1 record set');
    assert.equal(count({ total: 0 }), 'no record sets');
    assert.equal(count(undefined), undefined);
    assert.equal(count({ total: 'many' }), undefined);
  });
});
