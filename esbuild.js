// Bundles the extension into CommonJS files under dist/, dependencies inlined, because the .vsix ships no
// node_modules: dist/extension.js (package.json's main, which loads the next one with V8's code cache),
// dist/main.js (the extension), the features it loads on first use (dist/features.js) and the MCP server
// (dist/mcp-server.js). `--emulator` bundles the API emulator's CLI instead.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const emulator = process.argv.includes('--emulator');

/**
 * Two optional modules node-fetch 2 reaches for, replaced by what they resolve to on the Node that runs
 * VS Code extensions:
 * - whatwg-url is its fallback for runtimes without a global URL class (before Node 10); bundling it would
 *   add a 260 KB Unicode table for code that never runs, so it becomes Node's own URL.
 * - encoding is an optional peer, used only by Response.textConverted(), which the extension never calls;
 *   node-fetch requires it in a try/catch at load, so an empty module keeps activation from probing the
 *   disk for a package the .vsix does not ship.
 */
const NODE_FETCH_OPTIONAL_MODULES = {
  'whatwg-url': 'module.exports = { URL: globalThis.URL };',
  encoding: 'module.exports = {};',
};

const nodeFetchOptionalModulesPlugin = {
  name: 'node-fetch-optional-modules',
  setup(build) {
    const names = new RegExp(`^(${Object.keys(NODE_FETCH_OPTIONAL_MODULES).join('|')})$`);
    build.onResolve({ filter: names }, (args) => ({ path: args.path, namespace: 'node-fetch-optional' }));
    build.onLoad({ filter: /.*/, namespace: 'node-fetch-optional' }, (args) => ({
      contents: NODE_FETCH_OPTIONAL_MODULES[args.path],
      loader: 'js',
    }));
  },
};

/**
 * node-fetch 2 parses URLs with the legacy url.parse(), which prints a DEP0169 deprecation warning into the
 * extension host log under Node 24. Its `url` import gets src/api/http/nodeFetchUrl.ts, the same fields from the
 * WHATWG parser; everyone else keeps Node's module.
 */
const nodeFetchUrlPlugin = {
  name: 'node-fetch-url',
  setup(build) {
    const shim = path.resolve(__dirname, 'src', 'api', 'http', 'nodeFetchUrl.ts');
    build.onResolve({ filter: /^url$/ }, (args) =>
      /[\\/]node_modules[\\/]node-fetch[\\/]/.test(args.importer) ? { path: shim } : undefined,
    );
  },
};

/** Where the modules reached only through a dynamic import go, loaded by the first command that needs them. */
const FEATURES_FILE = 'features.js';
/** The extension's own bundle, which dist/extension.js loads. */
const MAIN_FILE = 'main.js';
const LAZY_NAMESPACE = 'gcore-lazy';
const HOST_NAMESPACE = 'gcore-host';
const HOST_MODULES = '__gcoreHostModules';

/** The key a module goes by in both bundles: its path from the project's root, with forward slashes. */
const moduleKey = (file) => path.relative(__dirname, file).split(path.sep).join('/');

/**
 * In dist/main.js, `import('./x.js')` of a module of the project becomes that module's exports in
 * dist/features.js, required when the promise is first made. `lazyModules` collects what was split off.
 */
function lazyBoundaryPlugin(lazyModules) {
  return {
    name: 'lazy-boundary',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        lazyModules.add(resolved.path);
        return { path: resolved.path, namespace: LAZY_NAMESPACE };
      });
      build.onResolve({ filter: new RegExp(`^\\./${FEATURES_FILE.replace('.', '\\.')}$`) }, (args) => ({
        path: args.path,
        external: true,
      }));
      build.onLoad({ filter: /.*/, namespace: LAZY_NAMESPACE }, (args) => ({
        contents: `module.exports = require('./${FEATURES_FILE}')[${JSON.stringify(moduleKey(args.path))}];`,
        loader: 'js',
        resolveDir: __dirname,
      }));
    },
  };
}

/**
 * In dist/features.js, a module that dist/main.js already holds is not bundled again but taken from
 * it, so both see one instance: one set of session secrets to redact, one configured translation, classes
 * that `instanceof` recognises. `hostModules` collects what the features take.
 */
