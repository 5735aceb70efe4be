import * as assert from 'node:assert/strict';
import type { ContainerQuota } from '../../../../src/api/containers/containerTypes';
import { quotaUses } from '../../../../src/models/containers/containerQuota';
import { QUOTA_ANSWER } from '../../support/containerQuotaAnswer';

const ANSWER = QUOTA_ANSWER;

const without = (quota: ContainerQuota, ...keys: string[]): ContainerQuota =>
  Object.fromEntries(Object.entries(quota).filter(([key]) => !keys.includes(key)));

describe('quotaUses', () => {
  it('reads the three quotas in a fixed order, none exceeded when they fit', () => {
    assert.deepEqual(quotaUses(ANSWER), [
      { key: 'container_count', label: 'Containers', used: 3, requested: 1, limit: 10, exceeded: false },
      { key: 'cpu_count', label: 'CPU', used: 13320, requested: 2280, limit: 40000, exceeded: false },
      { key: 'ram_size', label: 'RAM', used: 20480, requested: 4096, limit: 81920, exceeded: false },
    ]);
  });

  it('keeps the fixed order whatever order the answer comes in', () => {
    const reversed = Object.fromEntries(Object.entries(ANSWER).reverse());
    assert.deepEqual(
      quotaUses(reversed).map((use) => use.key),
      ['container_count', 'cpu_count', 'ram_size'],
    );
  });

  it('reads numbers sent as text', () => {
    const uses = quotaUses({ caas_cpu_count_limit: '40000', caas_cpu_count_usage: ' 13320 ', caas_cpu_count_requested: '2280.5' });
    assert.deepEqual(uses, [{ key: 'cpu_count', label: 'CPU', used: 13320, requested: 2280.5, limit: 40000, exceeded: false }]);
  });

  it('marks a quota exceeded when usage and requested together pass the limit', () => {
    const uses = quotaUses({ ...ANSWER, caas_container_count_usage: 10, caas_cpu_count_usage: 37721 });
    assert.deepEqual(
      uses.map((use) => [use.key, use.exceeded]),
      [
        ['container_count', true],
        ['cpu_count', true],
        ['ram_size', false],
      ],
    );
  });

  it('does not mark a quota exceeded when usage and requested reach the limit exactly', () => {
    const uses = quotaUses({ ...ANSWER, caas_container_count_usage: 9, caas_cpu_count_usage: '37720', caas_ram_size_usage: 77824 });
    assert.deepEqual(
      uses.map((use) => [use.key, use.used + use.requested === use.limit, use.exceeded]),
      [
        ['container_count', true, false],
        ['cpu_count', true, false],
        ['ram_size', true, false],
      ],
    );
  });

  it('marks exceeded a location already past its limit even before the request', () => {
    const [use] = quotaUses({ caas_container_count_limit: 2, caas_container_count_usage: 3, caas_container_count_requested: 0 });
    assert.equal(use.exceeded, true);
  });

  it('leaves out a quota the answer tells only in part', () => {
    for (const missing of ['caas_cpu_count_limit', 'caas_cpu_count_usage', 'caas_cpu_count_requested']) {
      assert.deepEqual(
        quotaUses(without(ANSWER, missing)).map((use) => use.key),
        ['container_count', 'ram_size'],
        missing,
      );
    }
  });

  it('leaves out a quota whose numbers are garbled, never guessing them', () => {
    const garbled: unknown[] = [null, 'many', '', '-5', -5, '1e3', '0x10', Number.NaN, Number.POSITIVE_INFINITY, true, {}, [4]];
    for (const value of garbled) {
      assert.deepEqual(
        quotaUses({ ...ANSWER, caas_ram_size_limit: value }).map((use) => use.key),
        ['container_count', 'cpu_count'],
        String(value),
      );
    }
  });

  it('answers nothing for an answer without any quota, or with other names only', () => {
    assert.deepEqual(quotaUses({}), []);
    assert.deepEqual(quotaUses({ cpu_count_limit: 10, cpu_count_usage: 1, cpu_count_requested: 1, caas_gpu_count_limit: 1 }), []);
  });

  it('reads zero as a number: a zero limit with a request is exceeded', () => {
    assert.deepEqual(quotaUses({ caas_container_count_limit: 0, caas_container_count_usage: 0, caas_container_count_requested: 1 }), [
      { key: 'container_count', label: 'Containers', used: 0, requested: 1, limit: 0, exceeded: true },
    ]);
  });
});
