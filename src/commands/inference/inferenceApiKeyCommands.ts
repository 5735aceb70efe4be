import * as l10n from '@vscode/l10n';
import type { InferenceApiKey, InferenceDeployment, InferenceProjectRef } from '../../api/inference/inferenceTypes';
import type { CloudList } from '../../api/types';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { COMMAND } from '../../core/contributions';
import { hideSecret } from '../../logging/redaction';
import { authEnabled, deploymentsUsing, expiryOfText } from '../../models/inference/inferenceApiKeys';
import {
  API_KEY_DESCRIPTION_FIELD,
  EXPIRES_AT_FIELD,
  validateInferenceApiKeyArgs,
  validateInferenceApiKeyAttachArgs,
  validateInferenceApiKeyCreateArgs,
  validateInferenceProjectArgs,
  type InferenceApiKeyAttachArgs,
  type InferenceApiKeyCreateArgs,
  type InferenceNamedArgs,
  type InferenceProjectArgs,
} from '../../models/inference/inferenceArgs';
import { API_KEY_NAME_FIELD } from '../../models/inference/inferenceNames';
import { statusWords } from '../../models/inference/inferenceStatus';
import { promptText } from '../../ui/fieldPrompts/textPrompt';
import { orCancel } from '../../ui/loneAnswer';
import { pickToCopy } from '../../ui/pickers/pickToCopy';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard, type WizardStep } from '../../ui/wizard';
import { unwrap } from '../../validation/problems';
import type { SentChanges } from '../../views/sentChanges';
import {
  isInferenceApiKeyNode,
  isInferenceApiKeysNode,
  isInferenceDeploymentNode,
  isInferenceProjectNode,
} from '../../views/inference/inferenceNodes';
import {
  createInferenceApiKey,
  deleteInferenceApiKey,
  sendInferenceApiKeyAttachment,
  type CreatedInferenceApiKey,
} from '../../writes/inference/apiKeyWrites';
import type { SentInferenceChange } from '../../writes/inference/inferenceDeploymentWrites';
import { callOptions, command, type Command } from '../flow/command';
import { sayNotOffered } from '../notOffered';
import type { Services } from '../services';
import { askProject, offered } from '../../prompts/inference/inferencePicks';

type KeyChanges = Pick<SentChanges<InferenceProjectRef>, 'record' | 'report' | 'changed'>;

/** The project a row stands in (a project, its API Keys row, a key, a deployment), or asked in the palette. */
async function projectOf(ui: PromptUi, title: string, node: unknown): Promise<InferenceProjectArgs> {
  if (isInferenceProjectNode(node) || isInferenceApiKeysNode(node) || isInferenceApiKeyNode(node) || isInferenceDeploymentNode(node)) {
    return { projectId: node.projectId };
  }
  return askProject(ui, title);
}

async function listKeys(services: Services, ui: PromptUi, projectId: number): Promise<CloudList<InferenceApiKey>> {
  return ui.withProgress({
    title: l10n.t('Loading the API keys of project {0}…', projectId),
    run: (signal) => offered(l10n.t('Inference API keys'), () => services.client.inference.listApiKeys({ projectId }, { signal })),
  });
}

/** A key of the row, or one picked among the project's (those `offer` keeps). */
async function askKey(
  services: Services,
  ui: PromptUi,
  title: string,
  node: unknown,
  offer: (key: InferenceApiKey) => boolean = () => true,
): Promise<{ projectId: number; key: InferenceApiKey }> {
  if (isInferenceApiKeyNode(node)) return { projectId: node.projectId, key: node.key };
  const { projectId } = await projectOf(ui, title, node);
  const keys = (await listKeys(services, ui, projectId)).results.filter(offer);
  if (keys.length === 0) throw new Error(l10n.t('Project {0} has no API key to choose here.', projectId));
  const key = orCancel(
    await ui.pick<InferenceApiKey>({
      title,
      placeholder: l10n.t('Choose an API key'),
      items: keys.map((choice) => ({ label: choice.name, description: keyWords(choice), value: choice })),
    }),
  );
  return { projectId, key };
}

function keyWords(key: InferenceApiKey): string {
  const users = deploymentsUsing(key);
  return [key.description ?? undefined, users.length > 0 ? l10n.t('used by {0}', users.join(', ')) : l10n.t('not attached')]
    .filter(Boolean)
    .join(' · ');
}

type CreateAnswers = Partial<InferenceApiKeyCreateArgs> & { projectId: number };

