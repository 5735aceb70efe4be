import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import { SYSTEM_CLOCK } from '../../loaders/taskPoller';
import { pollerPause } from '../../loaders/pollerPause';
import { deploymentMoves, statusKey } from '../../models/inference/inferenceStatus';
import type { PromptUi } from '../../ui/promptUi';
import { nonEmptyText } from '../presentation/wireValues';
import type { InferenceChangeKindDeps } from './inferenceChangeDeps';
import { endedInError, readinessWords, regionErrors, type RegionName } from './presentation/deploymentReadiness';
import { deploymentStatusWords } from './presentation/deploymentView';

/*
 * The end of a create whose tasks finished: Gcore has the deployment, but its pods still pull the image and load the
 * model. It is read again until it no longer moves, each region's readiness shown meanwhile, and the end says where
 * it stands: ready, with its address to copy and its logs; partly deployed or in error, with Gcore's error and its logs.
 */

/** How often a created deployment is read again while it rises, and for how long at most: a model loads for minutes. */
export const READY_FOLLOW = { intervalMs: 5_000, maxMs: 30 * 60_000 };

type Followed =
  { how: 'settled' | 'timedOut'; deployment: InferenceDeployment } | { how: 'stopped' } | { how: 'unreadable'; error: unknown };

/** The deployment read again until it no longer moves, under a progress that says each region's readiness. */
function followToReady(
  deps: InferenceChangeKindDeps,
  ui: PromptUi,
  ref: InferenceDeploymentRef,
  first: InferenceDeployment,
  regionName: RegionName,
): Promise<Followed> {
  const clock = deps.clock ?? SYSTEM_CLOCK;
  const timing = deps.readyFollow ?? READY_FOLLOW;
  return ui.withProgress({
    title: l10n.t('Inference deployment {0} is getting ready', ref.name),
    cancellable: true,
    run: async (signal, report): Promise<Followed> => {
      const until = clock.now() + timing.maxMs;
      let deployment = first;
      for (;;) {
        report(readinessWords(deployment, regionName));
        await pollerPause(clock, timing.intervalMs, signal);
        if (signal.aborted) return { how: 'stopped' };
        try {
          deployment = await deps.inference().getDeployment(ref, { signal });
        } catch (error) {
          if (signal.aborted) return { how: 'stopped' };
          return { how: 'unreadable', error };
        }
        if (!deploymentMoves(deployment)) return { how: 'settled', deployment };
        if (clock.now() >= until) return { how: 'timedOut', deployment };
      }
    },
  });
}

/** The region names the account's regions give, or ids when they cannot be read. */
async function regionNamer(deps: InferenceChangeKindDeps): Promise<RegionName> {
  const names = await deps.regionNames();
  return (regionId) => names.get(regionId) ?? l10n.t('region {0}', regionId);
}

/** Tells how a created deployment stands once it no longer moves, following it there when it still rises. */
export async function announceCreatedDeployment(
  deps: InferenceChangeKindDeps,
  ui: PromptUi,
  ref: InferenceDeploymentRef,
  deployment: InferenceDeployment,
): Promise<void> {
  const { name } = ref;
  const regionName = await regionNamer(deps);
  const followed: Followed = deploymentMoves(deployment)
    ? await followToReady(deps, ui, ref, deployment, regionName)
    : { how: 'settled', deployment };
  const openLogs = l10n.t('Open Logs');
  const offerLogs = async (choice: string | undefined) => {
    if (choice === openLogs) await deps.openLogs(ref);
  };
  if (followed.how === 'stopped') {
    void ui.notify(
      'info',
      l10n.t('Stopped watching inference deployment {0} get ready. It goes on at Gcore; its row shows where it stands.', name),
    );
    return;
  }
  if (followed.how === 'unreadable') {
    deps.log.warn(`inference deployment ${name} could not be read while it got ready: ${String(followed.error)}`);
    void ui.notify(
      'info',
      l10n.t('Inference deployment {0} is created; its state could not be read. Its row shows where it stands.', name),
    );
    return;
  }
  const now = followed.deployment;
  const status = deploymentStatusWords(now);
  if (endedInError(now, regionName)) {
    const errors = regionErrors(now, regionName);
    const reason = errors.length > 0 ? errors.join('; ') : l10n.t('Gcore gave no reason');
    await offerLogs(await ui.notify('error', l10n.t('Inference deployment {0} is {1}: {2}', name, status, reason), openLogs));
    return;
  }
  if (followed.how === 'timedOut') {
    const minutes = Math.round((deps.readyFollow ?? READY_FOLLOW).maxMs / 60_000);
    await offerLogs(
      await ui.notify(
        'warning',
        l10n.t('Inference deployment {0} is not ready after {1} min: {2}.', name, minutes, readinessWords(now, regionName)),
        openLogs,
      ),
    );
    return;
  }
  // Stopped or deleted meanwhile, it is created but not ready: said as it stands.
  const ready = ['ACTIVE', 'PENDING'].includes(statusKey(now.status));
  const address = nonEmptyText(now.address);
  if (address === undefined) {
    const message = ready
      ? l10n.t('Inference deployment {0} is ready: {1}.', name, status)
      : l10n.t('Inference deployment {0} is created: {1}.', name, status);
    await offerLogs(await ui.notify('info', message, openLogs));
    return;
  }
  const copy = l10n.t('Copy Address');
  const message = ready
    ? l10n.t('Inference deployment {0} is ready: {1}, at {2}', name, status, address)
    : l10n.t('Inference deployment {0} is created: {1}, at {2}', name, status, address);
  const choice = await ui.notify('info', message, copy, openLogs);
  if (choice === copy) await ui.copyToClipboard(address);
  await offerLogs(choice);
}
