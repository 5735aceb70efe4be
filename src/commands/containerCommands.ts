import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../api';
import { validateContainerRefArgs, validateUpdateContainerArgs, type ContainerRefArgs, type UpdateContainerArgs } from '../models/commandArgs';
import { promptContainerName } from '../ui/pickers/containerNamePicker';
import { pickProjectRegion } from '../ui/pickers/projectRegionPicker';
import type { Container, ProjectRegionRef } from '../api';
import { changedFields } from '../models/container';
import { validateContainerName, validateContainerUpdate, type ContainerUpdate } from '../models/containerUpdate';
import { updateSummary } from '../views/presentation/updateSummary';
import { COMMAND } from '../core/contributions';
import { isContainerNode } from '../views/sections/containerNodes';
import type { ContainerUpdates } from './containerUpdates';
import type { Services } from './services';
import type { PromptUi } from '../ui/promptUi';
import { runWizard } from '../ui/wizard';
import { updateContainerPlan, type UpdateAnswers, type UpdateSources } from '../ui/wizards/containerUpdateWizard';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';

/** An update's input; interactively also the container as it was when the wizard read it. */
type UpdateArgs = UpdateContainerArgs & { current?: Container };

export function containerCommands(services: Services, updates: ContainerUpdates): Command<never, unknown, never>[] {
  const sources = updateSources(services);
  return [
    command<UpdateArgs, ContainerUpdateResult, UpdateAnswers>({
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
      run: (args, { signal }) => updates.send(args, args.containerName, args.changes, signal),
      editable: true,
      cancelledAfterSending: ({ containerName }) => ({
        message: l10n.t('Cancelled after the update was sent: Gcore may still apply it to container {0}. Check the container before sending the update again.', containerName),
      }),
      report: (ui, result, { projectId, regionId, containerName }, flow) => updates.report(ui, { projectId, regionId, containerName }, result, flow.reopen),
    }),
  ];
}

/** The container a command acts on: the row it was run on, or a location and a name asked for under `title`. */
export function askContainer(services: Services, title: string): (ui: PromptUi, draft: unknown, node: unknown) => Promise<ContainerRefArgs> {
  return async (ui, _draft, node) => {
    // A row's name came from a server's list: it is checked as a typed one is, before it goes into a path.
    if (isContainerNode(node)) return unwrap(validateContainerRefArgs({ projectId: node.location.projectId, regionId: node.location.regionId, containerName: node.container.name }));
    const location = await pickProjectRegion(ui, title);
    const containerName = await promptContainerName(ui, { title }, updateSources(services).names, location);
    return { projectId: location.projectId, regionId: location.regionId, containerName };
  };
}

/** How long a container list just shown is reused by the prompts instead of being read again. */
export const CONTAINER_LIST_REUSE_MS = 30_000;

/** What the update prompts read of what exists; each answer is undefined when the API cannot tell. */
export function updateSources(services: Services): UpdateSources {
  const listed = async (location: ProjectRegionRef) => {
    const loaded = await services.reads.containers(location, CONTAINER_LIST_REUSE_MS);
    return loaded.state === 'loaded' ? loaded.value.results : undefined;
  };
  return {
    names: { listed, recent: () => services.recentContainers.list() },
    current: async (location, name) => {
      const fromList = (await listed(location))?.find((container) => container.name === name);
      if (fromList) return fromList;
      try {
        return await services.client.containers.get(location, name);
      } catch (error) {
        services.log.debug(`the current values of ${name} could not be read: ${String(error)}`);
        return undefined;
      }
    },
    sizes: async (location) => {
      const loaded = await services.reads.containerSizes(location);
      return loaded.state === 'loaded' ? loaded.value.results : undefined;
    },
  };
}
