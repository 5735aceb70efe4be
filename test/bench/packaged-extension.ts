import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../runner/extension-under-test';
import { runToEnd } from '../runner/run-to-end';
import type { Figure } from './bench-table';

const BYTES_PER_KB = 1000;

/** The .vsix as users get it, and the same files unpacked: what the extension-host parts load. */
export interface PackagedExtension {
  vsixPath: string;
  /** The unpacked `extension/` folder, usable as an extensionDevelopmentPath. */
  extensionDir: string;
  bundlePath: string;
}

/**
 * `npm run package` (which builds the production bundle first) into `workDir`, or the .vsix that
 * GCORE_BENCH_VSIX names, then unpacks the .vsix there. The later parts run these unpacked bytes, so a
 * rebuild of dist/ while the benchmark runs cannot change what they measure. python3 unpacks it: the code-server install needs it anyway.
 */
export async function packageExtension(workDir: string): Promise<PackagedExtension> {
  const vsixPath = path.join(workDir, 'gcore-vscode.vsix');
  const unpacked = path.join(workDir, 'unpacked');
  // Another build (an older commit's package) under this benchmark: how a drift is placed.
  const given = process.env.GCORE_BENCH_VSIX;
  if (given) fs.copyFileSync(given, vsixPath);
  else await runToEnd('npm', ['run', 'package', '--', '--out', vsixPath], { cwd: REPO_ROOT });
  await runToEnd('python3', ['-m', 'zipfile', '-e', vsixPath, unpacked], { cwd: REPO_ROOT });
  const extensionDir = path.join(unpacked, 'extension');
  const main = (JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8')) as { main: string }).main;
  return { vsixPath, extensionDir, bundlePath: path.join(extensionDir, main) };
}

export function packageSizeFigures(packaged: PackagedExtension): Figure[] {
  const area = 'Cost to VS Code';
  const kb = (file: string) => fs.statSync(file).size / BYTES_PER_KB;
  const besideBundle = (name: string) => path.join(path.dirname(packaged.bundlePath), name);
  return [
    // The performance issue's budgets: 300 KB as the areas grow (from 150 KB); 2 MB, set for the README's pictures, which do not ship (see docs/performance.md).
    {
      area,
      name: 'the code a start loads: dist/extension.js (the loader) + dist/main.js, minified (1 KB = 1,000 bytes)',
      value: kb(packaged.bundlePath) + kb(besideBundle('main.js')),
      unit: 'KB',
      rule: 'atMost',
      budget: 300,
    },
    // Loaded by the first command, not at start-up: its cost is paid once, when the user first asks for something.
    {
      area,
      name: 'dist/features.js, the code loaded on first need (commands, GPU cluster rows, zone files), minified',
      value: kb(besideBundle('features.js')),
      unit: 'KB',
      rule: 'report',
      budget: Number.NaN,
    },
    {
      area,
      name: 'dist/mcp-server.js, the MCP server agents outside VS Code start, minified',
      value: kb(besideBundle('mcp-server.js')),
      unit: 'KB',
      rule: 'atMost',
      budget: 1_000,
    },
    { area, name: '.vsix', value: kb(packaged.vsixPath), unit: 'KB', rule: 'atMost', budget: 2_000 },
  ];
}
