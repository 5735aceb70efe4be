import { loadOnce } from '../../core/loadOnce';
import { inferencePlace } from '../../models/inference/inferenceKinds';
import { readLocations } from '../../state/settings';
import { inferenceChangeKinds } from '../../views/inference/inferenceChangeKind';
import { inferenceSection } from '../../views/inference/inferenceSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { inferenceCommandLoads } from './inferenceCommandLoads';

/**
 * Everywhere Inference in the projects of the configured locations: its section (deployments, applications,
 * registry credentials, the account's quota), the kinds its changes follow as, and its commands. Its reads load with
 * the first row or command that needs them: a start loads none and sends nothing.
 */
export function inferenceArea(core: Core): Area {
  const reads = loadOnce(
    async () => new (await import('../../loaders/inference/inferenceReads.js')).InferenceReads(core.client.inference, core.loaders.limit),
  );
  core.loaders.register({ invalidate: () => reads.loaded?.invalidate() });
  const section = inferenceSection({
    view: core.treeChanges,
    locations: readLocations,
    reads,
    changesAt: (kind, projectId) => core.tasks.changesAt(kind, inferencePlace({ projectId })),
  });
  // A change ended: the project's lists and the quota it took or gave back are read again.
  const changed = (projectId: number) => {
    reads.loaded?.invalidateDeployments(projectId);
    reads.loaded?.invalidateApplications(projectId);
    reads.loaded?.invalidateQuota();
  };
  // What a change the commands send leaves behind, built when the first of them loads.
  const sentChanges = loadOnce(async () =>
    (await import('../../views/inference/inferenceSentChanges.js')).inferenceSentChanges({
      tasks: core.tasks,
      taskPoller: core.taskPoller,
      tree: core.treeChanges,
      changed,
      expectStatus: (ref, action) => section.expectStatus(ref, action),
    }),
  );
  return {
    sections: [section],
    changeKinds: inferenceChangeKinds({ inference: () => core.client.inference, changed, log: core.log }),
    lazyCommands: (services) => inferenceCommandLoads(services, sentChanges),
    disposables: [section],
  };
}
