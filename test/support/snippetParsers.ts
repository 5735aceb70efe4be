import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import * as ts from 'typescript';

/*
 * The real readers of the code the extension hands people: Python's own parser (python3's ast) and the TypeScript
 * compiler. Each says whether the code parses and which string literals it holds, so that a test sees a model id, an
 * address or a secret exactly as the language reads it.
 */

const INSTALLER = path.resolve(__dirname, '../../../test/runner/install-debian-packages.sh');

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs `command` (python3, curl) with the test set-up's installer when it is missing; throws when it cannot. */
export function ensureCommand(command: string): void {
  if (hasCommand(command)) return;
  const install = spawnSync('bash', [INSTALLER], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  if (install.status !== 0 || !hasCommand(command)) {
    throw new Error(`${command} is needed and could not be installed: run bash ${INSTALLER} as root`);
  }
}

export interface ParsedCode {
  /** The parser's complaints; empty when the code parses. */
  errors: string[];
  /** Every string literal, as the language reads it. */
  strings: string[];
}

const PYTHON_READER = `
import ast, json, sys
try:
    tree = ast.parse(sys.stdin.read())
except SyntaxError as error:
    print(json.dumps({"errors": [str(error)], "strings": []}))
    sys.exit(0)
strings = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]
print(json.dumps({"errors": [], "strings": strings}))
`;

export function parsePython(code: string): ParsedCode {
  ensureCommand('python3');
  const run = spawnSync('python3', ['-c', PYTHON_READER], { input: code, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ParsedCode;
}

export function parseTypeScript(code: string): ParsedCode {
  const output = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  const errors = (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.ES2022, true));
  return { errors, strings };
}
