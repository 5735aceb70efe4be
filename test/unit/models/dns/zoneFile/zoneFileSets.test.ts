import * as assert from 'node:assert/strict';
import { readZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import { groupRecordSets } from '../../../../../src/models/dns/zoneFile/zoneFileSets';

function grouped(lines: string[]): ReturnType<typeof groupRecordSets> {
  const reading = readZoneFile(lines.join('\n'), 'example.com');
  assert.deepEqual(reading.problems, []);
  return groupRecordSets(reading.records);
}

describe('groupRecordSets', () => {
  it('makes one set per name and type, in the order of the file, with the first line, TTL and $TTL of each', () => {
    const { sets, problems } = grouped([
      '$TTL 1h',
      'www 300 A 192.0.2.1',
      '@ MX 10 mail',
      'www 300 A 192.0.2.2',
      '@ SOA ns1 hostmaster 1 2 3 4 5',
      '@ HTTPS 1 . alpn=h2',
      'WWW.example.com. 300 AAAA 2001:db8::1',
      '@ MX 20 mail2',
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(sets, [
      {
        name: 'www.example.com',
        type: 'A',
        ttl: 300,
        defaultTtl: 3600,
        line: 2,
        records: [
          { content: ['192.0.2.1'], line: 2 },
          { content: ['192.0.2.2'], line: 4 },
        ],
      },
      {
        name: 'example.com',
        type: 'MX',
        defaultTtl: 3600,
        line: 3,
        records: [
          { content: [10, 'mail.example.com.'], line: 3 },
          { content: [20, 'mail2.example.com.'], line: 8 },
        ],
      },
      {
        name: 'example.com',
        type: 'SOA',
        defaultTtl: 3600,
        line: 5,
        records: [{ content: ['ns1.example.com.', 'hostmaster.example.com.', 1, 2, 3, 4, 5], line: 5 }],
      },
      { name: 'www.example.com', type: 'AAAA', ttl: 300, defaultTtl: 3600, line: 7, records: [{ content: ['2001:db8::1'], line: 7 }] },
    ]);
  });

  it('refuses records of one set with different TTLs, as written or from $TTL, and takes equal ones however they are written', () => {
    const { sets, problems } = grouped([
      '$TTL 300',
      'a 300 A 192.0.2.1',
      'a A 192.0.2.2',
      'b A 192.0.2.1',
      'b 5m A 192.0.2.2',
      'b 600 A 192.0.2.3',
      '$TTL 1h',
      'c A 192.0.2.1',
      '$TTL 2h',
      'c A 192.0.2.2',
    ]);
    assert.deepEqual(problems, [
      { line: 6, message: 'b.example.com A has TTL 600 here and 300 on line 4: Gcore keeps one TTL per record set' },
      { line: 10, message: 'c.example.com A has TTL 7200 here and 3600 on line 8: Gcore keeps one TTL per record set' },
    ]);
    assert.deepEqual(
      sets.map((set) => [set.name, set.records.length]),
      [
        ['a.example.com', 2],
        ['b.example.com', 3],
        ['c.example.com', 2],
      ],
    );
  });

  it('says which TTL is missing when only some records of a set have one', () => {
    const reading = readZoneFile('a A 192.0.2.1\na 60 A 192.0.2.2', 'example.com');
    assert.deepEqual(groupRecordSets(reading.records).problems, [
      { line: 2, message: 'a.example.com A has TTL 60 here and none on line 1: Gcore keeps one TTL per record set' },
    ]);
  });

  it('refuses a value written twice, compared as the API compares values, and keeps it once', () => {
    const { sets, problems } = grouped([
      'a A 192.0.2.1',
      'a A 192.0.2.1',
      'v6 AAAA 2001:DB8:0::1',
      'v6 AAAA 2001:db8::1',
      '@ MX 10 Mail.Example.com.',
      '@ MX 010 mail',
      '@ TXT "v=spf1 -all"',
      '@ TXT v=spf1\\ -all',
      '@ CAA 0 ISSUE "ca.example.net"',
      '@ CAA 0 issue ca.example.net',
    ]);
    assert.deepEqual(problems, [
      { line: 2, message: 'a.example.com A 192.0.2.1 is written twice: on line 1 and here' },
      { line: 4, message: 'v6.example.com AAAA 2001:db8::1 is written twice: on line 3 and here' },
      { line: 6, message: 'example.com MX 10 mail.example.com. is written twice: on line 5 and here' },
      { line: 8, message: 'example.com TXT v=spf1 -all is written twice: on line 7 and here' },
      { line: 10, message: 'example.com CAA 0 issue "ca.example.net" is written twice: on line 9 and here' },
    ]);
    assert.deepEqual(
      sets.map((set) => set.records.map((record) => record.line)),
      [[1], [3], [5], [7], [9]],
    );
  });

  it('refuses a CNAME beside other data of its name, before or after it, of any type, and two CNAMEs of one name (RFC 1034)', () => {
    const { problems } = grouped([
      'www A 192.0.2.1',
      'www CNAME target.example.net.',
      'alias CNAME target.example.net.',
      'alias TXT "x"',
      'alias HTTPS 1 . alpn=h2',
      'two CNAME one.example.net.',
      'two CNAME other.example.net.',
      'same CNAME one.example.net.',
      'same CNAME ONE.example.net.',
      'signed CNAME one.example.net.',
      'signed RRSIG CNAME 13 3 300 20250101000000 20240101000000 12345 example.com. c2lnbmF0dXJl',
    ]);
    assert.deepEqual(problems, [
      {
        line: 2,
        message: 'www.example.com has a CNAME (line 2) and a record of type A (line 1): a name with a CNAME holds no other data (RFC 1034)',
      },
      {
        line: 4,
        message:
          'alias.example.com has a CNAME (line 3) and a record of type TXT (line 4): a name with a CNAME holds no other data (RFC 1034)',
      },
      {
        line: 5,
        message:
          'alias.example.com has a CNAME (line 3) and a record of type HTTPS (line 5): a name with a CNAME holds no other data (RFC 1034)',
      },
      { line: 7, message: 'two.example.com has a second CNAME (the first is on line 6): a name holds at most one CNAME (RFC 1034)' },
      { line: 9, message: 'same.example.com CNAME one.example.net. is written twice: on line 8 and here' },
    ]);
  });
});
