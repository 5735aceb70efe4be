import * as l10n from '@vscode/l10n';
import type { InferenceApplication } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import {
  validateInferenceApplicationArgs,
  validateInferenceApplicationCreateArgs,
  type InferenceApplicationCreateArgs,
  type InferenceNamedArgs,
} from '../../models/inference/inferenceArgs';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { isInferenceApplicationNode } from '../../views/inference/inferenceNodes';
import { sendInferenceApplicationDelete } from '../../writes/inference/inferenceApplicationWrites';
import { sendInferenceApplicationCreate } from '../../writes/inference/inferenceCreates';
import type { SentInferenceChange } from '../../writes/inference/inferenceDeploymentWrites';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { asked, type InferenceAsk, type InferenceChanges } from './inferenceDeploymentCommands';
import { askProject, offered } from '../../prompts/inference/inferencePicks';

const tasksOnly = ({ result }: SentInferenceChange) => ({ tasks: result.tasks });

/** An application from its row, or picked among a project's. */
async function askApplication(services: Services, ui: PromptUi, title: string, node: unknown): Promise<InferenceNamedArgs> {
  if (isInferenceApplicationNode(node)) return { projectId: node.projectId, name: node.application.name };
  const { projectId } = await askProject(ui, title);
  const list = await ui.withProgress({
    title: l10n.t('Loading the inference applications of project {0}…', projectId),
    run: (signal) => offered(l10n.t('Inference applications'), () => services.client.inference.listApplications({ projectId }, { signal })),
  });
  if (list.results.length === 0) throw new Error(l10n.t('Project {0} has no inference applications.', projectId));
  const chosen = orCancel(
    await ui.pick<InferenceApplication>({
      title,
      placeholder: l10n.t('Choose an application'),
      items: list.results.map((application) => ({
        label: application.name,
        description: [application.application_name, application.status?.consolidated_status].filter(Boolean).join(' · '),
        value: application,
      })),
    }),
  );
  return { projectId, name: chosen.name };
}

/** The contract's Create and Delete Inference Application: its components are deployments that change with it. */
export function inferenceApplicationCommands(
  services: Services,
  changes: InferenceChanges,
  askCreate?: InferenceAsk<InferenceApplicationCreateArgs>,
): Command<never, unknown, never>[] {
  return [
    command<InferenceApplicationCreateArgs, SentInferenceChange, unknown>({
      id: COMMAND.createInferenceApplication,
      what: (args) => (args ? l10n.t('Create inference application {0}', args.deployment.name) : l10n.t('Create an inference application')),
      parse: (arg) => unwrap(validateInferenceApplicationCreateArgs(arg)),
      ...asked(askCreate),
      editable: true,
      progress: (args) => l10n.t('Creating inference application {0}…', args.deployment.name),
      run: async ({ projectId, deployment }, context) =>
        changes.record(await sendInferenceApplicationCreate(services, { projectId }, deployment, callOptions(context))),
      returns: tasksOnly,
      cancelledAfterSending: (args) => ({
        message: l10n.t(
          'Cancelled after the request was sent: Gcore may still create inference application {0}. Refresh the project to see whether it exists before creating it again.',
          args.deployment.name,
        ),
      }),
      report: (ui, { result, change }, _args, flow) => changes.report(ui, change, result, flow.reopen),
    }),
    command<InferenceNamedArgs, SentInferenceChange>({
      id: COMMAND.deleteInferenceApplication,
      what: (args) => (args ? l10n.t('Delete inference application {0}', args.name) : l10n.t('Delete an inference application')),
      parse: (arg) => unwrap(validateInferenceApplicationArgs(arg)),
      ask: (ui, _draft, node) => askApplication(services, ui, l10n.t('Gcore: Delete Inference Application'), node),
      confirm: (ui, { name }) =>
        ui.confirm({
          message: l10n.t('Delete inference application {0}?', name),
          detail: l10n.t('The application and its component deployments go in every region, with their addresses; it cannot be undone.'),
          confirmLabel: l10n.t('Delete'),
        }),
      progress: (args) => l10n.t('Deleting inference application {0}…', args.name),
      run: async (ref, context) => changes.record(await sendInferenceApplicationDelete(services, ref, callOptions(context))),
      returns: tasksOnly,
      report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
    }),
  ];
}
