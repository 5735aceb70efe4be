import * as l10n from '@vscode/l10n';
import type { InferenceApiKey } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import { oneLine } from '../../core/wellFormedText';
import { deploymentsUsing } from '../../models/inference/inferenceApiKeys';
import {
  API_KEY_DESCRIPTION_FIELD,
  EXPIRES_AT_FIELD,
  validateInferenceApiKeyArgs,
  validateInferenceApiKeyCreateArgs,
  type InferenceApiKeyCreateArgs,
  type InferenceNamedArgs,
  type InferenceProjectArgs,
} from '../../models/inference/inferenceArgs';
import { unwrap } from '../../validation/problems';
import { deleteInferenceApiKey as sendKeyDelete } from '../../writes/inference/apiKeyWrites';
import { currentUnknownLine, readCurrent } from '../currentState';
import type { ToolContext, ToolDefinition } from '../toolDefinition';
import { objectInput, specSchema } from '../toolSchemas';
import { lines, listText } from '../toolText';
import { API_KEY_PROPERTIES, NAMED_REQUIRED, PROJECT_ARGUMENT } from './inferenceToolArguments';

/** `team: For the team · expires 2027-01-31T… · used by llama-chat`: never a secret, which Gcore does not list. */
function keyLine(key: InferenceApiKey): string {
  const users = deploymentsUsing(key);
  const parts = [
    key.description || undefined,
    key.expires_at ? l10n.t('expires {0}', key.expires_at) : l10n.t('never expires'),
    users.length > 0 ? l10n.t('used by {0}', users.join(', ')) : l10n.t('not attached'),
  ];
  return oneLine(`${key.name}: ${parts.filter(Boolean).join(' · ')}`);
}

/** The key with only what Gcore lists: a field named like a secret never reaches an agent. */
function withoutSecret(key: InferenceApiKey): InferenceApiKey {
  const { secret: _secret, ...listed } = key as InferenceApiKey & { secret?: unknown };
  return listed as InferenceApiKey;
}

async function readKey(args: InferenceNamedArgs, { client, signal }: ToolContext) {
  return readCurrent(async () => {
    const found = (await client.inference.listApiKeys({ projectId: args.projectId }, { signal })).results.find(
      (key) => key.name === args.name,
    );
    if (!found) throw new Error(l10n.t('Project {0} lists no API key {1}.', args.projectId, args.name));
    return found;
  });
}

export const listInferenceApiKeys: ToolDefinition<InferenceProjectArgs> = {
  name: 'gcore_listInferenceApiKeys',
  kind: 'read',
  commandId: COMMAND.listInferenceApiKeys,
  displayName: l10n.t('List Gcore Inference API Keys'),
  modelDescription: l10n.t(
    "Lists the API keys of one Gcore project's inference deployments: each key's name, description, expiry and the deployments it is attached to (a deployment with a key attached asks callers for one in X-API-Key). Never a secret: Gcore shows a key's secret only once, when it is created, and the extension keeps it in VS Code's secret storage.",
  ),
  userDescription: l10n.t('Lists the inference API keys of a Gcore project, without their secrets.'),
  ...PROJECT_ARGUMENT,
  invoke: async ({ projectId }, { client, signal }) => {
    const list = await client.inference.listApiKeys({ projectId }, { signal });
    const results = list.results.map(withoutSecret);
    const text = listText(results.map(keyLine), l10n.t('No inference API keys in project {0}.', projectId), (count) =>
      l10n.t('{0} inference API keys in project {1}:', count, projectId),
    );
    return { text, json: { ...list, results } };
  },
};