/** Create API Key: the name (no dot), a description and an expiry, each checked as typed, with Back. */
async function askCreate(ui: PromptUi, node: unknown): Promise<InferenceApiKeyCreateArgs> {
  const title = l10n.t('Gcore: Create Inference API Key');
  const answers: CreateAnswers = await projectOf(ui, title, node);
  const steps = (): WizardStep<CreateAnswers>[] => [
    {
      run: async (state, position) => {
        const name = await promptText(ui, API_KEY_NAME_FIELD, { title, ...position }, state.name, {
          placeholder: l10n.t('e.g. chat-client'),
        });
        if (name === BACK) return BACK;
        state.name = String(name);
      },
    },
    {
      run: async (state, position) => {
        const description = await promptText(ui, API_KEY_DESCRIPTION_FIELD, { title, ...position }, state.description, { optional: true });
        if (description === BACK) return BACK;
        state.description = description === undefined ? undefined : String(description);
      },
    },
    {
      run: async (state, position) => {
        const typed = await ui.input({
          title,
          ...position,
          prompt: l10n.t(
            '{0}: a date such as 2027-01-31 (the key works through that day, UTC) or an ISO 8601 time. Leave empty for a key that never expires.',
            EXPIRES_AT_FIELD.label,
          ),
          value: state.expiresAt,
          validate: (text) => {
            const read = expiryOfText(text, Date.now());
            return 'problem' in read ? `${EXPIRES_AT_FIELD.label}: ${read.problem}` : undefined;
          },
        });
        if (typed === BACK) return BACK;
        const read = expiryOfText(typed, Date.now());
        state.expiresAt = 'value' in read ? read.value : undefined;
      },
    },
  ];
  await runWizard(answers, steps);
  if (!answers.name) throw new UserCancelledError();
  return unwrap(validateInferenceApiKeyCreateArgs(answers));
}

/** Offers to copy the secret, once: read back from the secret storage, put on the clipboard, never shown. */
async function offerCopy(ui: PromptUi, secrets: InferenceKeySecrets, projectId: number, created: CreatedInferenceApiKey): Promise<void> {
  const { name } = created.key;
  if (!created.secretStored) {
    void ui.notify(
      'warning',
      l10n.t('API key {0} was created, but Gcore answered no secret for it: paste its secret if Gcore shows it elsewhere.', name),
    );
    return;
  }
  const copy = l10n.t('Copy Secret');
  const choice = await ui.notify(
    'info',
    l10n.t(
      "API key {0} was created; its secret is in VS Code's secret storage, and Gcore will not show it again. Copy it now to use it outside VS Code.",
      name,
    ),
    copy,
  );
  if (choice !== copy) return;
  const secret = await secrets.get({ projectId, name });
  if (secret === undefined) throw new Error(l10n.t('The secret of API key {0} is no longer in the secret storage.', name));
  await ui.copyToClipboard(secret, { secretAsked: true });
  void ui.notify('info', l10n.t('The secret of API key {0} is on the clipboard.', name));
}

/** Says which deployments lose the key before it is deleted. */
async function confirmDelete(ui: PromptUi, key: InferenceApiKey): Promise<boolean> {
  const users = deploymentsUsing(key);
  return ui.confirm({
    message: l10n.t('Delete API key {0}?', key.name),
    detail:
      users.length === 0
        ? l10n.t('No deployment uses it. Its secret is removed from this machine too; this cannot be undone.')
        : l10n.t(
            '{0} use it: Gcore refuses to delete a key still attached, so detach it from them first. Callers that send this key are refused once it is gone.',
            users.join(', '),
          ),
    confirmLabel: l10n.t('Delete'),
  });
}

/** A deployment of the row, or picked among the project's (those `offer` keeps). */
async function askDeploymentFor(
  services: Services,
  ui: PromptUi,
  title: string,
  projectId: number,
  offer: (deployment: InferenceDeployment) => boolean,
): Promise<InferenceDeployment> {
  const list = await ui.withProgress({
    title: l10n.t('Loading the inference deployments of project {0}…', projectId),
    run: (signal) => offered(l10n.t('Inference deployments'), () => services.client.inference.listDeployments({ projectId }, { signal })),
  });
  const deployments = list.results.filter(offer);
  if (deployments.length === 0) throw new Error(l10n.t('Project {0} has no inference deployment to choose here.', projectId));
  return orCancel(
    await ui.pick<InferenceDeployment>({
      title,
      placeholder: l10n.t('Choose a deployment'),
      items: deployments.map((deployment) => ({
        label: deployment.name,
        description: [statusWords(deployment.status), (deployment.api_keys ?? []).join(', ')].filter(Boolean).join(' · '),
        value: deployment,
      })),
    }),
  );
}

