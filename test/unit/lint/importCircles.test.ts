import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repoRoot';
import { circlesAmong, describeCircle, importsUnder, type Import } from './importCircles';

describe('the import circle check', function () {
  // Parsing every file of src/ takes a second, several on a busy machine.
  this.timeout(60_000);
  let scratch: string;
  let trees = 0;

  /** A tree of TypeScript files, by their paths from its root, written into a folder of its own. */
  function tree(files: Record<string, string>): string {
    const root = path.join(scratch, String(trees++));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  before(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('finds a circle and names its files and the imports that close it', () => {
    const root = tree({
      'a.ts': "import type { B } from './b';\nexport const a: B = 1;\n",
      'b.ts': "export type B = 1;\nexport const load = () => import('./nested/c.js');\n",
      'nested/c.ts': "import { a } from '../a';\nexport const c = a;\n",
      'd.ts': "import { a } from './a';\nexport const d = a;\n",
      'e/index.ts': "export * from '../d';\n",
      'self.ts': "export type Self = typeof import('./self.js');\n",
    });

    const circles = circlesAmong(importsUnder(root));

    assert.deepEqual(circles, [
      {
        files: ['a.ts', 'b.ts', 'nested/c.ts'],
        imports: [
          { from: 'a.ts', to: 'b.ts', kind: 'type' },
          { from: 'b.ts', to: 'nested/c.ts', kind: 'dynamic' },
          { from: 'nested/c.ts', to: 'a.ts', kind: 'static' },
        ],
      },
      { files: ['self.ts'], imports: [{ from: 'self.ts', to: 'self.ts', kind: 'type' }] },
    ]);
    assert.equal(
      describeCircle(circles[0]),
      'a.ts ↔ b.ts ↔ nested/c.ts\n  a.ts → b.ts (type)\n  b.ts → nested/c.ts (dynamic)\n  nested/c.ts → a.ts (static)',
    );
  });

  it('counts static, type-only and dynamic imports and re-exports, and leaves packages out', () => {
    const forms: [string, Import['kind'] | undefined][] = [
      ["import { y } from './y';", 'static'],
      ["import './y';", 'static'],
      ["import * as y from './y.js';", 'static'],
      ["import { y, type Y } from './y';", 'static'],
      ["export { y } from './y';", 'static'],
      ["export * from './y';", 'static'],
      ["import y = require('./y');", 'static'],
      ["import type { Y } from './y';", 'type'],
      ["import type y = require('./y');", 'type'],
      ["import { type Y } from './y';", 'type'],
      ["export type { Y } from './y';", 'type'],
      ["let y: typeof import('./y.js');", 'type'],
      ["const y = import('./y.js');", 'dynamic'],
      ['const y = import(`./y.js`);', 'dynamic'],
      ["import * as fs from 'node:fs';", undefined],
      ["import * as ts from 'typescript';", undefined],
    ];
    for (const [form, kind] of forms) {
      const root = tree({ 'x.ts': form, 'y.ts': 'export type Y = 1;\nexport const y = 1;\n' });
      assert.deepEqual(importsUnder(root), kind ? [{ from: 'x.ts', to: 'y.ts', kind }] : [], form);
    }
    assert.deepEqual(importsUnder(tree({ 'x/a.ts': "import { b } from '../y';", 'y/index.ts': '' })), [
      { from: 'x/a.ts', to: 'y/index.ts', kind: 'static' },
    ]);
  });

  it('refuses a relative import that names no file, rather than miss it', () => {
    assert.throws(() => importsUnder(tree({ 'x.ts': "import { y } from './missing';" })), /x\.ts imports \.\/missing, which names no file/);
  });

  it('finds no circle in src/', () => {
    const circles = circlesAmong(importsUnder(path.join(REPO_ROOT, 'src')));
    assert.deepEqual(
      circles.map(({ files }) => files),
      [],
      `The files of src/ that import each other (a lazy seam's contract goes on the eager side):\n${circles.map(describeCircle).join('\n')}`,
    );
  });
});
