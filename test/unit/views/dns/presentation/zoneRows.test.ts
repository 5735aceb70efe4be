import * as assert from 'node:assert/strict';
import type { DnsZone } from '../../../../../src/api/dns/dnsTypes';
import type { KnownZone } from '../../../../../src/state/dns/knownZones';
import { zoneNode } from '../../../../../src/views/dns/zoneNodes';
import { zoneRows } from '../../../../../src/views/dns/presentation/zoneRows';

describe('zoneRows', () => {
  const account: DnsZone[] = [
    { name: 'Example.COM', dnssec_status: 'active', dnssec_enabled: true },
    { name: 'example.com.', dnssec_status: 'disabled', dnssec_enabled: false },
    { name: 'bücher.example', status: 'first' },
    { name: 'xn--bcher-kva.example', status: 'second' },
  ];
  const known: KnownZone[] = [
    { name: 'xn--bcher-kva.example', dnssec: 'off', createdHere: true },
    { name: 'gone.example', dnssec: 'unknown' },
  ];

  it('shows a zone written with other case, a trailing dot or in Unicode as one row, with one id each', () => {
    const rows = zoneRows(known, account);
    assert.deepEqual(
      rows.map((row) => row.zone.name),
      ['example.com', 'gone.example', 'xn--bcher-kva.example'],
    );
    const ids = rows.map((row) => zoneNode(row.zone, row.atGcore, row.gone).id);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('keeps the first entry of a zone the account lists twice, and what is known here of it', () => {
    const [example, gone, bucher] = zoneRows(known, account);
    assert.equal(example.atGcore?.dnssec_status, 'active');
    assert.equal(bucher.atGcore?.status, 'first');
    assert.deepEqual(bucher.zone, { name: 'xn--bcher-kva.example', dnssec: 'off', createdHere: true });
    assert.deepEqual([example.gone, gone.gone, bucher.gone], [false, true, false]);
  });
});
