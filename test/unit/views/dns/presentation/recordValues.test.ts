import * as assert from 'node:assert/strict';
import { compareRelativeNames, relativeName } from '../../../../../src/views/dns/presentation/recordNames';
import { recordTypeCounts, typeFilterText } from '../../../../../src/views/dns/presentation/recordTypes';
import { ttlText } from '../../../../../src/models/dns/recordTtl';
import { recordCopyText, recordValueText, shortValueText } from '../../../../../src/views/dns/presentation/recordValues';
import { updatedAtText } from '../../../../../src/views/presentation/wireValues';

describe('record set names relative to their zone', () => {
  it('reads a full name with or without the trailing dot, in any case, and the apex as @', () => {
    for (const name of ['www.example.com', 'www.example.com.', 'WWW.Example.COM.']) {
      assert.equal(relativeName(name, 'example.com').key, 'www', name);
    }
    for (const name of ['example.com', 'example.com.', 'EXAMPLE.com.']) assert.equal(relativeName(name, 'example.com').label, '@', name);
    assert.equal(relativeName('selector1._domainkey.example.com.', 'example.com').label, 'selector1._domainkey');
  });

  it('shows punycode labels in Unicode, keeping the ASCII key', () => {
    const name = relativeName('xn--bcher-kva.example.com.', 'example.com');
    assert.deepEqual([name.key, name.label], ['xn--bcher-kva', 'bücher']);
  });

  it('keeps a name outside the zone whole, with its trailing dot, so it cannot pass for a name inside', () => {
    assert.deepEqual(relativeName('www.example.net', 'example.com'), { key: 'www.example.net.', label: 'www.example.net.', inZone: false });
    assert.equal(relativeName('notexample.com', 'example.com').inZone, false, 'a suffix that is not a whole label');
  });

  it('orders names by their labels from the right, the apex first, digits by value, names outside the zone last', () => {
    const relative = ['www', 'b.a', 'a', 'host10', 'host2', 'host02x', '_tcp', '_sip._tcp', 'a-b', '*', 'xn--bcher-kva', 'zulu'];
    const names = ['outside.example.net.', 'example.com.', ...relative.map((name) => `${name}.example.com`)].map((name) =>
      relativeName(name, 'example.com'),
    );
    assert.deepEqual(
      names.sort(compareRelativeNames).map((name) => name.label),
      ['@', '*', '_tcp', '_sip._tcp', 'a', 'b.a', 'a-b', 'host2', 'host02x', 'host10', 'www', 'bücher', 'zulu', 'outside.example.net.'],
    );
  });
});

describe('record values', () => {
  it('writes each type in zone-file order', () => {
    const cases: [string, unknown[], string][] = [
      ['A', ['203.0.113.1'], '203.0.113.1'],
      ['AAAA', ['2001:db8::1'], '2001:db8::1'],
      ['CNAME', ['example.com.'], 'example.com.'],
      ['NS', ['ns1.gcorelabs.net.'], 'ns1.gcorelabs.net.'],
      ['PTR', ['host.example.com.'], 'host.example.com.'],
      ['MX', [10, 'mail.example.com.'], '10 mail.example.com.'],
      ['SRV', [10, 5, 5060, 'sip.example.com.'], '10 5 5060 sip.example.com.'],
      ['CAA', [0, 'issue', 'letsencrypt.org'], '0 issue "letsencrypt.org"'],
      ['TXT', ['v=spf1 include:_spf.example.net ~all'], '"v=spf1 include:_spf.example.net ~all"'],
      ['HTTPS', [1, '.', ['alpn', 'h3', 'h2'], ['port', 443], ['no-default-alpn']], '1 . alpn=h3,h2 port=443 no-default-alpn'],
    ];
    for (const [type, content, text] of cases) assert.equal(recordValueText(type, content), text, type);
  });

  it('quotes TXT text as a zone file does, and leaves text Gcore sent quoted as it came', () => {
    assert.equal(recordValueText('TXT', ['say "hi" \\o/']), '"say \\"hi\\" \\\\o/"');
    assert.equal(recordValueText('TXT', ['"already quoted"']), '"already quoted"');
  });

  it('copies a TXT record as its text, without the zone file quotes, and other types as written', () => {
    assert.equal(recordCopyText('TXT', ['v=spf1 -all']), 'v=spf1 -all');
    assert.equal(recordCopyText('MX', [10, 'mail.example.com.']), '10 mail.example.com.');
  });

  it('cuts a long text short, never through a character of two UTF-16 units', () => {
    const dkim = `v=DKIM1; k=rsa; p=${'A'.repeat(392)}`;
    const short = shortValueText('TXT', [dkim]);
    assert.equal(short.length, 40);
    assert.ok(short.startsWith('v=DKIM1; k=rsa; p=AAAA') && short.endsWith('…'), short);
    assert.equal(shortValueText('TXT', [`${'x'.repeat(38)}😀rest`]), `${'x'.repeat(38)}…`);
    assert.equal(shortValueText('TXT', [`${'x'.repeat(37)}😀rest`]), `${'x'.repeat(37)}😀…`);
    assert.equal(shortValueText('CNAME', ['example.com.']), 'example.com.');
  });

  it('reads a TTL as people do', () => {
    const cases: [number, string][] = [
      [30, '30 s'],
      [90, '90 s'],
      [300, '5 min'],
      [5400, '90 min'],
      [3600, '1 h'],
      [7200, '2 h'],
      [86400, '1 d'],
      [0, '0 s'],
    ];
    assert.deepEqual(
      cases.map(([ttl]) => ttlText(ttl)),
      cases.map(([, text]) => text),
    );
  });

  it('reads updated_at as integer nanoseconds, as ISO text with or without a zone, or not at all', () => {
    const expected = '2024-04-22 16:13 UTC';
    for (const value of [
      1713802438584317000,
      '1713802438584317000',
      '2024-04-22T16:13:58Z',
      '2024-04-22T16:13:58',
      '2024-04-22T18:13:58+02:00',
      1713802438584,
      1713802438,
    ]) {
      assert.equal(updatedAtText(value), expected, String(value));
    }
    assert.equal(updatedAtText('yesterday'), 'yesterday', 'text that is no date is shown as it came');
    assert.equal(updatedAtText(null), undefined);
    assert.equal(updatedAtText(''), undefined);
  });
});

describe('record types of a zone', () => {
  const sets = ['TXT', 'A', 'a', 'MX', 'SOA', 'HTTPS', 'DS', 'NS', 'A'].map((type, index) => ({
    name: `n${index}.example.com`,
    type,
    resource_records: [],
  }));

  it('counts the sets of each type, in the order a zone file lists them, other types alphabetically after', () => {
    assert.deepEqual(
      recordTypeCounts(sets).map((entry) => entry.label),
      ['SOA (1)', 'NS (1)', 'A (3)', 'MX (1)', 'TXT (1)', 'DS (1)', 'HTTPS (1)'],
    );
  });

  it('says which types a filter shows', () => {
    assert.equal(typeFilterText(new Set(['MX', 'A'])), 'only A, MX');
  });
});
