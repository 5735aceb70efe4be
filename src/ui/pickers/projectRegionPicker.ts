import * as l10n from '@vscode/l10n';
import { projectRegionKey } from '../../core/projectRegion';
import type { Project, Region } from '../../api';
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
  projectId: l10n.t('Project ID (a positive integer). Find it in the Gcore Customer Portal.'),
  regionId: l10n.t('Region ID (a positive integer). Find it in the Gcore Customer Portal.'),
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
      if (typed.projectId !== undefined && typed.regionId !== undefined) {
        state.location = { projectId: typed.projectId, regionId: typed.regionId };
      }
    },
  });
  const steps = [idStep('projectId'), idStep('regionId')];
  if (withLabel) {
    steps.push({
      run: async (state, position) => {
        const typed = (state.typed ??= {});
        const answer = await promptField(ui, LABEL_FIELD, at(position), typed.label, {
          optional: true,
          prompt: l10n.t('A label for the tree (optional; press Enter to skip).'),
          placeholder: l10n.t('e.g. Production, Luxembourg'),
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
        placeholder: l10n.t('Project and region'),
        items: [
          ...locations.map((location) => ({
            label: location.label ?? l10n.t('Project {0} · Region {1}', location.projectId, location.regionId),
            description: location.label ? l10n.t('project {0} · region {1}', location.projectId, location.regionId) : undefined,
            value: location,
            picked: chosen !== undefined && projectRegionKey(chosen) === projectRegionKey(location),
          })),
          { label: `$(edit) ${l10n.t('Enter project and region IDs…')}`, value: enter },
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

/** Projects and regions by name, for Add Project and Region; each undefined when the API cannot list them. */
export interface ProjectRegionCatalog {
  projects(): Promise<readonly Project[] | undefined>;
  /** The regions that run containers. */
  regions(): Promise<readonly Region[] | undefined>;
}

interface NewLocationAnswers extends ProjectRegionAnswers {
  project?: Project;
  region?: Region;
  showAllRegions?: boolean;
  label?: string;
  /** The default label, from the names, offered in the label box. */
  suggestedLabel?: string;
}

const TYPE_IDS = 'ids';
const SHOW_ALL = 'all';

/**
 * Add Project and Region: a project by name (the default one first), a region by name and country (those
 * in maintenance only when asked for), then a label that starts as both names. "Enter IDs" and an API
 * without these lists lead to the ID boxes, as before.
 */
export async function promptNewProjectRegion(ui: PromptUi, title: string, catalog?: ProjectRegionCatalog): Promise<ProjectRegion> {
  const at: At = (position) => ({ title, ...position });
  const [projects, regions] = catalog ? await Promise.all([catalog.projects(), catalog.regions()]) : [undefined, undefined];
  const answers: NewLocationAnswers = projects && regions ? {} : { typed: {} };
  const labelStep: WizardStep<NewLocationAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, LABEL_FIELD, at(position), state.label ?? state.suggestedLabel, {
        optional: true,
        prompt: l10n.t('A label for the tree (optional; clear it to show the IDs).'),
        placeholder: l10n.t('e.g. Production · Luxembourg'),
      });
      if (answer === BACK) return BACK;
      state.label = answer === undefined || answer === '' ? '' : String(answer);
    },
  };
  const projectStep: WizardStep<NewLocationAnswers> = {
    run: async (state, position) => {
      const ordered = [...(projects ?? [])].sort((a, b) => Number(b.is_default === true) - Number(a.is_default === true));
      const choice = await ui.pick<Project | typeof TYPE_IDS>({
        ...at(position),
        placeholder: l10n.t('Project'),
        matchOnDescription: true,
        items: [
          ...ordered.map((project) => ({
            label: project.name,
            description: [
              l10n.t('ID {0}', project.id),
              project.is_default ? l10n.t('default') : undefined,
              project.state && project.state !== 'ACTIVE' ? project.state : undefined,
            ]
              .filter(Boolean)
              .join(' · '),
            value: project,
            picked: project.id === state.project?.id,
          })),
          { label: `$(edit) ${l10n.t('Enter project and region IDs…')}`, value: TYPE_IDS },
        ],
      });
      if (choice === BACK) return BACK;
      if (choice === TYPE_IDS) {
        state.typed ??= {};
        return;
      }
      state.typed = undefined;
      state.project = choice;
    },
  };
  const regionStep: WizardStep<NewLocationAnswers> = {
    run: async (state, position) => {
      for (;;) {
        const shown = (regions ?? []).filter(
          (region) => state.showAllRegions || region.state === undefined || region.state === null || region.state === 'ACTIVE',
        );
        const hidden = (regions?.length ?? 0) - shown.length;
        const choice = await ui.pick<Region | typeof SHOW_ALL>({
          ...at(position),
          placeholder: l10n.t('Region that runs containers'),
          matchOnDescription: true,
          items: [
            ...shown.map((region) => ({
              label: region.display_name,
              description: [
                region.country,
                l10n.t('ID {0}', region.id),
                region.state && region.state !== 'ACTIVE' ? region.state : undefined,
              ]
                .filter(Boolean)
                .join(' · '),
              value: region,
              picked: region.id === state.region?.id,
            })),
            ...(hidden > 0
              ? [{ label: `$(eye) ${l10n.t('Show {0} more (in maintenance or not active)…', hidden)}`, value: SHOW_ALL as typeof SHOW_ALL }]
              : []),
          ],
        });
        if (choice === BACK) return BACK;
        if (choice === SHOW_ALL) {
          state.showAllRegions = true;
          continue;
        }
        state.region = choice;
        if (state.project) {
          state.location = { projectId: state.project.id, regionId: choice.id };
          state.suggestedLabel = `${state.project.name} · ${choice.display_name}`;
        }
        return;
      }
    },
  };
  await runWizard(answers, (state) =>
    state.typed
      ? [...(projects && regions ? [projectStep] : []), ...typedSteps<NewLocationAnswers>(ui, at, true)]
      : [projectStep, regionStep, labelStep],
  );
  if (!answers.location) throw new UserCancelledError();
  const label = answers.typed ? answers.typed.label : answers.label;
  return { projectId: answers.location.projectId, regionId: answers.location.regionId, ...(label ? { label } : {}) };
}

/** A project and region on its own (List GPU Flavors): a configured one, or typed IDs. */
export async function pickProjectRegion(ui: PromptUi, title: string): Promise<ProjectRegion> {
  const answers: ProjectRegionAnswers = {};
  await runWizard(answers, (state) => projectRegionSteps(ui, (position) => ({ title, ...position }), state));
  if (!answers.location) throw new UserCancelledError();
  return answers.location;
}
