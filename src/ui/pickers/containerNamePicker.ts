import { CONTAINER_NAME_FIELD } from '../../models/containerUpdate';
import { fieldTextProblem } from '../fieldInput';
import { BACK, type PromptUi, type StepPosition } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';

/** The container a wizard is about: a recently used name, or one typed and checked by the name's rules. */
export function containerNameStep<S extends { containerName?: string }>(
  ui: PromptUi,
  at: (position: StepContext) => StepPosition,
  recentNames: () => string[],
): WizardStep<S> {
  return {
    run: async (state, position) => {
      const recent = recentNames();
      const name = await ui.pick<string>({
        ...at(position),
        placeholder: recent.length > 0 ? 'Container name: pick a recent one or type a name' : 'Type the container name',
        items: recent.map((item) => ({ label: item, description: 'recently used', value: item, picked: item === state.containerName })),
        custom: {
          label: (text) => `Use "${text.trim()}"`,
          validate: (text) => fieldTextProblem(CONTAINER_NAME_FIELD, text),
          toValue: (text) => text.trim(),
        },
      });
      if (name === BACK) return BACK;
      state.containerName = name;
    },
  };
}
