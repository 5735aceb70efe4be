import * as assert from 'node:assert/strict';
import type { Container } from '../../../../../src/api/containers/containerTypes';
import { changedFields, currentValue } from '../../../../../src/models/containers/containerUpdate';
import { sameValue } from '../../../../../src/models/jsonDocuments';
import { containerDetailRows, containerRowView, containerTooltip } from '../../../../../src/views/containers/presentation/containerView';
import { updateSummary } from '../../../../../src/views/containers/presentation/updateSummary';
import { unescapeMarkdown } from '../../markdownReading';

/** Gcore's own example container (its CaaS guide), as the API answers it. */
const DOCS_EXAMPLE: Container = {
  name: 'my-container',
  status: 'Ready',
  address: 'https://my-container-180-1186668-caas.caas.k1.frankfurt-2.cloud.gcore.dev/',
  flavor: '80mCPU-128MiB',
  image: 'nginx:latest',
  listening_port: 80,
  is_disabled: false,
  scale: { min: 1, max: 1, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } },
  envs: { APP_ENV: 'staging' },
  deploy_status: { total: 1, ready: 1 },
  created_at: '2026-05-30T20:56:36Z',
};

describe('containerRowView', () => {
  it('shows the status in words, ready/total instances and the image', () => {
    const view = containerRowView(DOCS_EXAMPLE);
    assert.equal(view.label, 'my-container');
    assert.equal(view.description, 'Ready · 1/1 · nginx:latest');
    assert.deepEqual(view.icon, { id: 'pass-filled', color: 'testing.iconPassed' });
    assert.equal(view.contextValue, 'container.withAddress');
  });

  const statuses: [string, string][] = [
    ['Deploying', 'sync~spin'],
    ['Pending', 'clock'],
    ['Disabled', 'circle-slash'],
    ['Error', 'error'],
    ['RUNNING', 'question'],
  ];
  for (const [status, icon] of statuses) {
    it(`shows "${status}" as it came, with the ${icon} icon`, () => {
      const view = containerRowView({ name: 'c', status });
      assert.equal(view.description, status);
      assert.equal(view.icon?.id, icon);
    });
  }

  it('shows a status named like a property of every object as it came, with the neutral icon', () => {
    const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'Constructor'];
    assert.deepEqual(
      words.map((status) => containerRowView({ name: 'c', status })).map((view) => [view.description, view.icon]),
      words.map((status) => [status, { id: 'question' }]),
    );
  });

  it('reads a container with nothing but its name, and keeps environment values out of the hover', () => {
    const bare = containerRowView({ name: 'bare', status: null, deploy_status: null, logging: null, scale: null });
    assert.equal(bare.description, 'Unknown');
    assert.equal(bare.contextValue, 'container');
    const tooltip = unescapeMarkdown(containerTooltip(DOCS_EXAMPLE));
    assert.match(tooltip, /Environment variables \| APP_ENV/);
    assert.ok(!tooltip.includes('staging'), 'an environment value is not shown on hover');
  });
});

describe('containerDetailRows', () => {
  it('lists every field, scale with its triggers, and environment variables by name until asked', () => {
    const rows = containerDetailRows(DOCS_EXAMPLE);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    assert.equal(byKey.get('scale')?.view.description, '1–1 instances · cooldown 60 s · CPU over 80% · memory over 80%');
    assert.equal(byKey.get('created')?.view.description, '2026-05-30 20:56 UTC');
    assert.equal(byKey.get('env/APP_ENV')?.view.description, 'environment variable · value hidden');
    assert.equal(byKey.get('env/APP_ENV')?.value, 'staging');
    assert.equal(
      containerDetailRows(DOCS_EXAMPLE, new Set(['APP_ENV'])).find((row) => row.key === 'env/APP_ENV')?.view.description,
      'staging',
    );
  });

  it('reads timestamps without a trailing Z as UTC, and logging that is null as off', () => {
    const rows = containerDetailRows({ name: 'c', created_at: '2026-06-02T08:14:09', logging: null, timeout: 0 });
    assert.deepEqual(
      rows.map((row) => [row.key, row.view.description]),
      [
        ['status', 'Unknown'],
        ['timeout', '0 s (never scales to zero)'],
        ['logging', 'off'],
        ['created', '2026-06-02 08:14 UTC'],
      ],
    );
  });
});

describe('comparing an update with the container', () => {
  it('takes scale as the update sends it, cooldown and triggers included, and finds the fields that change', () => {
    const scale = { min: 1, max: 1, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };
    assert.deepEqual(currentValue(DOCS_EXAMPLE, 'scale'), scale);
    assert.deepEqual(
      currentValue(
        { ...DOCS_EXAMPLE, scale: { ...scale, burst: 2, triggers: { ...scale.triggers, queue: { depth: 5 } } } as Container['scale'] },
        'scale',
      ),
      scale,
      'parts the update cannot send are left out',
    );
    assert.deepEqual(changedFields({ scale, image: 'nginx:latest', timeout: 30 }, DOCS_EXAMPLE), ['timeout']);
    assert.deepEqual(changedFields({ scale: { min: 1, max: 1 } }, DOCS_EXAMPLE), ['scale'], 'a scale without the triggers would drop them');
    assert.deepEqual(changedFields({ envs: { APP_ENV: 'staging' } }, DOCS_EXAMPLE), []);
    assert.deepEqual(changedFields({ envs: { APP_ENV: 'prod' } }, DOCS_EXAMPLE), ['envs']);
    assert.deepEqual(changedFields({ timeout: 30 }, undefined), ['timeout'], 'without the container, every field counts');
  });

  it('treats null and missing as the same, and compares objects regardless of key order', () => {
    assert.equal(sameValue(null, undefined), true);
    assert.equal(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), true);
    assert.equal(sameValue({ a: 1 }, { a: 1, b: 2 }), false);
    assert.equal(sameValue([1], { 0: 1 }), false);
  });
});

describe('updateSummary', () => {
  it('shows current → new for every change, and only the names of the current environment', () => {
    const scale = {
      min: 2,
      max: 4,
      cooldown_period: 30,
      triggers: { cpu: null, memory: { threshold: 80 }, http: { rate: 50, window: 10 } },
    };
    const summary = updateSummary({ image: 'nginx:1.27', scale, envs: { APP_ENV: 'prod', NEW: 'x' }, pull_secret: 'reg' }, DOCS_EXAMPLE);
    assert.deepEqual(summary.split('\n'), [
      'image: "nginx:latest" → "nginx:1.27"',
      'scale: 1–1 instances · cooldown 60 s · CPU over 80% · memory over 80% → 2–4 instances · cooldown 30 s · memory over 80% · 50 requests per 10 s',
      'envs (replaces all variables): APP_ENV=prod, NEW=x (was: APP_ENV)',
      'pull_secret: not set → "reg"',
    ]);
  });

  it('lists the new values alone without the container, and says when Disabled goes separately', () => {
    assert.equal(
      updateSummary({ timeout: 5, is_disabled: true }),
      'timeout: 5\nis_disabled: true\n\n"is_disabled" is sent in a second request: the API does not accept it together with other fields.',
    );
  });
});
