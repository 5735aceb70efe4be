import type { ContainerUpdateResult } from '../api';
import type { ChangeSubject } from '../loaders/taskPoller';

/**
 * A change Gcore took, as a write path answers it wherever it runs: Gcore's answer (the tasks it started), what
 * those tasks change, and what the change made stale. In VS Code the commands follow the tasks under `change` and
 * read `stale` again; the MCP server answers the tasks alone.
 */
export interface SentChange<Stale> {
  result: ContainerUpdateResult;
  change: ChangeSubject;
  /** The list the changed resource is in, to read again (a location's containers, its GPU clusters of one kind). */
  stale: Stale;
}

/** The log line of a change sent: the resource, what was done to it, and the tasks Gcore named. */
export function sentLine(resource: string, { change, result }: SentChange<unknown>): string {
  return `${resource} ${change.label ?? change.name} ${change.action} sent (tasks ${result.tasks.join(', ') || 'none'})`; // not user text: a line of the log
}
