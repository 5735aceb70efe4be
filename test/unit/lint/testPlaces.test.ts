import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repoRoot';

/** A test named after a file but kept elsewhere, with the places where that file's test belongs. */
interface Misplaced {
  test: string;
  places: string[];
}

/**
 * Where a file's test goes: test/unit/ mirrors src/ (src/api/errors.ts is tested in test/unit/api/errors.test.ts)
 * and the test tools beside it (test/emulator/cli.ts in test/unit/emulator/cli.test.ts). A test named after a
 * file sits at that file's place, or at one of them when several files share the name. A test named after no
 * file (of several files, or of a rule across the tree: the layers, the strings for people) is free.
 * `tests` are paths under test/unit/, `tested` under src/ or test/.
 */
function misplacedTests(tests: string[], tested: string[]): Misplaced[] {
  return tests.flatMap((test) => {
    const name = path.posix.basename(test, '.test.ts');
    const places = tested.filter((file) => path.posix.basename(file, '.ts') === name).map((file) => file.replace(/\.ts$/, '.test.ts'));
    return places.length === 0 || places.includes(test) ? [] : [{ test, places }];
  });
}

/** The TypeScript files under a folder of the repository, by their paths from that folder (forward slashes). */
function typeScriptUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'));
}

describe('tests mirror the paths of what they test', () => {
  it('names a test kept away from the file it is named after, and leaves tests of several files alone', () => {
    assert.deepEqual(
      misplacedTests(
        ['api/errors.test.ts', 'api/faults.test.ts', 'dns/recordSets.test.ts', 'emulator/cli.test.ts', 'projectRegion.test.ts'],
        ['api/errors.ts', 'models/dns/recordSets.ts', 'emulator/cli.ts', 'models/projectRegion.ts', 'projectRegion.ts'],
      ),
      [{ test: 'dns/recordSets.test.ts', places: ['models/dns/recordSets.test.ts'] }],
    );
  });

  it('keeps every unit test named after a file of src/ or of the test tools where that file sits', () => {
    const tests = typeScriptUnder('test/unit').filter((file) => file.endsWith('.test.ts'));
    const tested = [
      ...typeScriptUnder('src'),
      ...typeScriptUnder('test').filter((file) => !file.startsWith('unit/') && !file.endsWith('.test.ts')),
    ];
    const misplaced = misplacedTests(tests, tested);
    assert.deepEqual(
      misplaced,
      [],
      misplaced.map(({ test, places }) => `test/unit/${test} belongs at test/unit/${places.join(' or test/unit/')}`).join('\n'),
    );
  });
});
