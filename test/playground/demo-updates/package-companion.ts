import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../runner/extension-under-test';
import { runToEnd } from '../../runner/run-to-end';

/**
 * Packages the playground's companion extension (demo-updates/extension.ts, bundled on its own) as a
 * .vsix in `workDir`, so that code-server installs it as it installs any extension. It depends on the
 * Gcore extension, which VS Code therefore activates first.
 */
export async function packageCompanion(workDir: string): Promise<string> {
  const gcore = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    publisher: string;
    engines: { vscode: string };
  };
  const source = path.join(workDir, 'gcore-playground-demo');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'test', 'playground', 'demo-updates', 'extension.ts')],
    outfile: path.join(source, 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const manifest = {
    name: 'gcore-playground-demo',
    displayName: 'Gcore playground: demo updates',
    description: "Sends the playground's demo container updates through gcore.updateContainer (playground only).",
    version: '0.0.1',
    publisher: gcore.publisher,
    engines: gcore.engines,
    main: './extension.js',
    files: ['extension.js'],
    activationEvents: ['onStartupFinished'],
    extensionDependencies: [`${gcore.publisher}.${gcore.name}`],
  };
  fs.writeFileSync(path.join(source, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(source, 'README.md'), `# ${manifest.displayName}\n\n${manifest.description}\n`);
  const packagePath = path.join(workDir, 'gcore-playground-demo.vsix');
  // vsce's own command line, whose listing of the files stays out of the playground's output.
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  await runToEnd(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', packagePath],
    {
      cwd: source,
      label: 'packaging the playground companion',
    },
  );
  return packagePath;
}
