import * as assert from 'node:assert/strict';
import type { DnsZone, DnsZoneList, DnssecState, RecordSet, RecordSetList } from '../../../../src/api/dns/dnsTypes';
import { COMMAND } from '../../../../src/core/contributions';
import type { Loaded } from '../../../../src/loaders/keyedLoader';
import type { KnownZone } from '../../../../src/state/dns/knownZones';
import { dnsZonesSection } from '../../../../src/views/dns/dnsZonesSection';
import { ZONES_SECTION, type ZoneNode } from '../../../../src/views/dns/zoneNodes';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { CANCELLED, FakeSectionView, MISSING, SERVER_ERROR, failed, ids, labels, loaded } from '../../support/fakeSectionView';

const A_SET: RecordSet = { name: 'www.example.com', type: 'A', ttl: 300, resource_records: [{ content: ['203.0.113.1'] }] };
const MX_SET: RecordSet = { name: 'example.com', type: 'MX', ttl: 300, resource_records: [{ content: [10, 'mail.example.com.'] }] };

function zoneList(zones: DnsZone[], gaps: object = {}): DnsZoneList {
  return { total_amount: zones.length, zones, ...gaps };
}

/** DNS reads answering what a test sets, noting what is invalidated and how often the zones are read. */
class FakeDnsReads {
  zoneAnswers: Loaded<DnsZoneList>[] = [loaded(zoneList([{ name: 'example.com' }]))];
  recordList: Loaded<RecordSetList> = loaded({ total_amount: 2, rrsets: [A_SET, MX_SET] });
  zoneReads = 0;
  readonly invalidated: string[] = [];
  async zones(): Promise<Loaded<DnsZoneList>> {
    return this.zoneAnswers[Math.min(this.zoneReads++, this.zoneAnswers.length - 1)];
  }
  async dnssec(): Promise<Loaded<DnssecState>> {
    return failed(SERVER_ERROR);
  }
  async records(): Promise<Loaded<RecordSetList>> {
    return this.recordList;
  }
  invalidate(): void {
    this.invalidated.push('all');
  }
  invalidateRecords(zoneName: string): void {
    this.invalidated.push(zoneName);
  }
}

function section(known: KnownZone[] = []) {
  const reads = new FakeDnsReads();
  const view = new FakeSectionView();
  return { zones: dnsZonesSection({ zones: { all: () => known }, reads, view }), reads, view };
}

async function zoneRow(zones: ReturnType<typeof section>['zones']): Promise<ZoneNode> {
  const [row] = await zones.children(ZONES_SECTION);
  return row as ZoneNode;
}

