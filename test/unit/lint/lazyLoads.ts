import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { sourceFiles } from './importCircles';

/**
 * The calls that load a part once, each taking the function that imports its body: src/core/loadOnce.ts and its
 * adapters for one surface each. An `import()` elsewhere would load on every call, and a failed load would not
 * be tried again by the next need.
 */
const LOADERS = new Set(['loadOnce', 'lazyCommands', 'lazyClient']);
const LOADER_CLASSES = new Set(['LazyDocuments', 'LazyTextDocuments']);

/** An `import()` whose load nothing shares, by file (its path from the tree's root), line and module name. */
export interface BareLoad {
  file: string;
  line: number;
  module: string;
}

/** Whether `fn` is an argument of a call of a loader, or of the construction of a loader class. */
function isPassedToLoader(fn: ts.SignatureDeclaration): boolean {
  const { parent } = fn;
  if (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === fn)) {
    return ts.isIdentifier(parent.expression) && LOADERS.has(parent.expression.text);
  }
  if (ts.isNewExpression(parent) && parent.arguments?.some((argument) => argument === fn)) {
    return ts.isIdentifier(parent.expression) && LOADER_CLASSES.has(parent.expression.text);
  }
  return false;
}

/**
 * Whether the function nearest around `node` is one passed to a loader. The nearest one: an `import()` in a
 * function nested inside would run each time that inner function is called, not once per load.
 */
function isInsideLoader(node: ts.Node): boolean {
  for (let around = node.parent; !ts.isSourceFile(around); around = around.parent) {
    if (ts.isFunctionLike(around)) return isPassedToLoader(around);
  }
  return false;
}

/** The `import()` calls in one file's text that no loader holds. */
export function bareLoadsIn(file: string, text: string): BareLoad[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: BareLoad[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !isInsideLoader(node)) {
      const [argument] = node.arguments;
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        module: argument && ts.isStringLiteralLike(argument) ? argument.text : (argument?.getText(source) ?? ''),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The `import()` calls that no loader holds in the TypeScript files under `root`. */
export function bareLoadsUnder(root: string): BareLoad[] {
  return sourceFiles(root).flatMap((file) => bareLoadsIn(file, fs.readFileSync(path.join(root, file), 'utf8')));
}