function hostModulesPlugin(mainInputs, hostModules) {
  return {
    name: 'host-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.namespace !== 'file' || args.pluginData === HOST_NAMESPACE || args.path === 'vscode' || args.path === `./${MAIN_FILE}`)
          return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: HOST_NAMESPACE,
        });
        if (resolved.errors.length > 0 || resolved.external || !mainInputs.has(moduleKey(resolved.path)))
          return resolved.errors.length > 0 ? { errors: resolved.errors } : undefined;
        hostModules.add(moduleKey(resolved.path));
        return { path: moduleKey(resolved.path), namespace: HOST_NAMESPACE };
      });
      build.onResolve({ filter: new RegExp(`^\\./${MAIN_FILE.replace('.', '\\.')}$`) }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: HOST_NAMESPACE }, (args) => ({
        contents: `module.exports = require('./${MAIN_FILE}').${HOST_MODULES}(${JSON.stringify(args.path)});`,
        loader: 'js',
        resolveDir: __dirname,
      }));
    },
  };
}

/**
 * Every module's `import * as vscode from 'vscode'` would copy VS Code's API object into a namespace of its
 * own when the bundle loads (esbuild's interop for an external CommonJS module, some sixty times). One module
 * takes each value of the API that @types/vscode declares, by name, and the others import that: esbuild then
 * reads `vscode.window` as that one binding and keeps only the names the bundle uses; nothing is copied.
 */
const vscodeOncePlugin = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: [
        "const api = require('vscode');",
        // A call marked pure, so that esbuild drops the names no module uses (a property read might have effects).
        'const take = (name) => api[name];',
        ...vscodeValueNames().map((name) => `export const ${name} = /* @__PURE__ */ take('${name}');`),
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** The values (not the types) VS Code's API declares at its top level: its classes, enums, namespaces and constants. */
function vscodeValueNames() {
  const declarations = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  return [...declarations.matchAll(/^\texport (?:class|enum|namespace|const|let|function) (\w+)/gm)].map((match) => match[1]);
}

/**
 * The same for the translations: one module takes `t` and `config` from @vscode/l10n, rather than each of
 * the eighty modules that translate making its own copy of the package's exports at load.
 */
const l10nOncePlugin = {
  name: 'l10n-once',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, (args) =>
      args.namespace === 'l10n-once' ? undefined : { path: '@vscode/l10n', namespace: 'l10n-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'l10n-once' }, () => ({
      contents: "const l10n = require('@vscode/l10n');\nexport const t = l10n.t;\nexport const config = l10n.config;",
      loader: 'js',
      resolveDir: __dirname,
    }));
  },
};

const commonOptions = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
};

