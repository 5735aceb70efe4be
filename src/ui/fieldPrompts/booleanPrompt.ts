import * as l10n from '@vscode/l10n';
import type { BooleanFieldSpec } from '../../validation/fieldSpec';
import type { Back, PromptUi, StepPosition } from '../promptUi';

export interface BooleanPromptOptions {
  /** Replaces the list's placeholder, `label: description`. */
  prompt?: string;
  /** The two answers (default Yes and No). */
  choices?: { yes: string; no: string };
}

/** A choice of two, the current value marked. */
export function promptBoolean(
  ui: PromptUi,
  spec: BooleanFieldSpec,
  position: StepPosition,
  current: unknown,
  options: BooleanPromptOptions,
): Promise<boolean | Back> {
  return ui.pick<boolean>({
    ...position,
    placeholder: options.prompt ?? `${spec.label}: ${spec.description}`,
    items: [
      { label: options.choices?.yes ?? l10n.t('Yes'), value: true, picked: current === true },
      { label: options.choices?.no ?? l10n.t('No'), value: false, picked: current === false },
    ],
  });
}