export const createInferenceApiKey: ToolDefinition<InferenceApiKeyCreateArgs> = {
  name: 'gcore_createInferenceApiKey',
  kind: 'write',
  commandId: COMMAND.createInferenceApiKey,
  displayName: l10n.t('Create a Gcore Inference API Key'),
  modelDescription: l10n.t(
    "Creates an API key for a project's inference deployments (name without dots, description up to 300 characters, expiresAt an ISO 8601 time in the future or left out for never). Gcore shows the key's secret only once: in VS Code it goes into VS Code's secret storage and nowhere else, so the answer never holds it (the user copies it from the key's row or the create's notification). The MCP server has no secret storage, so there this tool refuses before sending anything: a key made there would lose its secret, or put it in the chat. Attach the key to a deployment with gcore_updateInferenceDeployment (changes.api_keys, the whole list).",
  ),
  userDescription: l10n.t("Creates a Gcore inference API key, after you confirm; its secret goes to VS Code's secret storage only."),
  inputSchema: objectInput(
    { ...API_KEY_PROPERTIES, description: specSchema(API_KEY_DESCRIPTION_FIELD), expiresAt: specSchema(EXPIRES_AT_FIELD) },
    NAMED_REQUIRED,
  ),
  parse: (input) => unwrap(validateInferenceApiKeyCreateArgs(input)),
  confirm: async (args) => ({
    title: l10n.t('Create API key {0} in project {1}?', args.name, args.projectId),
    message: lines(
      args.description ? l10n.t('Description: {0}', oneLine(args.description)) : undefined,
      args.expiresAt ? l10n.t('Expires {0}.', args.expiresAt) : l10n.t('It never expires.'),
      l10n.t("Its secret goes into VS Code's secret storage only; the agent is not told it."),
    ),
  }),
  invoke: async (args, context) => {
    const key = await context.writes.send<InferenceApiKey>({
      command: COMMAND.createInferenceApiKey,
      argument: args,
      viaClient: async () => {
        throw new Error(
          l10n.t(
            "The Gcore MCP server does not create inference API keys: Gcore shows a key's secret only once, and this server has no secret storage to keep it in, so the key would be unusable or its secret would land in the chat. Create it in VS Code (Gcore: Create Inference API Key), which keeps the secret in its secret storage.",
          ),
        );
      },
    });
    const listed = withoutSecret(key);
    return {
      text: l10n.t(
        "Created API key {0} in project {1}; its secret is in VS Code's secret storage. Attach it to a deployment with gcore_updateInferenceDeployment (changes.api_keys, the whole list).",
        listed.name,
        args.projectId,
      ),
      json: listed,
    };
  },
};

export const deleteInferenceApiKey: ToolDefinition<InferenceNamedArgs> = {
  name: 'gcore_deleteInferenceApiKey',
  kind: 'write',
  commandId: COMMAND.deleteInferenceApiKey,
  displayName: l10n.t('Delete a Gcore Inference API Key'),
  modelDescription: l10n.t(
    "Deletes an inference API key; callers that send it are refused afterwards. Gcore refuses to delete a key still attached to a deployment: detach it first with gcore_updateInferenceDeployment (changes.api_keys without it; an empty list turns the deployment's auth off). In VS Code its stored secret is removed too.",
  ),
  userDescription: l10n.t('Deletes a Gcore inference API key, after you confirm.'),
  inputSchema: objectInput(API_KEY_PROPERTIES, NAMED_REQUIRED),
  parse: (input) => unwrap(validateInferenceApiKeyArgs(input)),
  confirm: async (args, context) => {
    const current = await readKey(args, context);
    const users = current.known ? deploymentsUsing(current.value) : [];
    return {
      title: l10n.t('Delete API key {0} in project {1}?', args.name, args.projectId),
      message: lines(
        !current.known
          ? currentUnknownLine(current)
          : users.length > 0
            ? l10n.t('{0} use it: Gcore refuses the delete until it is detached from them.', users.join(', '))
            : l10n.t('No deployment uses it; this cannot be undone.'),
      ),
    };
  },
  invoke: async (args, context) => {
    await context.writes.send<void>({
      command: COMMAND.deleteInferenceApiKey,
      argument: args,
      // The MCP server keeps no secret to remove: the key's own delete is all it sends.
      viaClient: (client, signal, log) =>
        sendKeyDelete({ client, log, secrets: { store: async () => undefined, delete: async () => undefined } }, args, { signal }),
    });
    return { text: l10n.t('Deleted API key {0} of project {1}.', args.name, args.projectId), json: { deleted: args.name } };
  },
};
