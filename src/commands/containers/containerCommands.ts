import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../../api';
import { validateUpdateContainerArgs, type UpdateContainerArgs } from '../../models/containers/containerArgs';
import type { Container } from '../../api/containers/containerTypes';
import { changedFields } from '../../models/containers/containerUpdate';
import { validateContainerName, validateContainerUpdate, type ContainerUpdate } from '../../models/containers/containerUpdate';
import { updateSummary } from '../../views/containers/presentation/updateSummary';
import { COMMAND } from '../../core/contributions';
import type { ContainerChanges } from '../../views/containers/containerChanges';
import { isContainerNode } from '../../views/containers/containerNodes';
import { sendContainerUpdate, type SentContainerChange } from '../../writes/containers/containerWrites';
import { updateSources } from '../../prompts/containers/containerSources';
import type { AreaServices } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import { runWizard } from '../../ui/wizard';
import { updateContainerPlan, type UpdateAnswers } from '../../ui/containers/containerUpdateWizard';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';

/** An update's input; interactively also the container as it was when the wizard read it. */
type UpdateArgs = UpdateContainerArgs & { current?: Container };

export function containerCommands(services: AreaServices<ContainerReads>, changes: ContainerChanges): Command<never, unknown, never>[] {
  const sources = updateSources(services);
  return [
    command<UpdateArgs, SentContainerChange, UpdateAnswers>({
      id: COMMAND.updateContainer,
      what: (args) => (args ? l10n.t('Update container {0}', args.containerName) : l10n.t('Update container')),
      parse: (arg) => unwrap(validateUpdateContainerArgs(arg)),
      draft: () => ({ fields: [], changes: {} }),
      ask: async (ui, answers, node) => {
        if (isContainerNode(node) && !answers.fixedContainer) {
          // Opened on a container's row: its location, name and current values are known (the name, from a
          // server's list, is checked as a typed one is).
          const containerName = unwrap(validateContainerName(node.container.name));
          Object.assign(answers, { location: node.location, containerName, current: node.container, fixedContainer: true });
        }
        await runWizard(answers, (state) => updateContainerPlan(ui, sources, state));
        const { location, containerName, current } = answers;
        if (!location || !containerName) throw new Error(l10n.t('The update wizard ended without a project, region and container.'));
        const changes = unwrap(validateContainerUpdate(answers.changes));
        // Only what differs from the container is sent.
        const changed = Object.fromEntries(changedFields(changes, current).map((field) => [field, changes[field]])) as ContainerUpdate;
        return { projectId: location.projectId, regionId: location.regionId, containerName, changes: changed, current };
      },
      confirm: async (ui, { projectId, regionId, containerName, changes, current }) => {
        if (Object.keys(changes).length === 0) {
          void ui.notify('info', l10n.t('Nothing to update: container {0} already has these values. Nothing was sent.', containerName));
          return false;
        }
        return ui.confirm({
          message: l10n.t('Update container "{0}" in project {1}, region {2}?', containerName, projectId, regionId),
          detail: updateSummary(changes, current),
          confirmLabel: l10n.t('Update'),
        });
      },
      confirmed: (args) => services.recentContainers.remember(args.containerName),
      progress: (args) => l10n.t('Updating container {0}…', args.containerName),
      run: async (args, { signal }) => changes.record(await sendContainerUpdate(services, args, args.changes, { signal })),
      returns: (sent): ContainerUpdateResult => sent.result,
      editable: true,
      cancelledAfterSending: ({ containerName }) => ({
        message: l10n.t(
          'Cancelled after the update was sent: Gcore may still apply it to container {0}. Check the container before sending the update again.',
          containerName,
        ),
      }),
      report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
    }),
  ];
}
