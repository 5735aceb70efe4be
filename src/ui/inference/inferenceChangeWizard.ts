import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceFlavor, InferenceRegionCapacity } from '../../api/inference/inferenceTypes';
import { IMAGE_FIELD, imageProblem } from '../../models/inference/inferenceDeploymentCreate';
import { addedRegionScale, type InferenceDeploymentChanges } from '../../models/inference/inferenceDeploymentUpdate';
import { sameValue } from '../../models/jsonDocuments';
import { promptField } from '../fieldInput';
import { BACK, type PromptUi } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';
import {
  environmentStep,
  freeCapacity,
  podsStep,
  timeoutStep,
  type InferenceFlavorChoice,
  type PodsAnswers,
} from './inferenceDeploymentWizard';

/*
 * Change Deployment's steps: what to change (scale, flavor, image, environment, regions), then each. The flavor,
 * the image and the environment say first that every pod restarts. Regions keeps, removes and adds regions (one
 * added from those with free capacity for the flavor, with its pods); Scale asks each region kept its pods and the
 * idle timeout, opening with what the deployment has. The review (current → new) comes after, from
 * models/inference's describeChanges.
 */

export type InferenceChangePart = 'scale' | 'flavor' | 'image' | 'environment' | 'regions';

export interface InferenceChangeAnswers extends PodsAnswers {
  /** What to change; undefined until that step was answered (Scale asks it not: it is `['scale']`). */
  parts?: InferenceChangePart[];
  flavor?: string;
  image?: string;
  /** The whole environment wanted. */
  envs?: Record<string, string>;
  /** The whole set of regions wanted, those kept first. */
  regions?: number[];
}

/** What the steps offer: the flavors, each region's free capacity, and the regions' names. */
export interface InferenceChangeSources {
  flavors: readonly InferenceFlavorChoice[];
  capacity: readonly InferenceRegionCapacity[];
  regionName(regionId: number): string;
}

/** A region added is offered with these pods until others are typed. */
const ADDED_REGION_PODS = { min: 0, max: 1 };

export function inferenceChangeTitle(name: string): string {
  return l10n.t('Gcore: Change Inference Deployment {0}', name);
}

/** The regions the deployment runs in, with their scale and what runs there as read. */
function regionsOf(current: InferenceDeployment) {
  return (current.containers ?? []).map((container) => ({
    regionId: container.region_id,
    min: container.scale.min,
    max: container.scale.max,
    pods: container.deploy_status?.total ?? undefined,
    address: container.address ?? undefined,
  }));
}

/** The regions the answers keep, and those they add, in the order of the answers. */
function regionPlan(current: InferenceDeployment, answers: InferenceChangeAnswers, parts: readonly InferenceChangePart[]) {
  const now = regionsOf(current);
  if (!parts.includes('regions') || answers.regions === undefined) return { kept: now, added: [] as number[] };
  const wanted = answers.regions;
  return {
    kept: now.filter((region) => wanted.includes(region.regionId)),
    added: wanted.filter((regionId) => !now.some((region) => region.regionId === regionId)),
  };
}

/** What a region kept says beside its name: that it runs now, its pods and its address. */
function runningWords(region: ReturnType<typeof regionsOf>[number]): string {
  const parts = [l10n.t('now {0}–{1} pods', region.min, region.max)];
  if (region.pods !== undefined) parts.push(region.pods === 1 ? l10n.t('1 pod running') : l10n.t('{0} pods running', region.pods));
  if (region.address) parts.push(region.address);
  return parts.join(' · ');
}

