import fetch from 'node-fetch';
import { MAX_RESPONSE_BYTES, type GuardedAgents } from '../../src/api/http/attemptGuard';
import { BENCH_API_KEY, BENCH_TIMEOUT_MS, BENCH_USER_AGENT } from './bench-client';

/**
 * The budget of a CPU figure bound by node-fetch, the HTTP library the stack prescribes: the extension's
 * whole path may cost at most this much over node-fetch sending the same request as every request of the
 * extension must be sent (fetchJsonAsSent). A floor below that, bare node:http, would charge the extension
 * for the library it is told to use.
 */
export const OVER_FETCH_AS_SENT_BUDGET = 1.25;

/** The headers every request of the extension carries, as the benchmark's client sends them. */
export const SENT_HEADERS: Readonly<Record<string, string>> = {
  Authorization: `apikey ${BENCH_API_KEY}`,
  Accept: 'application/json',
  'User-Agent': BENCH_USER_AGENT,
};

/**
 * A GET through node-fetch as every request of the extension must go, and nothing more: on agents made as
 * the client makes its own (`createGuardedAgents`), armed for this attempt with the deadline and size cap
 * node-fetch 2 lacks, the extension's headers, redirects refused, the body read as text and JSON.parse'd,
 * and the cancel signal when the extension's request carries one.
 */
export async function fetchJsonAsSent(url: string, agents: GuardedAgents, signal?: AbortSignal): Promise<unknown> {
  agents.guardNext({ timeoutMs: BENCH_TIMEOUT_MS, maxBytes: MAX_RESPONSE_BYTES });
  const response = await fetch(url, { method: 'GET', headers: SENT_HEADERS, signal, agent: agents.http, redirect: 'error' });
  return JSON.parse(await response.text()) as unknown;
}
