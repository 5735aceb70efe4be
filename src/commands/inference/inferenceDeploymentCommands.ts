import * as l10n from '@vscode/l10n';
import type { InferenceProjectRef } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import {
  validateInferenceDeploymentArgs,
  validateInferenceDeploymentCreateArgs,
  validateInferenceDeploymentUpdateArgs,
  type InferenceDeploymentCreateArgs,
  type InferenceDeploymentUpdateArgs,
} from '../../models/inference/inferenceArgs';
import { powerShown, statusWords } from '../../models/inference/inferenceStatus';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import type { SentChanges } from '../../views/sentChanges';
import { forecastInferenceDeployment, type InferenceForecast } from '../../writes/inference/inferenceForecast';
import { sendInferenceDeploymentCreate } from '../../writes/inference/inferenceCreates';
import {
  sendInferenceDeploymentDelete,
  sendInferenceDeploymentStart,
  sendInferenceDeploymentStop,
  sendInferenceDeploymentUpdate,
  type SentInferenceChange,
} from '../../writes/inference/inferenceDeploymentWrites';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { askDeployment, type DeploymentTarget } from '../../prompts/inference/inferencePicks';
import { followStatus } from '../../prompts/inference/inferenceStatusFollow';

/** What an inference change sent here leaves behind (views/inference/): its tasks followed, its project's lists read again. */
export type InferenceChanges = Pick<SentChanges<InferenceProjectRef>, 'record' | 'report'>;

/** An interactive input the other side of these commands asks (the wizards of ui/inference/), with its draft kept for Edit. */
export interface InferenceAsk<Args> {
  draft(): unknown;
  ask(ui: PromptUi, draft: unknown, node: unknown): Promise<Args>;
}

/** A wizard's ask with the draft it starts from: the runner hands `ask` back only the draft `draft` made. */
export function inferenceAsk<Args, Draft>(
  draft: () => Draft,
  ask: (ui: PromptUi, draft: Draft, node: unknown) => Promise<Args>,
): InferenceAsk<Args> {
  return { draft, ask: (ui, started, node) => ask(ui, started as Draft, node) };
}

/**
 * A command's interactive input when a wizard gives it; without one the command is programmatic only, and a call
 * without an argument is refused naming what it needs rather than asking nothing.
 */
export function asked<Args>(wizard: InferenceAsk<Args> | undefined) {
  return wizard ? { draft: wizard.draft, ask: wizard.ask } : { programmaticWithoutArgument: true };
}

/** The interactive inputs of the commands whose prompts are wizards: the create's (with its review) and the update's. */
export interface InferenceDeploymentAsks {
  create?: InferenceAsk<InferenceDeploymentCreateArgs>;
  preview?: InferenceAsk<InferenceDeploymentCreateArgs>;
  update?: InferenceAsk<InferenceDeploymentUpdateArgs>;
}

/** What a programmatic caller of a create, update or delete receives: the tasks Gcore started. */
const tasksOnly = ({ result }: SentInferenceChange) => ({ tasks: result.tasks });

function previewCommand(services: Services, asks: InferenceDeploymentAsks) {
  return command<InferenceDeploymentCreateArgs, InferenceForecast, unknown>({
    id: COMMAND.previewInferenceDeployment,
    what: (args) => (args ? l10n.t('Preview inference deployment {0}', args.deployment.name) : l10n.t('Preview an inference deployment')),
    parse: (arg) => unwrap(validateInferenceDeploymentCreateArgs(arg)),
    ...asked(asks.preview),
    progress: (args) => l10n.t('Checking the quota and price of inference deployment {0}…', args.deployment.name),
    run: ({ projectId, deployment }, context) =>
      forecastInferenceDeployment({ client: services.client, log: services.log }, { projectId }, deployment, callOptions(context)),
  });
}

