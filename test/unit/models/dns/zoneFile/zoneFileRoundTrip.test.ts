import * as assert from 'node:assert/strict';
import type { RecordSet } from '../../../../../src/api/dns/dnsTypes';
import { domainNameKey } from '../../../../../src/core/domainNameKey';
import { EDITABLE_RECORD_TYPES, recordContentKey } from '../../../../../src/models/dns/recordContent';
import { zoneFileEditability } from '../../../../../src/models/dns/zoneFile/zoneFileEditability';
import { readZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import { groupRecordSets } from '../../../../../src/models/dns/zoneFile/zoneFileSets';
import { printZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileWriter';

function set(name: string, type: string, ttl: number | undefined, values: unknown[][], extra: Partial<RecordSet> = {}): RecordSet {
  return {
    name,
    type,
    ...(ttl === undefined ? {} : { ttl }),
    resource_records: values.map((content) => ({ id: 1, content, enabled: true, meta: {} })),
    ...extra,
  };
}

/** 2,010 bytes of text that is not ASCII throughout: characters of one to four bytes, so the 255-byte strings are cut between them. */
const LONG_TEXT = `v=DKIM1; k=rsa; n=${'abc€😀é'.repeat(166)}`;

const ZONE: RecordSet[] = [
  set('example.com', 'SOA', 3600, [['ns1.gcorelabs.net.', 'support.gcore.com.', 1, 2, 3, 4, 5]]),
  set('example.com', 'NS', 86400, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services']]),
  set('example.com', 'A', 300, [['192.0.2.1'], ['192.0.2.2'], ['0.0.0.0']]),
  set('example.com', 'AAAA', 300, [['2001:DB8:0::1'], ['::ffff:192.0.2.1']]),
  set('example.com', 'MX', 3600, [[0, '.']]),
  set('mail.example.com', 'MX', 3600, [
    [10, 'Mail.Example.com.'],
    [65535, 'backup.example.net'],
  ]),
  set('example.com', 'TXT', 3600, [
    ['v=spf1 include:_spf.example.net ~all'],
    ['"quoted at Gcore" "in two strings"'],
    ['say "hi" \\ back; (not) a comment\ttab\u0000nul'],
    [LONG_TEXT],
    ['Grüße aus Köln – 東京 😀'],
    ['  spaces around  '],
  ]),
  set('big.example.com', 'TXT', 60, [['y'.repeat(65280)]]),
  set('example.com', 'CAA', 3600, [
    [0, 'issue', 'letsencrypt.org'],
    [0, 'issuewild', ';'],
    [128, 'iodef', 'mailto:security@example.com'],
    [0, 'issue', 'ca.example.net; account="1 2"'],
  ]),
  set('_sip._tcp.example.com', 'SRV', 3600, [
    [10, 60, 5060, 'sip.example.com.'],
    [0, 0, 0, '.'],
  ]),
  set('www.example.com', 'CNAME', 0, [['_acme-challenge.example.net.']]),
  set('*.dev.example.com', 'A', 2147483647, [['192.0.2.80']]),
  set('selector1._domainkey.example.com', 'TXT', 300, [[`v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'.repeat(13)}`]]),
  set('sub.example.com', 'NS', 3600, [['ns1.example.net.'], ['ns2.example.net.']]),
  set('1.2.0.192.in-addr.arpa.example.com', 'PTR', 3600, [['host.example.com.']]),
  set('xn--bcher-kva.example.com', 'A', 300, [['192.0.2.7']]),
  set('www.example.com.example.com', 'A', 300, [['192.0.2.9']]),
  set('notttl.example.com', 'A', undefined, [['192.0.2.10']]),
  set('geo.example.com', 'A', 60, [['192.0.2.10']], { pickers: [{ type: 'geodns' }] }),
  set('hc.example.com', 'CNAME', 60, [['a.example.net.']], { meta: { failover: { protocol: 'TCP', port: 443 } } }),
  set('off.example.com', 'TXT', 60, [], { resource_records: [{ content: ['on'] }, { content: ['off'], enabled: false }] }),
  set('example.com', 'HTTPS', 300, [[1, '.', ['alpn', 'h3', 'h2']]]),
  set('example.com', 'SVCB', 300, [[1, 'svc.example.com.', ['port', 8443]]]),
  set('example.com', 'DS', 3600, [[12345, 13, 2, 'ABCDEF']]),
];

/** The sets a zone file carries as records: the editable ones, and the SOA and apex NS set, Gcore's. */
function writtenAsRecords(recordSet: RecordSet): boolean {
  const apex = domainNameKey(recordSet.name) === 'example.com' && (recordSet.type === 'SOA' || recordSet.type === 'NS');
  return apex || zoneFileEditability(recordSet, 'example.com') === undefined;
}

interface Comparable {
  name: string;
  type: string;
  ttl: number | undefined;
  values: string[];
}

describe('zone file round trip', () => {
  it('covers every editable type, a 2,000-byte TXT, the longest TXT and text that is not ASCII', () => {
    const types = new Set(
      ZONE.filter((recordSet) => zoneFileEditability(recordSet, 'example.com') === undefined).map((recordSet) => recordSet.type),
    );
    assert.deepEqual([...types].sort(), [...EDITABLE_RECORD_TYPES].sort());
    assert.equal(Buffer.byteLength(LONG_TEXT, 'utf8'), 2010);
  });

  it('prints and reads back the same editable record sets, the SOA and the apex NS set: names, types, TTLs and values equal as the API compares them; the others give no record', () => {
    const text = printZoneFile('example.com', ZONE, 'export');
    const reading = readZoneFile(text, 'example.com');
    assert.deepEqual(reading.problems, []);
    const grouped = groupRecordSets(reading.records);
    assert.deepEqual(grouped.problems, []);
    const expected: Comparable[] = ZONE.filter(writtenAsRecords).map((recordSet) => ({
      name: domainNameKey(recordSet.name),
      type: recordSet.type,
      ttl: recordSet.ttl ?? undefined,
      values: recordSet.resource_records.map((record) => recordContentKey(recordSet.type, record.content)),
    }));
    const read: Comparable[] = grouped.sets.map((recordSet) => ({
      name: recordSet.name,
      type: recordSet.type,
      ttl: recordSet.ttl,
      values: recordSet.records.map((record) => recordContentKey(recordSet.type, record.content)),
    }));
    const byKey = (sets: Comparable[]) => new Map(sets.map((recordSet) => [`${recordSet.name} ${recordSet.type}`, recordSet]));
    assert.deepEqual(byKey(read), byKey(expected));
    // Nothing of the sets written as comments comes back, not even a record of their names.
    const commented = new Set(['geo.example.com', 'hc.example.com', 'off.example.com']);
    assert.deepEqual(
      reading.records.filter((record) => commented.has(record.name) || ['HTTPS', 'SVCB', 'DS'].includes(record.type)),
      [],
    );
  });

  it('reads back TXT values as the texts Gcore holds, unquoted, whatever their bytes', () => {
    const reading = readZoneFile(printZoneFile('example.com', ZONE, 'export'), 'example.com');
    const apexTexts = reading.records
      .filter((record) => record.name === 'example.com' && record.type === 'TXT')
      .map((record) => record.content?.[0]);
    assert.deepEqual(apexTexts, [
      'v=spf1 include:_spf.example.net ~all',
      'quoted at Gcorein two strings',
      'say "hi" \\ back; (not) a comment\ttab\u0000nul',
      LONG_TEXT,
      'Grüße aus Köln – 東京 😀',
      '  spaces around  ',
    ]);
    // 65,280 bytes are 256 strings of 255, one a line.
    const longest = reading.records.find((record) => record.name === 'big.example.com');
    assert.equal(longest && longest.endLine - longest.line + 1, 256);
    assert.deepEqual(longest?.content, ['y'.repeat(65280)]);
  });

  it('prints the same text again from what it read', () => {
    const text = printZoneFile('example.com', ZONE, 'export');
    const editable = groupRecordSets(readZoneFile(text, 'example.com').records).sets.map((recordSet) => ({
      name: recordSet.name,
      type: recordSet.type,
      ...(recordSet.ttl === undefined ? {} : { ttl: recordSet.ttl }),
      resource_records: recordSet.records.map((record) => ({ content: record.content })),
    }));
    const commented = ZONE.filter((recordSet) => !writtenAsRecords(recordSet));
    assert.equal(printZoneFile('example.com', [...commented, ...editable], 'export'), text);
  });
});
