import * as assert from 'node:assert/strict';
import type { RecordSet } from '../../../../src/api/dns/dnsTypes';
import {
  addedRecordSetBody,
  checkPickers,
  editedRecordSetBody,
  isDynamicRecordSet,
  isRecordEnabled,
  recordSetBody,
  recordSetChanged,
  recordSetChangeLines,
  recordSetPickers,
  recordSetSelection,
  removeRecordValue,
} from '../../../../src/models/dns/recordSets';
import type { FieldProblem } from '../../../../src/validation/problems';
import { assertProblems } from '../../validation/expectations';

/** octoDNS's fixture for Gcore (docs/gcore-api.md#record-sets): a health-checked set with both filters and pickers, a trailing dot, nanoseconds. */
const HEALTH_CHECKED: RecordSet = {
  id: 123456,
  name: 'healthcheck.unit.tests.',
  type: 'A',
  ttl: 30,
  meta: {
    failover: {
      frequency: 60,
      host: 'gcore-test.tld',
      http_status_code: 200,
      method: 'GET',
      path: '/monitor',
      port: 80,
      protocol: 'HTTP',
      regexp: 'ok',
      timeout: 10,
      tls: false,
      url: '/monitor',
    },
  },
  updated_at: 1713802438584317000,
  filter_set_id: 234567,
  filters: [
    { type: 'healthcheck', strict: false },
    { type: 'weighted_shuffle', strict: false },
  ],
  pickers: [
    { type: 'healthcheck', strict: false },
    { type: 'weighted_shuffle', strict: false },
  ],
  resource_records: [
    { id: 8765432, content: ['1.2.3.4'], enabled: true, meta: {} },
    { id: 7654321, content: ['5.6.7.8'], enabled: true, meta: {} },
  ],
};

/** A GeoDNS set linked to a CDN resource, as older answers carry it: `filters` only. */
const GEO: RecordSet = {
  name: 'cdn.example.com',
  type: 'CNAME',
  ttl: 120,
  meta: { geodns_link: 'cdn-resource-42' },
  filters: [{ type: 'geodns', strict: true }, { type: 'default' }, { type: 'first_n', limit: 1 }],
  resource_records: [
    { id: 1, content: ['eu.cdn.example.net.'], enabled: true, meta: { continents: ['EU'], countries: ['DE', 'FR'], notes: 'Europe' } },
    { id: 2, content: ['us.cdn.example.net.'], enabled: true, meta: { continents: ['NA'], weight: 10 } },
    {
      id: 3,
      content: ['any.cdn.example.net.'],
      enabled: false,
      meta: { default: true, backup: true, asn: [13335], latlong: [52.52, 13.4] },
    },
  ],
};

const STATIC_MX: RecordSet = {
  name: 'example.com.',
  type: 'MX',
  ttl: 3600,
  resource_records: [
    { id: 10, content: [10, 'mail.example.com.'], enabled: true, meta: {} },
    { id: 11, content: [20, 'mx2.example.com.'], enabled: true, meta: {} },
  ],
};

describe('dynamic record sets', () => {
  it('tells dynamic sets (pickers, filters or meta.failover) from static ones', () => {
    assert.equal(isDynamicRecordSet(HEALTH_CHECKED), true);
    assert.equal(isDynamicRecordSet(GEO), true);
    assert.equal(isDynamicRecordSet({ resource_records: [], meta: { failover: { protocol: 'TCP', port: 443 } } }), true);
    assert.equal(isDynamicRecordSet(STATIC_MX), false);
    assert.equal(isDynamicRecordSet({ resource_records: [], pickers: [], filters: null, meta: { failover: null } }), false);
  });

  it('reads pickers, or filters where only they are given', () => {
    assert.deepEqual(recordSetPickers(GEO), GEO.filters);
    assert.deepEqual(recordSetPickers({ resource_records: [], pickers: [], filters: [{ type: 'geodns' }] }), [{ type: 'geodns' }]);
    assert.deepEqual(recordSetPickers(STATIC_MX), []);
  });

  it('says what picks the answer, in the pickers’ order', () => {
    assert.equal(recordSetSelection(HEALTH_CHECKED), 'health check (HTTP), weighted');
    assert.equal(recordSetSelection(GEO), 'GeoDNS, default records, first 1');
    assert.equal(recordSetSelection({ resource_records: [], meta: { failover: { protocol: 'ICMP' } } }), 'health check (ICMP)');
    assert.equal(
      recordSetSelection({ resource_records: [], pickers: [{ type: 'geodistance' }, { type: 'asn' }, { type: 'future_picker' }] }),
      'nearest, by ASN, future_picker',
    );
    assert.equal(recordSetSelection({ resource_records: [], pickers: [{ type: 'first_n' }] }), 'first records');
    assert.equal(recordSetSelection(STATIC_MX), undefined);
  });

  it('tells disabled records', () => {
    assert.deepEqual(GEO.resource_records.map(isRecordEnabled), [true, true, false]);
    assert.equal(isRecordEnabled({ content: [], enabled: null }), true);
  });
});