const extensionOptions = {
  ...commonOptions,
  external: ['vscode'],
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

/** A bundle whose entry is written here rather than read from a file. */
function withEntry(contents, outfile) {
  return { stdin: { contents, resolveDir: __dirname, sourcefile: path.basename(outfile, '.js') + '-entry.js', loader: 'js' }, outfile };
}

/**
 * The extension in two files: dist/main.js (what activation and the tree need) and dist/features.js
 * (the commands' code reached only through `import()`), built in three steps: the extension alone, to learn
 * what it holds and what it splits off; the features, taking what the extension holds from it; the extension
 * again, exporting the modules the features take. Returns the build's problems.
 */
async function buildExtension() {
  const lazyModules = new Set();
  const first = await esbuild.build({
    ...extensionOptions,
    entryPoints: ['src/extension.ts'],
    write: false,
    metafile: true,
    plugins: [lazyBoundaryPlugin(lazyModules), vscodeOncePlugin, l10nOncePlugin, nodeFetchOptionalModulesPlugin, nodeFetchUrlPlugin],
  });
  const mainInputs = new Set(Object.keys(first.metafile.inputs));
  const eager = [...lazyModules].map(moduleKey).filter((key) => mainInputs.has(key));
  if (eager.length > 0) throw new Error(`Loaded lazily but also imported statically, so not split off: ${eager.join(', ')}`);

  const hostModules = new Set();
  const featuresEntry = `module.exports = {\n${[...lazyModules].map((file) => `  ${JSON.stringify(moduleKey(file))}: require(${JSON.stringify(file)}),`).join('\n')}\n};\n`;
  await esbuild.build({
    ...extensionOptions,
    ...withEntry(featuresEntry, `dist/${FEATURES_FILE}`),
    plugins: [
      hostModulesPlugin(mainInputs, hostModules),
      vscodeOncePlugin,
      l10nOncePlugin,
      nodeFetchOptionalModulesPlugin,
      nodeFetchUrlPlugin,
    ],
  });

  // ES syntax, so that the extension's modules keep esbuild's plain scope-hoisted form. The table of what the
  // features take is made by their first load: each module as an object of getters over its exports (an
  // `import * as` would make a namespace object per module while dist/main.js loads), a package the features
  // take as its exports object, required then.
  const hostKeys = [...hostModules].sort();
  const exportsOf = await exportNames(hostKeys.filter((key) => key.startsWith('src/')));
  const binding = (index, at) => `host${index}_${at}`;
  const mainEntry = [
    `export * from ${JSON.stringify(path.resolve(__dirname, 'src/extension.ts'))};`,
    ...hostKeys.map((key, index) =>
      key.startsWith('src/')
        ? `import { ${exportsOf
            .get(key)
            .map((name, at) => `${name} as ${binding(index, at)}`)
            .join(', ')} } from ${JSON.stringify(path.resolve(__dirname, key))};`
        : '',
    ),
    'let hostTable;',
    `export const ${HOST_MODULES} = (key) => (hostTable ??= {`,
    ...hostKeys.map((key, index) => {
      const value = key.startsWith('src/')
        ? `{ ${exportsOf
            .get(key)
            .map((name, at) => `get ${name}() { return ${binding(index, at)}; }`)
            .join(', ')} }`
        : `require(${JSON.stringify(path.resolve(__dirname, key))})`;
      return `  ${JSON.stringify(key)}: ${value},`;
    }),
    '})[key];',
  ].join('\n');
  await esbuild.build({
    ...extensionOptions,
    ...withEntry(mainEntry, `dist/${MAIN_FILE}`),
    plugins: [lazyBoundaryPlugin(new Set()), vscodeOncePlugin, l10nOncePlugin, nodeFetchOptionalModulesPlugin, nodeFetchUrlPlugin],
  });

  // Last, as it names what it loads by its hash.
  const digest = crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(__dirname, 'dist', MAIN_FILE)))
    .digest('hex')
    .slice(0, 16);
  await esbuild.build({
    ...extensionOptions,
    entryPoints: ['src/extensionStart.ts'],
    outfile: 'dist/extension.js',
    define: { ...extensionOptions.define, MAIN_BUNDLE_DIGEST: JSON.stringify(digest) },
    plugins: [vscodeOncePlugin],
  });
}

/** The names each module of the project exports (as JavaScript: types are gone), by its key. */
async function exportNames(keys) {
  const reexporting = keys.filter((key) => /^export \*/m.test(fs.readFileSync(path.join(__dirname, key), 'utf8')));
  if (reexporting.length > 0)
    throw new Error(`The features take modules whose exports cannot be listed (export *): ${reexporting.join(', ')}`);
  const result = await esbuild.build({
    entryPoints: keys,
    absWorkingDir: __dirname,
    bundle: false,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'dist',
    logLevel: 'silent',
  });
  return new Map(Object.values(result.metafile.outputs).map((output) => [output.entryPoint, output.exports]));
}

/** The MCP server agents outside VS Code's chat start (src/mcpServer.ts): the API layer and the tools, without VS Code. */
const mcpServerOptions = {
  ...commonOptions,
  entryPoints: ['src/mcpServer.ts'],
  outfile: 'dist/mcp-server.js',
  define: extensionOptions.define,
  plugins: [nodeFetchOptionalModulesPlugin, nodeFetchUrlPlugin],
};

const emulatorOptions = {
  ...commonOptions,
  entryPoints: ['test/emulator/cli.ts'],
  outfile: 'out/emulator/cli.js',
};

/** Builds once; with `--watch`, again after every change under src/ (the three steps read each other's results). */
async function main() {
  if (emulator) {
    await esbuild.build(emulatorOptions);
    return;
  }
  fs.rmSync('dist', { recursive: true, force: true });
  if (!watch) {
    await Promise.all([buildExtension(), esbuild.build(mcpServerOptions)]);
    return;
  }
  const rebuild = async () => {
    console.log('[watch] build started');
    try {
      await Promise.all([buildExtension(), esbuild.build(mcpServerOptions)]);
    } catch (error) {
      for (const { text, location } of error.errors ?? [{ text: error.message }]) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
    }
    console.log('[watch] build finished');
  };
  await rebuild();
  let pending;
  fs.watch('src', { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(rebuild, 100);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
