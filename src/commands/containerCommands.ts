import type { ContainerUpdateResult } from '../api';
import { wasEmptyAnswer } from '../api/decode';
import type { Services } from '../services';
import { UserCancelledError, type PromptUi } from '../prompts/promptUi';
import { runWizard } from '../prompts/wizard';
import { validateUpdateContainerArgs } from '../models/commandArgs';
import { validateContainerUpdate, type ContainerUpdate } from '../models/containerUpdate';
import { unwrap } from './arguments';
import type { CommandSpec } from './commandRunner';
import { updateContainerPlan, type UpdateAnswers } from './containerWizard';
import { EDIT, submitWithRecovery } from './submitWithRecovery';

export function containerCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.updateContainer',
      what: 'Update container',
      handler: async ({ ui, programmatic }, arg) => {
        if (!programmatic) return updateInteractively(services, ui);
        const args = unwrap(validateUpdateContainerArgs(arg));
        const result = await services.client.containers.update(args, args.containerName, args.changes);
        await services.recentContainers.remember(args.containerName);
        return result;
      },
    },
  ];
}

async function updateInteractively(services: Services, ui: PromptUi): Promise<ContainerUpdateResult | undefined> {
  const answers: UpdateAnswers = { fields: [], changes: {}, scaleDraft: {} };
  for (;;) {
    await runWizard(answers, (state) => updateContainerPlan(ui, () => services.recentContainers.list(), state));
    const { location, containerName } = answers;
    if (!location || !containerName) throw new UserCancelledError();
    const changes = unwrap(validateContainerUpdate(answers.changes));
    const where = `project ${location.projectId}, region ${location.regionId}`;
    const confirmed = await ui.confirm({
      message: `Update container "${containerName}" in ${where}?`,
      detail: summarize(changes),
      confirmLabel: 'Update',
    });
    if (!confirmed) throw new UserCancelledError();
    await services.recentContainers.remember(containerName);
    const outcome = await submitWithRecovery(ui, services.log, {
      what: `Update container ${containerName}`,
      progressTitle: `Updating container ${containerName}…`,
      send: (signal) => services.client.containers.update(location, containerName, changes, { signal }),
      cancelledAfterSending: {
        message: `Cancelled after the update was sent: Gcore may still apply it to container ${containerName}. Check the container before sending the update again.`,
      },
    });
    if (outcome === EDIT) continue;
    if (wasEmptyAnswer(outcome)) announceEmptyAnswer(ui, containerName);
    else announceTasks(ui, containerName, outcome.tasks);
    return outcome;
  }
}

/** The confirmation's body: each change on a line, as it will be sent. */
export function summarize(changes: ContainerUpdate): string {
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

