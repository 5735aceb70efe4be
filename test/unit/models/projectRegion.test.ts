import * as assert from 'node:assert/strict';
import { projectRegionKey } from '../../../src/core/projectRegion';
import {
  PROJECT_ID_FIELD,
  PROJECT_REGION_FIELDS,
  validateProjectRegion,
  withLocation,
  withoutLocation,
} from '../../../src/models/projectRegion';
import { checkFieldText } from '../../../src/validation/fieldChecks';
import type { ProjectRegion } from '../../../src/models/projectRegion';
import { assertProblems, assertValid, label } from '../validation/expectations';
import type { ExpectedProblem } from '../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

describe('validateProjectRegion', () => {
  const valid: { input: object; expected?: ProjectRegion }[] = [
    { input: { projectId: 1, regionId: 2 } },
    { input: { projectId: 123, regionId: 45, label: 'Prod' } },
    { input: { projectId: Number.MAX_SAFE_INTEGER, regionId: 1 } },
    { input: { projectId: 1, regionId: 2, label: ' Prod ' }, expected: { projectId: 1, regionId: 2, label: 'Prod' } },
    { input: { projectId: 1, regionId: 2, label: '' }, expected: { projectId: 1, regionId: 2 } },
    { input: { projectId: 1, regionId: 2, label: '   ' }, expected: { projectId: 1, regionId: 2 } },
    { input: { projectId: 1, regionId: 2, label: 'x'.repeat(100) } },
    { input: { projectId: 1, regionId: 2, label: undefined }, expected: { projectId: 1, regionId: 2 } },
  ];
  for (const row of valid) {
    it(`accepts ${label(row.input)}`, () => assertValid(validateProjectRegion(row.input), row.expected ?? (row.input as ProjectRegion)));
  }

  const invalid: { input: unknown; problems: ExpectedProblem[] }[] = [
    { input: null, problems: [p('', /must be an object such as/)] },
    { input: '1/2', problems: [p('', /must be an object/)] },
    { input: [1, 2], problems: [p('', /must be an object/)] },
    { input: {}, problems: [p('projectId', /is required/), p('regionId', /is required/)] },
    { input: { projectId: 1 }, problems: [p('regionId', /is required/)] },
    { input: { regionId: 1 }, problems: [p('projectId', /is required/)] },
    ...['projectId', 'regionId'].flatMap((field) => {
      const other = field === 'projectId' ? 'regionId' : 'projectId';
      return [
        { input: { [other]: 1, [field]: 0 }, problems: [p(field, /^must be at least 1$/)] },
        { input: { [other]: 1, [field]: -5 }, problems: [p(field, /^must be at least 1$/)] },
        { input: { [other]: 1, [field]: 1.5 }, problems: [p(field, /^must be a whole number$/)] },
        { input: { [other]: 1, [field]: '1' }, problems: [p(field, /^must be a whole number$/)] },
        { input: { [other]: 1, [field]: NaN }, problems: [p(field, /^must be a whole number$/)] },
        { input: { [other]: 1, [field]: Infinity }, problems: [p(field, /^must be a whole number$/)] },
        { input: { [other]: 1, [field]: null }, problems: [p(field, /^must be a whole number$/)] },
        { input: { [other]: 1, [field]: 2 ** 53 }, problems: [p(field, /^must be at most 9007199254740991$/)] },
      ];
    }),
    { input: { projectId: 1, regionId: 2, label: 'x'.repeat(101) }, problems: [p('label', /at most 100 characters/)] },
    { input: { projectId: 1, regionId: 2, label: 5 }, problems: [p('label', /^must be a string$/)] },
    { input: { projectId: 1, regionId: 2, label: null }, problems: [p('label', /^must be a string$/)] },
    { input: { projectId: 1, regionId: 2, name: 'x' }, problems: [p('name', /^unknown field$/)] },
    {
      input: { projectId: 0, regionId: '2', extra: true },
      problems: [p('projectId', /at least 1/), p('regionId', /whole number/), p('extra', /unknown field/)],
    },
  ];
  for (const row of invalid) {
    it(`refuses ${label(row.input)}`, () => assertProblems(validateProjectRegion(row.input), row.problems));
  }
});

