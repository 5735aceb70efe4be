import * as path from 'node:path';

/** The repository's root: this file runs compiled as out/test/support/repoRoot.js. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
