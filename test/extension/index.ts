import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { reloadPhaseFrom, suitesForPhase } from './reload/reloadPhase';

/** Mocha's `grep`: a pattern (or /pattern/flags) selecting the tests to run by their full title. */
const GREP_VARIABLE = 'GCORE_TEST_GREP';

/**
 * The extensionTestsPath entry point, loaded inside the extension host by code-server's test driver
 * or by @vscode/test-electron: runs the compiled suites next to this file that belong to this start of
 * VS Code (see reload/reloadPhase.ts) and rejects on any failure, which the host turns into a non-zero
 * exit code.
 */
export async function run(): Promise<void> {
  // Colour codes would reach the driver's log as literal escapes.
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec' });
  const grep = process.env[GREP_VARIABLE];
  if (grep) mocha.grep(grep);
  const suites = findSuiteFiles(__dirname).map((file) => path.relative(__dirname, file).split(path.sep).join('/'));
  for (const suite of suitesForPhase(suites, reloadPhaseFrom(process.env))) mocha.addFile(path.join(__dirname, suite));

  // mocha.run throws synchronously when a suite file fails to load; the executor turns that into a rejection.
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} extension test(s) failed.`);
}

function findSuiteFiles(dir: string): string[] {
  const files: string[] = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const fullPath = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...findSuiteFiles(fullPath));
    else if (entry.isFile() && entry.name.endsWith('.test.js')) files.push(fullPath);
  }
  return files;
}
