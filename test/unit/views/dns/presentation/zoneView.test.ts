import * as assert from 'node:assert/strict';
import type { DnssecState } from '../../../../../src/api/dns/dnsTypes';
import { escapeMarkdown } from '../../../../../src/views/presentation/itemView';
import type { KnownZone } from '../../../../../src/state/dns/knownZones';
import { DNSSEC_ON_CONTEXTS, dnssecDetailRows, zoneAtGcoreSummary, zoneView } from '../../../../../src/views/dns/presentation/zoneView';
import { zoneNode } from '../../../../../src/views/dns/zoneNodes';
import { unescapeMarkdown } from '../../markdownReading';

const DIGEST = '135E5B6C7D8E9F0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F607182';
const FULL_DS: DnssecState = {
  algorithm: '13',
  digest: DIGEST,
  digest_algorithm: 'SHA256',
  digest_type: '2',
  ds: `example.com. 3600 IN DS 26191 13 2 ${DIGEST}`,
  flags: 257,
  key_tag: 26191,
  key_type: 'ECDSAP256SHA256',
  message: 'DNSSEC enabled',
  public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
  uuid: '7f8e2f36-1f5c-4a5e-9b44-2e4f3c1a9d10',
};

describe('zoneView', () => {
  const cases: [KnownZone['dnssec'], string, { id: string }][] = [
    ['on', 'DNSSEC on', { id: 'lock' }],
    ['off', 'DNSSEC off', { id: 'unlock' }],
    ['unknown', 'DNSSEC unknown', { id: 'question' }],
  ];
  for (const [dnssec, description, icon] of cases) {
    it(`shows a zone with DNSSEC ${dnssec}`, () => {
      const view = zoneView({ name: 'example.com', dnssec });
      assert.equal(view.label, 'example.com');
      assert.equal(view.description, description);
      assert.deepEqual(view.icon, icon);
      assert.equal(view.contextValue, `zone.dnssec.${dnssec}`);
      assert.ok(view.tooltip!.startsWith(`### ${escapeMarkdown('example.com')}\n`));
      assert.match(view.tooltip!, new RegExp(`DNSSEC (state )?is \\*\\*${dnssec}\\*\\*`));
    });
  }

  it('hints that the state of an unknown zone has not been set from here', () => {
    assert.match(zoneView({ name: 'example.com', dnssec: 'unknown' }).tooltip!, /This extension has not toggled DNSSEC for this zone yet/);
    assert.doesNotMatch(zoneView({ name: 'example.com', dnssec: 'off' }).tooltip!, /has not toggled/);
  });

  it('points a zone with DNSSEC on to the registrar and repeats the API message', () => {
    const tooltip = unescapeMarkdown(zoneView({ name: 'example.com', dnssec: 'on', ds: FULL_DS }).tooltip!);
    assert.match(tooltip, /registrar/);
    assert.match(tooltip, /Gcore said: DNSSEC enabled/);
  });

  it('treats a status it does not know as unknown', () => {
    const view = zoneView({ name: 'example.com', dnssec: 'pending' as KnownZone['dnssec'] });
    assert.equal(view.description, 'DNSSEC unknown');
    assert.equal(view.contextValue, 'zone.dnssec.unknown');
  });

  it('labels an IDN zone in Unicode and keeps the ASCII form in the tooltip', () => {
    const view = zoneView({ name: 'xn--bcher-kva.de', dnssec: 'off' });
    assert.equal(view.label, 'bücher.de');
    assert.match(unescapeMarkdown(view.tooltip!), /^### bücher\.de\n/);
    assert.match(unescapeMarkdown(view.tooltip!), /ASCII name: xn--bcher-kva\.de/);
  });

  it('does not repeat the name as ASCII when it is already the label', () => {
    assert.doesNotMatch(zoneView({ name: 'example.com', dnssec: 'off' }).tooltip!, /ASCII name/);
  });

  it('falls back to the stored name when it is not valid punycode', () => {
    assert.equal(zoneView({ name: 'xn--zz.de', dnssec: 'off' }).label, 'xn--zz.de');
  });

  it('mentions zones created with this extension', () => {
    assert.match(zoneView({ name: 'example.com', dnssec: 'off', createdHere: true }).tooltip!, /Created with this extension/);
    assert.doesNotMatch(zoneView({ name: 'example.com', dnssec: 'off' }).tooltip!, /Created with this extension/);
  });
});

describe('dnssecDetailRows', () => {
  it('lists the DS record, key tag, algorithm, digest and the DNSKEY', () => {
    const rows = dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: FULL_DS });
    assert.deepEqual(
      rows.map(({ key, label, value }) => ({ key, label, value })),
      [
        { key: 'ds', label: 'DS record', value: FULL_DS.ds },
        { key: 'keyTag', label: 'Key tag', value: '26191' },
        { key: 'algorithm', label: 'Algorithm', value: '13 · ECDSAP256SHA256' },
        { key: 'digest', label: 'Digest', value: `SHA256 · ${DIGEST}` },
        { key: 'dnskey', label: 'DNSKEY', value: `257 3 13 ${FULL_DS.public_key}` },
      ],
    );
    assert.deepEqual(
      rows.map((row) => row.view.contextValue),
      ['zone.dsRecord', 'zone.dnssecDetail', 'zone.dnssecDetail', 'zone.dnssecDetail', 'zone.dnssecDetail'],
    );
    for (const row of rows) {
      assert.equal(row.view.label, row.label);
      assert.match(row.view.tooltip!, /registrar/);
      assert.ok(unescapeMarkdown(row.view.tooltip!).includes(row.value), `${row.key} tooltip has the full value`);
      assert.ok(row.view.icon?.id);
    }
  });

  it('shows the DNSKEY a registrar may ask for: flags, protocol 3, algorithm and public key', () => {
    const dnskey = dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: FULL_DS }).find((row) => row.key === 'dnskey');
    assert.ok(dnskey);
    assert.match(dnskey.view.description ?? '', /^flags 257 · /);
    const tooltip = unescapeMarkdown(dnskey.view.tooltip ?? '');
    assert.match(tooltip, /Flags: 257 \(key-signing key\)/);
    assert.ok(tooltip.includes(`Public key: ${FULL_DS.public_key}`));
    assert.equal(
      dnssecDetailRows({ name: 'a.example', dnssec: 'on', ds: { ds: FULL_DS.ds } }).some((row) => row.key === 'dnskey'),
      false,
    );
  });

  it('keeps the whole DS record in the description and shortens only the digest', () => {
    const [ds, keyTag, algorithm, digest] = dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: FULL_DS });
    assert.equal(ds.view.description, FULL_DS.ds);
    assert.equal(keyTag.view.description, '26191');
    assert.equal(algorithm.view.description, '13 · ECDSAP256SHA256');
    assert.equal(digest.view.description, 'SHA256 · 135E5B6C7D8E…');
  });

  it('skips rows for fields the API left out', () => {
    const rows = dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: { key_tag: 2371, key_type: 'ECDSAP256SHA256', ds: '' } });
    assert.deepEqual(
      rows.map(({ key, value }) => [key, value]),
      [
        ['keyTag', '2371'],
        ['algorithm', 'ECDSAP256SHA256'],
      ],
    );
  });

  it('names the digest by its type number when the algorithm name is missing', () => {
    const [row] = dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: { digest: 'ABCD', digest_type: '2' } });
    assert.equal(row.value, 'type 2 · ABCD');
    assert.equal(row.view.description, 'type 2 · ABCD');
  });

  it('has no rows unless DNSSEC is on and a DS response is remembered', () => {
    assert.deepEqual(dnssecDetailRows({ name: 'example.com', dnssec: 'off', ds: FULL_DS }), []);
    assert.deepEqual(dnssecDetailRows({ name: 'example.com', dnssec: 'unknown', ds: FULL_DS }), []);
    assert.deepEqual(dnssecDetailRows({ name: 'example.com', dnssec: 'on' }), []);
    assert.deepEqual(dnssecDetailRows({ name: 'example.com', dnssec: 'on', ds: {} }), []);
  });
});

