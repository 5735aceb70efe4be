import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../../support/repoRoot';

/** The task machinery: the poller, the history, and the views that follow, list and count changes. */
const TASK_MACHINERY = [
  'src/loaders/taskPoller.ts',
  'src/loaders/keyedLoader.ts',
  'src/loaders/loaders.ts',
  'src/state/taskHistory.ts',
  'src/state/settings.ts',
  'src/views/taskTracking.ts',
  'src/views/presentation/taskProgress.ts',
  'src/views/changeKinds.ts',
  'src/views/presentation/changeWords.ts',
  'src/views/tasks',
];

/** What only the containers' kind of change may know. */
const CONTAINER_WORDS = /containerName|CONTAINERS_SECTION|ContainerAction|containerNodes|\/containers\//;

function sources(entry: string): string[] {
  const full = path.join(REPO_ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs.readdirSync(full).flatMap((name) => sources(path.join(entry, name)));
}

describe('the task machinery', () => {
  it('names no kind of resource: each kind registers what only it knows', () => {
    const files = TASK_MACHINERY.flatMap(sources).filter((file) => file.endsWith('.ts'));
    assert.ok(files.length >= 10, files.join(', '));
    const naming = files.flatMap((file) =>
      fs
        .readFileSync(path.join(REPO_ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (CONTAINER_WORDS.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(naming, []);
  });
});