describe('checkPickers', () => {
  it('accepts pickers of any type, with a limit and strict', () => {
    const problems: FieldProblem[] = [];
    assert.deepEqual(checkPickers([{ type: ' geodns ', strict: true }, { type: 'first_n', limit: 1 }, { type: 'healthcheck' }], problems), [
      { type: 'geodns', strict: true },
      { type: 'first_n', limit: 1 },
      { type: 'healthcheck' },
    ]);
    assert.deepEqual(problems, []);
  });

  it('names each bad picker and its field', () => {
    const problems: FieldProblem[] = [];
    checkPickers([{ limit: -1, strict: 'no', extra: 1 }, 'geodns'], problems);
    assertProblems({ ok: false, problems }, [
      { field: 'pickers[0].limit', message: /must be at least 0/ },
      { field: 'pickers[0].strict', message: /true or false/ },
      { field: 'pickers[0].extra', message: /unknown field/ },
      { field: 'pickers[0].type', message: /is required/ },
      { field: 'pickers[1]', message: /must be a picker such as \{ type: 'geodns' \}/ },
    ]);
    const notAList: FieldProblem[] = [];
    checkPickers({ type: 'geodns' }, notAList);
    assertProblems({ ok: false, problems: notAList }, [{ field: 'pickers', message: /must be a list of pickers/ }]);
  });
});

describe('recordSetBody', () => {
  it('sends the TTL, the records without their ids, the set meta and the pickers', () => {
    assert.deepEqual(recordSetBody(HEALTH_CHECKED), {
      ttl: 30,
      meta: HEALTH_CHECKED.meta,
      pickers: [
        { type: 'healthcheck', strict: false },
        { type: 'weighted_shuffle', strict: false },
      ],
      resource_records: [
        { content: ['1.2.3.4'], enabled: true, meta: {} },
        { content: ['5.6.7.8'], enabled: true, meta: {} },
      ],
    });
  });

  it('sends filters as pickers', () => {
    assert.deepEqual(recordSetBody(GEO).pickers, GEO.filters);
  });

  it('sends only the fields given', () => {
    assert.deepEqual(recordSetBody({ resource_records: [{ content: ['203.0.113.1'] }] }), {
      resource_records: [{ content: ['203.0.113.1'] }],
    });
    assert.deepEqual(
      recordSetBody({ ttl: null, meta: null, pickers: null, resource_records: [{ content: ['203.0.113.1'], enabled: null, meta: null }] }),
      {
        resource_records: [{ content: ['203.0.113.1'] }],
      },
    );
  });

  it('sends empty pickers when they are given empty, which makes a set static', () => {
    assert.deepEqual(recordSetBody({ pickers: [], resource_records: [{ content: ['203.0.113.1'] }] }), {
      pickers: [],
      resource_records: [{ content: ['203.0.113.1'] }],
    });
  });
});

