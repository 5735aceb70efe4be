import * as l10n from '@vscode/l10n';
import type { Container } from '../../api/containers/containerTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { CONTAINER_NAME_FIELD } from '../../models/containers/containerUpdate';
import { containerStatus } from '../../models/containers/container';
import { fieldTextProblem } from '../fieldPrompts/textPrompt';
import { orCancel } from '../loneAnswer';
import { BACK, type Back, type PickItem, type PromptUi, type StepPosition } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';

/**
 * Where the container picker finds names: the containers of the location (undefined when the API cannot
 * list them), and the names used recently.
 */
export interface ContainerNames {
  listed(location: ProjectRegionRef): Promise<readonly Container[] | undefined>;
  recent(): string[];
}

/**
 * A container by name: the location's containers with their status and image when the API lists them,
 * else the recently used names; a typed name is always accepted, checked by the name's rules.
 */
export async function pickContainerName(
  ui: PromptUi,
  position: StepPosition,
  names: ContainerNames,
  location: ProjectRegionRef,
  current?: string,
): Promise<string | Back> {
  const listed = await names.listed(location);
  const items: PickItem<string>[] = listed
    ? listed.map((container) => ({
        label: container.name,
        description: [containerStatus(container), container.image].filter(Boolean).join(' · '),
        value: container.name,
        picked: container.name === current,
      }))
    : names.recent().map((name) => ({ label: name, description: l10n.t('recently used'), value: name, picked: name === current }));
  const placeholder = listed
    ? l10n.t('Container: pick one of this location or type a name')
    : items.length > 0
      ? l10n.t('Container name: pick a recent one or type a name')
      : l10n.t('Type the container name');
  return ui.pick<string>({
    ...position,
    placeholder,
    items,
    matchOnDescription: true,
    custom: {
      label: (text) => l10n.t('Use "{0}"', text.trim()),
      validate: (text) => fieldTextProblem(CONTAINER_NAME_FIELD, text),
      toValue: (text) => text.trim(),
    },
  });
}

/** The container step of a wizard whose state has a location and a container name. */
export function containerNameStep<S extends { location?: ProjectRegionRef; containerName?: string }>(
  ui: PromptUi,
  at: (position: StepContext) => StepPosition,
  names: ContainerNames,
): WizardStep<S> {
  return {
    run: async (state, position) => {
      if (!state.location) return BACK;
      const name = await pickContainerName(ui, at(position), names, state.location, state.containerName);
      if (name === BACK) return BACK;
      state.containerName = name;
    },
  };
}

/** The container picker on its own; dismissing or Back cancels. */
export async function promptContainerName(
  ui: PromptUi,
  position: StepPosition,
  names: ContainerNames,
  location: ProjectRegionRef,
): Promise<string> {
  return orCancel(await pickContainerName(ui, position, names, location));
}
