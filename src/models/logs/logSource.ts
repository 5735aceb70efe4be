/**
 * Where a log's lines come from, as an area has them: its newest page, and the merge that keeps of each page the
 * lines not shown yet (no log has a cursor to read on from).
 */
export interface LogSource<Address, Page, Line> {
  /** The path of `address`'s log documents (ending in `.log`): every document of one log shares it. */
  path(address: Address): string;
  /** The name messages give the log. */
  name(address: Address): string;
  /** The log's name at a document path no log is loaded for (an editor restored at start-up), if it is one. */
  nameAt(path: string): string | undefined;
  /** The newest `limit` lines. */
  newest(address: Address, limit: number, signal: AbortSignal | undefined): Promise<Page>;
  /** A merge for one log's reads, from the first. */
  merge(): LogMerge<Page, Line>;
  /** A line as shown (secrets are redacted after). */
  format(line: Line): string;
  /** The pod that wrote the line, for a log whose document can show one pod's lines alone. */
  pod?(line: Line): string | undefined;
}

export interface LogMerge<Page, Line> {
  /**
   * The lines of `page` not shown yet, oldest first; `gap` when lines were missed between this read and the one
   * before. `limit` is what a follow read asked for; a first read has none.
   */
  next(page: Page, limit?: number): { lines: readonly Line[]; gap: boolean };
}
