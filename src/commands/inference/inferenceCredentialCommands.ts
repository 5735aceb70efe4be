import * as l10n from '@vscode/l10n';
import type { InferenceRegistryCredential } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import { hideSecret } from '../../logging/redaction';
import {
  PASSWORD_FIELD,
  USERNAME_FIELD,
  validateInferenceRegistryCredentialArgs,
  validateInferenceRegistryCredentialRefArgs,
  type InferenceNamedArgs,
  type InferenceRegistryCredentialArgs,
} from '../../models/inference/inferenceArgs';
import { REGISTRY_CREDENTIAL_NAME_FIELD, REGISTRY_URL_FIELD } from '../../models/inference/inferenceNames';
import { promptText } from '../../ui/fieldPrompts/textPrompt';
import { orCancel } from '../../ui/loneAnswer';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard, type WizardStep } from '../../ui/wizard';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import { unwrap, type Validated } from '../../validation/problems';
import { isInferenceCredentialNode, isInferenceCredentialsNode } from '../../views/inference/inferenceNodes';
import { setInferenceRegistryCredential } from '../../writes/inference/registryCredentialWrites';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { askProject, offered } from '../../prompts/inference/inferencePicks';

/** A programmatic argument checked by `validate`, its password masked first, so that not even a refusal shows it. */
function parsedGuardingPassword<T>(validate: (arg: unknown) => Validated<T>): (arg: unknown) => T {
  return (arg) => {
    const password = (arg as { password?: unknown } | undefined)?.password;
    if (typeof password === 'string') hideSecret(password);
    return unwrap(validate(arg));
  };
}

/** The credential a row names, or undefined. */
function credentialOfNode(node: unknown): InferenceNamedArgs | undefined {
  return isInferenceCredentialNode(node) ? { projectId: node.projectId, name: node.credential.name } : undefined;
}

type CredentialAnswers = Partial<InferenceRegistryCredentialArgs>;

/**
 * Set Registry Credential in the palette or on a row: the name (a credential row's, to replace it whole), the registry's host
 * name, the user and the password, each checked as typed, the password in a password box and never shown again.
 */
async function askCredential(ui: PromptUi, node: unknown): Promise<InferenceRegistryCredentialArgs> {
  const title = l10n.t('Gcore: Set Inference Registry Credential');
  const fromRow = credentialOfNode(node);
  // A credential's row replaces it; the Registry Credentials row adds one to its project.
  const answers: CredentialAnswers =
    fromRow ?? (isInferenceCredentialsNode(node) ? { projectId: node.projectId } : await askProject(ui, title));
  const text = (
    field: keyof CredentialAnswers,
    spec: StringFieldSpec,
    placeholder?: string,
    password = false,
  ): WizardStep<CredentialAnswers> => ({
    run: async (state, position) => {
      const answer = await promptText(ui, { ...spec, required: true }, { title, ...position }, password ? undefined : state[field], {
        password,
        placeholder,
      });
      if (answer === BACK) return BACK;
      if (password) hideSecret(String(answer));
      Object.assign(state, { [field]: String(answer) });
    },
  });
  await runWizard(answers, () => [
    ...(fromRow ? [] : [text('name', REGISTRY_CREDENTIAL_NAME_FIELD, l10n.t('e.g. ghcr-models'))]),
    text('registryUrl', REGISTRY_URL_FIELD, l10n.t('The host name only, e.g. ghcr.io')),
    text('username', USERNAME_FIELD),
    text('password', PASSWORD_FIELD, l10n.t('Never shown, logged or stored by the extension'), true),
  ]);
  const { projectId, name, registryUrl, username, password } = answers;
  if (projectId === undefined || !name || !registryUrl || !username || !password) throw new UserCancelledError();
  return { projectId, name, registryUrl, username, password };
}

/** The registry credential a palette call deletes: a row's, or one picked among the project's. */
async function askCredentialToDelete(services: Services, ui: PromptUi, node: unknown): Promise<InferenceNamedArgs> {
  const title = l10n.t('Gcore: Delete Inference Registry Credential');
  const target =
    credentialOfNode(node) ??
    (await (async () => {
      const { projectId } = await askProject(ui, title);
      const list = await ui.withProgress({
        title: l10n.t('Loading the registry credentials of project {0}…', projectId),
        run: (signal) =>
          offered(l10n.t('Registry credentials'), () => services.client.inference.listRegistryCredentials({ projectId }, { signal })),
      });
      if (list.results.length === 0) throw new Error(l10n.t('Project {0} has no registry credentials.', projectId));
      const chosen = orCancel(
        await ui.pick<InferenceRegistryCredential>({
          title,
          placeholder: l10n.t('Choose a registry credential'),
          items: list.results.map((credential) => ({
            label: credential.name,
            description: [credential.username, credential.registry_url].filter(Boolean).join(' @ '),
            value: credential,
          })),
        }),
      );
      return { projectId, name: chosen.name };
    })());
  const confirmed = await ui.confirm({
    message: l10n.t('Delete registry credential {0}?', target.name),
    detail: l10n.t('Deployments that pull their image with it cannot start new pods until they name another.'),
    confirmLabel: l10n.t('Delete'),
  });
  if (!confirmed) throw new UserCancelledError();
  return target;
}

/** The contract's Set and Delete Registry Credential: a password goes to Gcore and nowhere else. */
export function inferenceCredentialCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<InferenceRegistryCredentialArgs, InferenceRegistryCredential>({
      id: COMMAND.setInferenceRegistryCredential,
      what: (args) => (args ? l10n.t('Set registry credential {0}', args.name) : l10n.t('Set a registry credential')),
      parse: parsedGuardingPassword(validateInferenceRegistryCredentialArgs),
      ask: (ui, _draft, node) => askCredential(ui, node),
      progress: (args) => l10n.t('Setting registry credential {0}…', args.name),
      run: async ({ projectId, name, registryUrl, username, password }, context) =>
        (
          await setInferenceRegistryCredential(
            services,
            { projectId },
            { name, username, password, registry_url: registryUrl },
            callOptions(context),
          )
        ).credential,
      report: (ui, credential) =>
        void ui.notify('info', l10n.t('Registry credential {0} is set; deployments of its project can name it.', credential.name)),
    }),
    command<InferenceNamedArgs, void>({
      id: COMMAND.deleteInferenceRegistryCredential,
      what: (args) => (args ? l10n.t('Delete registry credential {0}', args.name) : l10n.t('Delete a registry credential')),
      parse: (arg) => unwrap(validateInferenceRegistryCredentialRefArgs(arg)),
      ask: (ui, _draft, node) => askCredentialToDelete(services, ui, node),
      progress: (args) => l10n.t('Deleting registry credential {0}…', args.name),
      run: async (ref, context) => {
        await services.client.inference.deleteRegistryCredential(ref, callOptions(context));
        services.log.info(`registry credential ${ref.name} of project ${ref.projectId} deleted`); // not user text: a line of the log
      },
      report: (ui, _result, args) => void ui.notify('info', l10n.t('Deleted registry credential {0}.', args.name)),
    }),
  ];
}
