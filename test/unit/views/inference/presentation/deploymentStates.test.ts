import * as assert from 'node:assert/strict';
import { deploymentState } from '../../../../../src/views/inference/presentation/deploymentStates';

describe('the states of an inference deployment', () => {
  it('reads Gcore’s status words, in any casing, and keeps others apart', () => {
    assert.deepEqual(
      ['ACTIVE', 'PartiallyDeployed', 'deploying', 'PENDING', 'DISABLED', 'DELETING', 'RESHARDING', undefined].map((status) =>
        deploymentState({ name: 'x', status }),
      ),
      ['active', 'partial', 'deploying', 'scaledToZero', 'stopped', 'deleting', 'other', 'other'],
    );
  });
});
