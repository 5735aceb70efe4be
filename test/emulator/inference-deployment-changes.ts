import { isFailingImage } from './inference-deployment-view';
import type { DeploymentRecord, InferenceState, RegionContainer } from './inference-state';
import { storedScale } from './inference-validation';
import type { TaskRecord } from './task-store';

/** The fields of a create kept as sent (with Gcore's defaults), beside those the emulator reads. */
const SETTINGS_DEFAULTS: Record<string, unknown> = {
  readiness_probe: null,
  liveness_probe: null,
  startup_probe: null,
  ingress_opts: { disable_response_buffering: false },
  logging: null,
  timeout: 120,
  description: null,
};

export function storedContainers(containers: unknown, fillDefaults: boolean): RegionContainer[] {
  return (containers as { region_id: number; scale: Record<string, unknown> }[]).map((container) => ({
    region_id: container.region_id,
    scale: storedScale(container.scale, fillDefaults),
  }));
}

function settingsOf(body: Record<string, unknown>, base: Record<string, unknown>): Record<string, unknown> {
  const settings = { ...base };
  for (const key of Object.keys(SETTINGS_DEFAULTS)) if (body[key] !== undefined) settings[key] = body[key];
  return settings;
}

/** A deployment as a valid create (or a catalogue application's component) makes it, rolling out from `now`. */
export function buildDeployment(
  projectId: number,
  body: Record<string, unknown>,
  now: number,
  deployMs: number,
  component?: { application: string; failing: boolean },
): DeploymentRecord {
  const record: DeploymentRecord = {
    projectId,
    name: body.name as string,
    image: body.image as string,
    listeningPort: body.listening_port as number,
    flavorName: body.flavor_name as string,
    containers: storedContainers(body.containers, true),
    credentialsName: (body.credentials_name as string | undefined) ?? null,
    envs: (body.envs as Record<string, string> | undefined) ?? {},
    command: (body.command as string[] | undefined) ?? null,
    apiKeys: (body.api_keys as string[] | undefined) ?? [],
    settings: settingsOf(body, SETTINGS_DEFAULTS),
    objectReferences: component ? [{ kind: 'AppDeployment', name: component.application }] : [],
    failing: component?.failing ?? isFailingImage(body.image as string),
    createdAt: new Date(now).toISOString(),
    rollout: { startMs: now, durationMs: deployMs },
    stopped: false,
    awake: null,
    deletionTaskId: null,
    runs: [],
    creation: 0,
  };
  openRun(record, now);
  return record;
}

/** Ends the pods' current run (their logs stop there). */
function closeRun(record: DeploymentRecord, now: number): void {
  const current = record.runs.at(-1);
  if (current && current.toMs === null) current.toMs = now;
}

/** New pods in every region, as many as its `scale.min` (a crashing region keeps one restarting). */
function openRun(record: DeploymentRecord, now: number): void {
  const pods = record.containers
    .map((region, index) => ({
      regionId: region.region_id,
      count: index === 0 && record.failing ? Math.max(1, region.scale.min) : region.scale.min,
    }))
    .filter((region) => region.count > 0);
  if (pods.length > 0) record.runs.push({ fromMs: now, toMs: null, pods });
}

/** The pods restart with what the deployment now holds: a new rollout. */
export function restartPods(record: DeploymentRecord, now: number, deployMs: number): void {
  closeRun(record, now);
  record.awake = null;
  record.rollout = { startMs: now, durationMs: deployMs };
  openRun(record, now);
}

/** Stop: every region to zero pods, nothing billed, no restart by itself. */
export function stopPods(record: DeploymentRecord, now: number): void {
  closeRun(record, now);
  record.awake = null;
  record.stopped = true;
}

/** Start: back to each region's `scale.min`; at zero everywhere it is PENDING at once. */
export function startPods(record: DeploymentRecord, now: number, deployMs: number): void {
  record.stopped = false;
  const atZero = record.containers.every((region) => region.scale.min === 0);
  restartPods(record, now, atZero ? 0 : deployMs);
}

/** Seconds without a request before a woken deployment's pod goes down again (Gcore's default). */
const DEFAULT_TIMEOUT_S = 120;

/**
 * A request reached a deployment at zero: a pod in its first region starts, ready `wakeMs` later, and stays
 * until the deployment's `timeout` passes without a request. Answers when the pod is ready.
 */
export function wakePods(record: DeploymentRecord, now: number, wakeMs: number): number {
  const timeoutMs = (typeof record.settings.timeout === 'number' ? record.settings.timeout : DEFAULT_TIMEOUT_S) * 1000;
  if (record.awake === null || record.awake.untilMs <= now) {
    const readyAtMs = now + wakeMs;
    record.awake = { readyAtMs, untilMs: readyAtMs + timeoutMs };
    record.runs.push({ fromMs: now, toMs: record.awake.untilMs, pods: [{ regionId: record.containers[0].region_id, count: 1 }] });
  } else {
    record.awake.untilMs = Math.max(record.awake.untilMs, now + timeoutMs);
    const run = record.runs.at(-1);
    if (run) run.toMs = record.awake.untilMs;
  }
  return record.awake.readyAtMs;
}

/** An inference task (`create_inference_instance`, …), listed among the tasks; its region is the first one it runs in. */
export function startInferenceTask(
  state: InferenceState,
  owner: { projectId: number; name: string; regionId: number | undefined },
  taskType: string,
  createdResources?: Record<string, string[]>,
): TaskRecord {
  return state.tasks.start(
    {
      taskType,
      projectId: owner.projectId,
      regionId: owner.regionId ?? 0,
      createdResources,
      data: { name: owner.name },
    },
    state.timings.tasks,
  );
}

/** The owner of a deployment's task. */
export function taskOwner(record: DeploymentRecord): { projectId: number; name: string; regionId: number | undefined } {
  return { projectId: record.projectId, name: record.name, regionId: record.containers[0]?.region_id };
}