describe("zoneView with the account's zone list", () => {
  const zone = { name: 'example.com', dnssec: 'unknown' as const };
  const cases: [string | undefined, boolean | undefined, string, string][] = [
    ['active', true, 'DNSSEC on', 'zone.dnssec.on'],
    ['pending', true, 'DNSSEC pending: add the DS record at your registrar', 'zone.dnssec.pending'],
    ['pending-disabled', false, 'DNSSEC turning off', 'zone.dnssec.off'],
    ['disabled', false, 'DNSSEC off', 'zone.dnssec.off'],
    [undefined, false, 'DNSSEC off', 'zone.dnssec.off'],
    ['', undefined, 'DNSSEC off', 'zone.dnssec.off'],
  ];
  for (const [status, enabled, description, contextValue] of cases) {
    it(`shows dnssec_status ${JSON.stringify(status)} as "${description}"`, () => {
      const view = zoneView(zone, { enabled: true, dnssec_status: status, dnssec_enabled: enabled });
      assert.deepEqual([view.description, view.contextValue], [description, contextValue]);
    });
  }

  it('shows a dnssec_status named like a property of every object as it came', () => {
    const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const views = words.map((status) => zoneView(zone, { enabled: true, dnssec_status: status, dnssec_enabled: true }));
    assert.deepEqual(
      views.map((view) => [view.description, view.contextValue, view.icon?.id]),
      words.map((status) => [`DNSSEC ${status}`, 'zone.dnssec.on', 'lock']),
    );
    assert.match(unescapeMarkdown(views[1].tooltip ?? ''), /DNSSEC state at Gcore: \*\*__proto__\*\*\./);
  });

  it('says when a zone is disabled, and marks a zone the account no longer has', () => {
    const disabled = zoneView(zone, { enabled: false, dnssec_status: 'active' });
    assert.equal(disabled.description, 'disabled · DNSSEC on');
    assert.match(
      unescapeMarkdown(disabled.tooltip ?? ''),
      /The zone is \*\*disabled\*\* at Gcore: its name servers do not answer for it\. Its records are kept; \*\*Enable Zone\*\* serves it again\./,
    );
    const gone = zoneView(zone, undefined, true);
    assert.deepEqual([gone.description, gone.contextValue], ['not in the account', 'zone.gone']);
  });
});

