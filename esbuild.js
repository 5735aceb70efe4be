// Bundles the extension into one CommonJS file (dist/extension.js), dependencies inlined, because the
// .vsix ships no node_modules. `--emulator` bundles the API emulator's CLI instead.
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const emulator = process.argv.includes('--emulator');

/** Prints build problems in the format VS Code's `$esbuild-watch` problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

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
    build.onResolve({ filter: /^url$/ }, (args) => (/[\\/]node_modules[\\/]node-fetch[\\/]/.test(args.importer) ? { path: shim } : undefined));
  },
};

const extensionOptions = {
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode'],
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  plugins: [nodeFetchOptionalModulesPlugin, nodeFetchUrlPlugin, problemMatcherPlugin],
};

const emulatorOptions = {
  entryPoints: ['test/emulator/cli.ts'],
  outfile: 'out/emulator/cli.js',
  plugins: [problemMatcherPlugin],
};

async function main() {
  if (!emulator) fs.rmSync('dist', { recursive: true, force: true });
  const ctx = await esbuild.context({
    ...(emulator ? emulatorOptions : extensionOptions),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'silent',
  });
  if (watch) {
    await ctx.watch();
  } else {
    const result = await ctx.rebuild();
    await ctx.dispose();
    if (result.errors.length > 0) process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
