import * as assert from 'node:assert/strict';
import type { DnsZoneList } from '../../../../src/api/dns/dnsTypes';
import type { Loaded } from '../../../../src/loaders/keyedLoader';
import { zoneChoices, zoneHolding } from '../../../../src/prompts/dns/zoneChoices';
import type { KnownZone } from '../../../../src/state/dns/knownZones';

const known = (...names: string[]): KnownZone[] => names.map((name) => ({ name, dnssec: 'off' }));

function services(zones: KnownZone[], listed: Loaded<DnsZoneList>) {
  return { zones: { all: () => zones }, reads: { zones: async () => listed } } as unknown as Parameters<typeof zoneChoices>[0];
}

describe('the zones of record commands', () => {
  it('picks the zone that holds a name: the longest the name ends in, however either is written', () => {
    const zones = known('example.com', 'eu.example.com', 'example.org');
    assert.equal(zoneHolding('www.eu.example.com', zones), 'eu.example.com');
    assert.equal(zoneHolding('WWW.Example.COM.', zones), 'example.com');
    assert.equal(zoneHolding('example.org', zones), 'example.org');
    assert.equal(zoneHolding('badexample.com', zones), undefined);
    assert.equal(zoneHolding('example.net', zones), undefined);
  });

  it("offers the account's zones with those known here, and the known ones alone when the list cannot be read", async () => {
    const loaded: Loaded<DnsZoneList> = {
      state: 'loaded',
      value: { total_amount: 2, zones: [{ name: 'b.example' }, { name: 'a.example' }] } as DnsZoneList,
    };
    const names = (zones: KnownZone[]) => zones.map((zone) => zone.name);
    assert.deepEqual(names((await zoneChoices(services(known('a.example', 'gone.example'), loaded))).zones), ['a.example', 'b.example']);
    const failed: Loaded<DnsZoneList> = { state: 'failed', error: new Error('405') };
    assert.deepEqual(names((await zoneChoices(services(known('a.example', 'gone.example'), failed))).zones), ['a.example', 'gone.example']);
  });
});
