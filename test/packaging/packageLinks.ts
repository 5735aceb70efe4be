/**
 * What the details page of an installed .vsix shows is its README and CHANGELOG. VS Code renders them in a
 * webview whose policy allows pictures only from `https:` (`img-src https: data:`, and its sanitizer keeps
 * only http and https sources: relative and `data:` pictures are dropped), and links only to http, https and
 * mailto. A picture in the package therefore never shows there; a relative link leads nowhere, and so does
 * a placeholder address. These checks run on the texts that ship, before `vsce package`.
 */

/** Hosts that stand for no real place: the names reserved for documentation and tests, and the placeholder repository. */
const PLACEHOLDER_HOSTS = [/(^|\.)example(\.(com|org|net))?$/, /(^|\.)(test|invalid|localhost)$/, /^localhost$/];
const PLACEHOLDER_PREFIXES = ['https://github.com/gcore-vscode/', 'http://github.com/gcore-vscode/'];

export interface LinkProblem {
  file: string;
  link: string;
  reason: string;
}

const FENCED_BLOCK = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
const INLINE_CODE = /`[^`\n]*`/g;

/** `text` with `prose` applied to the parts `code` does not match, and `other` to the parts it does. */
function editAround(text: string, code: RegExp, prose: (part: string) => string, other: (part: string) => string): string {
  let edited = '';
  let from = 0;
  for (const match of text.matchAll(code)) {
    edited += prose(text.slice(from, match.index)) + other(match[0]);
    from = match.index + match[0].length;
  }
  return edited + prose(text.slice(from));
}

/**
 * A Markdown text with `edit` applied to its prose only: code (fenced blocks and inline spans), whose links
 * are not links, is kept as it is, or replaced by what `code` makes of it.
 */
export function editProse(markdown: string, edit: (prose: string) => string, code: (code: string) => string = (kept) => kept): string {
  return editAround(markdown, FENCED_BLOCK, (outside) => editAround(outside, INLINE_CODE, edit, code), code);
}

/** A Markdown text without its code (fenced blocks and inline spans), whose links are not links. */
function withoutCode(markdown: string): string {
  return editProse(
    markdown,
    (prose) => prose,
    () => '',
  );
}

/** Every link and image target a Markdown text holds: `[..](url)`, `![..](url)`, `<img src>`, `<a href>`. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
  for (const match of text.matchAll(/<(?:img|a)\b[^>]*\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)) targets.push(match[1]);
  return targets;
}

/** Why `url`, absolute, leads nowhere; undefined when it may be followed. */
export function placeholderReason(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol === 'mailto:') return undefined;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `uses ${parsed.protocol}, which the details page cannot open`;
  if (PLACEHOLDER_HOSTS.some((host) => host.test(parsed.hostname))) return `is on the placeholder host ${parsed.hostname}`;
  if (PLACEHOLDER_PREFIXES.some((prefix) => url.startsWith(prefix))) {
    return 'is in the placeholder repository github.com/gcore-vscode, which does not exist';
  }
  return undefined;
}

/** The problems of one Markdown file of the package: relative targets it does not ship, and placeholder addresses. */
export function packageLinkProblems(file: string, markdown: string, shipped: ReadonlySet<string>): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const link of linkTargets(markdown)) {
    if (link.startsWith('#')) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
      const reason = placeholderReason(link);
      if (reason !== undefined) problems.push({ file, link, reason });
      continue;
    }
    const target = decodeURI(link.replace(/[#?].*$/, '')).replace(/^\.\//, '');
    if (!shipped.has(target)) {
      problems.push({
        file,
        link,
        reason: "is not in the package (add it to .vscodeignore's allowed files, or link something that ships)",
      });
    }
  }
  return problems;
}

/** The manifest's addresses a marketplace shows as Repository, Issues and Homepage: none may be a placeholder. */
export function manifestProblems(manifest: Record<string, unknown>): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const field of ['repository', 'bugs', 'homepage']) {
    const value = manifest[field];
    const url =
      typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : undefined;
    if (typeof url !== 'string') continue;
    const reason = placeholderReason(url.replace(/^git\+/, '').replace(/\.git$/, ''));
    if (reason !== undefined) problems.push({ file: 'package.json', link: `${field}: ${url}`, reason });
  }
  return problems;
}

/** A Markdown image on a line of its own: `![alt](target)`, with an optional title. */
const PICTURE_LINE = /^!\[[^\]]*\]\([^)]*\)\s*$/;
const INLINE_PICTURE = /!\[([^\]]*)\]\([^)]*\)/g;

/**
 * The README as the package ships it, without its pictures: the details page cannot show a picture from the
 * package, and a broken picture is worse than none. A picture on its own line goes with the blank line
 * after it; one inside a sentence leaves its alt text.
 */
export function readmeWithoutPictures(markdown: string): string {
  const lines = markdown.split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (PICTURE_LINE.test(lines[index])) {
      if (lines[index + 1]?.trim() === '' && (kept.length === 0 || kept[kept.length - 1].trim() === '')) index++;
      continue;
    }
    kept.push(lines[index].replace(INLINE_PICTURE, '$1'));
  }
  return kept.join('\n');
}
