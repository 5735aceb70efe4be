import { validateListGpuFlavorsArgs } from '../../../../src/models/gpu/gpuFlavorArgs';
import { validatorRows } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

validatorRows('validateListGpuFlavorsArgs', validateListGpuFlavorsArgs, {
  valid: [
    { input: { projectId: 1, regionId: 2 }, expected: { projectId: 1, regionId: 2 } },
    {
      input: { projectId: 1, regionId: 2, hideDisabled: true, includePrices: false },
      expected: { projectId: 1, regionId: 2, hideDisabled: true, includePrices: false },
    },
  ],
  invalid: [
    { input: undefined, problems: [p('', /object with projectId, regionId$/)] },
    { input: { projectId: 1 }, problems: [p('regionId', /is required/)] },
    { input: { projectId: 1, regionId: 2, hideDisabled: 'true' }, problems: [p('hideDisabled', /true or false/)] },
    { input: { projectId: 1, regionId: 2, includePrices: 1 }, problems: [p('includePrices', /true or false/)] },
    { input: { projectId: 1, regionId: 2, hide_disabled: true }, problems: [p('hide_disabled', /unknown field/)] },
  ],
});
