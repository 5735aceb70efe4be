import * as assert from 'node:assert/strict';
import type { DelegationStatus } from '../../../../../src/api/dns/dnsTypes';
import { delegationReport, delegationSummary, readDelegation } from '../../../../../src/views/dns/presentation/delegationReport';

const GCORE = [
  { name: 'ns1.gcorelabs.net', ipv4Addresses: ['192.0.2.10'], ipv6Addresses: ['2001:db8:53::a'] },
  { name: 'ns2.gcdn.services', ipv4Addresses: ['192.0.2.20'], ipv6Addresses: [] },
];
const FOREIGN = { name: 'ns1.old-dns-host.example.', ipv4Addresses: ['198.51.100.7'] };

const DELEGATED: DelegationStatus = {
  authoritative_name_servers: GCORE,
  gcore_authorized_count: 2,
  non_gcore_authorized_count: 0,
  is_whitelabel_delegation: false,
  zone_exists: true,
};
const PARTLY: DelegationStatus = { ...DELEGATED, authoritative_name_servers: [...GCORE, FOREIGN], non_gcore_authorized_count: 1 };
const ELSEWHERE: DelegationStatus = {
  ...DELEGATED,
  authoritative_name_servers: [FOREIGN],
  gcore_authorized_count: 0,
  non_gcore_authorized_count: 1,
};
const AT = new Date(Date.UTC(2026, 4, 2, 8, 15, 30));

describe('the delegation reading', () => {
  it("tells each verdict from Gcore's counts", () => {
    assert.equal(readDelegation(DELEGATED).verdict, 'delegated');
    assert.equal(readDelegation(PARTLY).verdict, 'partly');
    assert.equal(readDelegation(ELSEWHERE).verdict, 'elsewhere');
    assert.equal(readDelegation({ ...DELEGATED, authoritative_name_servers: [], gcore_authorized_count: 0 }).verdict, 'none');
    assert.equal(readDelegation({ ...DELEGATED, zone_exists: false }).verdict, 'noZone');
  });

  it('marks each server by its name, and counts by the names when Gcore sent no counts', () => {
    const reading = readDelegation({ authoritative_name_servers: [...GCORE, FOREIGN, { name: 'NS3.GCORELABS.NET.' }] });
    assert.deepEqual(
      reading.servers.map((server) => [server.name, server.gcore]),
      [
        ['ns1.gcorelabs.net', true],
        ['ns2.gcdn.services', true],
        ['ns1.old-dns-host.example', false],
        ['NS3.GCORELABS.NET', true],
      ],
    );
    assert.deepEqual([reading.gcoreCount, reading.otherCount, reading.verdict], [3, 1, 'partly']);
    assert.equal(readDelegation({}).verdict, 'none');
  });

  it("trusts Gcore's counts over the names in a white-label delegation", () => {
    const servers = [{ name: 'ns1.customer.example' }, { name: 'ns2.customer.example' }];
    const whole = readDelegation({
      authoritative_name_servers: servers,
      gcore_authorized_count: 2,
      non_gcore_authorized_count: 0,
      is_whitelabel_delegation: true,
    });
    assert.deepEqual([whole.verdict, whole.servers.map((server) => server.gcore)], ['delegated', [true, true]]);
    const mixed = readDelegation({
      authoritative_name_servers: [...servers, FOREIGN],
      gcore_authorized_count: 2,
      non_gcore_authorized_count: 1,
      is_whitelabel_delegation: true,
    });
    // White-label servers carry the customer's names: beside another server, no name tells which is which.
    assert.deepEqual([mixed.verdict, mixed.servers.map((server) => server.gcore)], ['partly', [undefined, undefined, undefined]]);
    assert.equal(
      delegationSummary('example.com', mixed),
      "example.com is only partly delegated to Gcore: its registrar also lists a name server that is not Gcore's.",
    );
  });

  it("sums each verdict up in a sentence that names the servers that are not Gcore's", () => {
    assert.equal(
      delegationSummary('example.com', readDelegation(DELEGATED)),
      "example.com is delegated to Gcore: its registrar lists only Gcore's name servers.",
    );
    assert.equal(
      delegationSummary('example.com', readDelegation(PARTLY)),
      "example.com is only partly delegated to Gcore: its registrar also lists name servers that are not Gcore's (ns1.old-dns-host.example).",
    );
    assert.equal(
      delegationSummary('xn--bcher-kva.de', readDelegation(ELSEWHERE)),
      'bücher.de is not delegated to Gcore: its registrar lists other name servers (ns1.old-dns-host.example).',
    );
  });
});

