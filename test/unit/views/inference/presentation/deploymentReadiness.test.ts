import * as assert from 'node:assert/strict';
import type { InferenceDeployment } from '../../../../../src/api/inference/inferenceTypes';
import { endedInError, readinessWords, regionErrors } from '../../../../../src/views/inference/presentation/deploymentReadiness';

const NAMES: Record<number, string> = { 76: 'Luxembourg-2' };
const regionName = (regionId: number) => NAMES[regionId] ?? `region ${regionId}`;

function deployment(status: string, containers: NonNullable<InferenceDeployment['containers']>): InferenceDeployment {
  return { name: 'llama', status, containers };
}

describe("an inference deployment's readiness in words", () => {
  it('says each region’s pods ready of all, by name, and a region Gcore does not count by name alone', () => {
    const rising = deployment('DEPLOYING', [
      { region_id: 76, scale: { min: 1, max: 2 }, deploy_status: { ready: 1, total: 2 } },
      { region_id: 38, scale: { min: 1, max: 1 }, deploy_status: null },
    ]);
    assert.equal(readinessWords(rising, regionName), 'Luxembourg-2 1/2 ready · region 38');
    assert.deepEqual(regionErrors(rising, regionName), []);
    assert.equal(endedInError(rising, regionName), false);
  });

  it("names Gcore's error per region, on one line, and counts a partly deployed or failed one as ended in error", () => {
    const failing = deployment('ACTIVE', [
      { region_id: 76, scale: { min: 1, max: 1 }, error_message: 'Back-off pulling image\nghcr.io/x:1' },
      { region_id: 38, scale: { min: 1, max: 1 }, error_message: '  ' },
    ]);
    assert.deepEqual(regionErrors(failing, regionName), ['Luxembourg-2: Back-off pulling image\\nghcr.io/x:1']);
    assert.equal(endedInError(failing, regionName), true);
    assert.equal(endedInError(deployment('PARTIALLYDEPLOYED', []), regionName), true);
    assert.equal(endedInError(deployment('Failed', []), regionName), true);
    assert.equal(endedInError(deployment('PENDING', []), regionName), false);
  });
});
