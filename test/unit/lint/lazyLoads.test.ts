import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repoRoot';
import { bareLoadsIn, bareLoadsUnder, type BareLoad } from './lazyLoads';

/** The `import()` calls of src/ that may stand outside a loader, by file and module, each with why. */
const EXCEPTIONS: readonly { file: string; module: string; why: string }[] = [
  {
    file: 'api/http/requestPipeline.ts',
    module: 'node-fetch',
    why:
      'a package, which dist/main.js and dist/mcp-server.js hold (only modules of the project are split off): the import() ' +
      'only puts off running it to the first request, which cannot fail to load, and its module variable is its once',
  },
];

describe('every lazily loaded part loads through loadOnce or one of its adapters', function () {
  // Parsing every file of src/ takes a second, several on a busy machine.
  this.timeout(60_000);

  it('finds an import() outside a function passed to a loader, and one nested in such a function', () => {
    const text = [
      "import { loadOnce } from './loadOnce';",
      "const ssh = () => import('./bare.js');",
      "export const once = loadOnce(() => import('./once.js'));",
      "export const tools = loadOnce(async () => (await Promise.all([import('./a.js'), import('./b.js')]))[0]);",
      "export const commands = lazyCommands(['x.y'], async () => (await import('./commands.js')).commands());",
      "export const client = lazyClient({ list: true }, async () => new (await import('./client.js')).Client());",
      "export const editor = new LazyDocuments(scheme, async () => (await import('./editor.js')).editor);",
      "export const logs = new LazyTextDocuments<Logs>(async () => new (await import('./logs.js')).Logs());",
      "export const nested = loadOnce(async () => ({ later: () => import('./nested.js') }));",
      "export const other = memo(() => import('./other.js'));",
      "export async function read() { return (await import('./read.js')).read(); }",
      "void import('./top.js');",
    ].join('\n');

    assert.deepEqual(bareLoadsIn('x.ts', text), [
      { file: 'x.ts', line: 2, module: './bare.js' },
      { file: 'x.ts', line: 9, module: './nested.js' },
      { file: 'x.ts', line: 10, module: './other.js' },
      { file: 'x.ts', line: 11, module: './read.js' },
      { file: 'x.ts', line: 12, module: './top.js' },
    ]);
  });

  it('finds no import() in src/ outside a loader but the exceptions, each of which is still there', () => {
    const excepted = (load: BareLoad) => EXCEPTIONS.some(({ file, module }) => load.file === file && load.module === module);
    const loads = bareLoadsUnder(path.join(REPO_ROOT, 'src'));
    const bare = loads.filter((load) => !excepted(load));
    assert.deepEqual(
      bare,
      [],
      `An import() in src/ outside loadOnce(...), lazyCommands(...), lazyClient(...), new LazyDocuments(...) or new LazyTextDocuments(...) loads on every call and is not tried again after a failure:\n${bare.map(({ file, line, module }) => `  src/${file}:${line} ${module}`).join('\n')}`,
    );
    const stale = EXCEPTIONS.filter(({ file, module }) => !loads.some((load) => load.file === file && load.module === module));
    assert.deepEqual(stale, [], 'An exception that no longer matches an import() of src/: take it out of the list');
  });
});
