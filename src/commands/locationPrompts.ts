import type { ProjectRegion } from '../models/projectRegion';
import { validateIdText } from '../models/projectRegion';
import { readLocations } from '../state/settings';
import { BACK, type Back, type PromptUi } from '../prompts/promptUi';
import { runWizard, type WizardStep } from '../prompts/wizard';

interface LocationAnswers {
  projectId?: string;
  regionId?: string;
  label?: string;
}

/** Asks for a project id, a region id and (optionally) a label, with Back between the steps. */
export async function promptNewLocation(ui: PromptUi, title: string, withLabel: boolean): Promise<ProjectRegion> {
  const idStep = (field: 'projectId' | 'regionId', what: string): WizardStep<LocationAnswers> => ({
    run: async (answers, position) => {
      const answer = await ui.input({
        title,
        ...position,
        prompt: `${what} ID (a positive integer). Find it in the Gcore Customer Portal.`,
        value: answers[field],
        validate: (text) => prefix(what, validateIdText(text)),
      });
      if (answer === BACK) return BACK;
      answers[field] = answer.trim();
    },
  });
  const steps: WizardStep<LocationAnswers>[] = [idStep('projectId', 'Project'), idStep('regionId', 'Region')];
  if (withLabel) {
    steps.push({
      run: async (answers, position) => {
        const answer = await ui.input({
          title,
          ...position,
          prompt: 'A label for the tree (optional; press Enter to skip).',
          value: answers.label,
          placeholder: 'e.g. Production, Luxembourg',
          validate: (text) => (text.trim().length > 100 ? 'Label: must be at most 100 characters.' : undefined),
        });
        if (answer === BACK) return BACK;
        answers.label = answer.trim();
      },
    });
  }
  const answers = await runWizard<LocationAnswers>({}, () => steps);
  return {
    projectId: Number(answers.projectId),
    regionId: Number(answers.regionId),
    ...(answers.label ? { label: answers.label } : {}),
  };
}

/** Picks one of the configured locations, or lets the user enter ids. */
export async function pickLocation(
  ui: PromptUi,
  position: { title: string; step?: number; totalSteps?: number; canGoBack?: boolean },
  preselected?: ProjectRegion,
): Promise<ProjectRegion | Back> {
  const { locations } = readLocations();
  if (locations.length === 0) return promptNewLocation(ui, position.title, false);
  const enter = Symbol('enter');
  const choice = await ui.pick<ProjectRegion | typeof enter>({
    ...position,
    placeholder: 'Project and region',
    items: [
      ...locations.map((location) => ({
        label: location.label ?? `Project ${location.projectId} · Region ${location.regionId}`,
        description: location.label ? `project ${location.projectId} · region ${location.regionId}` : undefined,
        value: location,
        picked: preselected?.projectId === location.projectId && preselected.regionId === location.regionId,
      })),
      { label: '$(edit) Enter project and region IDs…', value: enter },
    ],
  });
  if (choice === BACK) return BACK;
  if (choice === enter) return promptNewLocation(ui, position.title, false);
  return choice;
}

function prefix(what: string, problem: string | undefined): string | undefined {
  return problem ? `${what} ID: ${problem}` : undefined;
}
