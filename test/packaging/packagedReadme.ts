import * as path from 'node:path';
import { editProse, type LinkProblem, readmeWithoutPictures } from './packageLinks';

/**
 * The README the package ships. The details page (and the Marketplace's) shows one file and follows no
 * relative link, so the guides the README links are appended to it, in the order it first links them, one
 * heading level down and each after a rule; a link to a guide becomes a link to its place on the page; a link to a file of the
 * source tree that does not ship becomes its text; and the pictures, which the page cannot show, go.
 */

/** A Markdown file of the source tree: its path from the repository's root, with `/`, and its text. */
export interface MarkdownFile {
  path: string;
  text: string;
}

/** Where the guides are; every Markdown file there is one. */
export const GUIDES_FOLDER = 'docs/guide';

const FENCE_LINE = /^(```|~~~)/;
const HEADING_LINE = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
/** A Markdown link or picture: `[label](target "title")`, the target optionally in angle brackets. */
const LINK = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?((?:\s+"[^"]*")?)\s*\)/g;

/**
 * The anchor a heading gets where the README is shown: its text without markup, lower-cased, without what is
 * neither a letter, a digit, `-`, `_` nor a space, and each space a `-`. VS Code's details page and GitHub
 * agree on it for a heading with no twin (they number twins differently), which is why a link may only lead
 * to a heading with none.
 */
export function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** Each line of `markdown` outside fenced code, passed to `edit` with its heading's level and text when it is one. */
function editLines(markdown: string, edit: (line: string, heading?: { level: number; text: string }) => string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (FENCE_LINE.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      const heading = HEADING_LINE.exec(line);
      return edit(line, heading ? { level: heading[1].length, text: heading[2] } : undefined);
    })
    .join('\n');
}

/** The anchors of a Markdown text's headings, in order, twins repeated. */
export function headingAnchors(markdown: string): string[] {
  const anchors: string[] = [];
  editLines(markdown, (line, heading) => {
    if (heading) anchors.push(headingSlug(heading.text));
    return line;
  });
  return anchors;
}

/** A Markdown text with each heading one level lower (`#` becomes `##`), as a part of a longer page. */
export function demoteHeadings(markdown: string): string {
  return editLines(markdown, (line, heading) => (heading && heading.level < 6 ? `#${line}` : line));
}

/** The in-page links of a Markdown text that lead to no heading, or to one with a twin. */
export function anchorProblems(file: string, markdown: string): LinkProblem[] {
  const counts = new Map<string, number>();
  for (const anchor of headingAnchors(markdown)) counts.set(anchor, (counts.get(anchor) ?? 0) + 1);
  const problems: LinkProblem[] = [];
  editProse(markdown, (prose) => {
    for (const match of prose.matchAll(LINK)) {
      const target = match[3];
      if (match[1] === '!' || !target.startsWith('#')) continue;
      const count = counts.get(decodeURIComponent(target.slice(1))) ?? 0;
      if (count === 0) problems.push({ file, link: target, reason: 'leads to no heading on the page' });
      if (count > 1) {
        problems.push({ file, link: target, reason: `leads to ${count} headings of that name: give the one meant a name of its own` });
      }
    }
    return prose;
  });
  return problems;
}

/** The guides `readme` links, in the order it first links them. */
function guidesLinked(readme: MarkdownFile, guides: readonly MarkdownFile[]): MarkdownFile[] {
  const order: MarkdownFile[] = [];
  editProse(readme.text, (prose) => {
    for (const match of prose.matchAll(LINK)) {
      const target = resolvedTarget(readme.path, match[3]);
      const guide = guides.find((candidate) => candidate.path === target?.file);
      if (match[1] === '' && guide && !order.includes(guide)) order.push(guide);
    }
    return prose;
  });
  return order;
}

/** Where a relative link of the file at `from` leads, from the repository's root; undefined for an absolute or in-page one. */
function resolvedTarget(from: string, target: string): { file: string; fragment?: string } | undefined {
  if (target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [file, fragment] = target.split('#', 2);
  return { file: path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(file))), fragment };
}

/**
 * The links of one file as they read from the packaged README: to a guide, its place on the page; to a file of
 * the source tree that does not ship, its label alone; to any other file, its path from the root. A link into
 * a guide that names no heading of it is a problem.
 */
function relinked(
  file: MarkdownFile,
  guideAnchors: ReadonlyMap<string, readonly string[]>,
  sourceOnly: (file: string) => boolean,
  problems: LinkProblem[],
): string {
  return editProse(file.text, (prose) =>
    prose.replace(LINK, (whole: string, picture: string, label: string, target: string, title: string) => {
      const resolved = resolvedTarget(file.path, target);
      if (picture === '!' || resolved === undefined) return whole;
      const anchors = guideAnchors.get(resolved.file);
      if (anchors) {
        const anchor = resolved.fragment ?? anchors[0];
        if (!anchors.includes(anchor)) problems.push({ file: file.path, link: target, reason: `names no heading of ${resolved.file}` });
        return `[${label}](#${anchor}${title})`;
      }
      if (sourceOnly(resolved.file)) return label;
      return `[${label}](${resolved.file}${resolved.fragment === undefined ? '' : `#${resolved.fragment}`}${title})`;
    }),
  );
}

/**
 * The packaged README and what keeps it from being whole: a guide the README does not link (the page would
 * not hold it), and a link into a guide that names no heading of it.
 */
export function packagedReadme(
  readme: MarkdownFile,
  guides: readonly MarkdownFile[],
  sourceOnly: (file: string) => boolean,
): { text: string; problems: LinkProblem[] } {
  const problems: LinkProblem[] = [];
  const order = guidesLinked(readme, guides);
  for (const guide of guides) {
    if (!order.includes(guide)) {
      problems.push({
        file: readme.path,
        link: guide.path,
        reason: 'is a guide the README does not link, so the details page would not hold it',
      });
    }
  }
  const guideAnchors = new Map(guides.map((guide) => [guide.path, headingAnchors(guide.text)]));
  const parts = [relinked(readme, guideAnchors, sourceOnly, problems)];
  for (const guide of order) parts.push(demoteHeadings(relinked(guide, guideAnchors, sourceOnly, problems)));
  return { text: `${readmeWithoutPictures(parts.map((part) => part.trim()).join('\n\n---\n\n'))}\n`, problems };
}
