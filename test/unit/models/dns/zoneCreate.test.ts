import * as assert from 'node:assert/strict';
import { checkFieldText } from '../../../../src/validation/fieldChecks';
import {
  ZONE_CREATE_FIELDS,
  normalizeZoneName,
  validateZoneCreate,
  ZONE_NAME_FIELD,
  zoneNameForDisplay,
} from '../../../../src/models/dns/zoneCreate';
import type { ZoneCreate } from '../../../../src/models/dns/zoneCreate';
import { assertProblems, assertValid, label } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const a = (n: number) => 'a'.repeat(n);
const b = (n: number) => 'b'.repeat(n);
// 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 characters.
const name253 = `${a(63)}.${b(63)}.${a(63)}.${b(61)}`;
const name254 = `${a(63)}.${b(63)}.${a(63)}.${b(62)}`;

describe('normalizeZoneName', () => {
  const valid: { input: string; expected: string }[] = [
    { input: 'example.com', expected: 'example.com' },
    { input: 'Example.COM', expected: 'example.com' },
    { input: 'example.com.', expected: 'example.com' },
    { input: '  example.com.  ', expected: 'example.com' },
    { input: '\texample.com\n', expected: 'example.com' },
    { input: 'sub.example.co.uk', expected: 'sub.example.co.uk' },
    { input: 'a--b.example', expected: 'a--b.example' },
    { input: '1.168.192.in-addr.arpa', expected: '1.168.192.in-addr.arpa' },
    { input: 'bücher.de', expected: 'xn--bcher-kva.de' },
    { input: 'BÜCHER.de.', expected: 'xn--bcher-kva.de' },
    { input: 'xn--bcher-kva.de', expected: 'xn--bcher-kva.de' },
    { input: 'XN--BCHER-KVA.DE', expected: 'xn--bcher-kva.de' },
    { input: 'пример.рф', expected: 'xn--e1afmkfd.xn--p1ai' },
    { input: `${a(63)}.com`, expected: `${a(63)}.com` },
    { input: name253, expected: name253 },
    { input: `${name253}.`, expected: name253 },
  ];
  for (const row of valid) {
    it(`accepts ${label(row.input)}`, () => assertValid(normalizeZoneName(row.input), row.expected));
  }

  const invalid: { input: unknown; messages: RegExp[] }[] = [
    { input: '', messages: [/^must not be empty$/] },
    { input: '   ', messages: [/^must not be empty$/] },
    { input: '.', messages: [/domain name such as example\.com/] },
    { input: 'com', messages: [/at least two labels/] },
    { input: 'localhost.', messages: [/at least two labels/] },
    { input: 'example.com..', messages: [/empty label/] },
    { input: '.example.com', messages: [/empty label/] },
    { input: 'example..com', messages: [/empty label/] },
    { input: 'x-.com', messages: [/^label 'x-' must not end with a hyphen$/] },
    { input: '-x.com', messages: [/^label '-x' must not start with a hyphen$/] },
    { input: 'a_b.com', messages: [/label 'a_b' may contain only letters, digits and hyphens/] },
    { input: 'a b.com', messages: [/label 'a b' may contain only letters, digits and hyphens/] },
    { input: 'exa*mple.com', messages: [/label 'exa\*mple'/] },
    { input: '*.example.com', messages: [/label '\*'/] },
    { input: `${a(64)}.com`, messages: [/^label 'a{20}…' must be at most 63 characters \(has 64\)$/] },
    { input: name254, messages: [/at most 253 characters \(has 254\)/] },
    { input: '1.2.3.4', messages: [/top-level label '4' must not be all digits/] },
    { input: 'example.123', messages: [/top-level label '123' must not be all digits/] },
    { input: '１.２.３.４', messages: [/top-level label '4' must not be all digits/] },
    { input: 'xn--zz.com', messages: [/label 'xn--zz' is not valid punycode/] },
    { input: 'bü cher.de', messages: [/not a valid internationalized domain name/] },
    { input: 'example.com/path', messages: [/label 'com\/path'/] },
    {
      input: '-a-.b_c.123',
      messages: [
        /label '-a-' must not start with a hyphen/,
        /label '-a-' must not end with a hyphen/,
        /label 'b_c' may contain only/,
        /top-level label '123'/,
      ],
    },
    { input: 5, messages: [/^must be a string$/] },
    { input: null, messages: [/^must be a string$/] },
    { input: { name: 'example.com' }, messages: [/^must be a string$/] },
    { input: undefined, messages: [/^is required$/] },
  ];
  for (const row of invalid) {
    it(`refuses ${label(row.input)}`, () => {
      assertProblems(
        normalizeZoneName(row.input),
        row.messages.map((message) => ({ field: 'name', message })),
      );
    });
  }

  it('names the field it is given', () => {
    assertProblems(normalizeZoneName('x-.com', 'zoneName'), [{ field: 'zoneName', message: /end with a hyphen/ }]);
  });
});