describe('PROJECT_REGION_FIELDS', () => {
  it('matches the gcore.locations setting: two required positive ids and a label of up to 100 characters', () => {
    assert.deepEqual(
      PROJECT_REGION_FIELDS.map((s) => [s.name, s.kind, s.required === true]),
      [
        ['projectId', 'integer', true],
        ['regionId', 'integer', true],
        ['label', 'string', false],
      ],
    );
  });
});

describe('the project and region ID boxes (checkFieldText with PROJECT_ID_FIELD)', () => {
  const rows: { text: string; message?: RegExp }[] = [
    { text: '1' },
    { text: ' 42 ' },
    { text: '007' },
    { text: '9007199254740991' },
    { text: '0', message: /^must be at least 1$/ },
    { text: '-3', message: /^must be at least 1$/ },
    { text: '9007199254740992', message: /^must be at most 9007199254740991$/ },
    { text: '1.5', message: /^must be a whole number$/ },
    { text: '1e3', message: /^must be a whole number$/ },
    { text: '0x10', message: /^must be a whole number$/ },
    { text: '+1', message: /^must be a whole number$/ },
    { text: 'abc', message: /^must be a whole number$/ },
    { text: '', message: /^must be a whole number$/ },
  ];
  for (const row of rows) {
    it(label(row.text), () => {
      const message = checkFieldText(PROJECT_ID_FIELD, row.text);
      if (row.message === undefined) {
        assert.equal(message, undefined);
      } else {
        assert.match(message ?? '<undefined>', row.message);
      }
    });
  }
});

describe('projectRegionKey', () => {
  const rows = [
    { loc: { projectId: 123, regionId: 45 }, key: '123/45' },
    { loc: { projectId: 1, regionId: 1 }, key: '1/1' },
    { loc: { projectId: 7, regionId: 76, label: 'Prod' }, key: '7/76' },
  ];
  for (const row of rows) {
    it(`${label(row.loc)} → ${row.key}`, () => assert.equal(projectRegionKey(row.loc), row.key));
  }
});

describe('editing gcore.locations: only the entry concerned changes', () => {
  // What a user may have written: a field the extension does not read, a duplicate with its own label,
  // an entry it cannot read, and a label in a later position.
  const written = [
    { projectId: 1, regionId: 76, label: 'Prod', note: 'main account' },
    { projectId: 1, regionId: 76, label: 'Prod again' },
    { projectId: 'two', regionId: 3 },
    { projectId: 5, regionId: 8, label: 'Lab' },
  ];

  it('adds a new location at the end, keeping every other entry as written', () => {
    const next = withLocation(written, { projectId: 9, regionId: 76, label: 'New' });
    assert.equal(next.added, true);
    assert.deepEqual(next.entries, [...written, { projectId: 9, regionId: 76, label: 'New' }]);
  });

  it('relabels the first entry of a location already there, keeping its other fields and the duplicate', () => {
    const next = withLocation(written, { projectId: 1, regionId: 76, label: 'Production' });
    assert.equal(next.added, false);
    assert.deepEqual(next.entries, [{ projectId: 1, regionId: 76, label: 'Production', note: 'main account' }, ...written.slice(1)]);
    assert.deepEqual(
      withLocation(written, { projectId: 5, regionId: 8 }).entries[3],
      { projectId: 5, regionId: 8 },
      'no label given: none kept',
    );
  });

  it('removes every entry of the location and nothing else', () => {
    const next = withoutLocation(written, { projectId: 1, regionId: 76 });
    assert.equal(next.removed, true);
    assert.deepEqual(next.entries, written.slice(2));
    assert.deepEqual(withoutLocation(written, { projectId: 4, regionId: 4 }), { entries: written, removed: false });
  });

  it('starts a list when the setting holds none', () => {
    assert.deepEqual(withLocation(undefined, { projectId: 1, regionId: 2 }), { entries: [{ projectId: 1, regionId: 2 }], added: true });
    assert.deepEqual(withoutLocation('not a list', { projectId: 1, regionId: 2 }), { entries: [], removed: false });
  });
});
