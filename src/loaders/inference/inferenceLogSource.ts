import type { InferenceApi, InferenceDeploymentRef, InferenceLogLine } from '../../api/inference/inferenceTypes';
import { InferenceLogFollower, formatInferenceLogLine } from '../../models/inference/inferenceLogs';
import type { LogSource } from '../../models/logs/logSource';

/** The most lines Gcore gives in one page of a deployment's log. */
export const INFERENCE_LOG_PAGE = 1000;

/** A deployment's log, all its regions' or one region's. */
export type InferenceLogAddress = InferenceDeploymentRef & { regionId?: number };

/**
 * A deployment's log (`gcore-inference-logs:/{project}/{name}.log`, a region's `/{project}/{name}/region {id}.log`):
 * its newest page (`time.desc`, one region's when asked), merged by `InferenceLogFollower`.
 */
export function inferenceLogSource(
  inference: Pick<InferenceApi, 'logs'>,
): LogSource<InferenceLogAddress, readonly InferenceLogLine[], InferenceLogLine> {
  return {
    path: ({ projectId, name, regionId }) =>
      regionId === undefined ? `/${projectId}/${name}.log` : `/${projectId}/${name}/region ${regionId}.log`,
    name: ({ name, regionId }) => (regionId === undefined ? name : `${name} (${regionId})`),
    nameAt: (path) => {
      const match = /^\/\d+\/([^/]+?)(?:\/region (\d+))?\.log$/.exec(path);
      if (!match) return undefined;
      return match[2] === undefined ? match[1] : `${match[1]} (${match[2]})`;
    },
    newest: async ({ projectId, name, regionId }, limit, signal) =>
      (await inference.logs({ projectId, name }, { order: 'time.desc', limit: Math.min(limit, INFERENCE_LOG_PAGE), regionId }, { signal }))
        .results,
    merge: () => {
      const follower = new InferenceLogFollower();
      return { next: (page, limit = INFERENCE_LOG_PAGE) => follower.next(page, Math.min(limit, INFERENCE_LOG_PAGE)) };
    },
    format: (line) => formatInferenceLogLine(line, (ms) => -new Date(ms).getTimezoneOffset()),
    pod: (line) => line.pod ?? undefined,
  };
}
