import type { InferenceApi, InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import type { PollerClock } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';

/** What the inference kinds of change are made with, and the ends of their changes use. */
export interface InferenceChangeKindDeps {
  /** The inference client, as the end of a change reads what it made. */
  inference: () => Pick<InferenceApi, 'getDeployment' | 'getApplication'>;
  /** A change of a project's deployments or applications ended: what the section shows of the project is read again. */
  changed(projectId: number): void;
  /** The names of the regions that run inference, by id; none when they cannot be read. */
  regionNames(): Promise<ReadonlyMap<number, string>>;
  /** Opens the deployment's logs, following them (the end's Open Logs). */
  openLogs(ref: InferenceDeploymentRef): Promise<unknown>;
  log: Pick<Log, 'warn'>;
  /** The clock a created deployment is followed by until ready, and how often and how long (a test's own). */
  clock?: PollerClock;
  readyFollow?: { intervalMs: number; maxMs: number };
}
