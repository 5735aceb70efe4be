import * as l10n from '@vscode/l10n';
import type { InferenceDeployment } from '../../api/inference/inferenceTypes';
import {
  samplePrompt,
  CLIENT_LANGUAGES,
  clientLanguageName,
  INFERENCE_KEY_VARIABLE,
  type ClientLanguage,
} from '../../models/inference/inferenceClientCode';
import { orCancel } from '../../ui/loneAnswer';
import { BACK, type PromptUi } from '../../ui/promptUi';
import { runWizard, type WizardStep } from '../../ui/wizard';
import { nonEmptyText } from '../../views/presentation/wireValues';

/*
 * What Copy Client Code and Send Test Request ask before they call a deployment's address: the deployment (from its
 * row, or picked), then the language or the prompt, and which of its keys goes in the header. A key is named here;
 * its secret is read from SecretStorage only when the request or the code is made, and is never part of an answer
 * kept for Edit.
 */

/** A deployment with an address, as these commands call it. */
export interface EndpointTarget {
  projectId: number;
  name: string;
  address: string;
  status?: string | null;
  /** The names of its API keys; empty when it asks for none. */
  apiKeys: string[];
}

/** Which key the code or the request sends: none (the deployment has none), from the environment, or a held one's secret. */
export type KeyChoice = { kind: 'none' } | { kind: 'variable' } | { kind: 'held'; keyName: string };

/** The deployment as these commands need it, or why it cannot be called yet. */
export function endpointTarget(projectId: number, deployment: InferenceDeployment): EndpointTarget {
  const address = nonEmptyText(deployment.address);
  if (address === undefined) throw new Error(l10n.t('Gcore reports no address for inference deployment {0} yet.', deployment.name));
  return {
    projectId,
    name: deployment.name,
    address,
    status: deployment.status,
    apiKeys: (deployment.api_keys ?? []).filter((key): key is string => typeof key === 'string' && key !== ''),
  };
}

/** Which of the deployment's keys this machine holds the secret of (`held` asks SecretStorage). */
export async function heldKeys(target: EndpointTarget, held: (keyName: string) => Promise<boolean>): Promise<string[]> {
  const answers = await Promise.all(target.apiKeys.map(async (keyName) => ((await held(keyName)) ? keyName : undefined)));
  return answers.filter((keyName): keyName is string => keyName !== undefined);
}

export interface ClientCodeAnswers {
  language?: ClientLanguage;
  key?: KeyChoice;
}

/** Copy Client Code's questions: the language, then, for a deployment with keys, where the code takes the key from. */
export async function askClientCode(
  ui: PromptUi,
  title: string,
  target: EndpointTarget,
  held: readonly string[],
): Promise<Required<ClientCodeAnswers>> {
  const answers: ClientCodeAnswers = {};
  const languageStep: WizardStep<ClientCodeAnswers> = {
    run: async (state, position) => {
      const language = await ui.pick<ClientLanguage>({
        title,
        ...position,
        placeholder: l10n.t('Language of the code that calls {0}', target.name),
        items: CLIENT_LANGUAGES.map((value) => ({ label: clientLanguageName(value), value, picked: value === state.language })),
      });
      if (language === BACK) return BACK;
      state.language = language;
    },
  };
  const keyStep: WizardStep<ClientCodeAnswers> = {
    run: async (state, position) => {
      const key = await ui.pick<KeyChoice>({
        title,
        ...position,
        placeholder: l10n.t('Where the code takes the API key of {0} from', target.name),
        items: [
          {
            label: l10n.t('From the environment variable {0}', INFERENCE_KEY_VARIABLE),
            description: l10n.t('recommended'),
            value: { kind: 'variable' },
          },
          ...held.map((keyName) => ({
            label: l10n.t('The secret of key {0}, written into the code', keyName),
            detail: l10n.t('Anyone who sees the code can call the deployment with it: keep it out of shared files and repositories.'),
            value: { kind: 'held', keyName } as KeyChoice,
          })),
        ],
      });
      if (key === BACK) return BACK;
      state.key = key;
    },
  };
  const done = await runWizard(answers, () => (target.apiKeys.length === 0 ? [languageStep] : [languageStep, keyStep]));
  return { language: done.language!, key: done.key ?? { kind: 'none' } };
}

/**
 * The key a test request sends: none for a deployment without keys; the one whose secret this machine holds, picked
 * when there are several; refused, saying what to do, when it holds none.
 */
export async function askRequestKey(ui: PromptUi, title: string, target: EndpointTarget, held: readonly string[]): Promise<KeyChoice> {
  if (target.apiKeys.length === 0) return { kind: 'none' };
  if (held.length === 0) {
    throw new Error(
      l10n.t(
        'Inference deployment {0} asks for an API key ({1}), and this machine holds the secret of none of them: create a new key and attach it, or paste the secret of one.',
        target.name,
        target.apiKeys.join(', '),
      ),
    );
  }
  if (held.length === 1) return { kind: 'held', keyName: held[0] };
  const keyName = orCancel(
    await ui.pick<string>({
      title,
      placeholder: l10n.t('The API key the request sends'),
      items: held.map((value) => ({ label: value, value })),
    }),
  );
  return { kind: 'held', keyName };
}

/** The prompt a test request sends, offered as the sample one and editable. */
export async function askTestPrompt(ui: PromptUi, title: string, target: EndpointTarget, previous?: string): Promise<string> {
  return orCancel(
    await ui.input({
      title,
      prompt: l10n.t('What to ask the model of {0}', target.name),
      value: previous ?? samplePrompt(),
      validate: (text) => (text.trim() === '' ? l10n.t('Prompt: type something for the model to answer.') : undefined),
    }),
  );
}
