import { validateZoneNameArg } from '../../../../src/models/dns/zoneNameArg';
import { validatorRows } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

validatorRows('validateZoneNameArg', validateZoneNameArg, {
  valid: [
    { input: 'Example.com.', expected: 'example.com' },
    { input: { zoneName: 'bücher.de' }, expected: 'xn--bcher-kva.de' },
  ],
  invalid: [
    { input: 'x-', problems: [p('zoneName', /at least two labels/), p('zoneName', /end with a hyphen/)] },
    { input: { zoneName: '' }, problems: [p('zoneName', /must not be empty/)] },
    { input: {}, problems: [p('zoneName', /is required/)] },
    { input: { zoneName: 'example.com', extra: 1 }, problems: [p('extra', /unknown field/)] },
    { input: { zoneName: 'x-.com', extra: 1 }, problems: [p('extra', /unknown field/), p('zoneName', /end with a hyphen/)] },
    { input: { zoneName: 5 }, problems: [p('zoneName', /must be a string/)] },
    { input: 5, problems: [p('zoneName', /zone name or an object such as/)] },
    { input: null, problems: [p('zoneName', /zone name or an object such as/)] },
  ],
});
