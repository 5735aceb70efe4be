/**
 * Wire shapes as the API sends them. Only what the extension reads is typed; unknown fields are kept on
 * the objects (the programmatic commands return the API's response as it came).
 */

export interface ContainerUpdateResult {
  tasks: string[];
  [extra: string]: unknown;
}

/**
 * What a paged list could not bring, on its result beside the items; each field is absent when nothing of
 * its kind was left out.
 */
export interface ListGaps {
  /** Entries that came but could not be read (not an object, no name): left out of the items. */
  unreadableCount?: number;
  /** Paging ended (an empty page, a repeated one) before the total the server reported: `count` never came. */
  missing?: { count: number; reportedTotal: number };
  /**
   * Paging stopped before an empty page (a page repeated entries already listed, or the list reached the most
   * the extension lists) with no total to say how many did not come: there may be more.
   */
  incomplete?: true;
}

export interface Project {
  id: number;
  name: string;
  is_default?: boolean | null;
  state?: string | null;
  description?: string | null;
  [extra: string]: unknown;
}

export interface Region {
  id: number;
  display_name: string;
  state?: string | null;
  country?: string | null;
  zone?: string | null;
  [extra: string]: unknown;
}

/**
 * `count` is how many `results` holds, every page together, whatever total the server reported: the one
 * number a caller can rely on, as totals can be absent, low or stale. What was left out is in ListGaps.
 */
export interface CloudList<T> extends ListGaps {
  count: number;
  results: T[];
  [extra: string]: unknown;
}

export interface Task {
  id: string;
  /** NEW, RUNNING, FINISHED or ERROR; any other value is kept as it came. */
  state: string;
  task_type?: string | null;
  error?: string | null;
  created_on?: string | null;
  updated_on?: string | null;
  finished_on?: string | null;
  project_id?: number | null;
  region_id?: number | null;
  [extra: string]: unknown;
}

/** The account behind a key (`/iam/clients/me`, camelCase keys). */
export interface Account {
  id?: number;
  email?: string;
  name?: string;
  companyName?: string;
  status?: string;
  [extra: string]: unknown;
}
