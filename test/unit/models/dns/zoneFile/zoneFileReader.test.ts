import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import type { ZoneFileProblem, ZoneFileRecord } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import { formatRecordContent, unquotedText } from '../../../../../src/models/dns/recordContent';
import { REPO_ROOT } from '../../../../support/repoRoot';

const FIXTURES = path.resolve(REPO_ROOT, 'test/unit/models/dns/zoneFile/fixtures');

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** A record in one line of the table: line, name, TTL as written, type, and the content (or the data as written). */
function brief(record: ZoneFileRecord): unknown[] {
  return [record.line, record.name, record.ttl ?? null, record.type, record.content ?? record.rdata];
}

/** The DKIM key the fixtures publish, split where the fixtures split it. */
const DKIM_KEY =
  fixture('cloudflare-example.com.zone')
    .match(/p=([A-Za-z0-9+/]+)" "([A-Za-z0-9+/=]+)"/)
    ?.slice(1)
    .join('') ?? '';

describe('readZoneFile', () => {
  it('reads the example of RFC 1035 (5.3): blank owners, the SOA in parentheses with comments, upper-case names, and refuses its $INCLUDE', () => {
    const reading = readZoneFile(fixture('rfc1035-isi.edu.zone'), 'ISI.EDU');
    assert.deepEqual(reading.records.map(brief), [
      [1, 'isi.edu', null, 'SOA', ['VENERA.isi.edu.', 'Action\\.domains.isi.edu.', 20, 7200, 600, 3600000, 60]],
      [8, 'isi.edu', null, 'NS', ['a.isi.edu.']],
      [9, 'isi.edu', null, 'NS', ['venera.isi.edu.']],
      [10, 'isi.edu', null, 'NS', ['vaxa.isi.edu.']],
      [11, 'isi.edu', null, 'MX', [10, 'venera.isi.edu.']],
      [12, 'isi.edu', null, 'MX', [20, 'vaxa.isi.edu.']],
      // An owner named A, of an A record.
      [14, 'a.isi.edu', null, 'A', ['26.3.0.103']],
      [16, 'venera.isi.edu', null, 'A', ['10.1.0.52']],
      [17, 'venera.isi.edu', null, 'A', ['128.9.0.32']],
      [19, 'vaxa.isi.edu', null, 'A', ['10.2.0.27']],
      [20, 'vaxa.isi.edu', null, 'A', ['128.9.0.33']],
    ]);
    assert.equal(reading.records[0].endLine, 6);
    // Without a TTL or $TTL anywhere, the SOA's minimum stands for every record, as BIND reads the file.
    assert.deepEqual(new Set(reading.records.map((record) => record.defaultTtl)), new Set([60]));
    assert.deepEqual(reading.notes, [
      {
        line: 1,
        start: 8,
        end: 11,
        message:
          "TTL 60, the SOA's minimum: no TTL is written here and no $TTL comes before, so the SOA and the records after it without a TTL take its minimum",
      },
    ]);
    assert.deepEqual(reading.problems, [
      { line: 23, start: 0, end: 8, message: '$INCLUDE is not supported: put the records of the included file in this file' },
    ]);
  });

  it('reads a Cloudflare export: its header, ;; sections, absolute names, TTL 1 (automatic) as written, cf_tags comments, a DKIM key in two strings', () => {
    const reading = readZoneFile(fixture('cloudflare-example.com.zone'), 'example.com');
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(reading.records.map(brief), [
      // Cloudflare writes the SOA's owner without its dot, which makes it relative: the caller skips SOA sets.
      [
        28,
        'example.com.example.com',
        3600,
        'SOA',
        ['ada.ns.cloudflare.com.', 'dns.cloudflare.com.', 2046304588, 10000, 2400, 604800, 3600],
      ],
      [31, 'example.com', 86400, 'NS', ['ada.ns.cloudflare.com.']],
      [32, 'example.com', 86400, 'NS', ['bob.ns.cloudflare.com.']],
      [35, 'example.com', 1, 'A', ['192.0.2.10']],
      [36, 'www.example.com', 1, 'A', ['192.0.2.10']],
      [37, 'api.example.com', 300, 'A', ['198.51.100.7']],
      [38, '*.example.com', 1, 'A', ['192.0.2.10']],
      [41, 'example.com', 1, 'AAAA', ['2001:db8::10']],
      [44, 'example.com', 1, 'CAA', [0, 'issue', 'letsencrypt.org']],
      [45, 'example.com', 1, 'CAA', [0, 'iodef', 'mailto:security@example.com']],
      [48, 'blog.example.com', 1, 'CNAME', ['example.ghost.io.']],
      [49, 'em1234.example.com', 1, 'CNAME', ['u1234.wl.sendgrid.net.']],
      // Known but not edited here: no content, no problem; the quotes inside the word stay in it.
      [52, 'example.com', 1, 'HTTPS', '1 . alpn="h3,h2" ipv4hint=192.0.2.10'],
      [55, 'example.com', 1, 'MX', [10, 'aspmx.l.google.com.']],
      [56, 'example.com', 1, 'MX', [20, 'alt1.aspmx.l.google.com.']],
      [59, '_sip._tls.example.com', 1, 'SRV', [100, 1, 443, 'sipdir.online.lync.com.']],
      [62, 'example.com', 1, 'TXT', ['v=spf1 include:_spf.google.com ~all']],
      [63, '_dmarc.example.com', 1, 'TXT', ['v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com']],
      [64, 'google._domainkey.example.com', 1, 'TXT', [`v=DKIM1; k=rsa; p=${DKIM_KEY}`]],
    ]);
    assert.equal(DKIM_KEY.length, 410);
  });

  it('marks the records a Cloudflare export tags proxied (cf-proxied:true), alone or among other tags, and no others', () => {
    const reading = readZoneFile(fixture('cloudflare-example.com.zone'), 'example.com');
    assert.deepEqual(
      reading.records.filter((record) => record.cloudflareProxied).map((record) => [record.line, record.name, record.type]),
      [
        [35, 'example.com', 'A'],
        [36, 'www.example.com', 'A'],
        [38, '*.example.com', 'A'],
        [41, 'example.com', 'AAAA'],
      ],
    );
    const tagged = (comment: string) =>
      readZoneFile(`www.example.com. 300 IN A 192.0.2.1 ${comment}`, 'example.com').records[0]?.cloudflareProxied;
    assert.equal(tagged('; cf_tags=cf-proxied:true'), true);
    assert.equal(tagged('; web server cf_tags=team:web,cf-proxied:true,tier:"a b"'), true, 'after a comment of the user and another tag');
    assert.equal(tagged('; cf_tags=cf-proxied:true,team:web'), true);
    assert.equal(tagged('; cf_tags=cf-proxied:false'), undefined);
    assert.equal(tagged('; cf_tags=cf-proxied:trueish'), undefined);
    assert.equal(tagged('; not-cf_tags=cf-proxied:true'), undefined);
    assert.equal(tagged('; cf-proxied:true, written without cf_tags'), undefined);
    assert.equal(tagged(''), undefined);
    // A comment inside parentheses belongs to the record they hold.
    assert.equal(
      readZoneFile('www.example.com. 300 IN A (\n 192.0.2.1 ; cf_tags=cf-proxied:true\n )', 'example.com').records[0]?.cloudflareProxied,
      true,
    );
    // A comment on a line of its own belongs to no record.
    assert.equal(
      readZoneFile('; cf_tags=cf-proxied:true\nwww.example.com. 300 IN A 192.0.2.1', 'example.com').records[0]?.cloudflareProxied,
      undefined,
    );
  });

  it('reads a BIND zone: $TTL with units, $ORIGIN absolute and relative, class before TTL, lower-case words, @ in data, escapes, a DKIM key over three lines', () => {
    const reading = readZoneFile(fixture('bind-example.org.zone'), 'example.org.');
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(reading.records.map(brief), [
      [4, 'example.org', null, 'SOA', ['ns1.example.org.', 'hostmaster.example.org.', 2024031801, 7200, 900, 1209600, 3600]],
      [10, 'example.org', null, 'NS', ['ns1.example.org.']],
      [11, 'example.org', null, 'NS', ['ns2.example.net.']],
      [12, 'example.org', null, 'MX', [10, 'mail.example.org.']],
      [13, 'example.org', null, 'MX', [20, 'mail.backup.example.net.']],
      [14, 'example.org', null, 'TXT', ['v=spf1 mx -all']],
      [15, 'example.org', null, 'CAA', [0, 'issue', 'letsencrypt.org']],
      // A quoted ; is the value, not a comment.
      [16, 'example.org', null, 'CAA', [0, 'issuewild', ';']],
      [17, 'example.org', 3600, 'A', ['192.0.2.1']],
      [18, 'ns1.example.org', null, 'A', ['192.0.2.53']],
      [19, 'mail.example.org', 5400, 'A', ['192.0.2.25']],
      [20, 'mail.example.org', null, 'AAAA', ['2001:DB8::25']],
      [21, 'www.example.org', 300, 'CNAME', ['example.org.']],
      [22, '*.dev.example.org', 600, 'A', ['192.0.2.80']],
      [23, '_sip._tcp.example.org', null, 'SRV', [10, 60, 5060, 'sip.example.org.']],
      [24, '_xmpp-server._tcp.example.org', null, 'SRV', [5, 0, 5269, 'xmpp.example.net.']],
      [25, 'selector1._domainkey.example.org', null, 'TXT', [`v=DKIM1; k=rsa; p=${DKIM_KEY}`]],
      [28, 'quote.example.org', null, 'TXT', ['say "hi" \\ back; not a comment']],
      [29, 'utf8.example.org', null, 'TXT', ['café bücher']],
      [31, 'api.staging.example.org', null, 'A', ['192.0.2.100']],
      [32, 'api.staging.example.org', null, 'TXT', ['staging api']],
      [33, 'docs.staging.example.org', null, 'CNAME', ['api.staging.example.org.']],
      // Outside the zone: the full name as it is; the caller skips it.
      [35, '1.2.0.192.in-addr.arpa', null, 'PTR', ['example.org.']],
      [36, '25.2.0.192.in-addr.arpa', null, 'PTR', ['mail.example.org.']],
      [38, 'xn--bcher-kva.example.org', null, 'A', ['192.0.2.7']],
      [39, 'ftp.example.org', null, 'A', ['192.0.2.21']],
    ]);
    assert.deepEqual(
      reading.records
        .filter((record) => record.line === 4 || record.line === 25)
        .map((record) => [record.line, record.endLine, record.defaultTtl]),
      [
        [4, 9, 86400],
        [25, 27, 86400],
      ],
    );
  });

  it('takes the $TTL in force at each record, and a TTL written on the record only as written', () => {
    const reading = readZoneFile(
      [
        'a A 192.0.2.1',
        '$TTL 5m',
        'b A 192.0.2.2',
        'c 1w A 192.0.2.3',
        '$ttl 1h30m',
        'd A 192.0.2.4',
        '$TTL 2147483647',
        'e 0 A 192.0.2.5',
      ].join('\n'),
      'example.com',
    );
    assert.deepEqual(
      reading.records.map((record) => [record.name, record.ttl, record.defaultTtl]),
      [
        ['a.example.com', undefined, undefined],
        ['b.example.com', undefined, 300],
        ['c.example.com', 604800, 300],
        ['d.example.com', undefined, 5400],
        ['e.example.com', 0, 2147483647],
      ],
    );
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(reading.notes, [
      {
        line: 1,
        start: 2,
        end: 3,
        message:
          "no TTL: none is written here or before, and no $TTL comes first, so Gcore's default TTL applies. Write a TTL, or a $TTL at the top",
      },
    ]);
  });

  it('gives a record without a TTL, before any $TTL, the TTL written last (RFC 1035), and says so on its line', () => {
    const text = [
      '$ORIGIN 2.0.192.in-addr.arpa.',
      '@ 3600 IN SOA ns1.example.com. hostmaster.example.com. ( 1 7200 900 1209600 300 )',
      '1 IN PTR host-1.example.com.',
      '2 600 IN PTR host-2.example.com.',
      '3 IN PTR host-3.example.com.',
    ].join('\n');
    const reading = readZoneFile(text, '2.0.192.in-addr.arpa');
    assert.deepEqual(
      reading.records.map((record) => [record.name, record.type, record.ttl, record.defaultTtl]),
      [
        ['2.0.192.in-addr.arpa', 'SOA', 3600, undefined],
        ['1.2.0.192.in-addr.arpa', 'PTR', undefined, 3600],
        ['2.2.0.192.in-addr.arpa', 'PTR', 600, undefined],
        ['3.2.0.192.in-addr.arpa', 'PTR', undefined, 600],
      ],
    );
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(
      reading.notes.map((note) => [note.line, note.message]),
      [
        [3, 'TTL 3600, the TTL written on line 2: with no TTL here and no $TTL before, a record takes the TTL written last (RFC 1035)'],
        [5, 'TTL 600, the TTL written on line 4: with no TTL here and no $TTL before, a record takes the TTL written last (RFC 1035)'],
      ],
    );
  });

  it("takes an SOA without a TTL's minimum as the $TTL from there on, before a TTL written later", () => {
    const text = [
      '@ IN SOA ns1.example.com. h.example.com. 1 2 3 4 5m',
      '@ IN NS ns1.example.com.',
      'x 50 IN A 192.0.2.1',
      'y IN A 192.0.2.2',
    ].join('\n');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(
      reading.records.map((record) => [record.type, record.ttl ?? record.defaultTtl]),
      [
        ['SOA', 300],
        ['NS', 300],
        ['A', 50],
        ['A', 300],
      ],
    );
    assert.deepEqual(
      reading.notes.map((note) => note.line),
      [1],
    );
  });

  it('reads a text that begins and ends with an escaped quote with its quotes: unquoted once, where the zone file is read', () => {
    const text = [
      'dkim TXT "\\"k=rsa; p=MIGfMA0GCSqGSIb3\\""',
      'two TXT "\\"a\\" \\"b\\""',
      'caa CAA 0 issue "\\"ca.example.net\\""',
      'plain TXT "v=spf1 -all"',
    ].join('\n');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(reading.problems, []);
    const texts = reading.records.map((record) => unquotedText(String(record.content?.at(-1))));
    assert.deepEqual(texts, ['"k=rsa; p=MIGfMA0GCSqGSIb3"', '"a" "b"', '"ca.example.net"', 'v=spf1 -all']);
    // The content Gcore is sent reads back as the text, and a text without its own quotes goes as it is.
    assert.deepEqual(
      reading.records.map((record) => record.content),
      [['"\\"k=rsa; p=MIGfMA0GCSqGSIb3\\""'], ['"\\"a\\" \\"b\\""'], [0, 'issue', '"\\"ca.example.net\\""'], ['v=spf1 -all']],
    );
    assert.deepEqual(
      reading.records.map((record) => formatRecordContent(record.type, record.content ?? [])),
      ['"\\"k=rsa; p=MIGfMA0GCSqGSIb3\\""', '"\\"a\\" \\"b\\""', '0 issue "\\"ca.example.net\\""', 'v=spf1 -all'],
    );
  });

  it("reads RFC 3597's generic form (TYPE257, \\#) of the types it applies, as BIND does, and CLASS1 as IN", () => {
    const text = [
      'c IN TYPE257 \\# 18 000569737375656578616d706c652e636f6d',
      'c2 CLASS1 CAA \\# 18 00056973737565 6578616d706c652e636f6d',
      'a TYPE1 192.0.2.9',
      'b A \\# 4 C0000201',
      't TYPE16 \\# 12 05 68656c6c6f 05 776f726c64',
      'm MX \\# 8 000a 016d 026e6c 00',
      's SRV ( \\# 12 0001 0002 0003',
      '        01 61 02 6e6c 00 )',
      'v AAAA \\# 16 20010db8000000000000000000000001',
    ].join('\n');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(
      reading.records.map((record) => [record.name, record.type, record.content]),
      [
        ['c.example.com', 'CAA', [0, 'issue', 'example.com']],
        ['c2.example.com', 'CAA', [0, 'issue', 'example.com']],
        ['a.example.com', 'A', ['192.0.2.9']],
        ['b.example.com', 'A', ['192.0.2.1']],
        ['t.example.com', 'TXT', ['helloworld']],
        ['m.example.com', 'MX', [10, 'm.nl.']],
        ['s.example.com', 'SRV', [1, 2, 3, 'a.nl.']],
        ['v.example.com', 'AAAA', ['2001:db8:0:0:0:0:0:1']],
      ],
    );
  });

  it('reads $ORIGIN absolute or relative, a record split anywhere by parentheses, and escapes in unquoted text', () => {
    const text = [
      '\uFEFF$ORIGIN example.com.\r',
      'mx ( 3600\r',
      '  IN MX ) ( 20\r',
      '  mail ) ; the backup\r',
      'txt IN TXT v=spf1\\ -all "\\"x\\"" \\059\r',
    ].join('\n');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(reading.problems, []);
    assert.deepEqual(
      reading.records.map((record) => [record.line, record.endLine, record.name, record.ttl, record.content, record.rdata]),
      [
        [2, 4, 'mx.example.com', 3600, [20, 'mail.example.com.'], '20 mail'],
        [5, 5, 'txt.example.com', undefined, ['v=spf1 -all"x";'], 'v=spf1\\ -all "\\"x\\"" \\059'],
      ],
    );
  });

  it('reads $ORIGIN absolute or relative to the one before, names in any case and in Unicode', () => {
    const text = [
      '$ORIGIN Sub.Example.COM.',
      'WWW A 192.0.2.1',
      '$ORIGIN deeper',
      'x CNAME ..',
      '$ORIGIN bücher.example.com.',
      '@ A 192.0.2.2',
      'Straße.example.com. A 192.0.2.3',
    ].join('\n');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(
      reading.records.map((record) => record.name),
      ['www.sub.example.com', 'xn--bcher-kva.example.com', 'xn--strae-oqa.example.com'],
    );
    assert.deepEqual(
      reading.problems.map((problem) => [problem.line, problem.message]),
      [[4, '.. is not a host name: must not contain an empty label (two dots in a row or a leading dot)']],
    );
  });
});

interface ExpectedProblem {
  text: string;
  problems: { line: number; start?: number; end?: number; message: string | RegExp }[];
  /** The names of the records read despite them. */
  records?: string[];
}

function assertProblems(expected: ExpectedProblem): void {
  const reading = readZoneFile(expected.text, 'example.com');
  const shown = expected.text.length > 200 ? `${expected.text.slice(0, 200)}…` : expected.text;
  assert.equal(reading.problems.length, expected.problems.length, `${shown}: ${JSON.stringify(reading.problems)}`);
  expected.problems.forEach((want, index) => {
    const got: ZoneFileProblem = reading.problems[index];
    assert.equal(got.line, want.line, `${shown}: line of ${got.message}`);
    if (want.start !== undefined) assert.deepEqual([got.start, got.end], [want.start, want.end], `${shown}: columns of ${got.message}`);
    if (typeof want.message === 'string') assert.equal(got.message, want.message);
    else assert.match(got.message, want.message);
  });
  assert.deepEqual(
    reading.records.map((record) => record.name.replace(/\.example\.com$/, '')),
    expected.records ?? [],
  );
}

describe('readZoneFile problems: the line, the columns and what is wrong', () => {
  const cases: Record<string, ExpectedProblem> = {
    'an address that is not one, the record left out and the next one read': {
      text: 'ok A 192.0.2.1\n\n\nbad A 300.1.1.1\nnext A 192.0.2.2',
      problems: [{ line: 4, start: 6, end: 15, message: '300.1.1.1 is not an IPv4 address' }],
      records: ['ok', 'next'],
    },
    'an IPv4 address in an AAAA': {
      text: 'v6 IN AAAA 192.0.2.1',
      problems: [{ line: 1, start: 11, end: 20, message: '192.0.2.1 is an IPv4 address: an AAAA record holds an IPv6 address (use A)' }],
    },
    'a type that does not exist': {
      text: 'www IN FOO 1 2 3',
      problems: [{ line: 1, start: 7, end: 10, message: 'FOO is not a DNS record type' }],
    },
    'a word where the type should be': {
      text: 'bad line here',
      problems: [{ line: 1, start: 4, end: 8, message: 'line is not a DNS record type' }],
    },
    'a query type': {
      text: 'www IN AXFR x',
      problems: [{ line: 1, start: 7, end: 11, message: 'AXFR is a type of DNS queries, not of records a zone holds' }],
    },
    'another class': {
      text: 'version.bind CH TXT "9.18"\nhs HS A 192.0.2.1',
      problems: [
        { line: 1, start: 13, end: 15, message: 'CH is not the Internet class IN: Gcore serves only IN records' },
        { line: 2, start: 3, end: 5, message: 'HS is not the Internet class IN: Gcore serves only IN records' },
      ],
    },
    'a TTL with a unit BIND does not know': {
      text: 'www 1x A 192.0.2.1',
      problems: [{ line: 1, start: 4, end: 6, message: '1x is not a TTL: write seconds (3600) or units such as 1h, 30m, 2d, 1w, 1h30m' }],
    },
    'a TTL past 2^31 - 1': {
      text: '$TTL 2147483648\nwww 100000w A 192.0.2.1',
      problems: [
        { line: 1, start: 5, end: 15, message: 'TTL 2147483648 is above 2147483647, the highest TTL (RFC 2181)' },
        { line: 2, start: 4, end: 11, message: 'TTL 100000w is above 2147483647, the highest TTL (RFC 2181)' },
      ],
    },
    '$INCLUDE and $GENERATE, which would bring records from elsewhere': {
      text: '$INCLUDE db.mail\n$GENERATE 1-10 host$ A 192.0.2.$',
      problems: [
        { line: 1, start: 0, end: 8, message: '$INCLUDE is not supported: put the records of the included file in this file' },
        { line: 2, start: 0, end: 9, message: '$GENERATE is not supported: write out the records it would generate' },
      ],
    },
    'directives without their value, with too many, or unknown': {
      text: '$TTL\n$ORIGIN a. b.\n$ORIGIN bad..name.\n$FOO bar',
      problems: [
        { line: 1, start: 0, end: 4, message: '$TTL takes one TTL, such as 3600 or 1h' },
        { line: 2, start: 0, end: 7, message: '$ORIGIN takes one domain name, such as example.com.' },
        {
          line: 3,
          start: 8,
          end: 18,
          message: 'bad..name. is not a domain name: must not contain an empty label (two dots in a row or a leading dot)',
        },
        { line: 4, start: 0, end: 4, message: '$FOO is not a zone file directive: the directives are $ORIGIN and $TTL' },
      ],
    },
    'the lines under a refused $ORIGIN, and the records without a TTL under a refused $TTL': {
      text: '$ORIGIN bad..name.\nwww A 192.0.2.1\n  A 192.0.2.2\n$ORIGIN example.com.\nok A 192.0.2.3\n$TTL 1x\nnottl A 192.0.2.4\nttl 60 A 192.0.2.5',
      problems: [
        {
          line: 1,
          start: 8,
          end: 18,
          message: 'bad..name. is not a domain name: must not contain an empty label (two dots in a row or a leading dot)',
        },
        { line: 2, message: 'not read: the $ORIGIN on line 1 is refused, and the names here are read under it. Correct that line first' },
        { line: 3, message: 'not read: the $ORIGIN on line 1 is refused, and the names here are read under it. Correct that line first' },
        { line: 6, start: 5, end: 7, message: '1x is not a TTL: write seconds (3600) or units such as 1h, 30m, 2d, 1w, 1h30m' },
        {
          line: 7,
          start: 6,
          end: 7,
          message: 'this record has no TTL and would take the $TTL on line 6, which is refused: correct that line, or write a TTL here',
        },
      ],
      records: ['ok', 'ttl'],
    },
    'lines that end with a carriage return alone': {
      text: '$TTL 100\rwww A 192.0.2.1\rmail A 192.0.2.2\r',
      problems: [
        {
          line: 1,
          message:
            'the lines of this file end with a carriage return alone (CR, as classic Mac OS ended them), which a zone file does not use: save it with LF or CRLF line ends',
        },
      ],
    },
    'a carriage return inside a line': {
      text: 'www IN\rA 192.0.2.1\nok A 192.0.2.2\r\n',
      problems: [{ line: 1, start: 6, end: 7, message: 'a carriage return (CR) inside the line, which ends a line for BIND: remove it' }],
      records: ['www', 'ok'],
    },
    "RFC 3597's generic form that does not read": {
      text: [
        'a A \\# 5 C0000201',
        'b A \\# 4 C00002',
        'c CAA \\# 2 0005',
        'd A \\# x',
        'e TXT \\# 2 01ff',
        'f A \\# 5 C000020101',
        'g A \\# 4 C00002zz',
      ].join('\n'),
      problems: [
        { line: 1, start: 4, end: 17, message: 'the generic form (RFC 3597) says 5 bytes and holds 4' },
        { line: 2, message: 'the generic form (RFC 3597) says 4 bytes and holds 3' },
        { line: 3, message: 'the generic form (RFC 3597) of this CAA record ends before its data does' },
        { line: 4, message: /^the generic form \(RFC 3597\) is \\# then the length in bytes/ },
        {
          line: 5,
          message: 'the generic form (RFC 3597) of this TXT record does not read: its text is not UTF-8, which Gcore cannot store',
        },
        { line: 6, message: 'the generic form (RFC 3597) of this A record holds 1 bytes more than its data' },
        { line: 7, message: /its data is not whole bytes in hexadecimal$/ },
      ],
    },
    'a first record without a name, and records under a refused name': {
      text: '  IN A 192.0.2.1\nbad!name A 192.0.2.2\n  TXT "under the bad name"\ngood A 192.0.2.3',
      problems: [
        {
          line: 1,
          message:
            'this record has no name: a line that starts with a space or tab takes the name of the record before it, and none comes before',
        },
        {
          line: 2,
          start: 0,
          end: 8,
          message: "bad!name is not a record name: label 'bad!name' may contain only letters, digits, hyphens and underscores",
        },
      ],
      records: ['good'],
    },
    'a record without a type or without data': {
      text: 'www 300 IN\n@ SOA\nmx MX 10\nwww A',
      problems: [
        { line: 1, start: 8, end: 10, message: 'this record has no type: write one, such as A, MX or TXT, after the name' },
        {
          line: 2,
          start: 2,
          end: 5,
          message: 'SOA data must be the primary server, the contact mailbox, then the serial, refresh, retry, expire and minimum',
        },
        { line: 3, start: 6, end: 8, message: 'MX data must be a priority and a host, such as 10 mail.example.com.' },
        { line: 4, start: 4, end: 5, message: 'A data must be an IPv4 address, such as 203.0.113.1' },
      ],
    },
    'parentheses not closed, closing nothing, or nested': {
      text: 'a A 192.0.2.1 )\nb TXT ( ( "x" ) )\nc MX ( 10\n  mail\nd A 192.0.2.4',
      problems: [
        { line: 1, start: 14, end: 15, message: 'this ) closes no (' },
        { line: 2, start: 8, end: 9, message: 'a ( inside parentheses: parentheses cannot be nested' },
        { line: 3, start: 5, end: 6, message: 'this ( is never closed: the record it starts runs to the end of the file' },
      ],
      records: ['a', 'b'],
    },
    'a quote not closed on its line, alone or inside a word': {
      text: 'a TXT "open ; not a comment\nb TXT key="open',
      problems: [
        { line: 1, start: 6, end: 27, message: 'the quoted text is not closed on its line: end it with "' },
        { line: 2, start: 10, end: 15, message: 'the quoted text is not closed on its line: end it with "' },
      ],
      records: ['a', 'b'],
    },
    'a text that is empty, too long, or not UTF-8': {
      text: `a TXT ""\nb TXT ${`"${'x'.repeat(255)}" `.repeat(257)}\nc TXT "caf\\233"`,
      problems: [
        { line: 1, start: 6, end: 8, message: 'the text must not be empty' },
        { line: 2, message: 'the text is 65535 bytes long: a TXT record holds at most 65280' },
        { line: 3, start: 6, end: 15, message: 'the text holds \\DDD bytes that are not UTF-8 text, which Gcore cannot store' },
      ],
    },
    'CAA: a tag that is not one, an empty value, an iodef that is no URL': {
      text: 'a CAA 0 issues "ca.example.net"\nb CAA 0 issue ""\nc CAA 0 iodef "security team"\nd CAA 256 issue ca.example.net',
      problems: [
        { line: 1, start: 8, end: 14, message: 'issues is not a CAA tag: must be issue, issuewild or iodef' },
        { line: 2, start: 14, end: 16, message: 'the CAA value must not be empty' },
        { line: 3, start: 14, end: 29, message: 'security team is not an iodef address: must be a mailto:, http: or https: URL' },
        { line: 4, start: 6, end: 9, message: '256 is not a valid flags value: must be a whole number from 0 to 255' },
      ],
    },
    'MX and SRV numbers out of range, hosts that are not host names': {
      text: 'mx MX 70000 mail\nsrv SRV 1 2 http target\ncname CNAME bad_host!\nmx2 MX 10 under_score',
      problems: [
        { line: 1, start: 6, end: 11, message: '70000 is not a valid priority: must be a whole number from 0 to 65535' },
        { line: 2, start: 12, end: 16, message: 'http is not a valid port: must be a whole number from 0 to 65535' },
        {
          line: 3,
          start: 12,
          end: 21,
          message:
            /^bad_host!\.example\.com\. is not a host name: label 'bad_host!' may contain only letters, digits, hyphens and underscores$/,
        },
        {
          line: 4,
          start: 10,
          end: 21,
          message: /^under_score\.example\.com\. is not a host name: label 'under_score' may contain only letters, digits and hyphens$/,
        },
      ],
    },
    'a problem on the line of a record that parentheses carry on': {
      text: 'srv SRV ( 10 60\n          5060\n          bad..host. )',
      problems: [{ line: 3, start: 10, end: 20, message: /^bad\.\.host\. is not a host name: must not contain an empty label/ }],
    },
  };
  for (const [name, expected] of Object.entries(cases)) it(name, () => assertProblems(expected));
});
