import { projectRegionKey } from '../../core/projectRegion';
import { LABEL_FIELD, PROJECT_ID_FIELD, REGION_ID_FIELD, type ProjectRegion } from '../../models/projectRegion';
import { readLocations } from '../../state/settings';
import { promptField } from '../fieldInput';
import { BACK, UserCancelledError, type PromptUi, type StepPosition } from '../promptUi';
import { runWizard, type StepContext, type WizardStep } from '../wizard';

/** Where the answers of the project and region steps are kept; part of a larger wizard's state. */
export interface ProjectRegionAnswers {
  location?: ProjectRegion;
  /** Set once the user chose to type IDs (or no project and region is configured). */
  typed?: { projectId?: number; regionId?: number; label?: string };
}

type At = (position: StepContext) => StepPosition;

const ID_PROMPTS = {
  projectId: 'Project ID (a positive integer). Find it in the Gcore Customer Portal.',
  regionId: 'Region ID (a positive integer). Find it in the Gcore Customer Portal.',
};

/** The two ID boxes, then (optionally) the label box; each keeps its answer for Back. */
function typedSteps<S extends ProjectRegionAnswers>(ui: PromptUi, at: At, withLabel: boolean): WizardStep<S>[] {
  const idStep = (field: 'projectId' | 'regionId'): WizardStep<S> => ({
    run: async (state, position) => {
      const spec = field === 'projectId' ? PROJECT_ID_FIELD : REGION_ID_FIELD;
      const typed = (state.typed ??= {});
      const answer = await promptField(ui, spec, at(position), typed[field], { prompt: ID_PROMPTS[field] });
      if (answer === BACK) return BACK;
      typed[field] = answer as number;
      if (typed.projectId !== undefined && typed.regionId !== undefined) state.location = { projectId: typed.projectId, regionId: typed.regionId };
    },
  });
  const steps = [idStep('projectId'), idStep('regionId')];
  if (withLabel) {
    steps.push({
      run: async (state, position) => {
        const typed = (state.typed ??= {});
        const answer = await promptField(ui, LABEL_FIELD, at(position), typed.label, {
          optional: true,
          prompt: 'A label for the tree (optional; press Enter to skip).',
          placeholder: 'e.g. Production, Luxembourg',
        });
        if (answer === BACK) return BACK;
        typed.label = answer === undefined || answer === '' ? undefined : String(answer);
        if (state.location) state.location = { ...state.location, ...(typed.label ? { label: typed.label } : {}) };
      },
    });
  }
  return steps;
}

/**
 * Steps for a wizard that needs a project and region: a pick among the configured ones (with "Enter
 * project and region IDs…"), and the ID boxes when the user types them. They run inside the caller's
 * wizard, so the step counter and Back go on through them.
 */
export function projectRegionSteps<S extends ProjectRegionAnswers>(ui: PromptUi, at: At, answers: S): WizardStep<S>[] {
  const { locations } = readLocations();
  if (locations.length === 0) return typedSteps(ui, at, false);
  const enter = Symbol('enter');
  const pickStep: WizardStep<S> = {
    run: async (state, position) => {
      const chosen = state.typed ? undefined : state.location;
      const choice = await ui.pick<ProjectRegion | typeof enter>({
        ...at(position),
        placeholder: 'Project and region',
        items: [
          ...locations.map((location) => ({
            label: location.label ?? `Project ${location.projectId} · Region ${location.regionId}`,
            description: location.label ? `project ${location.projectId} · region ${location.regionId}` : undefined,
            value: location,
            picked: chosen !== undefined && projectRegionKey(chosen) === projectRegionKey(location),
          })),
          { label: '$(edit) Enter project and region IDs…', value: enter },
        ],
      });
      if (choice === BACK) return BACK;
      if (choice === enter) {
        state.typed ??= {};
        if (state.typed.projectId === undefined || state.typed.regionId === undefined) state.location = undefined;
        return;
      }
      state.typed = undefined;
      state.location = choice;
    },
  };
  return answers.typed ? [pickStep, ...typedSteps<S>(ui, at, false)] : [pickStep];
}

/** The project and region wizard on its own (Add Project and Region): IDs, then a label. */
export async function promptNewProjectRegion(ui: PromptUi, title: string): Promise<ProjectRegion> {
  const answers: ProjectRegionAnswers = { typed: {} };
  await runWizard(answers, () => typedSteps(ui, (position) => ({ title, ...position }), true));
  if (!answers.location) throw new UserCancelledError();
  return answers.location;
}

/** A project and region on its own (List GPU Flavors): a configured one, or typed IDs. */
export async function pickProjectRegion(ui: PromptUi, title: string): Promise<ProjectRegion> {
  const answers: ProjectRegionAnswers = {};
  await runWizard(answers, (state) => projectRegionSteps(ui, (position) => ({ title, ...position }), state));
  if (!answers.location) throw new UserCancelledError();
  return answers.location;
}
