import * as assert from 'node:assert/strict';
import { exceededQuotaLines, resizeMeaning, stopMeaning } from '../../../../../src/views/gpu/presentation/gpuClusterWriteWords';
import { isCapacityFailure } from '../../../../../src/views/gpu/presentation/gpuClusterChangeWords';

describe('what a GPU cluster write says before it is sent', () => {
  it('says a virtual stop erases local disks and may not start again, and a bare-metal one keeps billing', () => {
    assert.match(stopMeaning('virtual', 'a'), /local disks are erased, and billing for the servers stops .* which can fail\.$/);
    assert.match(stopMeaning('baremetal', 'b'), /powers its bare-metal servers off\. .*billing continues/);
  });

  it("lists each quota check_limits says would be exceeded, reading what it does not give as '?'", () => {
    assert.deepEqual(
      exceededQuotaLines({
        gpu_virtual_h100_count_limit: 16,
        gpu_virtual_h100_count_usage: 14,
        gpu_virtual_h100_count_requested: 4,
        floating_count_limit: 2,
      }),
      ['gpu_virtual_h100_count: 14 used + 4 requested, 16 allowed', 'floating_count: ? used + ? requested, 2 allowed'],
    );
    assert.deepEqual(exceededQuotaLines({}), []);
  });

  it('says a bare-metal shrink removes a node Gcore picks, and a growth is billed', () => {
    assert.match(resizeMeaning('baremetal', 'bm', 2, 1), /Gcore picks the bare-metal node it removes/);
    assert.match(resizeMeaning('virtual', 'v', 2, 1), /servers removed are deleted with their local disks/);
    assert.match(resizeMeaning('virtual', 'v', 2, 3), /each added server is billed by the hour/);
  });

  it("reads Gcore's words for a start without capacity", () => {
    assert.ok(isCapacityFailure('Failed to start servers: not enough capacity for flavor x (2 servers needed, 0 available)'));
    assert.ok(isCapacityFailure('No valid host was found. There are not enough hosts available.'));
    assert.ok(isCapacityFailure('The region Luxembourg-2 has reached the limit of flavor g3-ai-32-192-1500-l40s-48-1'));
    assert.ok(!isCapacityFailure('image is gone'));
    assert.ok(!isCapacityFailure('Quota limit for gpu_virtual_l40s_count exceeded by 1'));
  });
});
