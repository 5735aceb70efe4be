import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { containerNameStep, type ContainerNames } from './containerNamePicker';
import { projectRegionSteps, type ProjectRegionAnswers } from '../pickers/projectRegionPicker';
import { BACK, type PromptUi } from '../promptUi';
import type { PromptAt, StepContext, WizardStep } from '../wizard';
import { UPDATE_TITLE, updateFieldSteps, type UpdateFieldAnswers } from './containerUpdateFields';

/** The answers so far; kept whole when the user goes back or edits after a failed request. */
export interface UpdateAnswers extends ProjectRegionAnswers, UpdateFieldAnswers {
  containerName?: string;
  /** Set when the wizard was opened on a container's row: the location and container steps are skipped. */
  fixedContainer?: boolean;
}

/** What the wizard reads of what exists; each answers undefined when the API cannot tell. */
export interface UpdateSources {
  names: ContainerNames;
  current(location: ProjectRegionRef, containerName: string): Promise<Container | undefined>;
  sizes(location: ProjectRegionRef): Promise<readonly ContainerFlavor[] | undefined>;
}

/** Steps of the update wizard: where the container is (unless opened on its row), then what changes; recomputed after each answer. */
export function updateContainerPlan(ui: PromptUi, sources: UpdateSources, answers: UpdateAnswers): WizardStep<UpdateAnswers>[] {
  const at: PromptAt = (position) => ({ title: UPDATE_TITLE, ...position });
  const pickContainer = containerNameStep<UpdateAnswers>(ui, at, sources.names);
  const sizes = async (state: UpdateAnswers) => (state.location ? sources.sizes(state.location) : undefined);
  return [
    ...(answers.fixedContainer
      ? []
      : [
          ...projectRegionSteps(ui, at, answers),
          {
            run: async (state: UpdateAnswers, position: StepContext) => {
              const before = state.containerName;
              const result = await pickContainer.run(state, position);
              if (result === BACK) return BACK;
              if (state.location && state.containerName && (state.containerName !== before || !state.current)) {
                state.current = await sources.current(state.location, state.containerName);
                // What was typed into an object's parts started from the other container.
                delete state.drafts;
              }
            },
          },
        ]),
    ...updateFieldSteps(ui, sizes, answers),
  ];
}