function createCommand(services: Services, changes: InferenceChanges, asks: InferenceDeploymentAsks) {
  return command<InferenceDeploymentCreateArgs, SentInferenceChange, unknown>({
    id: COMMAND.createInferenceDeployment,
    what: (args) => (args ? l10n.t('Create inference deployment {0}', args.deployment.name) : l10n.t('Create an inference deployment')),
    parse: (arg) => unwrap(validateInferenceDeploymentCreateArgs(arg)),
    ...asked(asks.create),
    editable: true,
    progress: (args) => l10n.t('Creating inference deployment {0}…', args.deployment.name),
    run: async ({ projectId, deployment }, context) =>
      changes.record(await sendInferenceDeploymentCreate(services, { projectId }, deployment, callOptions(context))),
    returns: tasksOnly,
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still create inference deployment {0}. Refresh the project to see whether it exists before creating it again.',
        args.deployment.name,
      ),
    }),
    report: (ui, { result, change }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

function updateCommand(services: Services, changes: InferenceChanges, asks: InferenceDeploymentAsks) {
  return command<InferenceDeploymentUpdateArgs, SentInferenceChange, unknown>({
    id: COMMAND.updateInferenceDeployment,
    what: (args) => (args ? l10n.t('Update inference deployment {0}', args.name) : l10n.t('Update an inference deployment')),
    parse: (arg) => unwrap(validateInferenceDeploymentUpdateArgs(arg)),
    ...asked(asks.update),
    editable: true,
    progress: (args) => l10n.t('Updating inference deployment {0}…', args.name),
    run: async ({ projectId, name, changes: wanted }, context) =>
      changes.record(await sendInferenceDeploymentUpdate(services, { projectId, name }, wanted, callOptions(context))),
    returns: tasksOnly,
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still update inference deployment {0}. Refresh the project to see where it stands.',
        args.name,
      ),
    }),
    report: (ui, { result, change }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

/** What stop does, said before it is sent: declined, nothing is. */
async function confirmStop(ui: PromptUi, target: DeploymentTarget): Promise<boolean> {
  return ui.confirm({
    message: l10n.t('Stop inference deployment {0}?', target.name),
    detail: l10n.t(
      'Every region goes to zero pods and its address stops answering. Nothing is billed while it is stopped, and it does not start again by itself.',
    ),
    confirmLabel: l10n.t('Stop'),
  });
}

async function confirmStart(ui: PromptUi, target: DeploymentTarget): Promise<boolean> {
  return ui.confirm({
    message: l10n.t('Start inference deployment {0}?', target.name),
    detail: l10n.t(
      'Each region goes back to its minimum of pods (at zero, a pod starts with the first request), and running pods are billed.',
    ),
    confirmLabel: l10n.t('Start'),
  });
}

/** Start and Stop: Gcore answers 204 with no task, so an interactive call follows the status until it moves. */
function powerCommand(services: Services, changes: InferenceChanges, action: 'start' | 'stop') {
  const starting = action === 'start';
  return command<DeploymentTarget, SentInferenceChange>({
    id: starting ? COMMAND.startInferenceDeployment : COMMAND.stopInferenceDeployment,
    what: (args) =>
      starting
        ? args
          ? l10n.t('Start inference deployment {0}', args.name)
          : l10n.t('Start an inference deployment')
        : args
          ? l10n.t('Stop inference deployment {0}', args.name)
          : l10n.t('Stop an inference deployment'),
    parse: (arg) => unwrap(validateInferenceDeploymentArgs(arg)),
    ask: (ui, _draft, node) =>
      askDeployment(
        services.client.inference,
        ui,
        starting ? l10n.t('Gcore: Start Inference Deployment') : l10n.t('Gcore: Stop Inference Deployment'),
        node,
      ),
    confirm: starting ? confirmStart : confirmStop,
    progress: (args) =>
      starting ? l10n.t('Starting inference deployment {0}…', args.name) : l10n.t('Stopping inference deployment {0}…', args.name),
    run: async ({ projectId, name }, context) => {
      const send = starting ? sendInferenceDeploymentStart : sendInferenceDeploymentStop;
      return changes.record(await send(services, { projectId, name }, callOptions(context)));
    },
    returns: () => undefined,
    report: async (ui, _sent, { projectId, name }) => {
      const moved = await followStatus(
        ui,
        services.client.inference,
        { projectId, name },
        starting ? l10n.t('Starting inference deployment {0}…', name) : l10n.t('Stopping inference deployment {0}…', name),
        (deployment) => powerShown(action, deployment.status),
      );
      if (moved) void ui.notify('info', l10n.t('Inference deployment {0} is {1}.', name, statusWords(moved.status)));
    },
  });
}

/** The name typed, as Delete asks for anything that cannot be undone. */
async function askTypedName(ui: PromptUi, target: DeploymentTarget): Promise<DeploymentTarget> {
  orCancel(
    await ui.input({
      title: l10n.t('Gcore: Delete inference deployment {0}', target.name),
      prompt: l10n.t(
        'This deletes inference deployment {0} in every region, with its address. It cannot be undone. Type {0} to delete it.',
        target.name,
      ),
      placeholder: target.name,
      validate: (text) =>
        text.trim() === target.name ? undefined : l10n.t('Type {0} to delete the deployment, or press Escape to keep it.', target.name),
    }),
  );
  return target;
}

function deleteCommand(services: Services, changes: InferenceChanges) {
  return command<DeploymentTarget, SentInferenceChange>({
    id: COMMAND.deleteInferenceDeployment,
    what: (args) => (args ? l10n.t('Delete inference deployment {0}', args.name) : l10n.t('Delete an inference deployment')),
    parse: (arg) => unwrap(validateInferenceDeploymentArgs(arg)),
    ask: async (ui, _draft, node) =>
      askTypedName(ui, await askDeployment(services.client.inference, ui, l10n.t('Gcore: Delete Inference Deployment'), node)),
    progress: (args) => l10n.t('Deleting inference deployment {0}…', args.name),
    run: async ({ projectId, name }, context) =>
      changes.record(await sendInferenceDeploymentDelete(services, { projectId, name }, callOptions(context))),
    returns: tasksOnly,
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still delete inference deployment {0}. Refresh the project to see whether it is gone.',
        args.name,
      ),
    }),
    report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

/** The contract's inference deployment writes: Preview, Create, Update, Start, Stop and Delete. */
export function inferenceDeploymentCommands(
  services: Services,
  changes: InferenceChanges,
  asks: InferenceDeploymentAsks,
): Command<never, unknown, never>[] {
  return [
    previewCommand(services, asks),
    createCommand(services, changes, asks),
    updateCommand(services, changes, asks),
    powerCommand(services, changes, 'start'),
    powerCommand(services, changes, 'stop'),
    deleteCommand(services, changes),
  ];
}
