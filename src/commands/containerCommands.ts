import type { ContainerUpdateResult } from '../api';
import { wasEmptyAnswer } from '../api/decode';
import { validateUpdateContainerArgs, type UpdateContainerArgs } from '../models/commandArgs';
import { validateContainerUpdate, type ContainerUpdate } from '../models/containerUpdate';
import type { Services } from './services';
import type { PromptUi } from '../ui/promptUi';
import { runWizard } from '../ui/wizard';
import { updateContainerPlan, type UpdateAnswers } from '../ui/wizards/containerUpdateWizard';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';

export function containerCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<UpdateContainerArgs, ContainerUpdateResult, UpdateAnswers>({
      id: 'gcore.updateContainer',
      what: (args) => (args ? `Update container ${args.containerName}` : 'Update container'),
      parse: (arg) => unwrap(validateUpdateContainerArgs(arg)),
      draft: () => ({ fields: [], changes: {}, scaleDraft: {} }),
      ask: async (ui, answers) => {
        await runWizard(answers, (state) => updateContainerPlan(ui, () => services.recentContainers.list(), state));
        const { location, containerName } = answers;
        if (!location || !containerName) throw new Error('The update wizard ended without a project, region and container.');
        return { projectId: location.projectId, regionId: location.regionId, containerName, changes: unwrap(validateContainerUpdate(answers.changes)) };
      },
      confirm: (ui, { projectId, regionId, containerName, changes }) =>
        ui.confirm({
          message: `Update container "${containerName}" in project ${projectId}, region ${regionId}?`,
          detail: summarize(changes),
          confirmLabel: 'Update',
        }),
      confirmed: (args) => services.recentContainers.remember(args.containerName),
      progress: (args) => `Updating container ${args.containerName}…`,
      run: async (args, { signal }) => {
        const result = await services.client.containers.update(args, args.containerName, args.changes, { signal });
        await services.recentContainers.remember(args.containerName);
        return result;
      },
      editable: true,
      cancelledAfterSending: ({ containerName }) => ({
        message: `Cancelled after the update was sent: Gcore may still apply it to container ${containerName}. Check the container before sending the update again.`,
      }),
      report: (ui, result, { containerName }) => {
        if (wasEmptyAnswer(result)) announceEmptyAnswer(ui, containerName);
        else announceTasks(ui, containerName, result.tasks);
      },
    }),
  ];
}

/** The confirmation's body: each change on a line, as it will be sent. */
function summarize(changes: ContainerUpdate): string {
  const lines = Object.entries(changes).map(([field, value]) => {
    if (field === 'envs' && value) {
      const entries = Object.entries(value as Record<string, string>);
      return `envs (replaces all variables): ${entries.length === 0 ? 'none' : entries.map(([key, val]) => `${key}=${val}`).join(', ')}`;
    }
    return `${field}: ${describeValue(value)}`;
  });
  if (changes.is_disabled !== undefined && Object.keys(changes).length > 1) {
    lines.push('', '"is_disabled" is sent in a second request: the API does not accept it together with other fields.');
  }
  return lines.join('\n');
}

/** Nested objects read as "min 2, max 6" rather than JSON; strings stay quoted so spaces are visible. */
function describeValue(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const parts = Object.entries(value).map(([key, nested]) => `${key} ${describeValue(nested)}`);
  return parts.length > 0 ? parts.join(', ') : 'empty';
}

function announceEmptyAnswer(ui: PromptUi, containerName: string): void {
  void ui.notify(
    'warning',
    `The update of container ${containerName} was sent, but Gcore's answer was empty, so there are no task IDs to follow. ` +
      'It may have been applied: check the container before sending it again.',
  );
}

function announceTasks(ui: PromptUi, containerName: string, tasks: string[]): void {
  const list = tasks.length > 0 ? `Tasks: ${tasks.join(', ')}` : 'Gcore started no task.';
  const actions = tasks.length > 0 ? ['Copy Task IDs'] : [];
  void ui.notify('info', `Updated container ${containerName}. ${list}`, ...actions).then(async (choice) => {
    if (choice === 'Copy Task IDs') await ui.copyToClipboard(tasks.join('\n'));
  });
}