describe('editedRecordSetBody', () => {
  it('keeps a dynamic set’s pickers (read from filters), its meta with geodns_link and each kept record’s meta and enabled', () => {
    const body = editedRecordSetBody(GEO, {
      values: [{ content: ['EU.cdn.example.net'] }, { content: ['asia.cdn.example.net.'] }, { content: ['any.cdn.example.net.'] }],
    });
    assert.deepEqual(body, {
      ttl: 120,
      meta: { geodns_link: 'cdn-resource-42' },
      pickers: GEO.filters,
      resource_records: [
        { content: ['EU.cdn.example.net'], enabled: true, meta: { continents: ['EU'], countries: ['DE', 'FR'], notes: 'Europe' } },
        { content: ['asia.cdn.example.net.'] },
        { content: ['any.cdn.example.net.'], enabled: false, meta: { default: true, backup: true, asn: [13335], latlong: [52.52, 13.4] } },
      ],
    });
  });

  it('takes the TTL, enabled and meta the user changed', () => {
    const body = editedRecordSetBody(HEALTH_CHECKED, {
      ttl: 60,
      values: [
        { content: ['1.2.3.4'], enabled: false },
        { content: ['5.6.7.8'], meta: { weight: 5 } },
      ],
    });
    assert.equal(body.ttl, 60);
    assert.deepEqual(body.resource_records, [
      { content: ['1.2.3.4'], enabled: false, meta: {} },
      { content: ['5.6.7.8'], enabled: true, meta: { weight: 5 } },
    ]);
    assert.deepEqual(body.pickers, HEALTH_CHECKED.pickers);
    assert.deepEqual(body.meta, HEALTH_CHECKED.meta);
  });

  it('takes pickers and set meta when the edit gives them', () => {
    const body = editedRecordSetBody(GEO, { values: [{ content: ['eu.cdn.example.net.'] }], pickers: [], meta: { geodns_link: 'other' } });
    assert.deepEqual(body.pickers, []);
    assert.deepEqual(body.meta, { geodns_link: 'other' });
  });

  it('matches each current record once, so a repeated value keeps one record’s meta', () => {
    const body = editedRecordSetBody(GEO, { values: [{ content: ['us.cdn.example.net.'] }, { content: ['us.cdn.example.net.'] }] });
    assert.deepEqual(body.resource_records, [
      { content: ['us.cdn.example.net.'], enabled: true, meta: { continents: ['NA'], weight: 10 } },
      { content: ['us.cdn.example.net.'] },
    ]);
  });
});

describe('addedRecordSetBody and removeRecordValue', () => {
  it('adds the values a set does not hold yet, keeping every record as it is', () => {
    const body = addedRecordSetBody(STATIC_MX, [
      { content: [30, 'mx3.example.com.'] },
      { content: ['10', 'MAIL.example.com'] },
      { content: [30, 'mx3.example.com'] },
    ]);
    assert.deepEqual(body, {
      ttl: 3600,
      resource_records: [
        { content: [10, 'mail.example.com.'], enabled: true, meta: {} },
        { content: [20, 'mx2.example.com.'], enabled: true, meta: {} },
        { content: [30, 'mx3.example.com.'] },
      ],
    });
    assert.equal(addedRecordSetBody(STATIC_MX, [], 300).ttl, 300);
  });

  it('keeps a dynamic set’s pickers and meta when values are added', () => {
    const body = addedRecordSetBody(HEALTH_CHECKED, [{ content: ['9.9.9.9'] }]);
    assert.deepEqual(body.pickers, HEALTH_CHECKED.pickers);
    assert.deepEqual(body.meta, HEALTH_CHECKED.meta);
    assert.equal(body.resource_records.length, 3);
  });

  it('removes one value of several as an update that keeps the rest', () => {
    assert.deepEqual(removeRecordValue(GEO, ['US.cdn.example.net']), {
      kind: 'update',
      body: {
        ttl: 120,
        meta: { geodns_link: 'cdn-resource-42' },
        pickers: GEO.filters,
        resource_records: [
          { content: ['eu.cdn.example.net.'], enabled: true, meta: GEO.resource_records[0].meta },
          { content: ['any.cdn.example.net.'], enabled: false, meta: GEO.resource_records[2].meta },
        ],
      },
    });
  });

  it('deletes the set when its last value goes, and does nothing for a value it does not hold', () => {
    const single: RecordSet = { name: 'www.example.com', type: 'A', ttl: 300, resource_records: [{ content: ['203.0.113.1'] }] };
    assert.deepEqual(removeRecordValue(single, ['203.0.113.1']), { kind: 'delete' });
    assert.deepEqual(removeRecordValue(single, ['203.0.113.2']), { kind: 'absent' });
  });
});

