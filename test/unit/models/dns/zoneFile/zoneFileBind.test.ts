import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { SocketAddress } from 'node:net';
import * as path from 'node:path';
import type { RecordSet } from '../../../../../src/api/dns/dnsTypes';
import { domainNameKey } from '../../../../../src/core/domainNameKey';
import { unquotedText } from '../../../../../src/models/dns/recordContent';
import { planZoneFile } from '../../../../../src/models/dns/zoneFileChanges';
import { readZoneFileSets } from '../../../../../src/models/dns/zoneFileDocument';
import { readZoneFile, type ZoneFileRecord } from '../../../../../src/models/dns/zoneFile/zoneFileReader';
import { exportNeedsZoneSettings, printZoneFile } from '../../../../../src/models/dns/zoneFile/zoneFileWriter';
import { bindStrings, bindUnescape, checkZone, compileZone, ensureBindTools, type BindRecord } from '../../../../support/bind';
import { REPO_ROOT } from '../../../../support/repoRoot';

/*
 * The reader against BIND's: each zone file below is read by named-compilezone and by readZoneFile, and every
 * record must come out the same, owner, type, TTL and data. The data is compared for the types the reader
 * reads (those the extension applies, and the SOA); of the others, which it keeps as written and never sends,
 * the owner, type and TTL. Names are compared as the API takes them (domainNameKey: ASCII, IDNA), texts as
 * the text they stand for.
 */

const FIXTURES = path.resolve(REPO_ROOT, 'test/unit/models/dns/zoneFile/fixtures');

const ZONE_FILES: readonly [file: string, origin: string][] = [
  ['bind-example.org.zone', 'example.org'],
  ['bind/2.0.192.in-addr.arpa.zone', '2.0.192.in-addr.arpa'],
  ['bind/example.net.zone', 'example.net'],
  ['bind/generic.example.zone', 'generic.example'],
  ['bind/example.edu.zone', 'example.edu'],
  ['bind/example.com.zone', 'example.com'],
];

const name = (written: string): string => domainNameKey(bindUnescape(written));
const ipv6 = (address: string): string => new SocketAddress({ address, family: 'ipv6' }).address;

/** BIND's data in the form the comparison reads, for the types the reader reads; '' for the others. */
function bindData(type: string, data: string): string {
  const words = data.split(/\s+/);
  switch (type) {
    case 'A':
      return data;
    case 'AAAA':
      return ipv6(data);
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return name(data);
    case 'MX':
      return `${Number(words[0])} ${name(words[1])}`;
    case 'SRV':
      return `${words.slice(0, 3).map(Number).join(' ')} ${name(words[3])}`;
    case 'TXT':
      return JSON.stringify(bindStrings(data).join(''));
    case 'CAA':
      return `${Number(words[0])} ${words[1]} ${JSON.stringify(bindStrings(data.split(/\s+/).slice(2).join(' ')).join(''))}`;
    case 'SOA':
      return `${name(words[0])} ${name(words[1])} ${words.slice(2).map(Number).join(' ')}`;
    default:
      return '';
  }
}

/** The reader's content in the same form. */
function readerData(record: ZoneFileRecord): string {
  const content = record.content ?? [];
  const host = (value: unknown) => domainNameKey(String(value));
  switch (record.type) {
    case 'A':
      return String(content[0]);
    case 'AAAA':
      return ipv6(String(content[0]));
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return host(content[0]);
    case 'MX':
      return `${Number(content[0])} ${host(content[1])}`;
    case 'SRV':
      return `${content.slice(0, 3).map(Number).join(' ')} ${host(content[3])}`;
    case 'TXT':
      return JSON.stringify(unquotedText(String(content[0])));
    case 'CAA':
      return `${Number(content[0])} ${String(content[1])} ${JSON.stringify(unquotedText(String(content[2])))}`;
    case 'SOA':
      return `${host(content[0])} ${host(content[1])} ${content.slice(2).map(Number).join(' ')}`;
    default:
      return '';
  }
}

function bindLine(record: BindRecord): string {
  return `${name(record.owner)} ${record.ttl} ${record.type} ${bindData(record.type, record.data)}`;
}

function readerLine(record: ZoneFileRecord): string {
  return `${record.name} ${record.ttl ?? record.defaultTtl} ${record.type} ${readerData(record)}`;
}

