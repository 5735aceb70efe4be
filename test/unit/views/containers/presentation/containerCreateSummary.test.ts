import * as assert from 'node:assert/strict';
import type { ContainerPrice } from '../../../../../src/api/containers/containerTypes';
import type { ContainerCreate } from '../../../../../src/models/containers/containerCreate';
import {
  createSummary,
  priceText,
  quotaExceededText,
  runSummary,
} from '../../../../../src/views/containers/presentation/containerCreateSummary';
import { QUOTA_ANSWER } from '../../../support/containerQuotaAnswer';

/** Gcore's example create request (its CaaS API reference). */
const DOCS_EXAMPLE: ContainerCreate = {
  name: 'my-container',
  image: 'nginx:latest',
  listening_port: 80,
  flavor: '80mCPU-128MiB',
  scale: { min: 1, max: 1 },
};

const FITS = QUOTA_ANSWER;

const PRICE: ContainerPrice = { currency_code: 'EUR', price_per_hour: 0.0231, price_per_month: 16.86, price_status: 'show' };

describe('priceText', () => {
  const cases: [string, ContainerPrice | undefined, string][] = [
    ['euros by the hour and the month', PRICE, '€0.0231 per hour, €16.86 per month'],
    ['amounts sent as text', { ...PRICE, price_per_hour: '0.0231', price_per_month: ' 16.86 ' }, '€0.0231 per hour, €16.86 per month'],
    ['a large monthly amount', { ...PRICE, price_per_hour: 2.5, price_per_month: 1825 }, '€2.50 per hour, €1,825.00 per month'],
    ['only the hourly amount', { ...PRICE, price_per_month: null }, '€0.0231 per hour'],
    ['only the monthly amount', { ...PRICE, price_per_hour: undefined }, '€16.86 per month'],
    ['a free container', { ...PRICE, price_per_hour: 0, price_per_month: '0' }, '€0.00 per hour, €0.00 per month'],
    ['status hide', { ...PRICE, price_status: 'hide' }, 'not available'],
    ['status error', { ...PRICE, price_status: 'error' }, 'not available'],
    ['status in other letters', { ...PRICE, price_status: 'SHOW' }, 'not available'],
    ['no status', { currency_code: 'EUR', price_per_hour: 0.0231, price_per_month: 16.86 }, 'not available'],
    ['status null', { ...PRICE, price_status: null }, 'not available'],
    ['no amounts', { currency_code: 'EUR', price_status: 'show' }, 'not available'],
    ['amounts that are not numbers', { ...PRICE, price_per_hour: 'n/a', price_per_month: '' }, 'not available'],
    ['amounts that are not finite', { ...PRICE, price_per_hour: Number.NaN, price_per_month: 'Infinity' }, 'not available'],
    ['no price', undefined, 'not available'],
  ];
  for (const [title, price, expected] of cases) {
    it(`${title} → ${expected}`, () => assert.equal(priceText(price), expected));
  }
});

describe('quotaExceededText', () => {
  it('says nothing when the container fits, or when the quota is unknown', () => {
    assert.equal(quotaExceededText(FITS), undefined);
    assert.equal(quotaExceededText(undefined), undefined);
    assert.equal(quotaExceededText({}), undefined);
  });

  it('says nothing when the container fills a quota exactly', () => {
    assert.equal(quotaExceededText({ ...FITS, caas_container_count_usage: 9 }), undefined);
  });

  it('names the quota passed plainly, with what it would reach and what is allowed', () => {
    const text = quotaExceededText({ ...FITS, caas_cpu_count_usage: 38000 });
    assert.equal(
      text,
      'This container does not fit the quota: CPU would reach 40,280 mCPU of 40,000 mCPU allowed. Gcore will refuse it; pick a smaller size or fewer instances, or ask Gcore for a higher quota.',
    );
  });

  it('names each quota passed, in order, and none that fits', () => {
    const text = quotaExceededText({ ...FITS, caas_container_count_usage: 10, caas_ram_size_requested: '65536' }) ?? assert.fail('no text');
    assert.match(text, /Containers would reach 11 of 10 allowed; RAM would reach 86,016 MiB of 81,920 MiB allowed\./);
    assert.ok(!text.includes('CPU'), text);
  });
});

