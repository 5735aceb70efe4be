import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { CODE_CACHE_EXTENSION, requireWithCodeCache, type CodeCacheUse } from '../../../src/startup/codeCache';

interface Bundle {
  answer: number;
  helperSawBundle: boolean;
  fail(): never;
}

/** The module under test and its cache file in a new folder: a bundle that requires a sibling which requires it back. */
function writeBundle(): { dir: string; file: string; cacheFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-code-cache-'));
  const file = path.join(dir, 'bundle.js');
  fs.writeFileSync(
    file,
    [
      "'use strict';",
      'exports.answer = 6 * 7;',
      "exports.helperSawBundle = require('./helper.js').bundleAnswer() === 42;",
      "exports.fail = function fail() { throw new Error('from line 5'); };",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'helper.js'), "exports.bundleAnswer = () => require('./bundle.js').answer;\n");
  return { dir, file, cacheFile: path.join(dir, 'cache', `bundle${CODE_CACHE_EXTENSION}`) };
}

/** What a plain require() of the file gives. */
const requireFile = (file: string): unknown => createRequire(file)(file);

/** Loads the bundle in a new Node process, as the next start of the extension host would, and saves its cache there. */
function loadInNewProcess(file: string, cacheFile: string): { use: CodeCacheUse; answer: number; saved: number } {
  const loader = require.resolve('../../../src/startup/codeCache');
  const script = [
    `const { requireWithCodeCache } = require(${JSON.stringify(loader)});`,
    `const loaded = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheFile)});`,
    'loaded.save().then((saved) => console.log(JSON.stringify({ use: loaded.use, answer: loaded.exports.answer, saved })));',
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    use: CodeCacheUse;
    answer: number;
    saved: number;
  };
}

describe('requireWithCodeCache', () => {
  const dirs: string[] = [];
  const bundle = () => {
    const written = writeBundle();
    dirs.push(written.dir);
    return written;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) {
      for (const file of Object.keys(require.cache)) if (file.startsWith(dir)) delete require.cache[file];
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads the module as require() would: one instance, its own require, its line numbers', () => {
    const { file, cacheFile } = bundle();
    const loaded = requireWithCodeCache<Bundle>(file, cacheFile);
    assert.equal(loaded.use, 'absent');
    assert.equal(loaded.exports.answer, 42);
    assert.equal(loaded.exports.helperSawBundle, true, 'the sibling requiring the bundle back got this instance');
    assert.equal(requireFile(file), loaded.exports, 'a later require() gets the same exports');
    assert.throws(
      () => loaded.exports.fail(),
      (error: Error) => (error.stack ?? '').includes(`${file}:4:`),
      'the stack names the line of the file, not of the wrapper',
    );
  });

  it('writes the cache when asked, and the next process compiles from it', async () => {
    const { file, cacheFile } = bundle();
    const loaded = requireWithCodeCache<Bundle>(file, cacheFile);
    const written = await loaded.save();
    assert.ok(written > 0);
    assert.equal(fs.statSync(cacheFile).size, written);
    assert.deepEqual(fs.readdirSync(path.dirname(cacheFile)), [path.basename(cacheFile)], 'no temporary file is left');

    const next = loadInNewProcess(file, cacheFile);
    assert.deepEqual(next, { use: 'used', answer: 42, saved: 0 }, 'a used cache is not written again');
    assert.equal(fs.statSync(cacheFile).size, written);
  });

  it('loads the module when the cache file is damaged, and the saved one replaces it', async () => {
    const { file, cacheFile } = bundle();
    await requireWithCodeCache<Bundle>(file, cacheFile).save();
    fs.writeFileSync(cacheFile, fs.readFileSync(cacheFile).subarray(0, 64));

    const damaged = loadInNewProcess(file, cacheFile);
    assert.equal(damaged.use, 'rejected');
    assert.equal(damaged.answer, 42);
    assert.ok(damaged.saved > 64);
    assert.equal(loadInNewProcess(file, cacheFile).use, 'used');
  });

  it("removes the folder's other cache files when it saves, and nothing else", async () => {
    const { file, cacheFile } = bundle();
    const folder = path.dirname(cacheFile);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `bundle-of-an-older-build${CODE_CACHE_EXTENSION}`), 'old');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'kept');
    await requireWithCodeCache<Bundle>(file, cacheFile).save();
    assert.deepEqual(fs.readdirSync(folder).sort(), [path.basename(cacheFile), 'notes.txt'].sort());
  });

  it('rejects a save that cannot write, and leaves the module working', async () => {
    const { dir, file } = bundle();
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    const loaded = requireWithCodeCache<Bundle>(file, path.join(blocked, `bundle${CODE_CACHE_EXTENSION}`));
    await assert.rejects(loaded.save());
    assert.equal(loaded.exports.answer, 42);
  });

  it('lets an error of the module itself through, and keeps no half-loaded instance', () => {
    const { file, cacheFile } = bundle();
    fs.writeFileSync(file, "exports.partly = true;\nthrow new Error('the module failed');\n");
    assert.throws(() => requireWithCodeCache(file, cacheFile), /the module failed/);
    assert.equal(require.cache[file], undefined);
    fs.writeFileSync(file, 'exports.answer = 42;\n');
    assert.equal(requireWithCodeCache<Bundle>(file, cacheFile).exports.answer, 42, 'a later load runs the file again');
  });

  it('requires the module the ordinary way without a cache file, or when it is already loaded', async () => {
    const { file, cacheFile } = bundle();
    const plain = requireWithCodeCache<Bundle>(file, undefined);
    assert.equal(plain.use, 'off');
    assert.equal(plain.exports, requireFile(file));
    const again = requireWithCodeCache<Bundle>(file, cacheFile);
    assert.equal(again.use, 'off');
    assert.equal(again.exports, plain.exports);
    assert.equal(await again.save(), 0);
    assert.equal(fs.existsSync(cacheFile), false);
  });
});
