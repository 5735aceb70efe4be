import * as l10n from '@vscode/l10n';
import type { ContainerFlavor } from '../../api/containers/containerTypes';
import type { TextFieldSpec } from '../../validation/fieldSpec';
import { promptField } from '../fieldInput';
import { fieldTextProblem } from '../fieldPrompts/textPrompt';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

/**
 * A container size: the location's sizes with CPU and memory, the one the prompt starts from marked, and
 * a typed size (checked by the size field's pattern) when the API cannot list them or the user wants another.
 */
export async function pickContainerSize(
  ui: PromptUi,
  spec: TextFieldSpec,
  position: StepPosition,
  sizes: readonly ContainerFlavor[] | undefined,
  start: unknown,
): Promise<string | Back> {
  if (!sizes) {
    const typed = await promptField(ui, spec, position, start);
    return typed === BACK ? BACK : (typed as string);
  }
  return ui.pick<string>({
    ...position,
    placeholder: l10n.t('{0}: a size of this region, or type one such as 250mCPU-512MiB', spec.label),
    items: sizes.map((size) => ({
      label: size.name,
      description: [
        typeof size.cpu === 'number' ? `${size.cpu} mCPU` : undefined,
        typeof size.ram === 'number' ? `${size.ram} MiB` : undefined,
        size.name === start ? l10n.t('current') : undefined,
      ]
        .filter(Boolean)
        .join(' · '),
      value: size.name,
      picked: size.name === start,
    })),
    custom: {
      label: (text) => l10n.t('Use "{0}"', text.trim()),
      validate: (text) => fieldTextProblem(spec, text),
      toValue: (text) => text.trim(),
    },
  });
}
