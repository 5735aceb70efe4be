import * as vscode from 'vscode';
import type { InferenceEndpointClient } from '../../api/inference/endpointClient';
import type { InferenceDeployment } from '../../api/inference/inferenceTypes';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { COMMAND } from '../../core/contributions';
import {
  validateInferenceChatArgs,
  validateInferenceDeploymentArgs,
  type InferenceChatArgs,
  type InferenceNamedArgs,
} from '../../models/inference/inferenceArgs';
import { chatModelId } from '../../models/inference/chatModels';
import { statusWords } from '../../models/inference/inferenceStatus';
import type { ChatDeployment, ChatDeploymentStore } from '../../state/inference/chatDeployments';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';
import type { Services } from '../services';
import { askDeployment, deploymentOfNode } from '../../prompts/inference/inferencePicks';

/** What Use in Chat needs beside the services: whether the host takes chat models, and where it keeps them. */
export interface InferenceChatParts {
  /** The host has VS Code 1.104's chat provider API and the provider is registered. */
  available: boolean;
  store: ChatDeploymentStore;
  keys: InferenceKeySecrets;
  endpoint: () => Promise<InferenceEndpointClient>;
}

/** Said where the host has no chat provider API: before anything is read or changed. */
function notAvailable(): Error {
  return new Error(
    vscode.l10n.t(
      'This editor cannot take chat models from extensions (VS Code 1.104 or later can), so Use in Chat is not offered here. Everything else works as before.',
    ),
  );
}

const READY = new Set(['ACTIVE', 'PARTIALLYDEPLOYED', 'PENDING']);

/** The deployment can answer a chat: running or at zero, with an address. */
function checkReady(deployment: InferenceDeployment): string {
  const status = deployment.status ?? '';
  if (status === 'DISABLED') {
    throw new Error(
      vscode.l10n.t(
        'Inference deployment {0} is stopped: start it ("Gcore: Start Inference Deployment"), then use it in chat.',
        deployment.name,
      ),
    );
  }
  if (!READY.has(status)) {
    throw new Error(
      vscode.l10n.t('Inference deployment {0} is not ready ({1}): use it in chat once it is.', deployment.name, statusWords(status)),
    );
  }
  const address = deployment.address?.trim();
  if (!address) throw new Error(vscode.l10n.t('Gcore reports no address for inference deployment {0} yet.', deployment.name));
  return address;
}

/** The key to send: one attached to the deployment whose secret this machine holds, or none for a deployment without keys. */
async function checkedKey(chat: InferenceChatParts, deployment: InferenceDeployment, args: InferenceChatArgs): Promise<string | undefined> {
  const attached = deployment.api_keys ?? [];
  if (attached.length === 0) return undefined;
  const name = args.apiKeyName;
  if (name === undefined) {
    throw new Error(
      vscode.l10n.t('apiKeyName: inference deployment {0} takes an API key; name one of {1}.', deployment.name, attached.join(', ')),
    );
  }
  if (!attached.includes(name)) {
    throw new Error(
      vscode.l10n.t(
        'apiKeyName: API key {0} is not attached to inference deployment {1} (its keys: {2}).',
        name,
        deployment.name,
        attached.join(', '),
      ),
    );
  }
  const secret = await chat.keys.get({ projectId: args.projectId, name });
  if (secret === undefined) {
    throw new Error(
      vscode.l10n.t(
        'apiKeyName: this machine holds no secret for API key {0}: it was made elsewhere. Make a new key, or paste its secret.',
        name,
      ),
    );
  }
  return secret;
}

/** In the palette or on a row: the deployment, then the key among those attached whose secret this machine holds. */
async function askChatArgs(ui: PromptUi, services: Services, chat: InferenceChatParts, node: unknown): Promise<InferenceChatArgs> {
  if (!chat.available) throw notAvailable();
  const { inference } = services.client;
  const title = vscode.l10n.t('Gcore: Use in Chat');
  const { projectId, name } = await askDeployment(inference, ui, title, node);
  const deployment = await ui.withProgress({
    title: vscode.l10n.t('Reading inference deployment {0}…', name),
    run: (signal) => inference.getDeployment({ projectId, name }, { signal }),
  });
  const attached = deployment.api_keys ?? [];
  if (attached.length === 0) return { projectId, name };
  const held: string[] = [];
  for (const key of attached) if (await chat.keys.has({ projectId, name: key })) held.push(key);
  if (held.length === 0) {
    throw new Error(
      vscode.l10n.t(
        'This machine holds the secret of none of the API keys of inference deployment {0} ({1}): they were made elsewhere. Make a new key and attach it, or paste the secret of one.',
        name,
        attached.join(', '),
      ),
    );
  }
  if (held.length === 1) return { projectId, name, apiKeyName: held[0] };
  const apiKeyName = orCancel(
    await ui.pick<string>({
      title,
      placeholder: vscode.l10n.t('Choose the API key the chat sends to {0}', name),
      items: held.map((key) => ({ label: key, value: key })),
    }),
  );
  return { projectId, name, apiKeyName };
}

