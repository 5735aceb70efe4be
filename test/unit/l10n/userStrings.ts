import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** A string in src/ that reads as text for people and does not go through `l10n.t`. */
export interface Bypass {
  file: string;
  line: number;
  text: string;
}

/** The brand stands as it is in every language: the Accounts label, the log channel, a diagnostic's source. */
export const BRAND = 'Gcore';

/**
 * Text for people (the brand alone aside): a capitalised word ("Retry", "Containers") or two words in a row ("must be a
 * number"). Identifiers, paths, ids and wire values ("gcore.refresh", "/cloud/v1/tasks", "NEW") are not.
 */
export function readsAsText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === BRAND) return false;
  return /^[A-Z][a-z]/.test(trimmed) || /[A-Za-z]{2,}[,.:;!?)]?\s+\(?[A-Za-z]{2,}/.test(trimmed);
}

const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error']);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** `l10n.t(…)` or `vscode.l10n.t(…)`: the call the bundle is extracted from. */
export function isTranslation(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const { expression: owner, name } = node.expression;
  if (name.text !== 't') return false;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

/**
 * Where a string is not shown to people: it names a module, a type, a key or a wire value it is compared
 * with, or it is a line of the log channel (kept in English, as VS Code's own logs are).
 */
function isOutsideTheUi(literal: ts.Node, sourceFile: ts.SourceFile): boolean {
  if (isMarkedNotForPeople(literal, sourceFile)) return true;
  for (let node: ts.Node = literal; node.parent; node = node.parent) {
    const parent = node.parent;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
    if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
    if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) return true;
    if (ts.isCaseClause(parent) && parent.expression === node) return true;
    if (isErrorClassName(parent)) return true;
    if (isTranslation(parent)) return true;
    if (isTranslationOptions(parent)) return true;
    if (ts.isCallExpression(parent) && parent.expression !== node && isLogCall(parent)) return true;
    // A string is text only as a whole value: stop at the first expression that is no longer a string.
    if (
      !ts.isTemplateSpan(parent) &&
      !ts.isTemplateExpression(parent) &&
      !ts.isConditionalExpression(parent) &&
      !ts.isParenthesizedExpression(parent) &&
      !(ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken)
    ) {
      return false;
    }
  }
  return false;
}

/**
 * The way out for a string the rules above cannot tell from text, with its reason on the same line
 * (`const header = 'Retry-After'; // not user text: an HTTP header`), or on a line of its own just before the
 * line the string ends on, where the formatter leaves a statement that a comment would make too long.
 */
export const NOT_USER_TEXT = 'not user text:';

const MARK = new RegExp(`//.*${NOT_USER_TEXT}\\s*\\S`);
const MARK_ALONE = new RegExp(`^\\s*//.*${NOT_USER_TEXT}\\s*\\S`);

function isMarkedNotForPeople(literal: ts.Node, sourceFile: ts.SourceFile): boolean {
  const { line } = sourceFile.getLineAndCharacterOfPosition(literal.getEnd());
  const lineText = (at: number): string =>
    sourceFile.text.slice(
      sourceFile.getPositionOfLineAndCharacter(at, 0),
      sourceFile.getLineEndOfPosition(sourceFile.getPositionOfLineAndCharacter(at, 0)),
    );
  return MARK.test(lineText(line)) || (line > 0 && MARK_ALONE.test(lineText(line - 1)));
}

/** The `{ message, comment }` form of a translation: its message and its notes for translators. */
function isTranslationOptions(node: ts.Node): boolean {
  const options = ts.isPropertyAssignment(node)
    ? node.parent
    : ts.isArrayLiteralExpression(node) && ts.isPropertyAssignment(node.parent)
      ? node.parent.parent
      : undefined;
  return (
    options !== undefined &&
    ts.isObjectLiteralExpression(options) &&
    isTranslation(options.parent) &&
    options.parent.arguments[0] === options
  );
}

/** `this.name = 'GcoreApiError'` in an Error subclass. */
function isErrorClassName(node: ts.Node): boolean {
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left.getText() === 'this.name';
}

function isLogCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && LOG_METHODS.has(callee.name.text) && /\blog(ger)?$/i.test(callee.expression.getText());
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}');
  return undefined;
}

export function bypassesIn(file: string, source: string): Bypass[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Bypass[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && readsAsText(text) && !isOutsideTheUi(node, sourceFile)) {
      found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
    // A template's parts are checked as one string.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(sourceFile);
  return found;
}

/** A translation whose message is not one literal: the bundle cannot list it, so it is never translated. */
export function unlistableTranslationsIn(file: string, source: string): Bypass[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Bypass[] = [];
  const visit = (node: ts.Node): void => {
    if (isTranslation(node)) {
      const [first] = node.arguments;
      // The other form, { message, comment }, tells translators apart two uses of the same English word.
      const message = first && ts.isObjectLiteralExpression(first) ? messageProperty(first) : first;
      if (!message || !(ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message))) {
        found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function messageProperty(options: ts.ObjectLiteralExpression): ts.Expression | undefined {
  const property = options.properties.find(
    (candidate) => candidate.name && ts.isIdentifier(candidate.name) && candidate.name.text === 'message',
  );
  return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
}

export function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(root, name))
    .sort();
}
