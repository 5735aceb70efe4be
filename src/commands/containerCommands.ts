import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../api';
import { wasEmptyAnswer } from '../api/decode';
import { validateContainerRefArgs, validateUpdateContainerArgs, type ContainerRefArgs, type UpdateContainerArgs } from '../models/commandArgs';
import { promptContainerName } from '../ui/pickers/containerNamePicker';
import { pickProjectRegion } from '../ui/pickers/projectRegionPicker';
import type { Container, ProjectRegionRef } from '../api';
import { changedFields } from '../models/container';
import { validateContainerName, validateContainerUpdate, type ContainerUpdate } from '../models/containerUpdate';
import { updateSummary } from '../views/presentation/updateSummary';
import { CONTAINERS_SECTION, isNodeOfType } from '../views/treeNodes';
import type { Services } from './services';
import type { PromptUi } from '../ui/promptUi';
import type { TaskSubject } from '../loaders/taskPoller';
import { runWizard } from '../ui/wizard';
import { updateContainerPlan, type UpdateAnswers, type UpdateSources } from '../ui/wizards/containerUpdateWizard';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';

/** An update's input; interactively also the container as it was when the wizard read it. */
type UpdateArgs = UpdateContainerArgs & { current?: Container };

export function containerCommands(services: Services): Command<never, unknown, never>[] {
  const sources = updateSources(services);
  return [
    command<UpdateArgs, ContainerUpdateResult, UpdateAnswers>({
      id: 'gcore.updateContainer',
      what: (args) => (args ? l10n.t('Update container {0}', args.containerName) : l10n.t('Update container')),
      parse: (arg) => unwrap(validateUpdateContainerArgs(arg)),
      draft: () => ({ fields: [], changes: {}, scaleDraft: {} }),
      ask: async (ui, answers, node) => {
        if (isNodeOfType(node, 'container') && !answers.fixedContainer) {
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
      run: async (args, { signal }) => {
        const result = await services.client.containers.update(args, args.containerName, args.changes, { signal });
        services.taskPoller.remember(result.tasks, { projectId: args.projectId, regionId: args.regionId, containerName: args.containerName });
        await services.recentContainers.remember(args.containerName);
        // A change made here: the list shown and the one the next prompt offers are read again.
        services.reads.invalidateContainers(args);
        services.tree.refresh(CONTAINERS_SECTION);
        return result;
      },
      editable: true,
      cancelledAfterSending: ({ containerName }) => ({
        message: l10n.t('Cancelled after the update was sent: Gcore may still apply it to container {0}. Check the container before sending the update again.', containerName),
      }),
      report: (ui, result, { projectId, regionId, containerName }, flow) => reportUpdate(services, ui, { projectId, regionId, containerName }, result, flow.reopen),
    }),
  ];
}

/**
 * Tells the user that Gcore took an update and follows its tasks in the background: the command itself
 * is done once Gcore took it. `reopen` is the failure notification's Retry.
 */
export function reportUpdate(services: Services, ui: PromptUi, subject: TaskSubject, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void {
  if (wasEmptyAnswer(result)) {
    announceEmptyAnswer(ui, subject.containerName);
    return;
  }
  announceTasks(ui, subject.containerName, result.tasks);
  void services.tasks.follow(ui, subject, result.tasks, reopen);
}

function announceEmptyAnswer(ui: PromptUi, containerName: string): void {
  void ui.notify(
    'warning',
    l10n.t("The update of container {0} was sent, but Gcore's answer was empty, so there are no task IDs to follow. It may have been applied: check the container before sending it again.", containerName),
  );
}

function announceTasks(ui: PromptUi, containerName: string, tasks: string[]): void {
  const list = tasks.length > 0 ? l10n.t('Tasks: {0}', tasks.join(', ')) : l10n.t('Gcore started no task.');
  const copy = l10n.t('Copy Task IDs');
  const actions = tasks.length > 0 ? [copy] : [];
  void ui.notify('info', l10n.t('Sent the update of container {0}. {1}', containerName, list), ...actions).then(async (choice) => {
    if (choice === copy) await ui.copyToClipboard(tasks.join('\n'));
  });
}


/** The container a command acts on: the row it was run on, or a location and a name asked for under `title`. */
export function askContainer(services: Services, title: string): (ui: PromptUi, draft: unknown, node: unknown) => Promise<ContainerRefArgs> {
  return async (ui, _draft, node) => {
    // A row's name came from a server's list: it is checked as a typed one is, before it goes into a path.
    if (isNodeOfType(node, 'container')) return unwrap(validateContainerRefArgs({ projectId: node.location.projectId, regionId: node.location.regionId, containerName: node.container.name }));
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