describe('zoneView of a disabled zone', () => {
  const zone = { name: 'example.com', dnssec: 'unknown' as const };
  const cases: [string | undefined, boolean | undefined, string][] = [
    ['active', true, 'zone.dnssec.on.disabled'],
    ['pending', true, 'zone.dnssec.pending.disabled'],
    ['disabled', false, 'zone.dnssec.off.disabled'],
    ['constructor', true, 'zone.dnssec.on.disabled'],
  ];
  for (const [status, dnssecEnabled, contextValue] of cases) {
    it(`adds .disabled to the context value of DNSSEC ${String(status)}, which menus offer Enable Zone on`, () => {
      assert.equal(zoneView(zone, { enabled: false, dnssec_status: status, dnssec_enabled: dnssecEnabled }).contextValue, contextValue);
      assert.equal(
        zoneView(zone, { enabled: true, dnssec_status: status, dnssec_enabled: dnssecEnabled }).contextValue,
        contextValue.replace(/\.disabled$/, ''),
      );
    });
  }

  it('adds nothing when the list does not say enabled is false, or there is no list', () => {
    assert.equal(zoneView(zone, { enabled: null, dnssec_status: 'active' }).contextValue, 'zone.dnssec.on');
    assert.equal(zoneView({ name: 'example.com', dnssec: 'on' }).contextValue, 'zone.dnssec.on');
  });

  it('still shows the DS record rows of a disabled zone whose DNSSEC is on', () => {
    const node = zoneNode(
      { name: 'example.com', dnssec: 'on', ds: FULL_DS },
      { name: 'example.com', enabled: false, dnssec_status: 'active' },
    );
    assert.equal(node.view.contextValue, 'zone.dnssec.on.disabled');
    assert.deepEqual(
      node.details.map((row) => row.key),
      ['ds', 'keyTag', 'algorithm', 'digest', 'dnskey'],
    );
    const pending = zoneNode(
      { name: 'example.com', dnssec: 'unknown' },
      { name: 'example.com', enabled: false, dnssec_status: 'pending', dnssec_enabled: true },
    );
    assert.equal(pending.dsToLoad, true);
    assert.equal(pending.view.collapsible, 'collapsed');
  });
});

describe('zoneAtGcoreSummary', () => {
  it("says what the zone's row says of every DNSSEC state, served or disabled, and whether the row counts DNSSEC as on", () => {
    const zone = { name: 'example.com', dnssec: 'off' as const };
    const statuses = ['active', 'pending', 'pending-disabled', 'disabled', 'never', undefined, '', 'constructor'];
    for (const status of statuses) {
      for (const dnssecEnabled of [true, false, undefined]) {
        for (const enabled of [true, false, null]) {
          const atGcore = { enabled, dnssec_status: status, dnssec_enabled: dnssecEnabled };
          const view = zoneView(zone, atGcore);
          assert.deepEqual(
            zoneAtGcoreSummary(atGcore),
            { description: view.description, dnssecOn: DNSSEC_ON_CONTEXTS.has(view.contextValue) },
            JSON.stringify(atGcore),
          );
        }
      }
    }
    assert.deepEqual(zoneAtGcoreSummary({ enabled: false, dnssec_status: 'pending' }), {
      description: 'disabled · DNSSEC pending: add the DS record at your registrar',
      dnssecOn: true,
    });
  });
});
