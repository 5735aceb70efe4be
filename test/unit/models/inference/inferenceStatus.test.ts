import * as assert from 'node:assert/strict';
import {
  allowedActions,
  allows,
  applicationMoves,
  deploymentMoves,
  powerShown,
  statusWords,
} from '../../../../src/models/inference/inferenceStatus';

describe('inference states', () => {
  it('says PENDING as scaled to zero and DISABLED as stopped, whatever the casing, and others as they come', () => {
    assert.equal(statusWords('PENDING'), 'scaled to zero');
    assert.equal(statusWords('DISABLED'), 'stopped');
    assert.equal(statusWords('PARTIALLYDEPLOYED'), 'partly deployed');
    assert.equal(statusWords('PartiallyDeployed'), 'partly deployed');
    assert.equal(statusWords('Active'), 'active');
    assert.equal(statusWords('MIGRATING'), 'MIGRATING');
    assert.equal(statusWords(null), 'unknown');
  });

  it('allows start only when stopped, stop while it runs, no change while a create or delete is under way', () => {
    assert.deepEqual([...allowedActions('DISABLED')].sort(), ['delete', 'scale', 'start']);
    assert.deepEqual([...allowedActions('PENDING')].sort(), ['delete', 'scale', 'stop']);
    assert.deepEqual([...allowedActions('DEPLOYING')].sort(), ['delete', 'stop']);
    assert.deepEqual([...allowedActions('DELETING')], []);
    assert.deepEqual([...allowedActions('SOMETHING_NEW')], ['delete']);
    assert.equal(allows('ACTIVE', 'start'), false);
  });

  it('moves while deploying or deleting, partly deployed with a region rising, and until a start or stop shows', () => {
    assert.equal(deploymentMoves({ status: 'DEPLOYING' }), true);
    assert.equal(deploymentMoves({ status: 'DELETING' }), true);
    assert.equal(deploymentMoves({ status: 'ACTIVE' }), false);
    assert.equal(deploymentMoves({ status: 'PENDING' }), false);
    const rising = { region_id: 7, scale: { min: 1, max: 2 }, deploy_status: { total: 1, ready: 0 } };
    const failed = { region_id: 8, scale: { min: 1, max: 2 }, deploy_status: { total: 1, ready: 0 }, error_message: 'ImagePullBackOff' };
    const done = { region_id: 9, scale: { min: 1, max: 2 }, deploy_status: { total: 1, ready: 1 } };
    assert.equal(deploymentMoves({ status: 'PARTIALLYDEPLOYED', containers: [done, rising] }), true);
    assert.equal(deploymentMoves({ status: 'PARTIALLYDEPLOYED', containers: [done, failed] }), false);
    const starting = { region_id: 10, scale: { min: 2, max: 2 }, deploy_status: { total: 1, ready: 1 } };
    assert.equal(deploymentMoves({ status: 'PARTIALLYDEPLOYED', containers: [starting] }), true);
    assert.equal(deploymentMoves({ status: 'DISABLED' }, 'start'), true);
    assert.equal(deploymentMoves({ status: 'PENDING' }, 'start'), false);
    assert.equal(deploymentMoves({ status: 'ACTIVE' }, 'stop'), true);
    assert.equal(powerShown('stop', 'DISABLED'), true);
  });

  it('moves an application until it settles, partly deployed while a region is on its way', () => {
    assert.equal(applicationMoves({ status: { consolidated_status: 'Active' } }), false);
    assert.equal(applicationMoves({ status: { consolidated_status: 'Failed' } }), false);
    assert.equal(applicationMoves({ status: { consolidated_status: 'Unknown' } }), false);
    assert.equal(applicationMoves({ status: { consolidated_status: 'Deploying' } }), true);
    const partly = (status: string) => ({
      status: {
        consolidated_status: 'PartiallyDeployed',
        regions: [
          { region_id: 7, status: 'Active' },
          { region_id: 8, status },
        ],
      },
    });
    assert.equal(applicationMoves(partly('Deploying')), true);
    assert.equal(applicationMoves(partly('Failed')), false);
  });
});