describe('zone files read as BIND reads them (named-compilezone)', () => {
  before(function () {
    this.timeout(600_000);
    ensureBindTools();
  });

  for (const [file, origin] of ZONE_FILES) {
    it(`reads ${file} record for record as BIND does: owner, type, TTL and data`, () => {
      const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
      const bind = compileZone(origin, text);
      assert.ok(bind.ok, `BIND refuses ${file}: ${bind.messages}`);
      const reading = readZoneFile(text, origin);
      assert.deepEqual(reading.problems, []);
      // BIND leaves out what is outside the zone, as the plan skips it.
      const inZone = reading.records.filter((record) => record.name === origin || record.name.endsWith(`.${origin}`));
      assert.deepEqual(inZone.map(readerLine).sort(), bind.records.map(bindLine).sort());
    });
  }
});

function atGcore(setName: string, type: string, ttl: number, values: unknown[][], extra: Partial<RecordSet> = {}): RecordSet {
  return { name: setName, type, ttl, resource_records: values.map((content) => ({ content, enabled: true, meta: {} })), ...extra };
}

/** A zone as Gcore lists its sets: its SOA and NS, the usual records, and sets a zone file cannot carry. */
const GCORE_ZONE: RecordSet[] = [
  atGcore('shop.example', 'SOA', 3600, [['ns1.gcorelabs.net.', 'support.gcore.com.', 1732600000, 3600, 3600, 1209600, 3600]]),
  atGcore('shop.example', 'NS', 3600, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']]),
  atGcore('shop.example', 'A', 300, [['203.0.113.10']]),
  atGcore('shop.example', 'MX', 3600, [[10, 'mail.shop.example.']]),
  atGcore('shop.example', 'TXT', 3600, [['v=spf1 mx -all'], ['"google-site-verification=abc"']]),
  atGcore('shop.example', 'CAA', 3600, [[0, 'issue', 'letsencrypt.org']]),
  atGcore('mail.shop.example', 'A', 300, [['203.0.113.25']]),
  atGcore('www.shop.example', 'CNAME', 300, [['shop.example.']]),
  atGcore('quoted._domainkey.shop.example', 'TXT', 300, [['"\\"k=rsa; p=MIGfMA0GCSq\\""']]),
  atGcore('s1._domainkey.shop.example', 'TXT', 300, [[`v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'.repeat(12)}`]]),
  atGcore('_sip._tcp.shop.example', 'SRV', 300, [[10, 60, 5060, 'mail.shop.example.']]),
  atGcore('sub.shop.example', 'NS', 3600, [['ns1.sub.shop.example.']]),
  atGcore('ns1.sub.shop.example', 'A', 3600, [['203.0.113.53']]),
  atGcore('cdn.shop.example', 'A', 120, [['198.51.100.10'], ['198.51.100.20']], { pickers: [{ type: 'geodns' }] }),
  atGcore('old.shop.example', 'A', 300, [], { resource_records: [{ content: ['192.0.2.1'] }, { content: ['192.0.2.2'], enabled: false }] }),
  atGcore('shop.example', 'HTTPS', 300, [[1, '.', ['alpn', 'h3', 'h2']]]),
];

describe('Export Zone File writes a zone file BIND loads (named-checkzone)', () => {
  before(function () {
    this.timeout(600_000);
    ensureBindTools();
  });

  it('loads with the SOA and the apex NS set as records, and the sets a zone file cannot carry as comments', () => {
    const text = printZoneFile('shop.example', GCORE_ZONE, 'export');
    const check = checkZone('shop.example', text);
    assert.ok(check.ok, `${check.output}\n${text}`);
    const bind = compileZone('shop.example', text).records.map((record) => `${name(record.owner)} ${record.type}`);
    assert.ok(bind.includes('shop.example SOA') && bind.includes('shop.example NS'), bind.join('\n'));
    assert.ok(!bind.some((line) => line.startsWith('cdn.') || line.startsWith('old.') || line.endsWith(' HTTPS')), bind.join('\n'));
  });

  it('changes nothing when imported into the same zone: every set unchanged, none skipped, none missing', () => {
    const reading = readZoneFileSets(printZoneFile('shop.example', GCORE_ZONE, 'export'), 'shop.example');
    assert.deepEqual([reading.problems, reading.notes], [[], []]);
    const plan = planZoneFile('shop.example', GCORE_ZONE, reading.sets, { deleteMissing: false });
    assert.deepEqual([plan.changes, plan.skipped, plan.missing], [[], [], []]);
    assert.equal(plan.unchanged, 13);
  });
});

describe('Export Zone File of a zone whose record list has no SOA loads in BIND (named-checkzone)', () => {
  const withoutSoa = GCORE_ZONE.filter((set) => set.type !== 'SOA');
  const soaOf = (text: string): string[] =>
    compileZone('shop.example', text)
      .records.filter((record) => record.type === 'SOA')
      .map((record) => `${record.owner} ${record.ttl} ${record.data}`);

  before(function () {
    this.timeout(600_000);
    ensureBindTools();
  });

  it("writes the SOA from the zone's settings: primary server, contact as a mailbox, serial and timers", () => {
    const text = printZoneFile('shop.example', withoutSoa, 'export', {
      name: 'shop.example',
      primary_server: 'ns1.gcorelabs.net',
      contact: 'dns.admin@shop.example',
      serial: '2026052301',
      refresh: 7200,
      retry: 900,
      expiry: 604800,
      nx_ttl: 300,
    });
    const check = checkZone('shop.example', text);
    assert.ok(check.ok, `${check.output}\n${text}`);
    assert.deepEqual(soaOf(text), ['shop.example. 300 ns1.gcorelabs.net. dns\\.admin.shop.example. 2026052301 7200 900 604800 300']);
    assert.match(text, /^; Gcore's record list holds no SOA a zone file can carry: the SOA below is written from the zone's settings\.$/m);
    const bind = compileZone('shop.example', text).records.filter(
      (record) => record.type === 'NS' && name(record.owner) === 'shop.example',
    );
    assert.equal(bind.length, 2, 'the apex NS set from the list');
  });

  it('writes no line of a setting that is not a name or a number, and says what it wrote instead', () => {
    const text = printZoneFile('shop.example', withoutSoa, 'export', {
      name: 'shop.example',
      primary_server: 'ns1.evil.example.\nevil 300 IN A 192.0.2.66',
      contact: 'root@shop.example\n@ 300 IN TXT "planted"',
      serial: -1,
      refresh: 'soon',
    });
    const check = checkZone('shop.example', text);
    assert.ok(check.ok, `${check.output}\n${text}`);
    assert.deepEqual(soaOf(text), ['shop.example. 3600 ns1.gcorelabs.net. hostmaster.shop.example. 1 3600 3600 1209600 3600']);
    const records = compileZone('shop.example', text).records;
    assert.ok(!records.some((record) => record.owner.startsWith('evil.') || record.data.includes('planted')), text);
    assert.match(text, /^; ns1\.gcorelabs\.net\. is written for primary_server: the zone's settings give none a zone file can carry\.$/m);
    assert.match(text, /^; 1 is written for serial: the zone's settings give none a zone file can carry\.$/m);
  });

  it("writes an SOA of defaults when the zone's settings cannot be read, and in place of one Gcore lists with a line break", () => {
    const unread = printZoneFile('shop.example', withoutSoa, 'export', undefined);
    assert.ok(checkZone('shop.example', unread).ok, unread);
    assert.deepEqual(soaOf(unread), ['shop.example. 3600 ns1.gcorelabs.net. hostmaster.shop.example. 1 3600 3600 1209600 3600']);
    const planted = atGcore('shop.example', 'SOA', 3600, [
      ['ns1.gcorelabs.net.\nevil 300 IN A 192.0.2.66 ;', 'support.gcore.com.', 1, 3600, 3600, 1209600, 3600],
    ]);
    assert.equal(exportNeedsZoneSettings('shop.example', [planted, ...withoutSoa]), true);
    const text = printZoneFile('shop.example', [planted, ...withoutSoa], 'export', { name: 'shop.example', nx_ttl: 600 });
    const check = checkZone('shop.example', text);
    assert.ok(check.ok, `${check.output}\n${text}`);
    assert.ok(!compileZone('shop.example', text).records.some((record) => record.owner.startsWith('evil.')), text);
    assert.equal(exportNeedsZoneSettings('shop.example', GCORE_ZONE), false);
  });
});
