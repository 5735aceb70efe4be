import * as l10n from '@vscode/l10n';
import type { InferenceApi, InferenceDeployment, InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import { statusWords } from '../../models/inference/inferenceStatus';
import { pollerPause } from '../../loaders/pollerPause';
import { SYSTEM_CLOCK } from '../../loaders/taskPoller';
import type { PromptUi } from '../../ui/promptUi';

/** How often a start or stop is read again, and for how long at most: Gcore takes about a minute to scale down. */
export const STATUS_FOLLOW = { intervalMs: 3000, maxMs: 10 * 60_000 };

/**
 * A start or stop, which Gcore answers with no task, followed as its status moves: the deployment read again until
 * `arrived` holds, shown under a progress that can be dismissed (the change is sent; only the following stops).
 * Undefined when it was dismissed or did not arrive in time.
 */
export function followStatus(
  ui: PromptUi,
  inference: Pick<InferenceApi, 'getDeployment'>,
  ref: InferenceDeploymentRef,
  title: string,
  arrived: (deployment: InferenceDeployment) => boolean,
  timing = STATUS_FOLLOW,
): Promise<InferenceDeployment | undefined> {
  return ui.withProgress({
    title,
    cancellable: true,
    run: async (signal, report) => {
      const until = Date.now() + timing.maxMs;
      while (!signal.aborted && Date.now() < until) {
        const deployment = await inference.getDeployment(ref, { signal });
        if (arrived(deployment)) return deployment;
        report(l10n.t('Now {0}', statusWords(deployment.status)));
        await pollerPause(SYSTEM_CLOCK, timing.intervalMs, signal);
      }
      return undefined;
    },
  });
}
