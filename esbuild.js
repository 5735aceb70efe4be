// Bundles the extension into one CommonJS file (dist/extension.js). node-fetch 3 is ESM-only, so it is
// inlined here rather than required at run time. `--emulator` bundles the API emulator's CLI instead.
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

const extensionOptions = {
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode'],
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

const emulatorOptions = {
  entryPoints: ['test/emulator/cli.ts'],
  outfile: 'out/emulator/cli.js',
};

async function main() {
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
    plugins: [problemMatcherPlugin],
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