describe('recordSetChanged', () => {
  it('finds no change in an edit that keeps every value, written another way', () => {
    assert.equal(
      recordSetChanged(
        STATIC_MX,
        editedRecordSetBody(STATIC_MX, { values: [{ content: ['10', 'MAIL.example.com'] }, { content: [20, 'mx2.example.com.'] }] }),
      ),
      false,
    );
    assert.equal(
      recordSetChanged(GEO, editedRecordSetBody(GEO, { values: GEO.resource_records.map((record) => ({ content: record.content })) })),
      false,
    );
    assert.equal(recordSetChanged(HEALTH_CHECKED, recordSetBody(HEALTH_CHECKED)), false);
    assert.equal(recordSetChanged(STATIC_MX, addedRecordSetBody(STATIC_MX, [{ content: [20, 'MX2.example.com'] }])), false);
  });

  const changes: { name: string; set: RecordSet; body: () => ReturnType<typeof recordSetBody> }[] = [
    { name: 'the TTL', set: STATIC_MX, body: () => editedRecordSetBody(STATIC_MX, { ttl: 300, values: STATIC_MX.resource_records }) },
    {
      name: 'a priority',
      set: STATIC_MX,
      body: () => editedRecordSetBody(STATIC_MX, { values: [{ content: [5, 'mail.example.com.'] }, STATIC_MX.resource_records[1]] }),
    },
    {
      name: 'the order',
      set: STATIC_MX,
      body: () => editedRecordSetBody(STATIC_MX, { values: [...STATIC_MX.resource_records].reverse() }),
    },
    { name: 'a removed value', set: STATIC_MX, body: () => editedRecordSetBody(STATIC_MX, { values: [STATIC_MX.resource_records[0]] }) },
    {
      name: 'a disabled record',
      set: HEALTH_CHECKED,
      body: () => editedRecordSetBody(HEALTH_CHECKED, { values: [{ content: ['1.2.3.4'], enabled: false }, { content: ['5.6.7.8'] }] }),
    },
    {
      name: 'a record’s meta',
      set: GEO,
      body: () => editedRecordSetBody(GEO, { values: [{ content: ['eu.cdn.example.net.'], meta: {} }, ...GEO.resource_records.slice(1)] }),
    },
    { name: 'the pickers', set: GEO, body: () => editedRecordSetBody(GEO, { values: GEO.resource_records, pickers: [] }) },
    { name: 'the set meta', set: GEO, body: () => editedRecordSetBody(GEO, { values: GEO.resource_records, meta: {} }) },
  ];
  for (const change of changes) {
    it(`sees a change of ${change.name}`, () => assert.equal(recordSetChanged(change.set, change.body()), true));
  }
});

describe('recordSetChangeLines', () => {
  it('shows a new set’s TTL and values', () => {
    assert.deepEqual(
      recordSetChangeLines('MX', undefined, {
        ttl: 300,
        resource_records: [{ content: [10, 'mail.example.com.'] }, { content: [20, 'mx2.example.com.'], enabled: false }],
      }),
      ['TTL 300', '10 mail.example.com.', '20 mx2.example.com. (disabled)'],
    );
    assert.deepEqual(recordSetChangeLines('A', undefined, { resource_records: [{ content: ['203.0.113.1'] }] }), [
      "TTL Gcore's default",
      '203.0.113.1',
    ]);
  });

  it('shows current → new per value and for the TTL', () => {
    const body = editedRecordSetBody(STATIC_MX, {
      ttl: 600,
      values: [{ content: [10, 'mail.example.com.'] }, { content: [30, 'mx3.example.com.'] }, { content: [40, 'mx4.example.com.'] }],
    });
    assert.deepEqual(recordSetChangeLines('MX', STATIC_MX, body), [
      'TTL 3600 → 600',
      '10 mail.example.com. (unchanged)',
      '20 mx2.example.com. → 30 mx3.example.com.',
      '40 mx4.example.com. (added)',
    ]);
  });

  it('lists the values that go, a record disabled, meta and pickers that change', () => {
    const body = editedRecordSetBody(GEO, {
      values: [
        { content: ['eu.cdn.example.net.'], meta: {} },
        { content: ['any.cdn.example.net.'], enabled: true },
      ],
      pickers: [{ type: 'weighted_shuffle' }],
      meta: {},
    });
    assert.deepEqual(recordSetChangeLines('CNAME', GEO, body), [
      'TTL 120 (unchanged)',
      'eu.cdn.example.net. (its metadata changes)',
      'any.cdn.example.net. (enabled again)',
      'us.cdn.example.net. (removed)',
      'What picks the answer: GeoDNS, default records, first 1 → weighted',
      'The set’s metadata changes',
    ]);
  });
});