describe('the delegation report', () => {
  it('lists the servers with their addresses and marks, says what it means and what to do next', () => {
    const text = delegationReport({ zoneName: 'example.com', status: PARTLY, checkedAt: AT });
    assert.equal(
      text,
      [
        '# Delegation of example.com',
        '',
        'Checked 2026-05-02 08:15:30 UTC.',
        '',
        "**✗ Partly delegated to Gcore.** example.com is only partly delegated to Gcore: its registrar also lists name servers that are not Gcore's (ns1.old-dns-host.example).",
        '',
        '## Name servers at the registrar',
        '',
        "| Name server | Gcore's | IPv4 | IPv6 |",
        '|---|---|---|---|',
        '| `ns1.gcorelabs.net` | ✓ Gcore | 192.0.2.10 | 2001:db8:53::a |',
        '| `ns2.gcdn.services` | ✓ Gcore | 192.0.2.20 |  |',
        '| `ns1.old-dns-host.example` | ✗ not Gcore | 198.51.100.7 |  |',
        '',
        'Gcore counts 2 of its own name servers and 1 of others.',
        '',
        '## What it means',
        '',
        "Resolvers pick any of the servers the registrar lists, so some of them are answered by servers that are not Gcore's, with what those servers hold: changes made at Gcore reach only part of the world.",
        '',
        "Until the registrar points only to Gcore's name servers, the zone stays pending at Gcore, and so does its DNSSEC: a DS record at the registrar would make validating resolvers refuse the answers of servers that do not sign with Gcore's key.",
        '',
        '## Next step',
        '',
        'At the registrar of example.com, set the name servers to exactly `ns1.gcorelabs.net`, `ns2.gcdn.services`. Remove `ns1.old-dns-host.example`. Registrars publish a change within hours (up to 48 h); then run Check Delegation again.',
        '',
      ].join('\n'),
    );
  });

  it('says there is nothing to do for a delegated zone, unless its DNSSEC waits for the DS record', () => {
    assert.match(delegationReport({ zoneName: 'example.com', status: DELEGATED, checkedAt: AT }), /## Next step\n\nNothing to do\.\n$/);
    assert.match(
      delegationReport({ zoneName: 'example.com', status: DELEGATED, dnssecStatus: 'pending', checkedAt: AT }),
      /DNSSEC still waits for the DS record at the registrar: copy it \(Copy DS Record on the zone\)/,
    );
  });

  it('says when the registrar lists none, and when Gcore has no such zone', () => {
    const none = delegationReport({
      zoneName: 'example.com',
      status: { authoritative_name_servers: [], zone_exists: true },
      checkedAt: AT,
    });
    assert.match(none, /\*\*✗ No name servers at the registrar\.\*\* The registrar lists no name servers for example\.com/);
    assert.match(none, /## Name servers at the registrar\n\nThe registrar lists none\./);
    const noZone = delegationReport({ zoneName: 'gone.example', status: { ...DELEGATED, zone_exists: false }, checkedAt: AT });
    assert.match(noZone, /\*\*✗ No such zone at Gcore\.\*\* Gcore has no zone gone\.example in this account\./);
    assert.match(noZone, /Create the zone \(Create DNS Zone\)/);
  });

  it('keeps a server name that holds a pipe or a backquote inside its cell', () => {
    const text = delegationReport({ zoneName: 'example.com', status: { authoritative_name_servers: [{ name: 'ns|1`x' }] }, checkedAt: AT });
    assert.match(text, /\| `ns\\\|1'x` \| ✗ not Gcore \|/);
  });
});
