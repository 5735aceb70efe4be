import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** Mocha's `grep`: a pattern (or /pattern/flags) selecting the tests to run by their full title. */
const GREP_VARIABLE = 'GCORE_TEST_GREP';

/**
 * The extensionTestsPath entry point, loaded inside the extension host by code-server's test driver
 * or by @vscode/test-electron: runs every compiled suite next to this file and rejects on any failure,
 * which the host turns into a non-zero exit code.
 */
export function run(): Promise<void> {
  // Colour codes would reach the driver's log as literal escapes.
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec' });
  const grep = process.env[GREP_VARIABLE];
  if (grep) mocha.grep(grep);
  for (const file of findSuiteFiles(__dirname)) mocha.addFile(file);

  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} extension test(s) failed.`));
        else resolve();
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
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