describe('runSummary', () => {
  it('tells the image, port, size and instances of the documented example', () => {
    assert.deepEqual(runSummary(DOCS_EXAMPLE), ['Image: nginx:latest', 'Listening port: 80', 'Size: 80mCPU-128MiB', 'Instances: 1']);
  });

  it('tells a range of instances when the minimum differs from the maximum', () => {
    assert.equal(runSummary({ ...DOCS_EXAMPLE, scale: { min: 0, max: 3 } })[3], 'Instances: 0 to 3');
  });

  it('tells how the instances scale when a cooldown or triggers are set, and nothing when none is', () => {
    const scale = {
      min: 1,
      max: 4,
      cooldown_period: 120,
      triggers: { cpu: { threshold: 70 }, memory: null, http: { rate: 100, window: 60 } },
    };
    assert.deepEqual(runSummary({ ...DOCS_EXAMPLE, scale }).slice(3), [
      'Instances: 1 to 4',
      'Autoscaling: cooldown 120 s · CPU over 70% · 100 requests per 60 s',
    ]);
    assert.equal(runSummary({ ...DOCS_EXAMPLE, scale: { min: 1, max: 4, triggers: { cpu: null, memory: null, http: null } } }).length, 4);
  });

  it('adds each optional field that is set, environment variables by name only', () => {
    const lines = runSummary({
      ...DOCS_EXAMPLE,
      envs: { API_TOKEN: 'hunter2', MODE: 'fast' },
      commands: 'nginx -g "daemon off;"',
      description: 'front page',
      timeout: 0,
      pull_secret: 'ghcr-deploy',
      logging: { enabled: true, topic_name: 'web.logs' },
      is_api_key_auth: true,
      is_disabled: true,
    });
    assert.deepEqual(lines.slice(4), [
      'Environment: API_TOKEN, MODE',
      'Command: nginx -g "daemon off;"',
      'Description: front page',
      'Timeout: 0 s without requests',
      'Pull secret: ghcr-deploy',
      'Logging: on',
      'Requires an API key',
      'Created disabled',
    ]);
    assert.ok(!lines.join('\n').includes('hunter2'), 'an environment value is not shown');
  });

  it('leaves out optional fields that are empty, null, off or false', () => {
    const lines = runSummary({
      ...DOCS_EXAMPLE,
      envs: {},
      commands: '',
      description: null,
      timeout: null,
      pull_secret: null,
      logging: { enabled: false },
      is_api_key_auth: false,
      is_disabled: false,
    });
    assert.equal(lines.length, 4);
  });
});

describe('createSummary', () => {
  it('tells what runs, the quota it uses and the price', () => {
    assert.equal(
      createSummary(DOCS_EXAMPLE, { quota: FITS, price: PRICE }),
      [
        'Image: nginx:latest',
        'Listening port: 80',
        'Size: 80mCPU-128MiB',
        'Instances: 1',
        '',
        'Quota:',
        '  Containers: 3 used + 1 for this container, of 10 allowed',
        '  CPU: 13,320 mCPU used + 2,280 mCPU for this container, of 40,000 mCPU allowed',
        '  RAM: 20,480 MiB used + 4,096 MiB for this container, of 81,920 MiB allowed',
        '',
        'Price: €0.0231 per hour, €16.86 per month',
      ].join('\n'),
    );
  });

  it('says "not available" for the quota and the price when Gcore did not answer them', () => {
    const lines = createSummary(DOCS_EXAMPLE, {}).split('\n');
    assert.deepEqual(lines.slice(4), ['', 'Quota:', '  not available', '', 'Price: not available']);
  });

  it('says "not available" for a quota answer it cannot read, and for a price Gcore says not to show', () => {
    const lines = createSummary(DOCS_EXAMPLE, { quota: { caas_cpu_count_limit: 'lots' }, price: { ...PRICE, price_status: 'hide' } }).split(
      '\n',
    );
    assert.deepEqual(lines.slice(4), ['', 'Quota:', '  not available', '', 'Price: not available']);
  });

  it('shows only the quotas Gcore told in full', () => {
    const { caas_ram_size_usage: _left, ...partial } = FITS;
    const lines = createSummary(DOCS_EXAMPLE, { quota: partial, price: PRICE }).split('\n');
    assert.deepEqual(
      lines.filter((line) => line.startsWith('  ')),
      [
        '  Containers: 3 used + 1 for this container, of 10 allowed',
        '  CPU: 13,320 mCPU used + 2,280 mCPU for this container, of 40,000 mCPU allowed',
      ],
    );
  });

  it('ends with the sentence about an exceeded quota, after the price', () => {
    const quota = { ...FITS, caas_container_count_usage: 10 };
    const lines = createSummary(DOCS_EXAMPLE, { quota, price: PRICE }).split('\n');
    assert.deepEqual(lines.slice(-3), ['Price: €0.0231 per hour, €16.86 per month', '', quotaExceededText(quota)]);
    assert.match(lines[lines.length - 1], /^This container does not fit the quota: Containers would reach 11 of 10 allowed\./);
    assert.equal(lines[6], '  Containers: 10 used + 1 for this container, of 10 allowed');
  });

  it('has no sentence about the quota when the container fits', () => {
    assert.ok(!createSummary(DOCS_EXAMPLE, { quota: FITS, price: PRICE }).includes('does not fit'));
  });
});
