/**
 * A task's `error` as people read it and globalState keeps it: on one line, cut at `maxLength` characters.
 * Gcore's text can be a whole build log; the task itself (`gcore.getTask`, `gcore.waitForTasks`) keeps it
 * all. Undefined when the task says nothing.
 */
export function taskErrorText(error: unknown, maxLength: number): string | undefined {
  if (typeof error !== 'string') return undefined;
  const text = error.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  // Half of a character outside the BMP would show as a replacement sign.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
