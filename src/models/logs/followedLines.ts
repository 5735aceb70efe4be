/**
 * A followed log's lines as its document shows them, and what one read changes there. A read only adds lines at
 * the end and drops the oldest at the cap, so the document takes it as two small edits rather than a new text: VS
 * Code diffs a changed text of over 100,000 characters no further and replaces all of it, which at the cap takes
 * it seconds per read while the edits take a fraction of that.
 */
export interface FollowedLines {
  lines: string[];
  /** The pod of each line (undefined for a line of no pod, such as a gap's); empty when the source names none. */
  pods: (string | undefined)[];
  /** The pod whose lines alone are shown; a line of no pod is every pod's. */
  pod?: string;
}

/** A read's change to the document: its first `dropLines` lines go, `append` is added at its end. */
export interface FollowedChange {
  /** The document's lines before the change, its last empty line included, for a check that it still has them. */
  linesBefore: number;
  dropLines: number;
  append: string;
}

/**
 * Adds a read's lines (with their pods when the source names pods), drops the oldest beyond `maxLines`, and says
 * how the shown text changes; undefined when it does not. `emptyText` is what the document says with no line
 * shown, one line and its break.
 */
export function addFollowedLines(
  log: FollowedLines,
  added: readonly string[],
  addedPods: readonly (string | undefined)[],
  maxLines: number,
  emptyText: string,
): FollowedChange | undefined {
  const shownBefore = shownCount(log, 0);
  log.lines.push(...added);
  log.pods.push(...addedPods);
  const dropped = Math.max(0, log.lines.length - maxLines);
  const droppedShown = shownCount(log, 0, dropped);
  const firstAdded = log.lines.length - added.length;
  const addedShown = added.filter((_line, index) => isShown(log, firstAdded + index));
  if (dropped > 0) {
    log.lines.splice(0, dropped);
    log.pods.splice(0, dropped);
  }
  if (droppedShown === 0 && addedShown.length === 0) return undefined;
  // With no line shown the document holds `emptyText`: one line, which goes as the first lines come.
  const linesBefore = Math.max(shownBefore, 1) + 1;
  if (shownBefore === 0) return { linesBefore, dropLines: 1, append: linesText(addedShown) };
  if (shownBefore - droppedShown + addedShown.length === 0) return { linesBefore, dropLines: shownBefore, append: emptyText };
  return { linesBefore, dropLines: droppedShown, append: addedShown.length === 0 ? '' : linesText(addedShown) };
}

/** The shown text of `log`: its lines, each ending with a line break, or `emptyText` when none is shown. */
export function followedText(log: FollowedLines, emptyText: string): string {
  const shown = log.pod === undefined ? log.lines : log.lines.filter((_line, index) => isShown(log, index));
  return shown.length === 0 ? emptyText : linesText(shown);
}

function linesText(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

function isShown(log: FollowedLines, index: number): boolean {
  if (log.pod === undefined) return true;
  const pod = log.pods[index];
  return pod === undefined || pod === log.pod;
}

/** How many of the lines from `start` up to `end` (the last line by default) are shown. */
function shownCount(log: FollowedLines, start: number, end = log.lines.length): number {
  if (log.pod === undefined) return end - start;
  let count = 0;
  for (let index = start; index < end; index++) if (isShown(log, index)) count++;
  return count;
}
