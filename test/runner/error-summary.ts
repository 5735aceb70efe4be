/**
 * The first non-empty line of an error's message: what went wrong, without the multi-line call logs
 * Playwright appends or the stack a CI log does not need for an environment problem.
 */
export function errorSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
}
