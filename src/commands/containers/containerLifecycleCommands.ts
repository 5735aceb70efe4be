import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../../api';
import { COMMAND } from '../../core/contributions';
import { validateContainerRefArgs, type ContainerRefArgs } from '../../models/containers/containerArgs';
import { validateContainerCreate, validateCreateContainerArgs, type CreateContainerArgs } from '../../models/containers/containerCreate';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { createContainerPlan, type CreateAnswers, type CreateSources } from '../../ui/containers/containerCreateWizard';
import { unwrap } from '../../validation/problems';
import { readLocations } from '../../state/settings';
import { createSummary, quotaExceededText } from '../../views/containers/presentation/containerCreateSummary';
import { locationName } from '../../views/presentation/locationName';
import type { ContainerChanges } from '../../views/containers/containerChanges';
import { CONTAINERS_SECTION } from '../../views/containers/containerNodes';
import { isLocationNode } from '../../views/locationNodes';
import { command, type Command } from '../flow/command';
import { forecastContainer } from '../../writes/containers/containerForecast';
import { sendContainerCreate, sendContainerDelete, type SentContainerChange } from '../../writes/containers/containerWrites';
import { askContainer, updateSources } from '../../prompts/containers/containerSources';
import { sayNotOffered } from '../notOffered';
import { listedSecrets } from './pullSecretCommands';
import type { AreaServices } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';

/** New Container and Delete Container, from the palette, a location's row or a container's, and as the contract's commands. */
export function containerLifecycleCommands(
  services: AreaServices<ContainerReads>,
  changes: ContainerChanges,
  createSecret: CreateSources['createSecret'],
): Command<never, unknown, never>[] {
  const update = updateSources(services);
  const sources: CreateSources = {
    names: async (location) => (await update.names.listed(location))?.map((container) => container.name),
    sizes: update.sizes,
    secrets: (location) => listedSecrets(services, location),
    createSecret,
  };

  const create = command<CreateContainerArgs, SentContainerChange, CreateAnswers>({
    id: COMMAND.createContainer,
    what: (args) => (args ? l10n.t('Create container {0}', args.container.name) : l10n.t('Create container')),
    parse: (arg) => unwrap(validateCreateContainerArgs(arg)),
    draft: () => ({ container: {} }),
    ask: async (ui, answers, node) => {
      if (isLocationNode(node) && node.section === CONTAINERS_SECTION.section && !answers.fixedLocation) {
        Object.assign(answers, { location: node.location, fixedLocation: true });
      }
      for (;;) {
        await runWizard(answers, (state) => createContainerPlan(ui, sources, state));
        const { location } = answers;
        if (!location) throw new Error(l10n.t('The New Container wizard ended without a project and region.'));
        const container = unwrap(validateContainerCreate(answers.container));
        const forecast = await ui.withProgress({
          title: l10n.t('Checking the quota and price of container {0}…', container.name),
          run: () => forecastContainer(services, location, container),
        });
        const [send, edit] = [quotaExceededText(forecast.quota) ? l10n.t('Create Anyway') : l10n.t('Create'), l10n.t('Edit')];
        const choice = await ui.choose({
          message: l10n.t('Create container {0} in {1}?', container.name, locationName(location, readLocations().locations)),
          detail: createSummary(container, forecast),
          choices: [send, edit],
        });
        if (choice === send) return { projectId: location.projectId, regionId: location.regionId, container };
        if (choice !== edit) throw new UserCancelledError();
      }
    },
    progress: (args) => l10n.t('Creating container {0}…', args.container.name),
    run: async (args, { signal }) =>
      changes.record(
        await sendContainerCreate(services, { projectId: args.projectId, regionId: args.regionId }, args.container, { signal }),
      ),
    returns: (sent): ContainerUpdateResult => sent.result,
    onFailure: sayNotOffered,
    editable: true,
    cancelledAfterSending: ({ container }) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still create container {0}. Refresh the location before creating it again.',
        container.name,
      ),
    }),
    report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });

  const remove = command<ContainerRefArgs, SentContainerChange>({
    id: COMMAND.deleteContainer,
    what: (args) => (args ? l10n.t('Delete container {0}', args.containerName) : l10n.t('Delete container')),
    parse: (arg) => unwrap(validateContainerRefArgs(arg)),
    ask: askContainer(services, l10n.t('Gcore: Delete Container')),
    // The name is typed, not clicked: the container goes with all its logs, and nothing brings them back.
    confirm: async (ui, { projectId, regionId, containerName }) => {
      orCancel(
        await ui.input({
          title: l10n.t('Gcore: Delete Container {0}', containerName),
          prompt: l10n.t(
            'This deletes container {0} in project {1}, region {2}, and all its logs; it cannot be undone. Type {0} to delete it.',
            containerName,
            projectId,
            regionId,
          ),
          placeholder: containerName,
          validate: (text) =>
            text.trim() === containerName
              ? undefined
              : l10n.t('Type {0} to delete the container, or press Escape to keep it.', containerName),
        }),
      );
      return true;
    },
    progress: ({ containerName }) => l10n.t('Deleting container {0}…', containerName),
    run: async (args, { signal }) => changes.record(await sendContainerDelete(services, args, { signal })),
    returns: (sent): ContainerUpdateResult => sent.result,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ containerName }) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still delete container {0}. Refresh the location to see whether it is gone.',
        containerName,
      ),
    }),
    report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });

  return [create, remove];
}
