import * as path from 'node:path';

/** What a doc's paths are looked up in: the repository's files, relative to its root. */
export interface DocTree {
  exists(relative: string): boolean;
  /** Whether some file under src/ or test/ has this name: a doc may name a module by its file alone. */
  hasFileNamed(name: string): boolean;
}

export interface DocPathProblem {
  line: number;
  text: string;
  reason: string;
}

const MODULE_EXTENSIONS = /\.(ts|js|mjs|cjs)$/;
const FILE_EXTENSIONS = /\.(ts|js|mjs|cjs|json|md|sh|png|svg|ya?ml|tsv|zone|txt)$/;
/** Built or per-machine places a doc may name that no checkout holds. */
const NOT_IN_A_CHECKOUT = /^(dist|out|node_modules)\/|^~|^\//;

/** The doc's lines with fenced blocks blanked, so that line numbers still match and code is not read as text. */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const opening = /^\s*(```|~~~)/.exec(line);
    if (fence !== undefined) {
      if (opening && opening[1] === fence) fence = undefined;
      return '';
    }
    if (opening) {
      fence = opening[1];
      return '';
    }
    return line;
  });
}

/** The places a repository path may be written relative to: the root, src/ (layer-relative), test/, the doc's folder. */
function candidates(docFile: string, target: string): string[] {
  const docDir = path.posix.dirname(docFile);
  return [target, `src/${target}`, `test/${target}`, path.posix.join(docDir, target)].map((candidate) =>
    path.posix.normalize(candidate).replace(/\/$/, ''),
  );
}

function outsideRepository(docFile: string, target: string): boolean {
  return target.startsWith('../') && path.posix.normalize(path.posix.join(path.posix.dirname(docFile), target)).startsWith('..');
}

/** Why a path written in code (`…`) leads nowhere in the tree; undefined when it is found or is not a path. */
function codePathReason(docFile: string, token: string, tree: DocTree): string | undefined {
  if (!/^[\w./@~-]+$/.test(token) || NOT_IN_A_CHECKOUT.test(token)) return undefined;
  if (token.startsWith('../')) {
    if (outsideRepository(docFile, token)) return 'is outside the repository';
    return tree.exists(path.posix.normalize(path.posix.join(path.posix.dirname(docFile), token))) ? undefined : 'is not in the tree';
  }
  const isFile = FILE_EXTENSIONS.test(token);
  if (!token.includes('/')) {
    // A bare name is a module of the tree when it is code; other names (a zone file, a bundle) are the user's.
    if (!MODULE_EXTENSIONS.test(token)) return undefined;
    return tree.hasFileNamed(token) || candidates(docFile, token).some((candidate) => tree.exists(candidate))
      ? undefined
      : 'is no file of the repository';
  }
  const isDirectory = token.endsWith('/');
  if (!isFile && !isDirectory) return undefined;
  const firstSegment = token.split('/')[0];
  if (isDirectory && !candidates(docFile, firstSegment).some((candidate) => tree.exists(candidate))) return undefined;
  return candidates(docFile, token).some((candidate) => tree.exists(candidate)) ? undefined : 'is not in the tree';
}

/** Why a Markdown link's relative target leads nowhere; undefined for an address, an anchor or a target found. */
function linkReason(docFile: string, target: string, tree: DocTree): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return undefined;
  const file = decodeURI(target.replace(/[#?].*$/, ''));
  if (outsideRepository(docFile, file)) return 'is outside the repository';
  return tree.exists(path.posix.normalize(path.posix.join(path.posix.dirname(docFile), file))) ? undefined : 'is not in the tree';
}

/**
 * The paths a doc names that the tree does not hold: files and folders written in code spans, relative links,
 * and anything cited outside the repository (a doc says what is, in this repository).
 */
export function docPathProblems(docFile: string, markdown: string, tree: DocTree): DocPathProblem[] {
  const problems: DocPathProblem[] = [];
  proseLines(markdown).forEach((text, index) => {
    const line = index + 1;
    const withoutCode = text.replace(/`[^`]*`/g, '');
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const reason = codePathReason(docFile, match[1].trim(), tree);
      if (reason !== undefined) problems.push({ line, text: match[1].trim(), reason });
    }
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const reason = linkReason(docFile, match[1], tree);
      if (reason !== undefined) problems.push({ line, text: match[1].replace(/[#?].*$/, ''), reason });
    }
  });
  return problems;
}
