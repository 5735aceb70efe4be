import * as l10n from '@vscode/l10n';
import { validateInferenceRegistryCredentialArgs } from '../../models/inference/inferenceArgs';
import { REGISTRY_CREDENTIAL_NAME_FIELD, REGISTRY_URL_FIELD } from '../../models/inference/inferenceNames';
import { BACK, type PromptUi } from '../promptUi';
import type { WizardStep } from '../wizard';

/** A registry credential's answers so far. The password is kept only until it is sent, and never shown again. */
export interface RegistryCredentialAnswers {
  registryUrl?: string;
  username?: string;
  password?: string;
  name?: string;
}

type Part = keyof RegistryCredentialAnswers;

/** A well-formed credential but for the part asked, so that its argument's rules speak for that part alone. */
const WELL_FORMED = { projectId: 1, name: 'credential', registryUrl: 'ghcr.io', username: 'user', password: 'password' };

/** The problem of one part as typed, by the rules `gcore.setInferenceRegistryCredential` checks it with (a URL names what to drop). */
export function credentialPartProblem(part: Part, label: string, text: string): string | undefined {
  const checked = validateInferenceRegistryCredentialArgs({ ...WELL_FORMED, [part]: text });
  const problem = checked.ok ? undefined : checked.problems.find((candidate) => candidate.field === part);
  return problem ? `${label}: ${problem.message}` : undefined;
}

interface PartWords {
  label: string;
  prompt: string;
  placeholder?: string;
}

function partStep(
  ui: PromptUi,
  title: string,
  part: Part,
  words: PartWords,
  taken?: ReadonlySet<string>,
): WizardStep<RegistryCredentialAnswers> {
  const password = part === 'password';
  return {
    run: async (state, position) => {
      const answer = await ui.input({
        title,
        ...position,
        prompt: words.prompt,
        placeholder: words.placeholder,
        password,
        // The password box opens empty: a password typed before is not shown again, not even after Back.
        value: password ? undefined : state[part],
        validate: (text) =>
          credentialPartProblem(part, words.label, text) ??
          (taken?.has(text.trim())
            ? l10n.t('{0}: a registry credential of this name exists in the project already', words.label)
            : undefined),
      });
      if (answer === BACK) return BACK;
      state[part] = password ? answer : answer.trim();
    },
  };
}

/** New Registry Credential: the registry's host name, the user, the password (in a password box), then its name, refused when taken. */
export function registryCredentialPlan(ui: PromptUi, title: string, taken: ReadonlySet<string>): WizardStep<RegistryCredentialAnswers>[] {
  return [
    partStep(ui, title, 'registryUrl', {
      label: REGISTRY_URL_FIELD.label,
      prompt: `${REGISTRY_URL_FIELD.label}: ${REGISTRY_URL_FIELD.description}`,
      placeholder: l10n.t('e.g. ghcr.io'),
    }),
    partStep(ui, title, 'username', { label: l10n.t('User'), prompt: l10n.t('User: the user name at the registry.') }),
    partStep(ui, title, 'password', {
      label: l10n.t('Password'),
      prompt: l10n.t("Password: the registry's password or access token. Gcore never shows it again, nor does the extension."),
      placeholder: l10n.t('Never shown, logged or stored by the extension'),
    }),
    partStep(
      ui,
      title,
      'name',
      {
        label: REGISTRY_CREDENTIAL_NAME_FIELD.label,
        prompt: `${REGISTRY_CREDENTIAL_NAME_FIELD.label}: ${REGISTRY_CREDENTIAL_NAME_FIELD.description}`,
        placeholder: l10n.t('e.g. ghcr-models'),
      },
      taken,
    ),
  ];
}
