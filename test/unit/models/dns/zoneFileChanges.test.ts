import * as assert from 'node:assert/strict';
import type { RecordSet } from '../../../../src/api/dns/dnsTypes';
import {
  applyChanges,
  changedEditableSets,
  changeLines,
  cloudflareProxiedChanges,
  cloudflareProxiedNote,
  oneSecondTtlChanges,
  oneSecondTtlNote,
  planZoneFile,
  withOneSecondTtlsAs,
} from '../../../../src/models/dns/zoneFileChanges';
import { readZoneFileSets } from '../../../../src/models/dns/zoneFileDocument';
import type { ZoneFileSet } from '../../../../src/models/dns/zoneFile/zoneFileSets';

const ZONE = 'example.com';

function atGcore(name: string, type: string, ttl: number, values: unknown[][], extra: Partial<RecordSet> = {}): RecordSet {
  return { name, type, ttl, resource_records: values.map((content) => ({ content, enabled: true, meta: {} })), ...extra };
}

function inFile(name: string, type: string, ttl: number | undefined, values: unknown[][], line = 1): ZoneFileSet {
  return { name, type, ttl, line, records: values.map((content, index) => ({ content, line: line + index })) };
}

const GEODNS = atGcore('cdn.example.com.', 'A', 120, [['198.51.100.10']], { pickers: [{ type: 'geodns' }] });
const CURRENT: RecordSet[] = [
  atGcore('example.com.', 'SOA', 3600, [['ns1.gcorelabs.net.', 'support.gcore.com.', 1, 2, 3, 4, 5]]),
  atGcore('example.com', 'NS', 86400, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']]),
  atGcore('www.example.com', 'A', 300, [['203.0.113.1']]),
  atGcore('mail.example.com', 'A', 300, [['203.0.113.25']]),
  atGcore('old.example.com', 'TXT', 300, [['gone soon']]),
  GEODNS,
];

describe('zone file plans: the smallest set of record-set changes', () => {
  it('in the editor: creates, changes and deletes exactly what differs, and counts the rest as unchanged', () => {
    const plan = planZoneFile(
      ZONE,
      CURRENT,
      [
        inFile('www.example.com', 'A', 300, [['203.0.113.1']]),
        inFile('mail.example.com', 'A', 600, [['203.0.113.26']], 7),
        inFile('ftp.example.com', 'A', 300, [['203.0.113.90']], 9),
      ],
      { deleteMissing: true },
    );
    assert.deepEqual(
      plan.changes.map((change) => [change.kind, change.name, change.type]),
      [
        ['update', 'mail.example.com', 'A'],
        ['create', 'ftp.example.com', 'A'],
        ['delete', 'old.example.com', 'TXT'],
      ],
    );
    assert.equal(plan.unchanged, 1);
    assert.deepEqual(plan.skipped, []);
    // The SOA, the apex NS set and the dynamic set are not the file's to delete.
    assert.ok(!plan.changes.some((change) => change.type === 'SOA' || change.type === 'NS' || change.name.startsWith('cdn')));
    const update = plan.changes[0];
    assert.equal(update.kind, 'update');
    assert.deepEqual(update.kind === 'update' && update.body, { ttl: 600, resource_records: [{ content: ['203.0.113.26'] }] });
  });

  it('keeps the enabled flag and meta of a record whose value stays, and the set’s meta', () => {
    const current = [atGcore('www.example.com', 'A', 300, [['203.0.113.1']], { meta: { notes: 'front door' } })];
    current[0].resource_records[0].meta = { notes: 'primary' };
    const plan = planZoneFile(ZONE, current, [inFile('www.example.com', 'A', 300, [['203.0.113.1'], ['203.0.113.2']])], {
      deleteMissing: true,
    });
    const [change] = plan.changes;
    assert.equal(change.kind, 'update');
    assert.deepEqual(change.kind === 'update' && change.body, {
      ttl: 300,
      resource_records: [{ content: ['203.0.113.1'], enabled: true, meta: { notes: 'primary' } }, { content: ['203.0.113.2'] }],
      meta: { notes: 'front door' },
    });
  });

  it('on import: skips what is outside the zone, the SOA, the apex NS, types not applied here and dynamic sets, each with its line and reason', () => {
    const plan = planZoneFile(
      ZONE,
      CURRENT,
      [
        inFile('example.com', 'SOA', 3600, [], 3),
        inFile('example.com', 'NS', 86400, [['ada.ns.other.example.']], 4),
        inFile('status.example.net', 'A', 300, [['198.51.100.99']], 5),
        inFile('example.com', 'HTTPS', 300, [], 6),
        inFile('cdn.example.com', 'A', 300, [['203.0.113.99']], 7),
        inFile('www.example.com', 'A', 300, [['203.0.113.1']], 8),
      ],
      { deleteMissing: false },
    );
    assert.deepEqual(
      plan.skipped.map((skip) => [skip.name, skip.type, skip.line]),
      [
        ['example.com', 'SOA', 3],
        ['example.com', 'NS', 4],
        ['status.example.net', 'A', 5],
        ['example.com', 'HTTPS', 6],
        ['cdn.example.com', 'A', 7],
      ],
    );
    assert.match(plan.skipped[0].reason, /the SOA is Gcore's and a zone file does not change it .*: this line is not sent/);
    assert.match(
      plan.skipped[1].reason,
      /the zone's NS set at the apex is Gcore's and a zone file does not change it: this line is not sent/,
    );
    assert.deepEqual(
      plan.skipped.map((skip) => skip.gcore ?? false),
      [true, true, false, false, false],
    );
    assert.match(plan.skipped[2].reason, /outside the zone example\.com/);
    assert.match(plan.skipped[4].reason, /at Gcore this set is dynamic \(GeoDNS/);
    assert.deepEqual(plan.changes, []);
    assert.equal(plan.unchanged, 1);
    // Nothing is deleted without deleteMissing: what the file lacks is offered instead (never the SOA, apex NS or dynamic sets).
    assert.deepEqual(
      plan.missing.map((set) => `${set.name} ${set.type}`),
      ['mail.example.com A', 'old.example.com TXT'],
    );
  });

  it("counts the file's SOA and apex NS set as unchanged when they say what Gcore holds, the SOA's serial aside, and skips them when not", () => {
    const soa = (serial: number, minimum: number) => ['ns1.gcorelabs.net.', 'SUPPORT.gcore.com', serial, 2, 3, 4, minimum];
    const plan = (file: ZoneFileSet[]) => planZoneFile(ZONE, CURRENT, file, { deleteMissing: true });
    const same = plan([
      inFile('example.com', 'SOA', 3600, [soa(99, 5)]),
      inFile('example.com', 'NS', 86400, [['ns2.gcdn.services'], ['NS1.gcorelabs.net.']], 2),
    ]);
    assert.deepEqual([same.skipped, same.changes.map((change) => change.kind), same.unchanged], [[], ['delete', 'delete', 'delete'], 2]);
    const changed = plan([
      inFile('example.com', 'SOA', 3600, [soa(1, 60)]),
      inFile('example.com', 'NS', 86400, [['ns1.gcorelabs.net.']], 2),
      {
        ...inFile('example.com', 'NS', undefined, [['ns1.gcorelabs.net.'], ['ns2.gcdn.services.']], 3),
        name: 'EXAMPLE.com',
        defaultTtl: 300,
      },
    ]);
    assert.deepEqual(
      changed.skipped.map((skip) => [skip.type, skip.line, skip.gcore]),
      [
        ['SOA', 1, true],
        ['NS', 2, true],
        ['NS', 3, true],
      ],
    );
    assert.ok(!changed.changes.some((change) => change.type === 'SOA' || change.type === 'NS'));
  });

  it('on import with deleteMissing: deletes what the file lacks, except the SOA, the apex NS set and dynamic sets', () => {
    const plan = planZoneFile(ZONE, CURRENT, [inFile('www.example.com', 'A', 300, [['203.0.113.1']])], { deleteMissing: true });
    assert.deepEqual(
      plan.changes.map((change) => `${change.kind} ${change.name} ${change.type}`),
      ['delete mail.example.com A', 'delete old.example.com TXT'],
    );
  });

  it('gives a new set without a TTL of its own the $TTL, and lets an existing one keep its TTL at Gcore', () => {
    const fresh: ZoneFileSet = { ...inFile('new.example.com', 'A', undefined, [['203.0.113.7']]), defaultTtl: 900 };
    const kept: ZoneFileSet = { ...inFile('www.example.com', 'A', undefined, [['203.0.113.1']]), defaultTtl: 900 };
    const plan = planZoneFile(ZONE, CURRENT, [fresh, kept, inFile('mail.example.com', 'A', undefined, [['203.0.113.25']])], {
      deleteMissing: false,
    });
    assert.deepEqual(
      plan.changes.map((change) => [change.name, change.kind !== 'delete' && change.body.ttl]),
      [['new.example.com', 900]],
    );
    assert.equal(plan.unchanged, 2);
  });

  it('refuses, in the editor too, lines for the apex NS set that Gcore manages', () => {
    const plan = planZoneFile(ZONE, CURRENT, [inFile('example.com', 'NS', 86400, [['ns1.other.example.']], 3)], { deleteMissing: true });
    assert.deepEqual(
      plan.skipped.map((skip) => [skip.name, skip.type, skip.line]),
      [['example.com', 'NS', 3]],
    );
  });

  it('names as Gcore writes them (trailing dot, any case) match the file’s', () => {
    const plan = planZoneFile(
      ZONE,
      [atGcore('WWW.Example.com.', 'A', 300, [['203.0.113.1']])],
      [inFile('www.example.com', 'A', 300, [['203.0.113.1']])],
      { deleteMissing: true },
    );
    assert.deepEqual(plan.changes, []);
    assert.equal(plan.unchanged, 1);
  });

  it('tells the sets that changed between two readings, only among those a zone file carries', () => {
    const later = CURRENT.map((set) =>
      set.name === 'mail.example.com' ? { ...set, ttl: 60 } : set.name.startsWith('cdn') ? { ...set, ttl: 1 } : set,
    );
    assert.deepEqual(changedEditableSets(ZONE, CURRENT, [...later, atGcore('new.example.com', 'A', 300, [['203.0.113.7']])]), [
      'mail.example.com A',
      'new.example.com A',
    ]);
    assert.deepEqual(
      changedEditableSets(
        ZONE,
        CURRENT,
        CURRENT.filter((set) => set.name !== 'old.example.com'),
      ),
      ['old.example.com TXT'],
    );
  });

  it('applies changes to a reading, and lists them for a review: created, changed (current → new), deleted', () => {
    const plan = planZoneFile(
      ZONE,
      CURRENT,
      [inFile('mail.example.com', 'A', 600, [['203.0.113.26']]), inFile('ftp.example.com', 'A', 300, [['203.0.113.90']])],
      { deleteMissing: true },
    );
    const after = applyChanges(CURRENT, plan.changes);
    assert.deepEqual(after.map((set) => `${set.name} ${set.type} ${set.ttl}`).sort(), [
      'cdn.example.com. A 120',
      'example.com NS 86400',
      'example.com. SOA 3600',
      'ftp.example.com A 300',
      'mail.example.com A 600',
    ]);
    assert.deepEqual(changeLines(ZONE, plan.changes), [
      'Create ftp A (TTL 300): 203.0.113.90',
      'Change mail A: TTL 300 → 600; 203.0.113.25 → 203.0.113.26',
      'Delete www A: 203.0.113.1',
      'Delete old TXT: gone soon',
    ]);
  });
});

describe('zone file plans: TTLs of 1 second', () => {
  it('points out the sets written with a TTL of 1 second that Gcore does not already hold so (Cloudflare writes 1 for automatic)', () => {
    const current = [atGcore('www.example.com', 'A', 300, [['203.0.113.1']]), atGcore('api.example.com', 'A', 1, [['203.0.113.5']])];
    const plan = planZoneFile(
      ZONE,
      current,
      [
        inFile('www.example.com', 'A', 1, [['203.0.113.1']], 3),
        inFile('api.example.com', 'A', 1, [['203.0.113.6']], 4),
        inFile('new.example.com', 'A', 1, [['203.0.113.7']], 5),
        inFile('ok.example.com', 'A', 300, [['203.0.113.8']], 6),
        { ...inFile('default.example.com', 'A', undefined, [['203.0.113.9']], 7), defaultTtl: 1 },
      ],
      { deleteMissing: false },
    );
    assert.deepEqual(
      oneSecondTtlChanges(plan).map((change) => [change.kind, change.name, change.line]),
      [
        ['update', 'www.example.com', 3],
        ['create', 'new.example.com', 5],
        ['create', 'default.example.com', 7],
      ],
    );
    assert.equal(oneSecondTtlNote(3), '3 record sets get a TTL of 1 second. Cloudflare writes 1 for its automatic TTL (300 seconds).');
    assert.equal(oneSecondTtlNote(1), '1 record set gets a TTL of 1 second. Cloudflare writes 1 for its automatic TTL (300 seconds).');

    const automatic = withOneSecondTtlsAs(plan, 300);
    assert.deepEqual(
      automatic.changes.map((change) => [change.kind, change.name, change.kind === 'delete' ? undefined : change.body.ttl]),
      [
        ['update', 'api.example.com', 1],
        ['create', 'new.example.com', 300],
        ['create', 'ok.example.com', 300],
        ['create', 'default.example.com', 300],
      ],
      'www (300 at Gcore, values the same) is no longer a change; api, at 1 second at Gcore already, keeps it',
    );
    assert.equal(automatic.unchanged, plan.unchanged + 1);
    assert.deepEqual(oneSecondTtlChanges(automatic), []);
    assert.equal(
      plan.changes.filter((change) => change.kind !== 'delete' && change.body.ttl === 1).length,
      4,
      'the plan given is left as it was',
    );
  });

  it('points out nothing when no set is written with a TTL of 1 second', () => {
    const plan = planZoneFile(ZONE, [], [inFile('www.example.com', 'A', 60, [['203.0.113.1']])], { deleteMissing: false });
    assert.deepEqual(oneSecondTtlChanges(plan), []);
  });
});

describe('zone file plans: records Cloudflare proxied', () => {
  it('points out the sets it writes that the export tags proxied, with their lines, and not those Gcore already holds so', () => {
    const text = [
      'www.example.com.\t300\tIN\tA\t203.0.113.2 ; cf_tags=cf-proxied:true',
      'shop.example.com.\t300\tIN\tA\t203.0.113.9 ; cf_tags=cf-proxied:true',
      'shop.example.com.\t300\tIN\tA\t203.0.113.10 ; cf_tags=cf-proxied:false',
      'api.example.com.\t300\tIN\tA\t203.0.113.5 ; cf_tags=cf-proxied:false',
      'mail.example.com.\t300\tIN\tA\t203.0.113.25 ; cf_tags=cf-proxied:true',
    ].join('\n');
    const { sets, problems } = readZoneFileSets(text, ZONE);
    assert.deepEqual(problems, []);
    const plan = planZoneFile(ZONE, CURRENT, sets, { deleteMissing: false });
    // www changes (its value differs from Gcore's), shop is new with one proxied record of two, mail is unchanged.
    assert.deepEqual(
      cloudflareProxiedChanges(plan).map((change) => [change.kind, change.name, change.line]),
      [
        ['update', 'www.example.com', 1],
        ['create', 'shop.example.com', 2],
      ],
    );
    assert.equal(plan.unchanged, 1);
    assert.match(
      cloudflareProxiedNote(2),
      /^2 record sets were proxied by Cloudflare \(cf-proxied:true in the file\)\. Cloudflare answers for such records with its own addresses .* visitors reach it directly, without Cloudflare's proxy/,
    );
    assert.match(cloudflareProxiedNote(1), /^1 record set was proxied by Cloudflare/);
    assert.deepEqual(cloudflareProxiedChanges(withOneSecondTtlsAs(plan, 300)).length, 2, 'a choice of TTL keeps the mark');
  });

  it('points out nothing for a file without the tag', () => {
    const plan = planZoneFile(ZONE, [], [inFile('www.example.com', 'A', 60, [['203.0.113.1']])], { deleteMissing: false });
    assert.deepEqual(cloudflareProxiedChanges(plan), []);
  });
});
