import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import {
  checkRecordContent,
  checkResourceRecords,
  EDITABLE_RECORD_TYPES,
  formatRecordContent,
  isEditableRecordType,
  normalizeRecordType,
  parseRecordText,
  recordContentKey,
  RECORD_TYPES,
  unquotedText,
} from '../../../../src/models/dns/recordContent';
import type { EditableRecordType, RecordType } from '../../../../src/models/dns/recordContent';
import type { FieldProblem } from '../../../../src/validation/problems';
import { assertProblems, assertValid, label } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

/** A 2048-bit RSA key as a DKIM record publishes it: about 410 characters, past a TXT string's 255. */
const DKIM_KEY = `v=DKIM1; k=rsa; p=${generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

function check(type: RecordType, content: unknown): { sent: unknown[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const sent = checkRecordContent(type, content, 'content', problems);
  return { sent, problems };
}

describe('checkRecordContent', () => {
  const accepted: { type: RecordType; content: unknown[]; sent?: unknown[] }[] = [
    { type: 'A', content: ['203.0.113.1'] },
    { type: 'A', content: [' 203.0.113.1 '], sent: ['203.0.113.1'] },
    { type: 'A', content: ['0.0.0.0'] },
    { type: 'AAAA', content: ['2001:db8::1'] },
    { type: 'AAAA', content: ['::ffff:192.0.2.1'] },
    { type: 'CNAME', content: ['target.example.com.'] },
    { type: 'CNAME', content: ['Target.Example.com'], sent: ['target.example.com'] },
    { type: 'CNAME', content: ['_acme-challenge.example.net.'] },
    { type: 'CNAME', content: ['www.bücher.de.'], sent: ['www.xn--bcher-kva.de.'] },
    { type: 'NS', content: ['ns1.example.net.'] },
    { type: 'PTR', content: ['host.example.com.'] },
    { type: 'MX', content: [10, 'mail.example.com.'] },
    { type: 'MX', content: ['10', 'mail.example.com'], sent: [10, 'mail.example.com'] },
    { type: 'MX', content: [0, '.'] },
    { type: 'MX', content: [65535, 'mail.example.com.'] },
    { type: 'SRV', content: [10, 60, 5060, 'sip.example.com.'] },
    { type: 'SRV', content: [0, 0, 0, '.'] },
    { type: 'CAA', content: [0, 'issue', 'letsencrypt.org'] },
    { type: 'CAA', content: [128, 'ISSUEWILD', ';'], sent: [128, 'issuewild', ';'] },
    { type: 'CAA', content: [0, 'iodef', 'mailto:security@example.com'] },
    { type: 'CAA', content: [0, 'iodef', 'https://example.com/caa'] },
    { type: 'CAA', content: [0, 'issue', '"letsencrypt.org"'], sent: [0, 'issue', 'letsencrypt.org'] },
    { type: 'TXT', content: ['v=spf1 include:_spf.example.net ~all'] },
    { type: 'TXT', content: ['"v=spf1 -all"'], sent: ['v=spf1 -all'] },
    { type: 'TXT', content: [DKIM_KEY] },
    { type: 'TXT', content: [`"${DKIM_KEY.slice(0, 200)}" "${DKIM_KEY.slice(200)}"`], sent: [DKIM_KEY] },
    { type: 'TXT', content: ['x'.repeat(65280)] },
    { type: 'HTTPS', content: [1, '.', ['alpn', 'h3', 'h2'], ['port', 443]] },
    { type: 'SVCB', content: [0, 'svc.example.net.'] },
  ];
  for (const row of accepted) {
    it(`accepts ${row.type} ${label(row.content)}`, () => {
      const { sent, problems } = check(row.type, row.content);
      assert.deepEqual(problems, []);
      assert.deepEqual(sent, row.sent ?? row.content);
    });
  }

  const refused: { type: RecordType; content: unknown; problems: ExpectedProblem[] }[] = [
    { type: 'A', content: ['300.1.1.1'], problems: [p('content[0]', /^300\.1\.1\.1 is not an IPv4 address$/)] },
    { type: 'A', content: ['256.1.1.1'], problems: [p('content[0]', /^256\.1\.1\.1 is not an IPv4 address$/)] },
    { type: 'A', content: ['01.1.1.1'], problems: [p('content[0]', /is not an IPv4 address/)] },
    {
      type: 'A',
      content: ['2001:db8::1'],
      problems: [p('content[0]', /^2001:db8::1 is an IPv6 address: an A record holds an IPv4 address \(use AAAA\)$/)],
    },
    { type: 'A', content: [3405803777], problems: [p('content[0]', /^3405803777 is not an IPv4 address$/)] },
    {
      type: 'A',
      content: ['203.0.113.1', '203.0.113.2'],
      problems: [p('content', /^A content must be \[address\], such as \["203\.0\.113\.1"\]$/)],
    },
    { type: 'A', content: [], problems: [p('content', /A content must be \[address\]/)] },
    { type: 'A', content: '203.0.113.1', problems: [p('content', /^must be a list such as \["203\.0\.113\.1"\]$/)] },
    {
      type: 'AAAA',
      content: ['203.0.113.1'],
      problems: [p('content[0]', /^203\.0\.113\.1 is an IPv4 address: an AAAA record holds an IPv6 address \(use A\)$/)],
    },
    { type: 'AAAA', content: ['2001:db8::g'], problems: [p('content[0]', /^2001:db8::g is not an IPv6 address$/)] },
    { type: 'AAAA', content: ['fe80::1%eth0'], problems: [p('content[0]', /is not an IPv6 address/)] },
    { type: 'CNAME', content: ['target'], problems: [p('content[0]', /^target is not a host name: must have at least two labels/)] },
    {
      type: 'CNAME',
      content: ['203.0.113.1'],
      problems: [p('content[0]', /is not a host name: top-level label '1' must not be all digits/)],
    },
    { type: 'CNAME', content: ['*.example.com'], problems: [p('content[0]', /is not a host name: label '\*' may contain only/)] },
    {
      type: 'NS',
      content: ['ns_1.example.net.'],
      problems: [p('content[0]', /is not a host name: label 'ns_1' may contain only letters, digits and hyphens/)],
    },
    { type: 'PTR', content: [''], problems: [p('content[0]', /^"" is not a host name: must not be empty$/)] },
    { type: 'NS', content: ['.'], problems: [p('content[0]', /is not a host name/)] },
    {
      type: 'MX',
      content: [-1, 'mail.example.com.'],
      problems: [p('content[0]', /^-1 is not a valid priority: must be a whole number from 0 to 65535$/)],
    },
    {
      type: 'MX',
      content: ['ten', 'mail.example.com.'],
      problems: [p('content[0]', /^ten is not a valid priority: must be a whole number from 0 to 65535$/)],
    },
    { type: 'MX', content: [1.5, 'mail.example.com.'], problems: [p('content[0]', /^1\.5 is not a valid priority/)] },
    { type: 'MX', content: [65536, 'mail.example.com.'], problems: [p('content[0]', /^65536 is not a valid priority/)] },
    {
      type: 'MX',
      content: ['mail.example.com.', 10],
      problems: [p('content[0]', /is not a valid priority/), p('content[1]', /^10 is not a host name$/)],
    },
    {
      type: 'MX',
      content: ['mail.example.com.'],
      problems: [p('content', /^MX content must be \[priority, host\], such as \[10, "mail\.example\.com\."\]$/)],
    },
    {
      type: 'SRV',
      content: [10, 60, 70000, 'sip.example.com.'],
      problems: [p('content[2]', /^70000 is not a valid port: must be a whole number from 0 to 65535$/)],
    },
    { type: 'SRV', content: [10, -5, 5060, 'sip.example.com.'], problems: [p('content[1]', /^-5 is not a valid weight/)] },
    { type: 'SRV', content: [10, 60, 5060], problems: [p('content', /SRV content must be \[priority, weight, port, target\]/)] },
    {
      type: 'CAA',
      content: [0, 'foo', 'letsencrypt.org'],
      problems: [p('content[1]', /^foo is not a CAA tag: must be issue, issuewild or iodef$/)],
    },
    {
      type: 'CAA',
      content: [256, 'issue', 'letsencrypt.org'],
      problems: [p('content[0]', /^256 is not a valid flags value: must be a whole number from 0 to 255$/)],
    },
    { type: 'CAA', content: [0, 'issue', ''], problems: [p('content[2]', /^must not be empty$/)] },
    {
      type: 'CAA',
      content: [0, 'iodef', 'security@example.com'],
      problems: [p('content[2]', /is not an iodef address: must be a mailto:, http: or https: URL/)],
    },
    { type: 'TXT', content: [''], problems: [p('content[0]', /^must not be empty$/)] },
    { type: 'TXT', content: ['   '], problems: [p('content[0]', /^must not be empty$/)] },
    { type: 'TXT', content: ['""'], problems: [p('content[0]', /^must not be empty$/)] },
    { type: 'TXT', content: [42], problems: [p('content[0]', /^42 is not text$/)] },
    { type: 'TXT', content: ['x'.repeat(65281)], problems: [p('content[0]', /^is 65281 bytes long: a TXT record holds at most 65280$/)] },
    { type: 'TXT', content: ['a', 'b'], problems: [p('content', /TXT content must be \[text\]/)] },
    { type: 'HTTPS', content: [1, '.', 'alpn=h2'], problems: [p('content[2]', /is not a parameter such as \["alpn", "h2"\]/)] },
  ];
  for (const row of refused) {
    it(`refuses ${row.type} ${label(row.content)}`, () => {
      const { problems } = check(row.type, row.content);
      assertProblems({ ok: false, problems }, row.problems);
    });
  }
});

describe('checkResourceRecords', () => {
  it('accepts records with enabled and meta, and sends only the fields given', () => {
    assertValid(
      checkResourceRecords(
        'MX',
        [{ content: ['10', 'Mail.example.com.'] }, { content: [20, 'mx2.example.com.'], enabled: false, meta: { notes: 'backup' } }],
        false,
      ),
      [{ content: [10, 'mail.example.com.'] }, { content: [20, 'mx2.example.com.'], enabled: false, meta: { notes: 'backup' } }],
    );
  });

  const refused: { type: RecordType; input: unknown; dynamic?: boolean; problems: ExpectedProblem[] }[] = [
    {
      type: 'A',
      input: [],
      problems: [p('resource_records', /^must be a non-empty list of records such as \[\{ content: \["203\.0\.113\.1"\] \}\]$/)],
    },
    { type: 'A', input: { content: ['1.1.1.1'] }, problems: [p('resource_records', /non-empty list of records/)] },
    {
      type: 'A',
      input: ['1.1.1.1'],
      problems: [p('resource_records[0]', /^must be a record such as \{ content: \["203\.0\.113\.1"\] \}$/)],
    },
    { type: 'A', input: [{}], problems: [p('resource_records[0].content', /is required/)] },
    {
      type: 'A',
      input: [{ content: ['1.1.1.1'], enabled: 'yes', meta: [], id: 7 }],
      problems: [
        p('resource_records[0].id', /unknown field/),
        p('resource_records[0].enabled', /true or false/),
        p('resource_records[0].meta', /must be an object/),
      ],
    },
    {
      type: 'A',
      input: [{ content: ['1.1.1.1'] }, { content: ['300.1.1.1'] }],
      problems: [p('resource_records[1].content[0]', /^300\.1\.1\.1 is not an IPv4 address$/)],
    },
    {
      type: 'CNAME',
      input: [{ content: ['a.example.net.'] }, { content: ['b.example.net.'] }],
      problems: [p('resource_records', /^a CNAME set holds exactly one record \(has 2\)$/)],
    },
    {
      type: 'MX',
      input: [{ content: [10, 'mail.example.com.'] }, { content: ['10', 'MAIL.example.com'] }],
      problems: [p('resource_records[1]', /^repeats the value of resource_records\[0\]$/)],
    },
    {
      type: 'AAAA',
      input: [{ content: ['2001:db8::1'] }, { content: ['2001:DB8:0:0::1'] }],
      problems: [p('resource_records[1]', /repeats the value of resource_records\[0\]/)],
    },
  ];
  for (const row of refused) {
    it(`refuses ${row.type} ${label(row.input)}`, () =>
      assertProblems(checkResourceRecords(row.type, row.input, row.dynamic ?? false), row.problems));
  }

  it('lets a dynamic CNAME set hold several records, of which its pickers answer one', () => {
    const records = [{ content: ['eu.example.net.'] }, { content: ['us.example.net.'] }];
    assertValid(checkResourceRecords('CNAME', records, true), records);
  });
});

describe('isEditableRecordType', () => {
  it('tells the types prompts ask as text from those shown only', () => {
    assert.deepEqual(RECORD_TYPES.filter(isEditableRecordType), ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'PTR']);
    assert.equal(isEditableRecordType('mx'), false);
  });
});

describe('normalizeRecordType', () => {
  it('upper-cases a type of the list', () => assertValid(normalizeRecordType(' mx ', RECORD_TYPES), 'MX'));
  it('refuses a type outside the list, naming the list', () => {
    assertProblems(normalizeRecordType('SOA', RECORD_TYPES), [
      p('type', /^must be one of A, AAAA, CNAME, MX, TXT, SRV, CAA, NS, PTR, HTTPS, SVCB$/),
    ]);
    assertProblems(normalizeRecordType(1, RECORD_TYPES, 'kind'), [p('kind', /must be one of/)]);
  });
});

describe('parseRecordText and formatRecordContent', () => {
  const rows: { type: EditableRecordType; text: string; content: unknown[]; formatted?: string }[] = [
    { type: 'A', text: ' 203.0.113.1 ', content: ['203.0.113.1'], formatted: '203.0.113.1' },
    { type: 'AAAA', text: '2001:db8::1', content: ['2001:db8::1'] },
    { type: 'CNAME', text: 'target.example.com.', content: ['target.example.com.'] },
    { type: 'NS', text: 'NS1.Example.net.', content: ['ns1.example.net.'], formatted: 'ns1.example.net.' },
    { type: 'PTR', text: 'host.example.com', content: ['host.example.com'] },
    { type: 'MX', text: '10 mail.example.com.', content: [10, 'mail.example.com.'] },
    { type: 'MX', text: '  10\tmail.example.com.  ', content: [10, 'mail.example.com.'], formatted: '10 mail.example.com.' },
    { type: 'SRV', text: '10 60 5060 sip.example.com.', content: [10, 60, 5060, 'sip.example.com.'] },
    { type: 'CAA', text: '0 issue "letsencrypt.org"', content: [0, 'issue', 'letsencrypt.org'] },
    { type: 'CAA', text: '0 issue letsencrypt.org', content: [0, 'issue', 'letsencrypt.org'], formatted: '0 issue "letsencrypt.org"' },
    { type: 'CAA', text: '0 issue "ca.example.net; account=230123"', content: [0, 'issue', 'ca.example.net; account=230123'] },
    { type: 'CAA', text: '0 iodef "mailto:security@example.com"', content: [0, 'iodef', 'mailto:security@example.com'] },
    { type: 'TXT', text: 'v=spf1 include:_spf.example.net ~all', content: ['v=spf1 include:_spf.example.net ~all'] },
    { type: 'TXT', text: '"v=spf1 -all"', content: ['v=spf1 -all'], formatted: 'v=spf1 -all' },
    { type: 'TXT', text: DKIM_KEY, content: [DKIM_KEY] },
    { type: 'TXT', text: '"say \\"hi\\""', content: ['say "hi"'], formatted: 'say "hi"' },
    { type: 'TXT', text: '" padded "', content: [' padded '] },
    { type: 'TXT', text: '"caf\\195\\169"', content: ['café'], formatted: 'café' },
  ];
  for (const row of rows) {
    it(`reads ${row.type} ${label(row.text)}, and writes it back`, () => {
      assert.deepEqual(parseRecordText(row.type, row.text), { ok: true, content: row.content });
      const formatted = formatRecordContent(row.type, row.content);
      assert.equal(formatted, row.formatted ?? row.text);
      assert.deepEqual(parseRecordText(row.type, formatted), { ok: true, content: row.content });
    });
  }

  const refused: { type: EditableRecordType; text: string; message: RegExp }[] = [
    { type: 'A', text: '', message: /^must not be empty$/ },
    { type: 'A', text: '2001:db8::1', message: /is an IPv6 address: an A record holds an IPv4 address \(use AAAA\)/ },
    { type: 'A', text: '1.1.1.1 2.2.2.2', message: /^must be an IPv4 address, such as 203\.0\.113\.1$/ },
    { type: 'AAAA', text: '1.1.1.1', message: /is an IPv4 address: an AAAA record holds an IPv6 address \(use A\)/ },
    { type: 'MX', text: 'mail.example.com.', message: /^must be a priority and a host, such as 10 mail\.example\.com\.$/ },
    { type: 'MX', text: 'ten mail.example.com.', message: /^ten is not a valid priority: must be a whole number from 0 to 65535$/ },
    { type: 'MX', text: '-1 mail.example.com.', message: /^-1 is not a valid priority/ },
    { type: 'SRV', text: '10 60 70000 sip.example.com.', message: /^70000 is not a valid port/ },
    { type: 'SRV', text: '10 60 sip.example.com.', message: /^must be a priority, weight, port and target/ },
    { type: 'CAA', text: '0 foo "x"', message: /^foo is not a CAA tag/ },
    { type: 'CAA', text: '0 issue', message: /^must be flags, a tag and a value, such as 0 issue "letsencrypt\.org"$/ },
    { type: 'CAA', text: '0 issue ""', message: /^must not be empty$/ },
    { type: 'TXT', text: '""', message: /^must not be empty$/ },
    { type: 'CNAME', text: 'a.example.com. b.example.com.', message: /^must be one host name/ },
  ];
  for (const row of refused) {
    it(`refuses ${row.type} ${label(row.text)}`, () => {
      const result = parseRecordText(row.type, row.text);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.message, row.message);
    });
  }

  it('has rows for every type that prompts ask as text', () => {
    assert.deepEqual([...new Set(rows.map((row) => row.type))].sort(), [...EDITABLE_RECORD_TYPES].sort());
  });

  it('writes HTTPS and SVCB parameters as key=value', () => {
    assert.equal(formatRecordContent('HTTPS', [1, '.', ['alpn', 'h3', 'h2'], ['port', 443]]), '1 . alpn=h3,h2 port=443');
  });
});

describe('recordContentKey', () => {
  const same: { type: string; a: unknown[]; b: unknown[] }[] = [
    { type: 'MX', a: [10, 'mail.example.com.'], b: ['10', 'MAIL.example.com'] },
    { type: 'SRV', a: [10, 60, 5060, 'sip.example.com.'], b: ['10', '60', '5060', 'SIP.EXAMPLE.COM'] },
    { type: 'CNAME', a: ['target.example.com.'], b: ['Target.Example.Com'] },
    { type: 'AAAA', a: ['2001:db8::1'], b: ['2001:0DB8:0:0:0:0:0:1'] },
    { type: 'TXT', a: ['v=spf1 -all'], b: ['"v=spf1 -all"'] },
    { type: 'CAA', a: [0, 'issue', 'letsencrypt.org'], b: ['0', 'ISSUE', '"letsencrypt.org"'] },
  ];
  for (const row of same) {
    it(`reads ${label(row.a)} and ${label(row.b)} as one ${row.type} value`, () =>
      assert.equal(recordContentKey(row.type, row.a), recordContentKey(row.type, row.b)));
  }

  const different: { type: string; a: unknown[]; b: unknown[] }[] = [
    { type: 'MX', a: [10, 'mail.example.com.'], b: [20, 'mail.example.com.'] },
    { type: 'TXT', a: ['v=spf1 -all'], b: ['V=SPF1 -ALL'] },
    { type: 'CAA', a: [0, 'issue', 'letsencrypt.org'], b: [0, 'issue', 'LetsEncrypt.org'] },
    { type: 'A', a: ['203.0.113.1'], b: ['203.0.113.10'] },
  ];
  for (const row of different) {
    it(`tells ${label(row.a)} from ${label(row.b)}`, () =>
      assert.notEqual(recordContentKey(row.type, row.a), recordContentKey(row.type, row.b)));
  }
});

describe('unquotedText', () => {
  it('joins the quoted strings of real data, with their escapes', () => {
    assert.equal(unquotedText('"v=DKIM1; k=rsa; " "p=MIIB"'), 'v=DKIM1; k=rsa; p=MIIB');
    assert.equal(unquotedText('"a\\\\b"'), 'a\\b');
  });
  it('takes a text that is not wholly quoted strings as it is', () => {
    for (const text of ['v=spf1 -all', '"a" b', 'say "hi"', '"unterminated']) assert.equal(unquotedText(text), text);
  });
});
