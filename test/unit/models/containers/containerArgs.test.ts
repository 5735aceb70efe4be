import { validateUpdateContainerArgs } from '../../../../src/models/containers/containerArgs';
import { validatorRows } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

validatorRows('validateUpdateContainerArgs', validateUpdateContainerArgs, {
  valid: [
    {
      input: { projectId: 1, regionId: 2, containerName: ' app1 ', changes: { timeout: 5 } },
      expected: { projectId: 1, regionId: 2, containerName: 'app1', changes: { timeout: 5 } },
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { image: ' nginx ', is_disabled: true } },
      expected: { projectId: 1, regionId: 2, containerName: 'app1', changes: { image: 'nginx', is_disabled: true } },
    },
  ],
  invalid: [
    { input: 'app1', problems: [p('', /object with projectId, regionId, containerName, changes/)] },
    {
      input: {},
      problems: [
        p('projectId', /is required/),
        p('regionId', /is required/),
        p('containerName', /is required/),
        p('changes', /is required/),
      ],
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: {} },
      problems: [p('changes', /must change at least one field/)],
    },
    { input: { projectId: 1, regionId: 2, containerName: 'app1', changes: null }, problems: [p('changes', /must be an object/)] },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { scale: { min: 3, max: 1 }, bogus: 1 } },
      problems: [p('changes.scale.min', /must not be greater than changes\.scale\.max/), p('changes.bogus', /unknown field/)],
    },
    { input: { projectId: 1, regionId: 2, containerName: 'a', changes: { timeout: 1 } }, problems: [p('containerName', /at least 3/)] },
    {
      input: { projectId: '1', regionId: 0, containerName: 'app1', changes: { timeout: 1 } },
      problems: [p('projectId', /whole number/), p('regionId', /at least 1/)],
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { timeout: 1 }, dryRun: true },
      problems: [p('dryRun', /unknown field/)],
    },
  ],
});
