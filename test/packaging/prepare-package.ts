import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../runner/extension-under-test';
import { manifestProblems, packageLinkProblems } from './packageLinks';
import { anchorProblems, GUIDES_FOLDER, type MarkdownFile, packagedReadme } from './packagedReadme';
import { PACKAGED_README } from './packagedReadmePath';

/** The files `vsce` would ship, by their paths from the repository's root. */
function shippedFiles(): Set<string> {
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
  const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return new Set(
    listed
      .split('\n')
      .map((line) => line.trim().replace(/\\/g, '/'))
      .filter((line) => line !== ''),
  );
}

function markdownFile(file: string): MarkdownFile {
  return { path: file, text: fs.readFileSync(path.join(REPO_ROOT, file), 'utf8') };
}

/**
 * `npm run package` runs this first: it writes the README as it ships (with the guides it links, without the
 * pictures the details page cannot show), and fails, naming each link and why, when the shipped README or
 * the CHANGELOG links a file the package does not hold, a placeholder address or a heading the page lacks,
 * when a guide is not linked from the README, or when the manifest names a placeholder repository.
 */
function main(): number {
  const shipped = shippedFiles();
  const guides = fs
    .readdirSync(path.join(REPO_ROOT, GUIDES_FOLDER))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => markdownFile(`${GUIDES_FOLDER}/${name}`));
  const sourceOnly = (file: string) => !shipped.has(file) && fs.existsSync(path.join(REPO_ROOT, file));
  const readme = packagedReadme(markdownFile('README.md'), guides, sourceOnly);
  fs.mkdirSync(path.dirname(PACKAGED_README), { recursive: true });
  fs.writeFileSync(PACKAGED_README, readme.text);
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const problems = [
    ...manifestProblems(manifest),
    ...readme.problems,
    ...packageLinkProblems('README.md (as packaged)', readme.text, shipped),
    ...anchorProblems('README.md (as packaged)', readme.text),
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
