import * as assert from 'node:assert/strict';
import { describeProblems } from '../../../src/validation/problems';
import type { FieldProblem } from '../../../src/validation/problems';

describe('describeProblems', () => {
  const rows: { problems: FieldProblem[]; expected: string }[] = [
    { problems: [], expected: '' },
    { problems: [{ field: 'timeout', message: 'must be between 0 and 180' }], expected: 'timeout: must be between 0 and 180' },
    {
      problems: [
        { field: 'scale.min', message: 'must be between 0 and 25' },
        { field: 'image', message: 'must be at most 230 characters' },
      ],
      expected: 'scale.min: must be between 0 and 25; image: must be at most 230 characters',
    },
    { problems: [{ field: '', message: 'the zone must be an object' }], expected: 'the zone must be an object' },
  ];
  for (const row of rows) {
    it(JSON.stringify(row.problems), () => assert.equal(describeProblems(row.problems), row.expected));
  }
});