describe('the DNS Zones section', () => {
  it("lists the account's zones merged with those known here, a zone the account lost marked, and the list's gaps", async () => {
    const { zones, reads, view } = section([{ name: 'old.example', dnssec: 'off' }]);
    reads.zoneAnswers = [loaded(zoneList([{ name: 'example.com' }], { incomplete: true }))];
    const rows = await zones.children(ZONES_SECTION);
    assert.deepEqual(ids(rows), ['zones/example.com', 'zones/old.example', 'zones/gaps:incomplete']);
    assert.equal(rows[1].view?.description, 'not in the account');
    assert.equal(view.progressShown, 1);
  });

  it('reads the zone list again when a Refresh cancelled it', async () => {
    const { zones, reads } = section();
    reads.zoneAnswers = [failed(CANCELLED), loaded(zoneList([{ name: 'example.com' }]))];
    assert.deepEqual(ids(await zones.children(ZONES_SECTION)), ['zones/example.com']);
    assert.equal(reads.zoneReads, 2);
  });

  it('offers to create or add a zone when there is none', async () => {
    const { zones, reads } = section();
    reads.zoneAnswers = [loaded(zoneList([]))];
    const rows = await zones.children(ZONES_SECTION);
    assert.deepEqual(
      rows.map((row) => row.view?.command?.id),
      [COMMAND.createZone, COMMAND.addKnownZone],
    );
  });

  it('without the zone list, lists the zones known here, not expandable, and says so quietly; a failure is an error row', async () => {
    const { zones, reads } = section([{ name: 'example.com', dnssec: 'off' }]);
    reads.zoneAnswers = [failed(MISSING)];
    const rows = await zones.children(ZONES_SECTION);
    assert.deepEqual(ids(rows), ['zones/example.com', 'zones/unavailable']);
    assert.equal(rows[0].view?.collapsible, 'none');
    assert.deepEqual(rows[1].view?.icon, { id: 'circle-slash' });
    reads.zoneAnswers = [failed(SERVER_ERROR)];
    assert.deepEqual(ids(await zones.children(ZONES_SECTION)), ['zones/example.com', 'zones/error']);
  });

  it("expands a zone to its record sets, each to its records, through the records' code loaded then", async () => {
    const { zones } = section();
    const zone = await zoneRow(zones);
    assert.equal(zone.view.collapsible, 'collapsed');
    const sets = await zones.children(zone);
    assert.deepEqual(labels(sets), ['@', 'www']);
    assert.ok(sets.every((set) => set.id.startsWith('zones/example.com/records/')));
    const [record] = await zones.children(sets[1]);
    assert.equal(record.view?.label, '203.0.113.1');
    assert.match(zones.resolveTooltip?.(sets[1]) ?? '', /www/);
  });

  it('shows only the types a zone is filtered to, says when none are left, and draws the zones again on a change', async () => {
    const { zones, view } = section();
    zones.setTypeFilter('example.com', new Set(['MX']));
    assert.deepEqual(view.refreshed, [ZONES_SECTION]);
    assert.deepEqual(zones.typeFilterOf('example.com'), new Set(['MX']));
    assert.deepEqual(labels(await zones.children(await zoneRow(zones))), ['@']);
    zones.setTypeFilter('example.com', new Set(['TXT']));
    assert.deepEqual(labels(await zones.children(await zoneRow(zones))), ['No record sets of these types']);
    zones.setTypeFilter('example.com', new Set());
    assert.deepEqual(zones.typeFilterOf('example.com'), new Set());
  });

  it('says once, below the zones, that this API has no record sets, until a Refresh of the section', async () => {
    const { zones, reads, view } = section();
    reads.recordList = failed(MISSING);
    assert.deepEqual(await zones.children(await zoneRow(zones)), []);
    assert.deepEqual(view.refreshed, [ZONES_SECTION]);
    const rows = await zones.children(ZONES_SECTION);
    assert.deepEqual(ids(rows), ['zones/example.com', 'zones/records-unavailable']);
    assert.equal(rows[0].view?.collapsible, 'none');
    zones.invalidate(ZONES_SECTION);
    assert.deepEqual(ids(await zones.children(ZONES_SECTION)), ['zones/example.com']);
  });

  it('shows a record list that failed as an error row under the zone', async () => {
    const { zones, reads } = section();
    reads.recordList = failed(SERVER_ERROR);
    const zone = await zoneRow(zones);
    const [row] = await zones.children(zone);
    assert.equal(row.view?.label, 'Failed to load the record sets');
    assert.deepEqual(row.view?.command?.arguments, [zone]);
  });

  it("reads a zone's record sets again for a Refresh of any row under it, and everything for the section", async () => {
    const { zones, reads } = section();
    const zone = await zoneRow(zones);
    const [set] = await zones.children(zone);
    const [record] = await zones.children(set);
    for (const row of [zone, set, record] as TreeNode[]) assert.equal(zones.invalidate(row), zone);
    assert.equal(zones.invalidate(ZONES_SECTION), ZONES_SECTION);
    assert.deepEqual(reads.invalidated, ['example.com', 'example.com', 'example.com', 'all']);
  });

  it("gives a filter the zone's record sets as loaded, and fails as the load did", async () => {
    const { zones, reads } = section();
    assert.deepEqual(await zones.recordSetsOf('example.com'), [A_SET, MX_SET]);
    reads.recordList = failed(SERVER_ERROR);
    await assert.rejects(zones.recordSetsOf('example.com'), /Internal Server Error/);
  });
});
