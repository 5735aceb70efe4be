import * as l10n from '@vscode/l10n';
import { isDeepStrictEqual } from 'node:util';
import type { CallOptions } from '../../api/callOptions';
import { jsonObject } from '../../api/decodeItems';
import { defaultMessage, GcoreApiError, isCancelled, isGcoreApiError, UnknownOutcomeError } from '../../api/errors';
import type { LimitsRequest } from '../../api/inference/inferenceTypes';
import { pollerPause } from '../../loaders/pollerPause';
import { SYSTEM_CLOCK, type PollerClock } from '../../loaders/taskPoller';
import type { InferenceWritesDeps } from './inferenceDeploymentWrites';

/** What is asked of Gcore: the account's `inference_*_count_limit`s wanted, and why, in the user's words. */
export interface InferenceQuotaAsk {
  limits: Record<string, number>;
  description: string;
}

/** How a request is followed: Gcore says it answers within about 15 minutes. */
export interface QuotaRequestFollow {
  clock?: PollerClock;
  signal?: AbortSignal;
  /** Between two reads; 30 s unless given. */
  intervalMs?: number;
  /** When to stop following without an answer: the request as last read is returned, still in progress. */
  timeoutMs?: number;
  /** Told each status read, the first included. */
  onStatus?(request: LimitsRequest): void;
}

const DEFAULT_INTERVAL_MS = 30_000;

/** Reads in a row that may fail (Gcore busy, the network gone) before following gives up with the last failure. */
const FAILED_READS_TOLERATED = 3;

/** The statuses with which Gcore has answered a request. */
const ANSWERED = new Set(['done', 'rejected']);

export function isAnswered(request: LimitsRequest): boolean {
  return typeof request.status === 'string' && ANSWERED.has(request.status.toLowerCase());
}

/**
 * Sends the request once (`POST /cloud/v2/limits_request`). Gcore may answer it without a body: the request is then
 * the newest of its list that asks for the same limits with the same words; when the list shows none, the outcome is
 * unknown and nothing offers to send it again (a second request would ask twice).
 */
export async function sendInferenceQuotaRequest(
  deps: InferenceWritesDeps,
  ask: InferenceQuotaAsk,
  options: CallOptions = {},
): Promise<LimitsRequest> {
  const { inference } = deps.client;
  const answered = await inference.requestLimits(
    { description: ask.description, requested_limits: { global_limits: ask.limits } },
    options,
  );
  const request = answered ?? (await listedRequest(deps, ask, options));
  deps.log.info(`inference quota request ${String(request.id)} sent (${Object.keys(ask.limits).join(', ')})`); // not user text: a line of the log
  return request;
}

async function listedRequest(deps: InferenceWritesDeps, ask: InferenceQuotaAsk, options: CallOptions): Promise<LimitsRequest> {
  const unknown = () =>
    l10n.t(
      'Gcore took the quota request without saying which it is, and its list of requests does not show it. Look in the Gcore portal before asking again.',
    );
  let requests: LimitsRequest[];
  try {
    requests = (await deps.client.inference.listLimitsRequests(options)).results;
  } catch (error) {
    if (isCancelled(error)) throw error;
    throw new UnknownOutcomeError(unknown(), { cause: error });
  }
  const same = requests.filter((request) => asksFor(request, ask));
  const newest = same.sort((a, b) => Number(b.id) - Number(a.id))[0];
  if (!newest) throw new UnknownOutcomeError(unknown());
  return newest;
}

function asksFor(request: LimitsRequest, ask: InferenceQuotaAsk): boolean {
  const global = jsonObject(jsonObject(request.requested_limits)?.global_limits) ?? {};
  return (
    request.description === ask.description && Object.entries(ask.limits).every(([name, value]) => isDeepStrictEqual(global[name], value))
  );
}

/**
 * Reads the request by its id until Gcore answers it (`done` or `rejected`), the signal is aborted or the time given
 * has passed. A read that fails (after the pipeline's own retries) is tried again the next round, FAILED_READS_TOLERATED
 * times in a row; a request Gcore does not know (404), or a refused key, ends it at once.
 */
export async function followInferenceQuotaRequest(
  deps: InferenceWritesDeps,
  id: number | string,
  follow: QuotaRequestFollow = {},
): Promise<LimitsRequest> {
  const clock = follow.clock ?? SYSTEM_CLOCK;
  const intervalMs = follow.intervalMs ?? DEFAULT_INTERVAL_MS;
  const startedAt = clock.now();
  let failures = 0;
  let last: LimitsRequest | undefined;
  for (;;) {
    try {
      last = await deps.client.inference.getLimitsRequest(id, { signal: follow.signal });
      failures = 0;
      follow.onStatus?.(last);
      if (isAnswered(last)) return last;
    } catch (error) {
      failures += 1;
      if (!mayPass(error) || failures >= FAILED_READS_TOLERATED) throw error;
      deps.log.warn(`inference quota request ${String(id)} could not be read: ${String(error)}`); // not user text: a line of the log
    }
    if (follow.timeoutMs !== undefined && clock.now() - startedAt + intervalMs > follow.timeoutMs && last) return last;
    await pause(clock, intervalMs, follow.signal);
  }
}

/** A failure the next round may not meet: Gcore busy or failing, the network or a deadline. */
function mayPass(error: unknown): boolean {
  return isGcoreApiError(error) && ['rateLimited', 'server', 'network', 'timeout'].includes(error.kind);
}

/** A pause between two reads of a request; a cancellation rejects it, as a read's would. */
async function pause(clock: PollerClock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!(await pollerPause(clock, ms, signal))) throw new GcoreApiError('cancelled', defaultMessage('cancelled'));
}
