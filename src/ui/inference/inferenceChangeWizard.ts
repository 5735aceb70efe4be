import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceFlavor } from '../../api/inference/inferenceTypes';
import { IMAGE_FIELD, imageProblem } from '../../models/inference/inferenceDeploymentCreate';
import type { InferenceDeploymentChanges } from '../../models/inference/inferenceDeploymentUpdate';
import { promptField } from '../fieldInput';
import { BACK, type PromptUi } from '../promptUi';
import type { WizardStep } from '../wizard';
import { podsStep, timeoutStep, type InferenceFlavorChoice, type PodsAnswers } from './inferenceDeploymentWizard';

/*
 * Change Deployment's steps: what to change (scale, flavor, image), then each. Scale asks each region's pods and
 * the idle timeout, opening with what the deployment has; the flavor and the image say first that every pod
 * restarts. The review (current → new) comes after, from models/inference's describeChanges.
 */

export type InferenceChangePart = 'scale' | 'flavor' | 'image';

export interface InferenceChangeAnswers extends PodsAnswers {
  /** What to change; undefined until that step was answered (Scale asks it not: it is `['scale']`). */
  parts?: InferenceChangePart[];
  flavor?: string;
  image?: string;
}

export function inferenceChangeTitle(name: string): string {
  return l10n.t('Gcore: Change Inference Deployment {0}', name);
}

/** The regions the deployment runs in, with their scale as read. */
function regionsOf(current: InferenceDeployment): { regionId: number; min: number; max: number }[] {
  return (current.containers ?? []).map((container) => ({
    regionId: container.region_id,
    min: container.scale.min,
    max: container.scale.max,
  }));
}

/** The steps; `parts` fixed (Scale) skips the choice. */
export function inferenceChangePlan(
  ui: PromptUi,
  current: InferenceDeployment,
  flavors: readonly InferenceFlavorChoice[],
  regionName: (regionId: number) => string,
  answers: InferenceChangeAnswers,
  fixedParts?: readonly InferenceChangePart[],
): WizardStep<InferenceChangeAnswers>[] {
  const title = inferenceChangeTitle(current.name);
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
  const parts = fixedParts ?? answers.parts ?? [];
  const scaleSteps = parts.includes('scale')
    ? [
        ...regionsOf(current).map((region) =>
          podsStep<InferenceChangeAnswers>(ui, title, regionName(region.regionId), region.regionId, region),
        ),
        timeoutStep<InferenceChangeAnswers>(ui, title, current.timeout ?? undefined),
      ]
    : [];
  return [
    ...(fixedParts ? [] : [partsStep]),
    ...scaleSteps,
    ...(parts.includes('flavor') ? [flavorStep] : []),
    ...(parts.includes('image') ? [imageStep] : []),
  ];
}

/**
 * The changes the answers stand for, in the update's shape: each region's min and max (models/inference sends
 * the rest of its scale as read, and every region, so none is removed), the timeout, flavor and image when they
 * differ from the deployment's.
 */
export function inferenceChanges(
  current: InferenceDeployment,
  answers: InferenceChangeAnswers,
  parts: readonly InferenceChangePart[],
): InferenceDeploymentChanges {
  const changes: InferenceDeploymentChanges = {};
  if (parts.includes('scale')) {
    changes.containers = regionsOf(current).map((region) => ({
      region_id: region.regionId,
      scale: answers.pods?.[region.regionId] ?? { min: region.min, max: region.max },
    }));
    if (answers.timeout !== undefined && answers.timeout !== current.timeout) changes.timeout = answers.timeout;
  }
  if (parts.includes('flavor') && answers.flavor && answers.flavor !== current.flavor_name) changes.flavor_name = answers.flavor;
  if (parts.includes('image') && answers.image && answers.image !== current.image) changes.image = answers.image;
  return changes;
}