/** The steps; `parts` fixed (Scale) skips the choice. */
export function inferenceChangePlan(
  ui: PromptUi,
  current: InferenceDeployment,
  sources: InferenceChangeSources,
  answers: InferenceChangeAnswers,
  fixedParts?: readonly InferenceChangePart[],
): WizardStep<InferenceChangeAnswers>[] {
  const title = inferenceChangeTitle(current.name);
  const { flavors, capacity, regionName } = sources;
  const parts = fixedParts ?? answers.parts ?? [];
  const partsStep: WizardStep<InferenceChangeAnswers> = {
    run: async (state, position) => {
      const chosen = new Set(state.parts ?? []);
      const picked = await ui.pickMany<InferenceChangePart>({
        title,
        ...position,
        placeholder: l10n.t('What changes? The review shows current → new before anything is sent.'),
        items: [
          { label: l10n.t('Scale'), description: l10n.t("each region's pods and the idle timeout"), value: 'scale' as const },
          { label: l10n.t('Flavor'), description: l10n.t('every pod restarts'), value: 'flavor' as const },
          { label: l10n.t('Image'), description: l10n.t('every pod restarts'), value: 'image' as const },
          {
            label: l10n.t('Environment'),
            description: l10n.t('add, change or remove variables; every pod restarts'),
            value: 'environment' as const,
          },
          { label: l10n.t('Regions'), description: l10n.t('add a region, or remove one and what runs there'), value: 'regions' as const },
        ].map((item) => ({ ...item, picked: chosen.has(item.value) })),
      });
      if (picked === BACK) return BACK;
      if (picked.length === 0) return partsStep.run(state, position);
      state.parts = picked;
    },
  };
  const flavorStep: WizardStep<InferenceChangeAnswers> = {
    run: async (state, position) => {
      const now = state.flavor ?? current.flavor_name ?? undefined;
      const picked = await ui.pick<InferenceFlavor>({
        title,
        ...position,
        placeholder: l10n.t('Which flavor? Every pod restarts on it: the deployment answers no request until they are ready again.'),
        items: flavors.map((choice) => ({
          label: choice.flavor.name,
          description: choice.flavor.name === current.flavor_name ? l10n.t('{0} · now', choice.facts) : choice.facts,
          value: choice.flavor,
          picked: choice.flavor.name === now,
        })),
      });
      if (picked === BACK) return BACK;
      state.flavor = picked.name;
    },
  };
  const imageStep: WizardStep<InferenceChangeAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, IMAGE_FIELD, { title, ...position }, state.image ?? current.image ?? undefined, {
        prompt: l10n.t('Image: every pod restarts on the new one. {0}', IMAGE_FIELD.description),
        problem: (text) => {
          const problem = imageProblem(text);
          return problem ? `${IMAGE_FIELD.label}: ${problem}` : undefined;
        },
      });
      if (answer === BACK) return BACK;
      state.image = answer as string;
    },
  };
  const askRegions = async (state: InferenceChangeAnswers, position: StepContext, refusedNone: boolean) => {
    const now = regionsOf(current);
    const flavor = (parts.includes('flavor') ? state.flavor : undefined) ?? current.flavor_name ?? '';
    const chosen = new Set(state.regions ?? now.map((region) => region.regionId));
    const addable = capacity.filter(
      (region) => !now.some((running) => running.regionId === region.region_id) && freeCapacity(region, flavor) > 0,
    );
    return ui.pickMany<number>({
      title,
      ...position,
      placeholder: refusedNone
        ? l10n.t('A deployment runs in at least one region: keep one checked, or Stop the deployment to run it nowhere.')
        : addable.length > 0
          ? l10n.t('In which regions does it run? Uncheck one to remove it: its pods stop and its address stops answering.')
          : l10n.t('In which regions does it run? No other region has free capacity for {0}; uncheck one to remove it.', flavor),
      items: [
        ...now.map((region) => ({
          label: regionName(region.regionId),
          description: runningWords(region),
          value: region.regionId,
          picked: chosen.has(region.regionId),
        })),
        ...addable.map((region) => {
          const free = freeCapacity(region, flavor);
          return {
            label: regionName(region.region_id),
            description: free === 1 ? l10n.t('1 pod free for {0}', flavor) : l10n.t('{0} pods free for {1}', free, flavor),
            value: region.region_id,
            picked: chosen.has(region.region_id),
          };
        }),
      ],
    });
  };
  const regionsStep: WizardStep<InferenceChangeAnswers> = {
    run: async (state, position) => {
      let picked = await askRegions(state, position, false);
      while (picked !== BACK && picked.length === 0) picked = await askRegions(state, position, true);
      if (picked === BACK) return BACK;
      state.regions = picked;
    },
  };
  const { kept, added } = regionPlan(current, answers, parts);
  const scaleSteps = parts.includes('scale')
    ? [
        ...kept.map((region) => podsStep<InferenceChangeAnswers>(ui, title, regionName(region.regionId), region.regionId, region)),
        timeoutStep<InferenceChangeAnswers>(ui, title, current.timeout ?? undefined),
      ]
    : [];
  return [
    ...(fixedParts ? [] : [partsStep]),
    ...(parts.includes('flavor') ? [flavorStep] : []),
    ...(parts.includes('image') ? [imageStep] : []),
    ...(parts.includes('environment')
      ? [
          environmentStep<InferenceChangeAnswers>(
            ui,
            title,
            l10n.t('The environment: pick a variable to remove it; add NAME=value to add one or change it. Every pod restarts.'),
            current.envs ?? {},
          ),
        ]
      : []),
    ...(parts.includes('regions') ? [regionsStep] : []),
    ...added.map((regionId) => podsStep<InferenceChangeAnswers>(ui, title, regionName(regionId), regionId, ADDED_REGION_PODS)),
    ...scaleSteps,
  ];
}

/**
 * The changes the answers stand for, in the update's shape: the regions as the whole set (each kept with its min
 * and max when Scale asked them, the rest of its scale as read; each added with its pods and the others' scaling),
 * the timeout, flavor, image and environment when they differ from the deployment's.
 */
export function inferenceChanges(
  current: InferenceDeployment,
  answers: InferenceChangeAnswers,
  parts: readonly InferenceChangePart[],
): InferenceDeploymentChanges {
  const changes: InferenceDeploymentChanges = {};
  const scaling = parts.includes('scale');
  if (scaling || (parts.includes('regions') && answers.regions !== undefined)) {
    const { kept, added } = regionPlan(current, answers, parts);
    changes.containers = [
      ...kept.map((region) => ({
        region_id: region.regionId,
        ...(scaling && { scale: answers.pods?.[region.regionId] ?? { min: region.min, max: region.max } }),
      })),
      ...added.map((regionId) => ({
        region_id: regionId,
        scale: addedRegionScale(current, answers.pods?.[regionId] ?? ADDED_REGION_PODS),
      })),
    ];
  }
  if (scaling && answers.timeout !== undefined && answers.timeout !== current.timeout) changes.timeout = answers.timeout;
  if (parts.includes('flavor') && answers.flavor && answers.flavor !== current.flavor_name) changes.flavor_name = answers.flavor;
  if (parts.includes('image') && answers.image && answers.image !== current.image) changes.image = answers.image;
  if (parts.includes('environment') && answers.envs !== undefined && !sameValue(answers.envs, current.envs ?? {})) {
    changes.envs = answers.envs;
  }
  return changes;
}