/** Use in Chat (`gcore.addInferenceChatModels`) and its undoing (`gcore.removeInferenceChatModels`). */
export function inferenceChatCommands(services: Services, chat: InferenceChatParts): Command<never, unknown, never>[] {
  const { inference } = services.client;
  return [
    command<InferenceChatArgs, { entry: ChatDeployment; ids: string[] }>({
      id: COMMAND.addInferenceChatModels,
      what: (args) =>
        args ? vscode.l10n.t('Use inference deployment {0} in chat', args.name) : vscode.l10n.t('Use an inference deployment in chat'),
      parse: (arg) => {
        if (!chat.available) throw notAvailable();
        const fromRow = deploymentOfNode(arg);
        return fromRow ? { projectId: fromRow.projectId, name: fromRow.name } : unwrap(validateInferenceChatArgs(arg));
      },
      ask: (ui, _draft, node) => askChatArgs(ui, services, chat, node),
      progress: ({ name }) => vscode.l10n.t('Reading the models of inference deployment {0} (one at zero wakes first)…', name),
      run: async (args, { signal }) => {
        if (!chat.available) throw notAvailable();
        const deployment = await inference.getDeployment(args, { signal });
        const address = checkReady(deployment);
        const secret = await checkedKey(chat, deployment, args);
        const models = await (await chat.endpoint()).listModels({ address, secret, signal });
        if (models.length === 0) {
          throw new Error(vscode.l10n.t('Inference deployment {0} lists no models at {1}/v1/models.', args.name, address));
        }
        const entry: ChatDeployment = {
          projectId: args.projectId,
          name: args.name,
          address,
          ...(secret === undefined ? {} : { apiKeyName: args.apiKeyName }),
          models,
        };
        await chat.store.put(entry);
        return { entry, ids: models.map((model) => chatModelId({ projectId: args.projectId, deployment: args.name, modelId: model.id })) };
      },
      returns: ({ ids }) => ids,
      report: (ui, { entry }) =>
        void ui.notify(
          'info',
          vscode.l10n.t(
            'VS Code chat now offers {0} from inference deployment {1}: pick it in the chat model picker.',
            entry.models.map((model) => model.id).join(', '),
            entry.name,
          ),
        ),
    }),
    command<InferenceNamedArgs, InferenceNamedArgs>({
      id: COMMAND.removeInferenceChatModels,
      what: (args) =>
        args
          ? vscode.l10n.t('Stop using inference deployment {0} in chat', args.name)
          : vscode.l10n.t('Stop using an inference deployment in chat'),
      parse: (arg) => deploymentOfNode(arg) ?? unwrap(validateInferenceDeploymentArgs(arg)),
      ask: async (ui, _draft, node) => {
        const fromRow = deploymentOfNode(node);
        if (fromRow) return { projectId: fromRow.projectId, name: fromRow.name };
        const added = chat.store.list();
        if (added.length === 0) throw new Error(vscode.l10n.t('No inference deployment is in use in chat.'));
        const chosen = orCancel(
          await ui.pick<ChatDeployment>({
            title: vscode.l10n.t('Gcore: Stop Using in Chat'),
            placeholder: vscode.l10n.t('Choose the deployment whose models leave the chat'),
            items: added.map((entry) => ({
              label: entry.name,
              description: vscode.l10n.t('project {0} · {1}', entry.projectId, entry.models.map((model) => model.id).join(', ')),
              value: entry,
            })),
          }),
        );
        return { projectId: chosen.projectId, name: chosen.name };
      },
      run: async (args) => {
        if (!(await chat.store.remove(args))) {
          throw new Error(vscode.l10n.t('Inference deployment {0} of project {1} is not in use in chat.', args.name, args.projectId));
        }
        return args;
      },
      returns: () => undefined,
      report: (ui, { name }) => void ui.notify('info', vscode.l10n.t('The models of inference deployment {0} have left the chat.', name)),
    }),
  ];
}