/**
 * Attach or Detach API Key from a key's row (then the deployment), a deployment's row (then the key) or the
 * palette; what it does to the deployment's auth is said before anything is sent.
 */
async function askAttachment(
  services: Services,
  ui: PromptUi,
  node: unknown,
  action: 'attach' | 'detach',
): Promise<InferenceApiKeyAttachArgs> {
  const attach = action === 'attach';
  const title = attach ? l10n.t('Gcore: Attach Inference API Key') : l10n.t('Gcore: Detach Inference API Key');
  let deployment: InferenceDeployment;
  let projectId: number;
  let keyName: string;
  if (isInferenceDeploymentNode(node)) {
    deployment = node.deployment;
    projectId = node.projectId;
    const held = new Set(deployment.api_keys ?? []);
    keyName = (await askKey(services, ui, title, node, (key) => held.has(key.name) !== attach)).key.name;
  } else {
    const picked = await askKey(services, ui, title, node);
    projectId = picked.projectId;
    keyName = picked.key.name;
    deployment = await askDeploymentFor(
      services,
      ui,
      title,
      projectId,
      (candidate) => (candidate.api_keys ?? []).includes(keyName) !== attach,
    );
  }
  const keys = deployment.api_keys ?? [];
  const detail = attach
    ? authEnabled(deployment)
      ? l10n.t('Callers may then send {0} as well as the keys it has ({1}).', keyName, keys.join(', '))
      : l10n.t(
          'This turns auth on: {0} then answers only requests that send an attached key in X-API-Key; callers without one are refused.',
          deployment.name,
        )
    : keys.length <= 1
      ? l10n.t('{0} is its last key: this turns auth off, and anyone who knows the address can call {1}.', keyName, deployment.name)
      : l10n.t(
          'Callers that send {0} are refused; the other keys ({1}) still work.',
          keyName,
          keys.filter((key) => key !== keyName).join(', '),
        );
  const confirmed = await ui.confirm({
    message: attach
      ? l10n.t('Attach API key {0} to {1}?', keyName, deployment.name)
      : l10n.t('Detach API key {0} from {1}?', keyName, deployment.name),
    detail,
    confirmLabel: attach ? l10n.t('Attach') : l10n.t('Detach'),
  });
  if (!confirmed) throw new UserCancelledError();
  return { projectId, name: keyName, deployment: deployment.name };
}

/** Paste API Key Secret: for a key made elsewhere, its secret into the secret storage only (never shown, never sent). */
async function askPaste(services: Services, ui: PromptUi, node: unknown): Promise<{ ref: InferenceNamedArgs; secret: string }> {
  const title = l10n.t('Gcore: Paste Inference API Key Secret');
  const { projectId, key } = await askKey(services, ui, title, node);
  const secret = orCancel(
    await ui.input({
      title,
      prompt: l10n.t("The secret of API key {0}, as Gcore showed it at its create. It goes into VS Code's secret storage only.", key.name),
      password: true,
      validate: (text) => (text.trim() === '' ? l10n.t('Secret: must not be empty') : undefined),
    }),
  ).trim();
  hideSecret(secret);
  return { ref: { projectId, name: key.name }, secret };
}

/**
 * The contract's API key commands (list, create, delete) and attach, detach and paste. A key's secret goes from
 * Gcore's create answer to the secret storage and nowhere else: not in a result, a log line or a message.
 */
