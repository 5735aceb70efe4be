import type { InferenceApi } from '../../api/inference/inferenceTypes';
import type { Log } from '../../logging/log';

/** What the inference kinds of change are made with, and the ends of their changes use. */
export interface InferenceChangeKindDeps {
  /** The inference client, as the end of a change reads what it made. */
  inference: () => Pick<InferenceApi, 'getDeployment' | 'getApplication'>;
  /** A change of a project's deployments or applications ended: what the section shows of the project is read again. */
  changed(projectId: number): void;
  log: Pick<Log, 'warn'>;
}