describe('the zone name box (checkFieldText with ZONE_NAME_FIELD)', () => {
  const rows: { text: string; message?: RegExp }[] = [
    { text: 'example.com' },
    { text: 'Bücher.de.' },
    { text: '', message: /must not be empty/ },
    { text: 'x-.com', message: /label 'x-' must not end with a hyphen/ },
    { text: '-x-.com', message: /start with a hyphen; label '-x-' must not end with a hyphen/ },
  ];
  for (const row of rows) {
    it(label(row.text), () => {
      const message = checkFieldText(ZONE_NAME_FIELD, row.text);
      if (row.message === undefined) {
        assert.equal(message, undefined);
      } else {
        assert.match(message ?? '<undefined>', row.message);
      }
    });
  }
});

describe('zoneNameForDisplay', () => {
  const rows = [
    { ascii: 'xn--bcher-kva.de', shown: 'bücher.de' },
    { ascii: 'xn--e1afmkfd.xn--p1ai', shown: 'пример.рф' },
    { ascii: 'example.com', shown: 'example.com' },
    { ascii: 'xn--zz.com', shown: 'xn--zz.com' },
  ];
  for (const row of rows) {
    it(`${row.ascii} → ${row.shown}`, () => assert.equal(zoneNameForDisplay(row.ascii), row.shown));
  }
});

