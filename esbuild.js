// Bundles the extension into one CommonJS file (dist/extension.js). node-fetch 3 is ESM-only, so it is
// inlined here rather than required at run time. `--emulator` bundles the API emulator's CLI instead.
const fs = require('node:fs');
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
 * fetch-blob (a node-fetch dependency) falls back to web-streams-polyfill only when the runtime has no
 * global ReadableStream. Every Node that runs VS Code extensions (18+) has one, so the 60 KB fallback is
 * dead weight in the bundle; it is replaced by a module that says so if it is ever reached.
 */
const noStreamsPolyfillPlugin = {
  name: 'no-web-streams-polyfill',
  setup(build) {
    build.onResolve({ filter: /^web-streams-polyfill(\/|$)/ }, (args) => ({ path: args.path, namespace: 'no-polyfill' }));
    build.onLoad({ filter: /.*/, namespace: 'no-polyfill' }, () => ({
      contents: 'throw new Error("This runtime has no ReadableStream; the Gcore extension needs Node 18 or newer.");',
      loader: 'js',
    }));
  },
};

const extensionOptions = {
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode'],
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  plugins: [noStreamsPolyfillPlugin],
};

const emulatorOptions = {
  entryPoints: ['test/emulator/cli.ts'],
  outfile: 'out/emulator/cli.js',
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
    plugins: [...(emulator ? [] : extensionOptions.plugins), problemMatcherPlugin],
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
