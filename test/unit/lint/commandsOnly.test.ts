import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repoRoot';

/**
 * The files under an area's folder of src/commands/ that are not commands yet, each with what keeps it there: the
 * layer it belongs to cannot import what it needs. A new file there is a command file; what a command asks before
 * it runs is in src/prompts/.
 */
const NOT_COMMANDS_YET: Record<string, string> = {};

/** Why a file of an area's commands is not one, or undefined: it is named for its commands and exports what makes them. */
function notCommandFile(file: string, text: string): string | undefined {
  const name = path.basename(file, '.ts');
  if (!/Commands?$/.test(name)) return `${file}: not named for commands (…Commands.ts)`;
  if (!new RegExp(`^export (async )?function \\w*Commands?\\b`, 'm').test(text)) return `${file}: exports no function that makes commands`;
  return undefined;
}

/** The TypeScript files under `folder`; none when the area has no such folder (an area needs no commands of its own). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('commands/ holds commands only', () => {
  const areas = readdirSync(path.join(REPO_ROOT, 'src', 'areas'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("finds in every area's folder of src/commands/ files of commands only", () => {
    const commands = path.join(REPO_ROOT, 'src', 'commands');
    const found = areas
      .flatMap((area) => filesUnder(path.join(commands, area)))
      .map((file) => ({ file: path.relative(commands, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }))
      .filter(({ file }) => NOT_COMMANDS_YET[file] === undefined)
      .map(({ file, text }) => notCommandFile(file, text))
      .filter((problem) => problem !== undefined);
    assert.deepEqual(found, []);
  });

  it('lists no file that is gone or has become a command file', () => {
    const commands = path.join(REPO_ROOT, 'src', 'commands');
    for (const file of Object.keys(NOT_COMMANDS_YET)) {
      const text = readFileSync(path.join(commands, file), 'utf8');
      assert.notEqual(notCommandFile(file, text), undefined, `${file} is a command file now: take it off the list`);
    }
  });

  it('refuses a file that is not named for commands, or makes none', () => {
    assert.match(notCommandFile('gpu/sshConfigFiles.ts', 'export function clusterFile() {}') ?? '', /not named for commands/);
    assert.match(
      notCommandFile('gpu/leaseCommands.ts', 'export function leaseClock() {}') ?? '',
      /exports no function that makes commands/,
    );
    assert.equal(notCommandFile('gpu/leaseCommands.ts', 'export function leaseCommands() {}'), undefined);
    assert.equal(notCommandFile('gpu/sshUserCommand.ts', 'export function setSshUserCommand() {}'), undefined);
  });
});