describe('validateZoneCreate', () => {
  const valid: { input: object; expected?: ZoneCreate }[] = [
    { input: { name: 'example.com' } },
    { input: { name: 'Example.COM.' }, expected: { name: 'example.com' } },
    {
      input: {
        name: 'bücher.de',
        contact: ' Admin@Example.COM ',
        enabled: false,
        expiry: 0,
        meta: { owner: 'team-a', count: 1, nested: { list: [1, 'x', null, true, { deep: 2.5 }] } },
        nx_ttl: 4294967295,
        primary_server: 'NS1.Example.com.',
        refresh: 3600,
        retry: 600,
        serial: 2024010101,
      },
      expected: {
        name: 'xn--bcher-kva.de',
        contact: 'Admin@example.com',
        enabled: false,
        expiry: 0,
        meta: { owner: 'team-a', count: 1, nested: { list: [1, 'x', null, true, { deep: 2.5 }] } },
        nx_ttl: 4294967295,
        primary_server: 'ns1.example.com',
        refresh: 3600,
        retry: 600,
        serial: 2024010101,
      },
    },
    { input: { name: 'example.com', enabled: true } },
    { input: { name: 'example.com', contact: 'a@b.c' } },
    { input: { name: 'example.com', contact: 'a@bücher.de' }, expected: { name: 'example.com', contact: 'a@xn--bcher-kva.de' } },
    { input: { name: 'example.com', contact: 'first.last+dns@example.com' } },
    { input: { name: 'example.com', meta: {} } },
    { input: { name: 'example.com', serial: undefined }, expected: { name: 'example.com' } },
  ];
  for (const row of valid) {
    it(`accepts ${label(row.input)}`, () => assertValid(validateZoneCreate(row.input), row.expected ?? (row.input as ZoneCreate)));
  }

  it('accepts meta values that share an object without a cycle', () => {
    const shared = { x: 1 };
    assert.ok(validateZoneCreate({ name: 'example.com', meta: { a: shared, b: shared } }).ok);
  });

  const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const unsignedFields = ['expiry', 'nx_ttl', 'refresh', 'retry', 'serial'];
  const invalid: { name?: string; input: unknown; problems: ExpectedProblem[] }[] = [
    { input: 'example.com', problems: [p('', /must be an object with at least a name/)] },
    { input: null, problems: [p('', /must be an object/)] },
    { input: [], problems: [p('', /must be an object/)] },
    { input: {}, problems: [p('name', /is required/)] },
    { input: { enabled: true }, problems: [p('name', /is required/)] },
    { input: { name: 'example.com', ttl: 300 }, problems: [p('ttl', /^unknown field$/)] },
    { input: { name: '' }, problems: [p('name', /must not be empty/)] },
    {
      input: { name: 'x-', expiry: -1, nope: 1 },
      problems: [
        p('name', /at least two labels/),
        p('name', /label 'x-' must not end with a hyphen/),
        p('expiry', /between 0 and 4294967295/),
        p('nope', /unknown field/),
      ],
    },
    ...unsignedFields.flatMap((field) => [
      { input: { name: 'example.com', [field]: -1 }, problems: [p(field, /between 0 and 4294967295/)] },
      { input: { name: 'example.com', [field]: 4294967296 }, problems: [p(field, /between 0 and 4294967295/)] },
      { input: { name: 'example.com', [field]: 1.5 }, problems: [p(field, /^must be a whole number$/)] },
      { input: { name: 'example.com', [field]: '60' }, problems: [p(field, /^must be a whole number$/)] },
      { input: { name: 'example.com', [field]: NaN }, problems: [p(field, /^must be a whole number$/)] },
      { input: { name: 'example.com', [field]: Infinity }, problems: [p(field, /^must be a whole number$/)] },
      { input: { name: 'example.com', [field]: null }, problems: [p(field, /^must be a whole number$/)] },
    ]),
    { input: { name: 'example.com', enabled: 'true' }, problems: [p('enabled', /^must be true or false$/)] },
    { input: { name: 'example.com', enabled: null }, problems: [p('enabled', /^must be true or false$/)] },
    {
      input: { name: 'example.com', contact: 'hostmaster.example.com' },
      problems: [p('contact', /e-mail address such as hostmaster@example\.com/)],
    },
    { input: { name: 'example.com', contact: '@example.com' }, problems: [p('contact', /e-mail address/)] },
    { input: { name: 'example.com', contact: 'a b@example.com' }, problems: [p('contact', /e-mail address/)] },
    { input: { name: 'example.com', contact: 'a@' }, problems: [p('contact', /domain must not be empty/)] },
    { input: { name: 'example.com', contact: '' }, problems: [p('contact', /must not be empty/)] },
    { input: { name: 'example.com', contact: 'a@x-.com' }, problems: [p('contact', /domain label 'x-' must not end with a hyphen/)] },
    { input: { name: 'example.com', contact: 'a@localhost' }, problems: [p('contact', /domain must have at least two labels/)] },
    {
      input: { name: 'example.com', contact: `${a(65)}@example.com` },
      problems: [p('contact', /before '@' must be at most 64 characters/)],
    },
    { input: { name: 'example.com', contact: `${a(64)}@${name253}` }, problems: [p('contact', /at most 254 characters/)] },
    { input: { name: 'example.com', contact: 5 }, problems: [p('contact', /^must be a string$/)] },
    { input: { name: 'example.com', contact: null }, problems: [p('contact', /^must be a string$/)] },
    { input: { name: 'example.com', primary_server: 'ns1' }, problems: [p('primary_server', /at least two labels/)] },
    { input: { name: 'example.com', primary_server: 'ns_1.example.com' }, problems: [p('primary_server', /label 'ns_1'/)] },
    { input: { name: 'example.com', primary_server: '' }, problems: [p('primary_server', /must not be empty/)] },
    { input: { name: 'example.com', meta: [] }, problems: [p('meta', /^must be an object$/)] },
    { input: { name: 'example.com', meta: 'x' }, problems: [p('meta', /^must be an object$/)] },
    { input: { name: 'example.com', meta: null }, problems: [p('meta', /^must be an object$/)] },
    { input: { name: 'example.com', meta: { a: undefined } }, problems: [p('meta.a', /JSON value/)] },
    {
      input: { name: 'example.com', meta: { a: NaN, b: 'ok', c: Infinity } },
      problems: [p('meta.a', /JSON value/), p('meta.c', /JSON value/)],
    },
    {
      name: 'a function deep in meta',
      input: { name: 'example.com', meta: { a: { b: [1, () => 1] } } },
      problems: [p('meta.a.b.1', /JSON value/)],
    },
    { name: 'a Date in meta', input: { name: 'example.com', meta: { d: new Date(0) } }, problems: [p('meta.d', /JSON value/)] },
    { name: 'a bigint in meta', input: { name: 'example.com', meta: { n: 1n } }, problems: [p('meta.n', /JSON value/)] },
    { name: 'a cycle in meta', input: { name: 'example.com', meta: cyclic }, problems: [p('meta.self', /refer back/)] },
  ];
  for (const row of invalid) {
    it(`refuses ${row.name ?? label(row.input)}`, () => assertProblems(validateZoneCreate(row.input), row.problems));
  }
});

describe('ZONE_CREATE_FIELDS', () => {
  it('lists every field of the zone payload, only name required', () => {
    assert.deepEqual(
      ZONE_CREATE_FIELDS.map((s) => s.name),
      ['name', 'contact', 'enabled', 'expiry', 'meta', 'nx_ttl', 'primary_server', 'refresh', 'retry', 'serial'],
    );
    assert.deepEqual(
      ZONE_CREATE_FIELDS.filter((s) => s.required).map((s) => s.name),
      ['name'],
    );
  });

  it('gives the unsigned 32-bit range to every integer field', () => {
    for (const spec of ZONE_CREATE_FIELDS.filter((s) => s.kind === 'integer')) {
      assert.deepEqual([spec.minimum, spec.maximum], [0, 4294967295], spec.name);
    }
  });
});
