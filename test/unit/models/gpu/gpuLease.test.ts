import * as assert from 'node:assert/strict';
import {
  extendedLease,
  formatLeaseValue,
  leaseFor,
  leaseOf,
  leasePatchBody,
  parseLeaseValue,
  sameLease,
  validateSetGpuLeaseArgs,
} from '../../../../src/models/gpu/gpuLease';

const ID = '058e03b4-c44b-4684-9075-810cb0354467';
const END = Date.parse('2026-11-27T15:00:00Z');

describe('GPU cluster leases', () => {
  it('writes the end to the second in UTC and whether to stop without asking, and reads it back', () => {
    assert.equal(formatLeaseValue({ endMs: END + 999, stopWithoutAsking: false }), 'until=2026-11-27T15:00:00Z;stop=ask');
    assert.equal(formatLeaseValue({ endMs: END, stopWithoutAsking: true }), 'until=2026-11-27T15:00:00Z;stop=auto');
    assert.deepEqual(parseLeaseValue('until=2026-11-27T15:00:00Z;stop=auto'), { endMs: END, stopWithoutAsking: true });
  });

  it("writes and reads a window's claim on the stop at the end, the same lease whoever claimed it", () => {
    const claimed = { endMs: END, stopWithoutAsking: true, claim: '0123456789abcdef' };
    assert.equal(formatLeaseValue(claimed), 'until=2026-11-27T15:00:00Z;stop=auto;claim=0123456789abcdef');
    assert.deepEqual(parseLeaseValue('until=2026-11-27T15:00:00Z;stop=auto;claim=0123456789abcdef'), claimed);
    assert.ok(sameLease(claimed, { endMs: END, stopWithoutAsking: true }));
    assert.ok(!sameLease(claimed, { endMs: END, stopWithoutAsking: false }));
    assert.ok(!sameLease(claimed, { endMs: END + 1000, stopWithoutAsking: true }));
    assert.deepEqual(extendedLease(claimed, END), { endMs: END + 3_600_000, stopWithoutAsking: true }, 'an extended lease is unclaimed');
    for (const value of [
      'until=2026-11-27T15:00:00Z;stop=auto;claim=',
      'until=2026-11-27T15:00:00Z;stop=auto;claim=0123456789ABCDEF',
      'until=2026-11-27T15:00:00Z;stop=auto;claim=0123456789abcdef0',
      'until=2026-11-27T15:00:00Z;claim=0123456789abcdef;stop=auto',
    ]) {
      assert.equal(parseLeaseValue(value), undefined, value);
    }
  });

  it('reads nothing but the exact form of a real time', () => {
    for (const value of [
      '',
      '2026-11-27T15:00:00Z',
      'until=2026-11-27T15:00:00Z',
      'until=2026-11-27T15:00:00Z;stop=yes',
      'until=2026-11-27T15:00:00.000Z;stop=ask',
      'until=2026-11-27T15:00:00+01:00;stop=ask',
      'until=2026-02-30T15:00:00Z;stop=ask',
      ' until=2026-11-27T15:00:00Z;stop=ask',
      'until=2026-11-27T15:00:00Z;stop=ask;extra',
    ]) {
      assert.equal(parseLeaseValue(value), undefined, value);
    }
  });

  it('finds the lease among the tags, tells an unreadable one apart, and none when the tag is absent', () => {
    const tags = (value: string) => [
      { key: 'env', value: 'production', read_only: false },
      { key: 'gcore-vscode-lease', value, read_only: false },
    ];
    assert.deepEqual(leaseOf({ tags: tags('until=2026-11-27T15:00:00Z;stop=ask') }), {
      kind: 'set',
      lease: { endMs: END, stopWithoutAsking: false },
    });
    assert.deepEqual(leaseOf({ tags: tags('tomorrow') }), { kind: 'unreadable', value: 'tomorrow' });
    assert.deepEqual(leaseOf({ tags: [{ key: 'env', value: 'x' }] }), { kind: 'none' });
    assert.deepEqual(leaseOf({ tags: null }), { kind: 'none' });
  });

  it('patches the lease tag alone, null to remove it', () => {
    assert.equal(
      JSON.stringify(leasePatchBody({ endMs: END, stopWithoutAsking: false })),
      '{"tags":{"gcore-vscode-lease":"until=2026-11-27T15:00:00Z;stop=ask"}}',
    );
    assert.equal(JSON.stringify(leasePatchBody(null)), '{"tags":{"gcore-vscode-lease":null}}');
  });

  it('counts a lease from now and extends one by an hour, from now when it is already over', () => {
    assert.deepEqual(leaseFor(END - 2 * 3_600_000 + 400, 2, true), { endMs: END, stopWithoutAsking: true });
    assert.equal(extendedLease({ endMs: END, stopWithoutAsking: false }, END - 60_000).endMs, END + 3_600_000);
    assert.equal(extendedLease({ endMs: END, stopWithoutAsking: false }, END + 60_000).endMs, END + 61 * 60_000);
  });

  it('takes hours from 1 to 720 or null, and refuses anything else naming the field', () => {
    const args = { projectId: 1, regionId: 76, clusterId: ID.toUpperCase() };
    assert.deepEqual(validateSetGpuLeaseArgs({ ...args, hours: 4 }), {
      ok: true,
      value: { ...args, clusterId: ID, hours: 4, kind: 'virtual' },
    });
    assert.equal(validateSetGpuLeaseArgs({ ...args, hours: null }).ok, true);
    for (const hours of [0, 721, 1.5, '2', undefined]) {
      const result = validateSetGpuLeaseArgs({ ...args, hours });
      assert.equal(result.ok, false, String(hours));
      assert.ok(!result.ok && result.problems.some((problem) => problem.field === 'hours'), String(hours));
    }
    const wrong = validateSetGpuLeaseArgs({ ...args, hours: 2, stopWithoutAsking: 'yes' });
    assert.ok(!wrong.ok && wrong.problems[0].field === 'stopWithoutAsking');
  });
});