export function inferenceApiKeyCommands(
  services: Services,
  secrets: InferenceKeySecrets,
  changes: KeyChanges,
): Command<never, unknown, never>[] {
  const deps = { ...services, secrets };
  const attachCommand = (action: 'attach' | 'detach') =>
    command<InferenceApiKeyAttachArgs, SentInferenceChange>({
      id: action === 'attach' ? COMMAND.attachInferenceApiKey : COMMAND.detachInferenceApiKey,
      what: (args) =>
        action === 'attach'
          ? args
            ? l10n.t('Attach API key {0} to {1}', args.name, args.deployment)
            : l10n.t('Attach an API key')
          : args
            ? l10n.t('Detach API key {0} from {1}', args.name, args.deployment)
            : l10n.t('Detach an API key'),
      parse: (arg) => unwrap(validateInferenceApiKeyAttachArgs(arg)),
      ask: (ui, _draft, node) => askAttachment(services, ui, node, action),
      progress: (args) =>
        action === 'attach'
          ? l10n.t('Attaching API key {0} to {1}…', args.name, args.deployment)
          : l10n.t('Detaching API key {0} from {1}…', args.name, args.deployment),
      run: async ({ projectId, name, deployment }, context) =>
        changes.record(await sendInferenceApiKeyAttachment(services, { projectId, name: deployment }, name, action, callOptions(context))),
      returns: ({ result }) => ({ tasks: result.tasks }),
      report: (ui, { result, change }, _args, flow) => changes.report(ui, change, result, flow.reopen),
    });
  return [
    command<InferenceProjectArgs, CloudList<InferenceApiKey>>({
      id: COMMAND.listInferenceApiKeys,
      what: () => l10n.t('List inference API keys'),
      parse: (arg) => unwrap(validateInferenceProjectArgs(arg)),
      ask: (ui, _draft, node) => projectOf(ui, l10n.t('Gcore: List Inference API Keys'), node),
      progress: ({ projectId }) => l10n.t('Loading the API keys of project {0}…', projectId),
      run: ({ projectId }, { signal }) =>
        offered(l10n.t('Inference API keys'), () => services.client.inference.listApiKeys({ projectId }, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId }) =>
        pickToCopy(
          ui,
          l10n.t('Inference API keys · project {0} ({1})', projectId, list.count),
          list.results.map((key) => ({ label: key.name, description: keyWords(key), value: key })),
          (key) => key.name,
          l10n.t('No API keys in project {0}.', projectId),
        ),
    }),
    command<InferenceApiKeyCreateArgs, CreatedInferenceApiKey>({
      id: COMMAND.createInferenceApiKey,
      what: (args) => (args ? l10n.t('Create API key {0}', args.name) : l10n.t('Create an API key')),
      parse: (arg) => unwrap(validateInferenceApiKeyCreateArgs(arg)),
      ask: (ui, _draft, node) => askCreate(ui, node),
      progress: (args) => l10n.t('Creating API key {0}…', args.name),
      run: async ({ projectId, name, description, expiresAt }, context) => {
        const created = await createInferenceApiKey(
          deps,
          { projectId },
          { name, ...(description ? { description } : {}), ...(expiresAt ? { expires_at: expiresAt } : {}) },
          callOptions(context),
        );
        changes.changed({ projectId });
        return created;
      },
      returns: (created) => created.key,
      report: (ui, created, { projectId }) => offerCopy(ui, secrets, projectId, created),
    }),
    command<InferenceNamedArgs & { key?: InferenceApiKey }, void>({
      id: COMMAND.deleteInferenceApiKey,
      what: (args) => (args ? l10n.t('Delete API key {0}', args.name) : l10n.t('Delete an API key')),
      parse: (arg) => unwrap(validateInferenceApiKeyArgs(arg)),
      ask: async (ui, _draft, node) => {
        const { projectId, key } = await askKey(services, ui, l10n.t('Gcore: Delete Inference API Key'), node);
        return { projectId, name: key.name, key };
      },
      confirm: (ui, args) => confirmDelete(ui, args.key ?? { name: args.name }),
      progress: (args) => l10n.t('Deleting API key {0}…', args.name),
      run: async ({ projectId, name }, context) => {
        try {
          await deleteInferenceApiKey(deps, { projectId, name }, callOptions(context));
        } finally {
          changes.changed({ projectId });
        }
      },
      report: (ui, _result, args) => void ui.notify('info', l10n.t('Deleted API key {0} and its secret on this machine.', args.name)),
    }),
    attachCommand('attach'),
    attachCommand('detach'),
    command<{ ref: InferenceNamedArgs; secret: string }, void>({
      id: COMMAND.pasteInferenceApiKeySecret,
      what: () => l10n.t('Paste an API key secret'),
      ask: (ui, _draft, node) => askPaste(services, ui, node),
      run: async ({ ref, secret }) => {
        await secrets.store(ref, secret);
        services.log.info(`the secret of inference API key ${ref.name} of project ${ref.projectId} stored`); // not user text: a line of the log
      },
      report: (ui, _result, { ref }) =>
        void ui.notify('info', l10n.t("The secret of API key {0} is in VS Code's secret storage.", ref.name)),
    }),
  ];
}
