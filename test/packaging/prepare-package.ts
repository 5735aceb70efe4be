import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../runner/extension-under-test';
import { manifestProblems, packageLinkProblems, readmeWithoutPictures } from './packageLinks';

/** Where the README the package ships is written; `npm run package` passes it to vsce's --readme-path. */
export const PACKAGED_README = path.join(REPO_ROOT, 'out', 'package', 'README.md');

/**
 * `npm run package` runs this first: it writes the README as it ships (without the pictures the details
 * page cannot show), lists what `vsce` would ship, and fails, naming each link and why, when the shipped
 * README or the CHANGELOG links a file the package does not hold or a placeholder address, or the manifest
 * names a placeholder repository.
 */
function main(): number {
  const readme = readmeWithoutPictures(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'));
  fs.mkdirSync(path.dirname(PACKAGED_README), { recursive: true });
  fs.writeFileSync(PACKAGED_README, readme);
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
  const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const shipped = new Set(
    listed
      .split('\n')
      .map((line) => line.trim().replace(/\\/g, '/'))
      .filter((line) => line !== ''),
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const problems = [
    ...manifestProblems(manifest),
    ...packageLinkProblems('README.md (as packaged)', readme, shipped),
    ...packageLinkProblems('CHANGELOG.md', fs.readFileSync(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'), shipped),
  ];
  for (const problem of problems) process.stderr.write(`${problem.file}: ${problem.link} ${problem.reason}\n`);
  if (problems.length > 0) {
    process.stderr.write(`Not packaged: ${problems.length} link(s) would be broken on the extension's details page.\n`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
