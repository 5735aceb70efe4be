import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repoRoot';
import { docPathProblems, type DocTree } from '../../support/docPaths';

/** The docs a newcomer reads: the README, DEVELOPMENT.md and everything under docs/. CHANGELOG.md is history. */
function docsToCheck(): string[] {
  const files = ['README.md', 'DEVELOPMENT.md'];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files;
}

function repoTree(): DocTree {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`);
      else names.add(entry.name);
    }
  };
  walk('src');
  walk('test');
  return {
    exists: (relative) => fs.existsSync(path.join(REPO_ROOT, relative)),
    hasFileNamed: (name) => names.has(name),
  };
}

describe('the docs name only what the tree holds', () => {
  it('finds every path a doc names in the repository, and no citation outside it', () => {
    const tree = repoTree();
    const problems = docsToCheck().flatMap((file) =>
      docPathProblems(file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), tree).map(
        (problem) => `${file}:${problem.line}: ${problem.text} ${problem.reason}`,
      ),
    );
    assert.deepEqual(problems, []);
  });

  it('catches a path that moved, a file name that is gone and a citation outside the repository', () => {
    const tree: DocTree = {
      exists: (relative) => ['src/api', 'src/api/paging.ts', 'docs/performance.md'].includes(relative),
      hasFileNamed: (name) => name === 'paging.ts',
    };
    const text = [
      'The client pages in `api/paging.ts`, `src/api/paging.ts` and `paging.ts`; see [budgets](performance.md).',
      'Gone: `src/views/sections/gpuClusterRows.ts`, `gpuClusterRows.ts`, [old](old.md#x).',
      'Outside: [the spec](../../shared/spec/interface.md) and `../shared/docs/x.md`.',
      'Not paths: `gcore.createZone`, `a/b` in prose, `npm run verify`, `src/<area>/`, `*Section.ts`.',
    ].join('\n');
    const found = docPathProblems('docs/architecture.md', text, tree).map((problem) => [problem.line, problem.text]);
    assert.deepEqual(found, [
      [2, 'src/views/sections/gpuClusterRows.ts'],
      [2, 'gpuClusterRows.ts'],
      [2, 'old.md'],
      [3, '../shared/docs/x.md'],
      [3, '../../shared/spec/interface.md'],
    ]);
  });
});
