import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * How one file reaches another. A circle through a type import is still a design circle (the two files
 * cannot be understood apart), and one through `import()` is a lazy seam whose contract sits on the lazy side.
 */
export type ImportKind = 'static' | 'type' | 'dynamic';

/** An import between two files of the tree, by their paths from its root (forward slashes). */
export interface Import {
  from: string;
  to: string;
  kind: ImportKind;
}

/** Files that import each other, directly or through others: every file reaches every other. */
export interface Circle {
  files: string[];
  /** The imports from one of its files to another, which a change has to cut to open the circle. */
  imports: Import[];
}

/** The TypeScript files under `root`, by their paths from it. */
export function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** Whether an import or export declaration brings in types only (`import type`, or `import { type A, type B }`). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * The module names `source` imports, each with how: declarations (`import x = require('…')` too), `import()` calls
 * and `import('…')` types.
 */
function importedNames(source: ts.SourceFile): { name: string; kind: ImportKind }[] {
  const found: { name: string; kind: ImportKind }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ name: node.moduleSpecifier.text, kind: isTypeOnly(node) ? 'type' : 'static' });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ name: node.moduleReference.expression.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ name: argument.text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ name: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The file of the tree a relative module name in `from` stands for, as TypeScript resolves it under NodeNext
 * (`./x`, `./x.js` and `./x/index` all name x.ts or x/index.ts); undefined for a package, a file outside the
 * tree or one that is not TypeScript. A relative name that names no file throws, so that the check never
 * silently misses an import.
 */
function resolve(root: string, from: string, name: string, files: Set<string>): string | undefined {
  if (!name.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), name);
  if (base.startsWith('../')) return undefined;
  const stem = base.replace(/\.js$/, '');
  const candidates = [`${stem}.ts`, `${stem}/index.ts`];
  const found = candidates.find((candidate) => files.has(candidate));
  if (found) return found;
  if (fs.existsSync(path.join(root, base)) && fs.statSync(path.join(root, base)).isFile()) return undefined;
  throw new Error(`${from} imports ${name}, which names no file under ${root}`);
}

/** Every import between two TypeScript files under `root`. */
export function importsUnder(root: string): Import[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  return files.flatMap((from) => {
    const source = ts.createSourceFile(from, fs.readFileSync(path.join(root, from), 'utf8'), ts.ScriptTarget.Latest, true);
    return importedNames(source).flatMap(({ name, kind }) => {
      const to = resolve(root, from, name, known);
      return to === undefined ? [] : [{ from, to, kind }];
    });
  });
}

/**
 * The circles among `imports`: the strongly connected components (Tarjan's algorithm) of more than one file, or
 * of a file that imports itself. Each circle's files are sorted, and the circles by their first file.
 */
export function circlesAmong(imports: Import[]): Circle[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (file: string): void => {
    order.set(file, order.size);
    lowest.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!order.has(to)) {
        visit(to);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(to)!));
      } else if (onStack.has(to)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(to)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    components.push(component.sort());
  };
  for (const file of next.keys()) if (!order.has(file)) visit(file);

  return components
    .map((files) => {
      const members = new Set(files);
      return { files, imports: imports.filter(({ from, to }) => members.has(from) && members.has(to)) };
    })
    .filter(({ files, imports: inside }) => files.length > 1 || inside.length > 0)
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** A circle as a reader fixes it: its files, then the imports that close it. */
export function describeCircle({ files, imports }: Circle): string {
  return [files.join(' ↔ '), ...imports.map(({ from, to, kind }) => `  ${from} → ${to} (${kind})`)].join('\n');
}
