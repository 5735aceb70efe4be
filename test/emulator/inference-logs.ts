import { shortHash } from './inference-deployment-view';
import type { DeploymentRecord, PodRun } from './inference-state';
import { pageOf, readPageQuery } from './paging-query';
import type { InvalidFields } from './replies';

/** How far back Gcore keeps a deployment's lines. */
export const INFERENCE_LOG_RETENTION_MS = 60 * 60_000;
const MAX_LIMIT = 1000;
const ORDERS = ['time.desc', 'time.asc'];

export interface LogLine {
  time: string;
  region_id: number;
  pod: string;
  message: string;
}

const STARTUP = ['INFO: Starting model server', 'INFO: Loading model weights (4 shards)', 'INFO: Model loaded; warming up CUDA graphs'];
const PATHS = ['/v1/chat/completions', '/v1/models', '/health', '/v1/completions'];

function messageAt(port: number, step: number, failing: boolean): string {
  if (failing) return step % 2 === 0 ? 'ERROR: torch.OutOfMemoryError: CUDA out of memory' : 'INFO: Starting model server';
  if (step < STARTUP.length) return STARTUP[step];
  if (step === STARTUP.length) return `INFO: Uvicorn running on http://0.0.0.0:${port} (Press CTRL+C to quit)`;
  const path = PATHS[step % PATHS.length];
  return `INFO: 10.0.${step % 7}.${(step % 200) + 10}:${40_000 + (step % 9_000)} - "${path === '/health' ? 'GET' : 'POST'} ${path} HTTP/1.1" 200 OK`;
}

/** One pod's lines: one every `stepMs` from `startMs`, its steps `first` to `last` (none when `last` < `first`). */
interface PodWrites {
  regionId: number;
  pod: string;
  failing: boolean;
  startMs: number;
  first: number;
  last: number;
}

/** What each pod of one run wrote between `from` and `to`, as steps: a log is counted without building its lines. */
function runWrites(record: DeploymentRecord, run: PodRun, from: number, to: number, stepMs: number): PodWrites[] {
  return run.pods.flatMap(({ regionId, count }) => {
    const failing = record.failing && record.containers[0]?.region_id === regionId;
    const replicaSet = shortHash(`${record.projectId}/${record.name}/${regionId}/${run.fromMs}`, 10);
    return Array.from({ length: count }, (_, pod) => {
      // Pods of a run start a little apart, so their lines interleave.
      const startMs = run.fromMs + pod * 700 + (regionId % 5) * 300;
      return {
        regionId,
        pod: `${record.name}-${replicaSet}-${shortHash(`${replicaSet}/${pod}`, 5)}`,
        failing,
        startMs,
        first: Math.max(0, Math.ceil((from - startMs) / stepMs)),
        last: Math.floor((to - startMs) / stepMs),
      };
    });
  });
}

/** A pod's lines from step `from` to step `to`. */
function linesOf(writes: PodWrites, from: number, to: number, listeningPort: number, stepMs: number): LogLine[] {
  const lines: LogLine[] = [];
  for (let step = from; step <= to; step++) {
    lines.push({
      time: new Date(writes.startMs + step * stepMs).toISOString(),
      region_id: writes.regionId,
      pod: writes.pod,
      message: messageAt(listeningPort, step, writes.failing),
    });
  }
  return lines;
}

/** Query of `…/deployments/{name}/logs`: `limit` (1–1000), `offset`, `order_by`, `region_id`. */
export function readLogQuery(
  query: URLSearchParams,
  invalidFields: InvalidFields,
): { page: { limit: number; offset: number }; order: string; regionId: number | undefined } {
  const page = readPageQuery(query, MAX_LIMIT, MAX_LIMIT, invalidFields);
  const order = query.get('order_by') ?? 'time.desc';
  if (!ORDERS.includes(order)) invalidFields.order_by = [`Must be one of: ${ORDERS.join(', ')}.`];
  const region = query.get('region_id');
  if (region !== null && !/^\d+$/.test(region)) invalidFields.region_id = ['Not a valid integer.'];
  return { page, order, regionId: region === null ? undefined : Number(region) };
}

/**
 * A deployment's lines of the last hour, as `{count, results}`: every pod of every run writes a line every
 * `stepMs` (start-up first, then requests; a crashing pod its crash), until the run ended or now. Only the lines
 * a page can hold are built (each pod's newest, or oldest, `offset + limit`), so a log of millions of lines
 * answers as fast as a short one.
 */
export function deploymentLogs(
  record: DeploymentRecord,
  query: { page: { limit: number; offset: number }; order: string; regionId: number | undefined },
  now: number,
  stepMs: number,
): { count: number; results: LogLine[] } {
  const from = now - INFERENCE_LOG_RETENTION_MS;
  const writes = record.runs
    .filter((run) => (run.toMs ?? now) >= from)
    .flatMap((run) => runWrites(record, run, Math.max(from, run.fromMs), Math.min(now, run.toMs ?? now), stepMs))
    .filter((pod) => pod.last >= pod.first && (query.regionId === undefined || pod.regionId === query.regionId));
  const reach = query.page.offset + query.page.limit;
  const newestFirst = query.order === 'time.desc';
  const lines = writes
    .flatMap((pod) =>
      newestFirst
        ? linesOf(pod, Math.max(pod.first, pod.last - reach + 1), pod.last, record.listeningPort, stepMs)
        : linesOf(pod, pod.first, Math.min(pod.last, pod.first + reach - 1), record.listeningPort, stepMs),
    )
    .sort((a, b) => a.time.localeCompare(b.time) || a.pod.localeCompare(b.pod));
  if (newestFirst) lines.reverse();
  const count = writes.reduce((sum, pod) => sum + pod.last - pod.first + 1, 0);
  return { count, results: pageOf(lines, query.page) };
}
