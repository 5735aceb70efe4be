import * as l10n from '@vscode/l10n';
import {
  PULL_SECRET_LOGIN_FIELD,
  PULL_SECRET_NAME_FIELD,
  PULL_SECRET_PASSWORD_FIELD,
  PULL_SECRET_REGISTRY_FIELD,
} from '../../models/containers/pullSecret';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import { promptText } from '../fieldPrompts/textPrompt';
import { BACK, type PromptUi } from '../promptUi';
import type { WizardStep } from '../wizard';

/** A pull secret's answers so far. The password is kept only until it is sent, and never shown again. */
export interface PullSecretAnswers {
  name?: string;
  registry?: string;
  login?: string;
  password?: string;
  /** Update: which of registry, login and password change (undefined until answered). */
  changing?: PullSecretPart[];
}

export type PullSecretPart = 'registry' | 'login' | 'password';

const PARTS: Readonly<Record<PullSecretPart, StringFieldSpec>> = {
  registry: PULL_SECRET_REGISTRY_FIELD,
  login: PULL_SECRET_LOGIN_FIELD,
  password: PULL_SECRET_PASSWORD_FIELD,
};

function partStep(ui: PromptUi, title: string, part: PullSecretPart): WizardStep<PullSecretAnswers> {
  const spec = PARTS[part];
  return {
    run: async (state, position) => {
      const password = part === 'password';
      const answer = await promptText(ui, { ...spec, required: true }, { title, ...position }, password ? undefined : state[part], {
        password,
        placeholder:
          part === 'registry' ? l10n.t('e.g. ghcr.io') : password ? l10n.t('Never shown, logged or stored by the extension') : undefined,
      });
      if (answer === BACK) return BACK;
      state[part] = String(answer);
    },
  };
}

/** Create Pull Secret: its name (refused when the location has it), registry, login and password. */
export function createPullSecretPlan(ui: PromptUi, title: string, taken: ReadonlySet<string>): WizardStep<PullSecretAnswers>[] {
  return [
    {
      run: async (state, position) => {
        const answer = await promptText(ui, PULL_SECRET_NAME_FIELD, { title, ...position }, state.name, {
          placeholder: l10n.t('e.g. ghcr-deploy'),
          check: (text) => (taken.has(text.trim()) ? l10n.t('a pull secret of this name exists here already') : undefined),
        });
        if (answer === BACK) return BACK;
        state.name = String(answer);
      },
    },
    partStep(ui, title, 'registry'),
    partStep(ui, title, 'login'),
    partStep(ui, title, 'password'),
  ];
}

/** Update Pull Secret: which parts change, then each of them (the password typed anew, never shown). */
export function updatePullSecretPlan(ui: PromptUi, title: string, answers: PullSecretAnswers): WizardStep<PullSecretAnswers>[] {
  const choose: WizardStep<PullSecretAnswers> = {
    run: async (state, position) => {
      for (;;) {
        const chosen = await ui.pickMany<PullSecretPart>({
          title,
          ...position,
          placeholder: l10n.t('What to change (only these are sent)'),
          items: (['registry', 'login', 'password'] as const).map((part) => ({
            label: PARTS[part].label,
            description: part,
            detail: PARTS[part].description,
            value: part,
            picked: state.changing?.includes(part) ?? false,
          })),
        });
        if (chosen === BACK) return BACK;
        if (chosen.length === 0) {
          void ui.notify('warning', l10n.t('Choose at least one of registry, login and password.'));
          continue;
        }
        state.changing = chosen;
        return;
      }
    },
  };
  return [choose, ...(answers.changing ?? []).map((part) => partStep(ui, title, part))];
}
