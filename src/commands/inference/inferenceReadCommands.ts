import * as vscode from 'vscode';
import type {
  InferenceApplication,
  InferenceCatalogApplication,
  InferenceDeployment,
  InferenceFlavor,
  InferenceLogPage,
  InferenceQuota,
  InferenceRegionCapacity,
  InferenceRegistryCredential,
} from '../../api/inference/inferenceTypes';
import type { CloudList } from '../../api/types';
import { COMMAND } from '../../core/contributions';
import { readInferenceLogs } from '../../loaders/inference/inferenceLogPages';
import {
  validateInferenceDeploymentArgs,
  validateInferenceLogsArgs,
  validateInferenceProjectArgs,
  type InferenceLogsArgs,
  type InferenceNamedArgs,
  type InferenceProjectArgs,
} from '../../models/inference/inferenceArgs';
import { statusWords } from '../../models/inference/inferenceStatus';
import { pickToCopy } from '../../ui/pickers/pickToCopy';
import { validateNoArgs } from '../../validation/argumentObjects';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';
import { sayNotOffered } from '../notOffered';
import type { Services } from '../services';
import { askDeployment, askProject, offered } from '../../prompts/inference/inferencePicks';

type NoArgs = Record<string, never>;

/** An account-wide read: no argument (or `{}`), its answer as Gcore gave it, and no palette form (the tree shows it). */
function accountRead<Result>(id: string, what: () => string, read: (signal?: AbortSignal) => Promise<Result>) {
  return command<NoArgs, Result>({
    id,
    programmaticWithoutArgument: true,
    what,
    parse: (arg) => unwrap(validateNoArgs(arg)),
    run: (_args, { signal }) => read(signal),
  });
}

/**
 * The contract's inference reads. The account-wide ones (flavors, capacity, catalogue, quota) and the logs are for
 * programmatic callers (the tree and Open Logs show them); a project's lists and a deployment ask their project in the
 * palette and show the result as the GPU reads do.
 */
export function inferenceReadCommands(services: Services): Command<never, unknown, never>[] {
  const { inference } = services.client;
  return [
    accountRead<CloudList<InferenceFlavor>>(
      COMMAND.listInferenceFlavors,
      () => vscode.l10n.t('List inference flavors'),
      (signal) => inference.flavors({ signal }),
    ),
    accountRead<CloudList<InferenceRegionCapacity>>(
      COMMAND.listInferenceCapacity,
      () => vscode.l10n.t('List inference capacity'),
      (signal) => inference.capacity({ signal }),
    ),
    accountRead<CloudList<InferenceCatalogApplication>>(
      COMMAND.listInferenceCatalog,
      () => vscode.l10n.t('List the inference catalogue'),
      (signal) => inference.catalog({ signal }),
    ),
    accountRead<InferenceQuota>(
      COMMAND.getInferenceQuota,
      () => vscode.l10n.t('Read the inference quota'),
      (signal) => inference.quota({ signal }),
    ),
    command<InferenceProjectArgs, CloudList<InferenceDeployment>>({
      id: COMMAND.listInferenceDeployments,
      what: () => vscode.l10n.t('List inference deployments'),
      parse: (arg) => unwrap(validateInferenceProjectArgs(arg)),
      ask: (ui) => askProject(ui, vscode.l10n.t('Gcore: List Inference Deployments')),
      progress: ({ projectId }) => vscode.l10n.t('Loading the inference deployments of project {0}…', projectId),
      run: ({ projectId }, { signal }) =>
        offered(vscode.l10n.t('Inference deployments'), () => inference.listDeployments({ projectId }, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('Inference deployments · project {0} ({1})', projectId, list.count),
          list.results.map((deployment) => ({
            label: deployment.name,
            description: [statusWords(deployment.status), deployment.flavor_name].filter(Boolean).join(' · '),
            value: deployment,
          })),
          (deployment) => deployment.address ?? deployment.name,
          vscode.l10n.t('No inference deployments in project {0}.', projectId),
        ),
    }),
    command<InferenceNamedArgs, InferenceDeployment>({
      id: COMMAND.getInferenceDeployment,
      what: (args) => (args ? vscode.l10n.t('Read inference deployment {0}', args.name) : vscode.l10n.t('Read an inference deployment')),
      parse: (arg) => unwrap(validateInferenceDeploymentArgs(arg)),
      ask: async (ui, _draft, node) => {
        const { projectId, name } = await askDeployment(inference, ui, vscode.l10n.t('Gcore: Show Inference Deployment'), node);
        return { projectId, name };
      },
      progress: ({ name }) => vscode.l10n.t('Reading inference deployment {0}…', name),
      run: (ref, { signal }) => inference.getDeployment(ref, { signal }),
      // Every field, as Gcore sent it, in a read-only editor, as Show GPU Cluster does.
      report: async (_ui, deployment) => {
        const document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(deployment, null, 2)}\n` });
        await vscode.window.showTextDocument(document, { preview: true });
      },
    }),
    command<InferenceLogsArgs, InferenceLogPage>({
      id: COMMAND.getInferenceLogs,
      what: (args) =>
        args ? vscode.l10n.t('Read the logs of inference deployment {0}', args.name) : vscode.l10n.t('Read inference deployment logs'),
      parse: (arg) => unwrap(validateInferenceLogsArgs(arg)),
      programmaticWithoutArgument: true,
      run: (args, { signal }) => readInferenceLogs(inference, args, { signal }),
    }),
    command<InferenceProjectArgs, CloudList<InferenceApplication>>({
      id: COMMAND.listInferenceApplications,
      what: () => vscode.l10n.t('List inference applications'),
      parse: (arg) => unwrap(validateInferenceProjectArgs(arg)),
      ask: (ui) => askProject(ui, vscode.l10n.t('Gcore: List Inference Applications')),
      progress: ({ projectId }) => vscode.l10n.t('Loading the inference applications of project {0}…', projectId),
      run: ({ projectId }, { signal }) =>
        offered(vscode.l10n.t('Inference applications'), () => inference.listApplications({ projectId }, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('Inference applications · project {0} ({1})', projectId, list.count),
          list.results.map((application) => ({
            label: application.name,
            description: [application.application_name, application.status?.consolidated_status].filter(Boolean).join(' · '),
            value: application,
          })),
          (application) => application.name,
          vscode.l10n.t('No inference applications in project {0}.', projectId),
        ),
    }),
    command<InferenceProjectArgs, CloudList<InferenceRegistryCredential>>({
      id: COMMAND.listInferenceRegistryCredentials,
      what: () => vscode.l10n.t('List registry credentials'),
      parse: (arg) => unwrap(validateInferenceProjectArgs(arg)),
      ask: (ui) => askProject(ui, vscode.l10n.t('Gcore: List Inference Registry Credentials')),
      progress: ({ projectId }) => vscode.l10n.t('Loading the registry credentials of project {0}…', projectId),
      run: ({ projectId }, { signal }) =>
        offered(vscode.l10n.t('Registry credentials'), () => inference.listRegistryCredentials({ projectId }, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('Registry credentials · project {0} ({1})', projectId, list.count),
          list.results.map((credential) => ({
            label: credential.name,
            description: [credential.username, credential.registry_url].filter(Boolean).join(' @ '),
            value: credential,
          })),
          (credential) => credential.name,
          vscode.l10n.t('No registry credentials in project {0}.', projectId),
        ),
    }),
  ];
}
