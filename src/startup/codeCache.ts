import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/**
 * What V8's code cache did for one load: `used` (the module's code came from the cache file), `rejected`
 * (the file was there but V8 refused it: another V8, other flags, a damaged file), `absent` (no file yet),
 * `off` (the module was required the ordinary way).
 */
export type CodeCacheUse = 'used' | 'rejected' | 'absent' | 'off';

export interface CachedModule<T> {
  exports: T;
  use: CodeCacheUse;
  /**
   * Writes V8's code for the module, with every function compiled so far, to the cache file, and removes
   * the folder's other cache files (older bundles, another V8). Resolves to the bytes written, 0 when there
   * was nothing to write (the cache was used, or is off); rejects when the file could not be written.
   */
  save(): Promise<number>;
}

/** Node's CommonJS wrapper, on a line of its own so that the file's line numbers stay its own (lineOffset -1). */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n'; // not user text: JavaScript for V8
const WRAPPER_TAIL = '\n})';

export const CODE_CACHE_EXTENSION = '.v8-cache';

type ModuleWrapper = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;

/**
 * Loads a CommonJS file as require() would (one instance in require.cache, its own require for relative
 * paths and `vscode`), but compiled by V8 with the code it cached for this file before, when `cacheFile`
 * holds it: compiling a bundle of a few hundred KB, and then each function its first call compiles, is most
 * of what loading it costs, and the cache makes it a read. Without `cacheFile`, or when the file is already
 * loaded, it is required the ordinary way. The cache file's name must change whenever the file's text does:
 * V8 checks its own version and flags, but of the source only its length.
 */
export function requireWithCodeCache<T>(file: string, cacheFile: string | undefined): CachedModule<T> {
  const requireHere = Module.createRequire(file);
  if (cacheFile === undefined || require.cache[file]) return { exports: requireHere(file) as T, use: 'off', save: async () => 0 };
  const source = fs.readFileSync(file, 'utf8');
  const cachedData = readIfPresent(cacheFile);
  const script = new vm.Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename: file, lineOffset: -1, cachedData });
  const use: CodeCacheUse = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  const wrapper = script.runInThisContext() as ModuleWrapper;

  const loaded = new Module(file, module);
  loaded.filename = file;
  // In the cache before the module runs, as require() puts it: a module it requires that requires it back
  // (the bundle of the commands loaded on first use does) gets this instance.
  require.cache[file] = loaded;
  try {
    wrapper.call(loaded.exports, loaded.exports, requireHere, loaded, file, path.dirname(file));
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  loaded.loaded = true;
  return {
    exports: loaded.exports as T,
    use,
    save: async () => (use === 'used' ? 0 : writeCache(cacheFile, script.createCachedData())),
  };
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Through a temporary file and a rename, so that a start never reads a file half written. */
async function writeCache(cacheFile: string, data: Buffer): Promise<number> {
  const folder = path.dirname(cacheFile);
  await fs.promises.mkdir(folder, { recursive: true });
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, cacheFile);
  } finally {
    await fs.promises.rm(temporary, { force: true });
  }
  const others = (await fs.promises.readdir(folder)).filter(
    (name) => name.endsWith(CODE_CACHE_EXTENSION) && name !== path.basename(cacheFile),
  );
  await Promise.all(others.map((name) => fs.promises.rm(path.join(folder, name), { force: true })));
  return data.length;
}
