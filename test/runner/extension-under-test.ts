import * as fs from 'node:fs';
import * as path from 'node:path';

/** This module runs from out/test/runner/; the repository root is also the extension under development. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string };

/** `publisher.name` from package.json: how VS Code names the extension in its logs. */
export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

/** The compiled module exporting `run()`, named without `.js` the way the extension host requires it. */
export const TESTS_ENTRY = path.join(REPO_ROOT, 'out', 'test', 'extension', 'index');

/** Throws, naming the npm script to run, when the extension bundle or the compiled tests are missing. */
export function assertBuilt(): void {
  const outputs: [file: string, script: string][] = [
    [path.join(REPO_ROOT, 'dist', 'extension.js'), 'npm run build'],
    [path.join(REPO_ROOT, 'dist', 'main.js'), 'npm run build'],
    [`${TESTS_ENTRY}.js`, 'npm run compile-tests'],
  ];
  for (const [file, script] of outputs) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing; run \`${script}\` first.`);
  }
}
