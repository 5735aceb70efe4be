export interface Fault {
  /** Match only this method (default any). */
  method?: string;
  /** String: exact match on the decoded path without query. RegExp: tested on the decoded path. */
  path: string | RegExp;
  /** Apply to the next N matching requests (default 1). */
  times?: number;
  status?: number;
  /** JSON body; a string is sent raw as given. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering, then answer normally unless status, drop or malformed is given. */
  delayMs?: number;
  /** Send the status line, headers and the first half of the body, then wait this long before the rest. */
  bodyDelayMs?: number;
  /** Destroy the socket without any response. */
  drop?: boolean;
  /** Send the status line, headers (with the full Content-Length) and half the body, then reset the connection. */
  resetMidBody?: boolean;
  /**
   * A deployment's streamed answer (inference-endpoint.ts) sends half its chunks, then an OpenAI-shaped error event
   * with this status, as a model server whose engine fails mid-answer does, and ends without `[DONE]`.
   */
  streamErrorStatus?: number;
  /** Answer 200 with Content-Type application/json and a truncated, non-JSON body. */
  malformed?: boolean;
  /**
   * Carry the request out first, as Gcore behind a gateway would, and only then answer with the fault (its
   * status, a malformed body, a drop): an answer lost after the change was made. Without it a fault that answers
   * or drops leaves Gcore untouched.
   */
  afterApplying?: boolean;
  /** Faults queued once this one is applied: what fails only after it, whatever else was asked in between. */
  then?: readonly Fault[];
}

interface QueuedFault {
  fault: Fault;
  remaining: number;
}

export class FaultQueue {
  private queued: QueuedFault[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`Fault times must be a positive integer, got ${times}`);
    this.queued.push({ fault, remaining: times });
  }

  /** Returns the first matching fault and uses up one of its applications. */
  take(method: string, decodedPath: string): Fault | undefined {
    const entry = this.queued.find(({ fault }) => matches(fault, method, decodedPath));
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.queued = this.queued.filter((queued) => queued !== entry);
    for (const next of entry.fault.then ?? []) this.add(next);
    return entry.fault;
  }

  clear(): void {
    this.queued = [];
  }
}

function matches(fault: Fault, method: string, decodedPath: string): boolean {
  if (fault.method !== undefined && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  if (typeof fault.path === 'string') return fault.path === decodedPath;
  // A global or sticky RegExp remembers where it stopped; every request must be tested from the start.
  fault.path.lastIndex = 0;
  return fault.path.test(decodedPath);
}
