import * as assert from 'node:assert/strict';
import type { RecordSet } from '../../../../../src/api/dns/dnsTypes';
import { zoneFileEditability } from '../../../../../src/models/dns/zoneFile/zoneFileEditability';
import { readZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import { printZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileWriter';

function set(name: string, type: string, ttl: number | undefined, values: unknown[][], extra: Partial<RecordSet> = {}): RecordSet {
  return { name, type, ...(ttl === undefined ? {} : { ttl }), resource_records: values.map((content) => ({ content })), ...extra };
}

const GEODNS = set('geo.example.com', 'A', 60, [], {
  pickers: [{ type: 'geodns' }, { type: 'first_n', limit: 1 }],
  resource_records: [
    { content: ['192.0.2.10'], meta: { countries: ['DE'] } },
    { content: ['192.0.2.20'], meta: { default: true } },
  ],
});
const WITH_DISABLED = set('old.example.com', 'A', 300, [], {
  resource_records: [{ content: ['192.0.2.30'] }, { content: ['192.0.2.31'], enabled: false }],
});

/** A zone as Gcore answers it, in no particular order. */
const ZONE: RecordSet[] = [
  set('www.example.com', 'A', 300, [['192.0.2.1'], ['192.0.2.2']], { updated_at: 1713802438584317000 }),
  set('example.com.', 'SOA', 3600, [['ns1.gcorelabs.net.', 'support.gcore.com.', 2024031801, 3600, 600, 1209600, 300]]),
  set('example.com', 'NS', 86400, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services']]),
  set('example.com', 'MX', 3600, [
    [10, 'mail.example.com.'],
    [20, 'Mail2.Example.com'],
  ]),
  set('example.com', 'TXT', 3600, [['v=spf1 include:_spf.example.net ~all']]),
  set('example.com', 'CAA', 3600, [
    [0, 'issue', 'letsencrypt.org'],
    [128, 'iodef', 'mailto:security@example.com'],
  ]),
  set('_sip._tcp.example.com', 'SRV', 3600, [[10, 60, 5060, 'sip.example.com.']]),
  set('api.example.com', 'CNAME', 600, [['lb.example.net.']]),
  set('www.api.example.com', 'AAAA', 300, [['2001:db8::1']]),
  set('1.example.com', 'PTR', 3600, [['host.example.com.']]),
  GEODNS,
  WITH_DISABLED,
  set('example.com', 'HTTPS', 300, [[1, '.', ['alpn', 'h3', 'h2']]]),
  set('example.com', 'DS', 3600, [[12345, 13, 2, '0123456789ABCDEF']]),
];

describe('printZoneFile', () => {
  it('writes a header, $ORIGIN, the most common TTL as $TTL, and one aligned line per record, sorted by name and type; what a zone file cannot carry as comments with the reason', () => {
    assert.equal(
      printZoneFile('Example.COM.', ZONE, 'document'),
      [
        '; The record sets of the zone example.com at Gcore, as a zone file (RFC 1035).',
        '; Saving shows the changes for review: nothing is sent to Gcore before you choose Apply.',
        '; Sets written as comments cannot be edited here, and saving never changes them.',
        '',
        '$ORIGIN example.com.',
        '$TTL 3600',
        '',
        '; @ SOA: not editable here, as this set is managed by Gcore (Edit Zone Settings changes its contact, primary server and timers).',
        '; @          3600 IN SOA   ns1.gcorelabs.net. support.gcore.com. 2024031801 3600 600 1209600 300',
        '',
        "; @ NS: not editable here, as this set is the zone's NS set at the apex, which Gcore manages.",
        '; @         86400 IN NS    ns1.gcorelabs.net.',
        '; @         86400 IN NS    ns2.gcdn.services',
        '',
        '@          3600 IN MX    10 mail.example.com.',
        '@          3600 IN MX    20 mail2.example.com.',
        '@          3600 IN TXT   "v=spf1 include:_spf.example.net ~all"',
        '@          3600 IN CAA   0 issue "letsencrypt.org"',
        '@          3600 IN CAA   128 iodef "mailto:security@example.com"',
        '',
        '; @ DS: not editable here, as this set is of type DS, which is not edited as a zone file here.',
        '; @          3600 IN DS    12345 13 2 0123456789ABCDEF',
        '',
        '; @ HTTPS: not editable here, as this set is of type HTTPS, which is not edited as a zone file here.',
        '; @           300 IN HTTPS 1 . alpn=h3,h2',
        '',
        '1          3600 IN PTR   host.example.com.',
        '_sip._tcp  3600 IN SRV   10 60 5060 sip.example.com.',
        'api         600 IN CNAME lb.example.net.',
        'www.api     300 IN AAAA  2001:db8::1',
        '',
        '; geo A: not editable here, as this set is dynamic (GeoDNS, first 1 picks its answer), which a zone file cannot say; Edit Record in the Gcore tree keeps it.',
        '; geo          60 IN A     192.0.2.10',
        '; geo          60 IN A     192.0.2.20',
        '',
        '; old A: not editable here, as this set holds a disabled record, which a zone file cannot mark; Edit Record in the Gcore tree changes it.',
        '; old         300 IN A     192.0.2.30',
        '; old         300 IN A     192.0.2.31 ; disabled',
        '',
        'www         300 IN A     192.0.2.1',
        'www         300 IN A     192.0.2.2',
        '',
      ].join('\n'),
    );
  });

  it('gives no record for the commented sets when the file is read back', () => {
    const reading = readZoneFile(printZoneFile('example.com', ZONE, 'document'), 'example.com');
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(
      [...new Set(reading.records.map((record) => `${record.name} ${record.type}`))],
      [
        'example.com MX',
        'example.com TXT',
        'example.com CAA',
        '1.example.com PTR',
        '_sip._tcp.example.com SRV',
        'api.example.com CNAME',
        'www.api.example.com AAAA',
        'www.example.com A',
      ],
    );
  });

  it('keeps comments on one line whatever Gcore sends: line breaks and controls in values, picker types and names become \\DDD', () => {
    const hostile: RecordSet[] = [
      set('evil.example.com', 'TXT', 300, [['first\nevil2 300 IN A 192.0.2.66']], {
        pickers: [{ type: 'geodns\r\nevil3 300 IN A 192.0.2.67' }],
      }),
      set('weird.example.com', 'HTTPS', 300, [[1, '.\u2028evil4 IN A 192.0.2.68']]),
    ];
    const text = printZoneFile('example.com', hostile, 'document');
    assert.ok(text.includes('first\\010evil2 300 IN A 192.0.2.66'), text);
    assert.ok(text.includes('geodns\\013\\010evil3'), text);
    assert.ok(text.includes('.\\226\\128\\168evil4'), text);
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(reading.records, []);
    assert.deepEqual(reading.problems, []);
  });

  it('splits a long TXT into strings of at most 255 bytes between characters, in parentheses over several lines', () => {
    const text = `${'é'.repeat(200)}${'x'.repeat(300)}`;
    const lines = printZoneFile('example.com', [set('long.example.com', 'TXT', 300, [[text]])], 'document')
      .split('\n')
      .slice(7, -1);
    assert.deepEqual(lines, [
      `long 300 IN TXT ( "${'é'.repeat(127)}"`,
      `                  "${'é'.repeat(73)}${'x'.repeat(109)}"`,
      `                  "${'x'.repeat(191)}" )`,
    ]);
    for (const line of lines) assert.ok(Buffer.byteLength(/"(.*)"/.exec(line)?.[1] ?? '', 'utf8') <= 255, line);
  });

  it('escapes quotes, backslashes and controls in texts, writes other characters as they are, and an empty text as ""', () => {
    const lines = printZoneFile(
      'example.com',
      [
        set('t.example.com', 'TXT', 300, [['say "hi" \\ tab\there\u0007 \u00a0 ünïcode 😀']]),
        set('c.example.com', 'CAA', 300, [[0, 'issue', 'ca.example.net; account="1"']]),
      ],
      'document',
    ).split('\n');
    assert.deepEqual(lines.slice(7, 9), [
      'c 300 IN CAA 0 issue "ca.example.net; account=\\"1\\""',
      't 300 IN TXT "say \\"hi\\" \\\\ tab\\009here\\007 \u00a0 ünïcode 😀"',
    ]);
  });

  it('takes 3600 as $TTL when no editable set has a TTL, and writes a set without a TTL without one', () => {
    const text = printZoneFile(
      'example.com',
      [set('www.example.com', 'A', undefined, [['192.0.2.1']]), set('example.com', 'SOA', 60, [['a.', 'b.', 1, 2, 3, 4, 5]])],
      'document',
    );
    assert.deepEqual(text.split('\n').slice(5, 12), [
      '$TTL 3600',
      '',
      '; @ SOA: not editable here, as this set is managed by Gcore (Edit Zone Settings changes its contact, primary server and timers).',
      '; @   60 IN SOA a. b. 1 2 3 4 5',
      '',
      'www    IN A   192.0.2.1',
      '',
    ]);
    assert.deepEqual(
      readZoneFile(text, 'example.com').records.map((record) => [record.name, record.ttl, record.defaultTtl]),
      [['www.example.com', undefined, 3600]],
    );
  });

  it("exports a file BIND loads: its own header, and Gcore's SOA and apex NS set as records among the others", () => {
    const lines = printZoneFile('Example.COM.', ZONE, 'export').split('\n');
    assert.deepEqual(lines.slice(0, 3), [
      '; The record sets of the zone example.com at Gcore, exported as a zone file (RFC 1035) that BIND loads.',
      "; The SOA and the apex NS set are Gcore's: importing this file into the zone changes neither.",
      '; Sets written as comments are sets a zone file cannot carry, each under its reason.',
    ]);
    assert.deepEqual(lines.slice(7, 11), [
      '@          3600 IN SOA   ns1.gcorelabs.net. support.gcore.com. 2024031801 3600 600 1209600 300',
      '@         86400 IN NS    ns1.gcorelabs.net.',
      '@         86400 IN NS    ns2.gcdn.services.',
      '@          3600 IN MX    10 mail.example.com.',
    ]);
    const read = readZoneFile(lines.join('\n'), 'example.com').records.map((record) => `${record.name} ${record.type}`);
    assert.deepEqual([...new Set(read)].slice(0, 3), ['example.com SOA', 'example.com NS', 'example.com MX']);
  });

  it('writes as comments an SOA or apex NS set that does not read as records, with its reason, and an SOA of defaults', () => {
    const text = printZoneFile(
      'example.com',
      [
        set('example.com', 'SOA', 60, [['a.', 'b.', 1, 2, 3, 4]]),
        set('example.com', 'NS', 60, [], {
          resource_records: [{ content: ['ns1.example.net.'] }, { content: ['ns2.example.net.'], enabled: false }],
        }),
      ],
      'export',
    );
    assert.deepEqual(text.split('\n').slice(7, -1), [
      '; @ SOA: not editable here, as this set is managed by Gcore (Edit Zone Settings changes its contact, primary server and timers).',
      '; @   60 IN SOA a. b. 1 2 3 4',
      '',
      "; Gcore's record list holds no SOA a zone file can carry, and the zone's settings could not be read: the SOA below is written with defaults.",
      '@ 3600 IN SOA ns1.gcorelabs.net. hostmaster.example.com. 1 3600 3600 1209600 3600',
      '',
      "; @ NS: not editable here, as this set is the zone's NS set at the apex, which Gcore manages.",
      '; @   60 IN NS  ns1.example.net.',
      '; @   60 IN NS  ns2.example.net. ; disabled',
    ]);
    assert.deepEqual(
      readZoneFile(text, 'example.com').records.map((record) => record.type),
      ['SOA'],
    );
  });

  it('writes a text Gcore holds in quotes as its text, and one whose own quotes the API keeps quoted, with its quotes', () => {
    const lines = printZoneFile(
      'example.com',
      [set('t.example.com', 'TXT', 300, [['"v=spf1 -all"'], ['"\\"k=rsa; p=MIGf\\""']])],
      'document',
    ).split('\n');
    assert.deepEqual(lines.slice(7, 9), ['t 300 IN TXT "v=spf1 -all"', 't 300 IN TXT "\\"k=rsa; p=MIGf\\""']);
  });

  it('writes absolute a name outside the zone (last) and one whose relative part would read as a full name', () => {
    const text = printZoneFile(
      'example.com',
      [
        set('other.example.net', 'A', 60, [['192.0.2.3']]),
        set('www.example.com.example.com', 'A', 60, [['192.0.2.2']]),
        set('zzz.example.com', 'A', 60, [['192.0.2.1']]),
      ],
      'document',
    );
    assert.deepEqual(text.split('\n').slice(7, -1), [
      'www.example.com.example.com. 60 IN A 192.0.2.2',
      'zzz                          60 IN A 192.0.2.1',
      'other.example.net.           60 IN A 192.0.2.3',
    ]);
  });

  it('orders names label by label from the right: a name before the names below it, the apex first', () => {
    const names = ['b', 'a.b', '@', '_dmarc', 'x.a', 'a', 'a-1', '*.a', '2', '10'];
    const text = printZoneFile(
      'example.com',
      names.map((name) => set(name === '@' ? 'example.com' : `${name}.example.com`, 'A', 60, [['192.0.2.1']])),
      'document',
    );
    assert.deepEqual(
      text
        .split('\n')
        .slice(7, -1)
        .map((line) => line.split(' ')[0]),
      ['@', '10', '2', '_dmarc', 'a', '*.a', 'x.a', 'a-1', 'b', 'a.b'],
    );
  });
});

describe('zoneFileEditability', () => {
  it('lets a zone file carry a static set of an editable type whose values follow its rules, its meta and record ids aside', () => {
    assert.equal(
      zoneFileEditability(
        set('www.example.com', 'A', 300, [], {
          meta: { notes: 'web' },
          resource_records: [{ id: 7, content: ['192.0.2.1'], enabled: true, meta: {} }],
        }),
        'example.com',
      ),
      undefined,
    );
    assert.equal(zoneFileEditability(set('example.com', 'mx', 300, [['10', 'mail.example.com']]), 'example.com'), undefined);
  });

  it('says why a set stays as it is: the SOA, a type not edited here, a dynamic set, a disabled record, values or a name that would not read back', () => {
    const reasons: [RecordSet, string][] = [
      [
        set('example.com', 'SOA', 3600, [['a.', 'b.', 1, 2, 3, 4, 5]]),
        'is managed by Gcore (Edit Zone Settings changes its contact, primary server and timers)',
      ],
      [set('example.com', 'SVCB', 300, [[1, '.']]), 'is of type SVCB, which is not edited as a zone file here'],
      [GEODNS, 'is dynamic (GeoDNS, first 1 picks its answer), which a zone file cannot say; Edit Record in the Gcore tree keeps it'],
      [
        set('hc.example.com', 'A', 30, [['192.0.2.1']], { meta: { failover: { protocol: 'HTTP', port: 80 } } }),
        'is dynamic (health check (HTTP) picks its answer), which a zone file cannot say; Edit Record in the Gcore tree keeps it',
      ],
      [WITH_DISABLED, 'holds a disabled record, which a zone file cannot mark; Edit Record in the Gcore tree changes it'],
      [
        set('bad.example.com', 'A', 300, [['300.1.1.1']]),
        'holds values that break the A rules (300.1.1.1 is not an IPv4 address); Edit Record in the Gcore tree changes them',
      ],
      [
        set('two.example.com', 'CNAME', 300, [['a.example.net.'], ['b.example.net.']]),
        'holds values that break the CNAME rules (a CNAME set holds exactly one record (has 2)); Edit Record in the Gcore tree changes them',
      ],
      [
        set('empty.example.com', 'TXT', 300, []),
        'holds values that break the TXT rules (must be a non-empty list of records such as [{ content: ["v=spf1 -all"] }]); Edit Record in the Gcore tree changes them',
      ],
      [
        set('bad name.example.com', 'A', 300, [['192.0.2.1']]),
        "has a name a zone file cannot hold (label 'bad name' may contain only letters, digits, hyphens and underscores)",
      ],
      [
        set('Example.com.', 'NS', 86400, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']]),
        "is the zone's NS set at the apex, which Gcore manages",
      ],
    ];
    for (const [recordSet, reason] of reasons) {
      assert.equal(zoneFileEditability(recordSet, 'example.com'), reason, `${recordSet.name} ${recordSet.type}`);
    }
    assert.equal(
      zoneFileEditability(set('sub.example.com', 'NS', 3600, [['ns1.example.net.']]), 'example.com'),
      undefined,
      'a delegation below the apex is the zone file’s',
    );
  });
});
