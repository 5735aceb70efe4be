import * as assert from 'node:assert/strict';
import {
  CONTAINER_NAME_FIELD,
  CONTAINER_UPDATE_FIELDS,
  validateContainerFieldText,
} from '../../../../src/models/containers/containerUpdate';
import { mapEntryProblem, parseMapEntry } from '../../../../src/ui/fieldPrompts/stringMapPrompt';
import { checkFieldText, findFieldSpec } from '../../../../src/validation/fieldChecks';
import type { StringMapFieldSpec } from '../../../../src/validation/fieldSpec';

/** The environment variables' entry box, checked by the map's spec as the list editor checks it. */
const ENVS = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'envs') as StringMapFieldSpec;
import { label } from '../../validation/expectations';

interface TextRow {
  text: string;
  message?: RegExp;
}

const textValidators: { name: string; validate: (text: string) => string | undefined; rows: TextRow[] }[] = [
  {
    name: 'validateFlavorText',
    validate: (text: string) => validateContainerFieldText('flavor', text),
    rows: [
      { text: '250mCPU-512MiB' },
      { text: '80mCPU-128MB' },
      { text: ' 80mCPU-128MiB ' },
      { text: '', message: /250mCPU-512MiB/ },
      { text: '512MiB-250mCPU', message: /250mCPU-512MiB/ },
      { text: '0.25CPU-512MiB', message: /250mCPU-512MiB/ },
    ],
  },
  {
    name: 'validateTimeoutText',
    validate: (text: string) => validateContainerFieldText('timeout', text),
    rows: [
      { text: '0' },
      { text: '180' },
      { text: ' 60 ' },
      { text: '181', message: /^must be between 0 and 180$/ },
      { text: '-1', message: /^must be between 0 and 180$/ },
      { text: '1.5', message: /^must be a whole number$/ },
      { text: '1e2', message: /^must be a whole number$/ },
      { text: 'abc', message: /^must be a whole number$/ },
      { text: '', message: /^must be a whole number$/ },
    ],
  },
  {
    name: 'validatePortText',
    validate: (text: string) => validateContainerFieldText('listening_port', text),
    rows: [
      { text: '1' },
      { text: '65535' },
      { text: '0', message: /between 1 and 65535/ },
      { text: '65536', message: /between 1 and 65535/ },
      { text: '99999999999999999999', message: /between 1 and 65535/ },
      { text: '0x50', message: /whole number/ },
    ],
  },
  {
    name: 'an environment variable entry (NAME=value)',
    validate: (text) => mapEntryProblem(ENVS, text),
    rows: [
      { text: 'KEY=VALUE' },
      { text: '_key1=' },
      { text: 'A==b' },
      { text: ' A=b' },
      { text: `A=${'x'.repeat(255)}` },
      { text: `A=${'x'.repeat(256)}`, message: /at most 255 characters/ },
      { text: 'KEY', message: /NAME=value/ },
      { text: '', message: /NAME=value/ },
      { text: '=value', message: /name '' must start with a letter or underscore/ },
      { text: '1A=x', message: /name '1A'/ },
      { text: 'MY-VAR=x', message: /name 'MY-VAR'/ },
    ],
  },
  {
    name: 'validateImageText',
    validate: (text: string) => validateContainerFieldText('image', text),
    rows: [{ text: 'nginx:latest' }, { text: '', message: /must not be empty/ }, { text: 'x'.repeat(231), message: /at most 230/ }],
  },
  {
    name: 'validateTopicNameText',
    validate: (text: string) => validateContainerFieldText('logging.topic_name', text),
    rows: [{ text: 'team.logs' }, { text: 'Team.Logs', message: /lower-case/ }, { text: 'x'.repeat(224), message: /at most 223/ }],
  },
  {
    name: 'validateRetentionPeriodText',
    validate: (text: string) => validateContainerFieldText('logging.retention_policy.period', text),
    rows: [{ text: '1' }, { text: '1825' }, { text: '0', message: /between 1 and 1825/ }, { text: '1826', message: /between 1 and 1825/ }],
  },
  {
    name: 'the container name box',
    validate: (text: string) => checkFieldText(CONTAINER_NAME_FIELD, text),
    rows: [{ text: 'my-app' }, { text: 'ab', message: /at least 3/ }, { text: 'my_app', message: /letters, digits, dots and hyphens/ }],
  },
];

for (const { name, validate, rows } of textValidators) {
  describe(name, () => {
    for (const row of rows) {
      it(`${label(row.text)} → ${row.message ?? 'fine'}`, () => {
        const message = validate(row.text);
        if (row.message === undefined) {
          assert.equal(message, undefined);
        } else {
          assert.match(message ?? '<undefined>', row.message);
        }
      });
    }
  });
}

describe('validateContainerFieldText', () => {
  const rows: { path: string; text: string; message?: RegExp }[] = [
    { path: 'description', text: 'x'.repeat(255) },
    { path: 'description', text: 'x'.repeat(256), message: /at most 255/ },
    { path: 'pull_secret', text: 'x'.repeat(401), message: /at most 400/ },
    { path: 'scale.max', text: '0', message: /between 1 and 25/ },
    { path: 'logging.destination_region_id', text: '0', message: /at least 1/ },
  ];
  for (const row of rows) {
    it(`${row.path} ${label(row.text)}`, () => {
      const message = validateContainerFieldText(row.path, row.text);
      if (row.message === undefined) {
        assert.equal(message, undefined);
      } else {
        assert.match(message ?? '<undefined>', row.message);
        assert.ok(!message?.startsWith(row.path), 'input box messages leave the field name out');
      }
    });
  }

  for (const path of ['scale', 'envs', 'is_disabled', 'logging.retention_policy', 'nope', 'image.x']) {
    it(`throws for '${path}', which no text box can edit`, () => {
      assert.throws(() => validateContainerFieldText(path, '1'), /not a text field/);
    });
  }
});

describe('parseMapEntry', () => {
  const rows: { text: string; expected: { key: string; value: string } | undefined }[] = [
    { text: 'A=b', expected: { key: 'A', value: 'b' } },
    { text: 'A= b ', expected: { key: 'A', value: ' b ' } },
    { text: ' KEY =v', expected: { key: 'KEY', value: 'v' } },
    { text: 'A==b', expected: { key: 'A', value: '=b' } },
    { text: 'A=', expected: { key: 'A', value: '' } },
    { text: 'noequals', expected: undefined },
  ];
  for (const row of rows) {
    it(label(row.text), () => assert.deepStrictEqual(parseMapEntry(row.text), row.expected));
  }
});
