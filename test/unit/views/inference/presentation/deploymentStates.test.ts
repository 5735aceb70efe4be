import * as assert from 'node:assert/strict';
import type { InferenceDeployment } from '../../../../../src/api/inference/inferenceTypes';
import { deploymentState, isMoving } from '../../../../../src/views/inference/presentation/deploymentStates';

function withRegion(status: string, ready: number, total: number, error?: string): InferenceDeployment {
  return {
    name: 'llama',
    status,
    containers: [{ region_id: 7, scale: { min: 1, max: 2 }, deploy_status: { ready, total }, error_message: error }],
  };
}

describe('the states of an inference deployment', () => {
  it('reads Gcore’s status words, in any casing, and keeps others apart', () => {
    assert.deepEqual(
      ['ACTIVE', 'PartiallyDeployed', 'deploying', 'PENDING', 'DISABLED', 'DELETING', 'RESHARDING', undefined].map((status) =>
        deploymentState({ name: 'x', status }),
      ),
      ['active', 'partial', 'deploying', 'scaledToZero', 'stopped', 'deleting', 'other', 'other'],
    );
  });

  it('moves while deploying or deleting, or while a region’s pods come up without an error', () => {
    assert.equal(isMoving({ name: 'x', status: 'DEPLOYING' }), true);
    assert.equal(isMoving({ name: 'x', status: 'DELETING' }), true);
    assert.equal(isMoving(withRegion('ACTIVE', 1, 2)), true);
    assert.equal(isMoving(withRegion('ACTIVE', 2, 2)), false);
    assert.equal(isMoving(withRegion('PARTIALLYDEPLOYED', 0, 1, 'ImagePullBackOff')), false, 'an error waits for a change');
    assert.equal(isMoving(withRegion('PENDING', 0, 0)), false);
    assert.equal(isMoving(withRegion('DISABLED', 0, 1)), false);
  });
});
