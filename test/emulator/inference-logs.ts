import { shortHash } from './inference-deployment-view';
import type { DeploymentRecord, PodRun } from './inference-state';
import { pageOf, readPageQuery } from './paging-query';
import type { InvalidFields } from './replies';

/** Each pod writes a line this often; lines are computed from the clock, so a re-read finds the same ones. */
export const INFERENCE_LOG_STEP_MS = 5_000;
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

/** The lines one run of pods wrote between `from` and `to`. */
function runLines(record: DeploymentRecord, run: PodRun, from: number, to: number): LogLine[] {
  const lines: LogLine[] = [];
  for (const { regionId, count } of run.pods) {
    const failing = record.failing && record.containers[0]?.region_id === regionId;
    const replicaSet = shortHash(`${record.projectId}/${record.name}/${regionId}/${run.fromMs}`, 10);
    for (let pod = 0; pod < count; pod++) {
      const podName = `${record.name}-${replicaSet}-${shortHash(`${replicaSet}/${pod}`, 5)}`;
      // Pods of a run start a little apart, so their lines interleave.
      const podStart = run.fromMs + pod * 700 + (regionId % 5) * 300;
      const firstStep = Math.max(0, Math.ceil((from - podStart) / INFERENCE_LOG_STEP_MS));
      for (let step = firstStep; ; step++) {
        const at = podStart + step * INFERENCE_LOG_STEP_MS;
        if (at > to) break;
        lines.push({
          time: new Date(at).toISOString(),
          region_id: regionId,
          pod: podName,
          message: messageAt(record.listeningPort, step, failing),
        });
      }
    }
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
 * five seconds (start-up first, then requests; a crashing pod its crash), until the run ended or now.
 */
export function deploymentLogs(
  record: DeploymentRecord,
  query: { page: { limit: number; offset: number }; order: string; regionId: number | undefined },
  now: number,
): { count: number; results: LogLine[] } {
  const from = now - INFERENCE_LOG_RETENTION_MS;
  const lines = record.runs
    .filter((run) => (run.toMs ?? now) >= from)
    .flatMap((run) => runLines(record, run, Math.max(from, run.fromMs), Math.min(now, run.toMs ?? now)))
    .filter((line) => query.regionId === undefined || line.region_id === query.regionId)
    .sort((a, b) => a.time.localeCompare(b.time) || a.pod.localeCompare(b.pod));
  if (query.order === 'time.desc') lines.reverse();
  return { count: lines.length, results: pageOf(lines, query.page) };
}
