import * as l10n from '@vscode/l10n';
import type {
  InferenceApiKey,
  InferenceFlavor,
  InferenceRegionCapacity,
  InferenceRegistryCredential,
} from '../../api/inference/inferenceTypes';
import {
  IMAGE_FIELD,
  imageProblem,
  INFERENCE_DEPLOYMENT_CREATE_FIELDS,
  LISTENING_PORT_FIELD,
  SCALE_MAX_FIELD,
  SCALE_MIN_FIELD,
  type InferenceDeploymentCreate,
} from '../../models/inference/inferenceDeploymentCreate';
import { shownEnvValue } from '../../models/inference/inferenceEnvs';
import { OFFERED_DEPLOYMENT_NAME_FIELD } from '../../models/inference/inferenceNames';
import { openAiReadinessProbe, presetTriggers, triggerPresetChoices, type TriggerPreset } from '../../models/inference/inferencePresets';
import { findFieldSpec } from '../../validation/fieldChecks';
import type { IntegerFieldSpec, StringMapFieldSpec } from '../../validation/fieldSpec';
import { promptField } from '../fieldInput';
import type { MapEntryWords } from '../fieldPrompts/stringMapPrompt';
import { fieldTextProblem } from '../fieldPrompts/textPrompt';
import { BACK, type Back, type PromptUi } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';

/*
 * New Inference Deployment's steps, for a custom image: image, registry credential, port, command, environment,
 * flavor, regions, each region's pods, idle timeout, triggers, readiness probe, API keys, name. Each answer is
 * checked with its field's spec before the next step; the answers stay in the draft, so Back, Edit after the
 * review and Edit after a failed create reopen each step with what was chosen.
 */

/** A flavor as offered, with what it gives each pod in words ("1 × L40S (48 GB) · 16 CPUs · 232 GiB"). */
export interface InferenceFlavorChoice {
  flavor: InferenceFlavor;
  facts: string;
}

export interface InferenceDeploymentSources {
  flavors: readonly InferenceFlavorChoice[];
  /** Each region's free capacity per flavor; the regions a deployment may run in. */
  capacity: readonly InferenceRegionCapacity[];
  regionName(regionId: number): string;
  credentials(): Promise<InferenceRegistryCredential[]>;
  /** Asks for and creates a registry credential; its name, or BACK to return to the credential step. */
  newCredential(position: StepContext): Promise<string | Back>;
  apiKeys(): Promise<InferenceApiKey[]>;
}

/** The answers so far, kept whole through Back, Edit after the review and Edit after a failed create. */
export interface InferenceDeploymentAnswers extends PodsAnswers {
  image?: string;
  /** The registry credential's name; null for a public image. */
  credentialsName?: string | null;
  listeningPort?: number;
  /** The command as typed: words, or a JSON array of strings; empty for the image's own. */
  command?: string;
  envs?: Record<string, string>;
  flavor?: string;
  regions?: number[];
  triggers?: TriggerPreset;
  readinessProbe?: boolean;
  apiKeys?: string[];
  name?: string;
}

const NEW_CREDENTIAL = Symbol('newCredential');
/** vLLM's port, which the model servers people deploy here mostly listen on. */
const DEFAULT_PORT = 8000;
const DEFAULT_TIMEOUT = 120;

const ENVS_FIELD = findFieldSpec(INFERENCE_DEPLOYMENT_CREATE_FIELDS, 'envs') as StringMapFieldSpec;
const TIMEOUT_FIELD = findFieldSpec(INFERENCE_DEPLOYMENT_CREATE_FIELDS, 'timeout') as IntegerFieldSpec;

const ENVIRONMENT_VARIABLE: MapEntryWords = {
  label: l10n.t('Environment variable'),
  add: l10n.t('Add variable…'),
  count: (entries) => (entries === 1 ? l10n.t('1 variable') : l10n.t('{0} variables', entries)),
  prompt: l10n.t('NAME=value: what the model server reads at start (a value that looks like a secret is not shown)'),
  example: 'HF_TOKEN=hf_…',
  shownValue: shownEnvValue,
};

export function inferenceDeploymentTitle(): string {
  return l10n.t('Gcore: New Inference Deployment');
}

/** A step's choices with the one chosen before first, so that Back and Edit open on it. */
export function currentFirst<T>(items: readonly T[], isCurrent: (item: T) => boolean): T[] {
  return [...items.filter(isCurrent), ...items.filter((item) => !isCurrent(item))];
}

/** The free pods of `flavor` in a region, as Gcore's capacity says (0 when it does not name the flavor). */
export function freeCapacity(region: InferenceRegionCapacity, flavor: string | undefined): number {
  return region.capacity.find((entry) => entry.flavor_name === flavor)?.capacity ?? 0;
}

/** "Luxembourg 4 · Amsterdam 0": each region's free capacity of a flavor. */
export function capacityWords(sources: Pick<InferenceDeploymentSources, 'capacity' | 'regionName'>, flavor: string): string {
  if (sources.capacity.length === 0) return l10n.t('free capacity not known');
  return l10n.t(
    'free: {0}',
    sources.capacity.map((region) => `${sources.regionName(region.region_id)} ${freeCapacity(region, flavor)}`).join(' · '),
  );
}

/** "0-2", "0 2", "1–1": a region's min and max pods as typed. */
export function parsePods(text: string): { min: number; max: number } | undefined {
  const match = /^\s*(\d+)\s*(?:-|–|\s)\s*(\d+)\s*$/.exec(text);
  return match ? { min: Number(match[1]), max: Number(match[2]) } : undefined;
}

/** The problem of a region's pods as typed, naming the field: each bound by its spec, the minimum not above the maximum. */
export function podsProblem(text: string): string | undefined {
  const pods = parsePods(text);
  if (!pods) return l10n.t('Pods: type the minimum and the maximum, such as 0-2');
  const problem = fieldTextProblem(SCALE_MIN_FIELD, String(pods.min)) ?? fieldTextProblem(SCALE_MAX_FIELD, String(pods.max));
  if (problem) return problem;
  return pods.min > pods.max ? l10n.t('Pods: the minimum ({0}) is above the maximum ({1})', pods.min, pods.max) : undefined;
}

/** The command as typed: a JSON array of strings as it is, or words split at spaces (quotes keep spaces in a word). */
export function commandWords(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) && parsed.every((word) => typeof word === 'string') ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  const words = trimmed.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  return words.map((word) => (/^(["']).*\1$/.test(word) ? word.slice(1, -1) : word));
}

/** What the pods and idle timeout steps keep: a new deployment's answers, or a change's. */
export interface PodsAnswers {
  pods?: Record<number, { min: number; max: number }>;
  timeout?: number;
}

/** A region's pods as "min-max", checked as typed; it opens with what was typed, else with `fallback`. */
export function podsStep<S extends PodsAnswers>(
  ui: PromptUi,
  title: string,
  regionName: string,
  regionId: number,
  fallback = { min: 0, max: 1 },
): WizardStep<S> {
  return {
    run: async (state, position) => {
      const current = state.pods?.[regionId] ?? fallback;
      const answer = await ui.input({
        title,
        ...position,
        prompt: l10n.t(
          'Pods in {0}: the minimum and the maximum, such as 0-2. At 0 nothing runs (nor is billed) until a request comes; the first one waits for a pod.',
          regionName,
        ),
        value: `${current.min}-${current.max}`,
        validate: podsProblem,
      });
      if (answer === BACK) return BACK;
      const pods = parsePods(answer);
      if (pods) state.pods = { ...state.pods, [regionId]: pods };
    },
  };
}

/** The idle timeout, opening with what was typed, else with `fallback`. */
export function timeoutStep<S extends PodsAnswers>(ui: PromptUi, title: string, fallback = DEFAULT_TIMEOUT): WizardStep<S> {
  return {
    run: async (state, position) => {
      const answer = await promptField(ui, TIMEOUT_FIELD, { title, ...position }, state.timeout ?? fallback, {
        prompt: l10n.t("Idle timeout: seconds without a request before the pods go down to each region's minimum."),
      });
      if (answer === BACK) return BACK;
      state.timeout = answer as number;
    },
  };
}

/** The environment as a list of variables, opening with what was typed, else with `fallback`. */
export function environmentStep<S extends { envs?: Record<string, string> }>(
  ui: PromptUi,
  title: string,
  placeholder: string,
  fallback: Record<string, string> = {},
): WizardStep<S> {
  return {
    run: async (state, position) => {
      const answer = await promptField(ui, ENVS_FIELD, { title, ...position }, state.envs ?? fallback, {
        placeholder,
        entries: ENVIRONMENT_VARIABLE,
      });
      if (answer === BACK) return BACK;
      state.envs = answer;
    },
  };
}

function chosenFlavor(sources: InferenceDeploymentSources, answers: InferenceDeploymentAnswers): InferenceFlavorChoice | undefined {
  return sources.flavors.find((choice) => choice.flavor.name === answers.flavor);
}

/** The steps; one pods step per region chosen. */
export function inferenceDeploymentPlan(
  ui: PromptUi,
  sources: InferenceDeploymentSources,
  answers: InferenceDeploymentAnswers,
): WizardStep<InferenceDeploymentAnswers>[] {
  const title = inferenceDeploymentTitle();
  const imageStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, IMAGE_FIELD, { title, ...position }, state.image, {
        placeholder: l10n.t('e.g. vllm/vllm-openai:v0.11.0'),
        problem: (text) => {
          const problem = imageProblem(text);
          return problem ? `${IMAGE_FIELD.label}: ${problem}` : undefined;
        },
      });
      if (answer === BACK) return BACK;
      state.image = answer as string;
    },
  };
  const credentialStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const credentials = await sources.credentials();
      const picked = await ui.pick<string | null | typeof NEW_CREDENTIAL>({
        title,
        ...position,
        placeholder: l10n.t('Is the image in a private registry? Pick the credential that pulls it.'),
        items: [
          {
            label: l10n.t('Public Image'),
            description: l10n.t('no registry credential'),
            value: null,
            picked: !state.credentialsName,
          },
          ...currentFirst(credentials, (credential) => credential.name === state.credentialsName).map((credential) => ({
            label: credential.name,
            description: [credential.registry_url, credential.username].filter(Boolean).join(' · '),
            value: credential.name,
            picked: credential.name === state.credentialsName,
          })),
          { label: l10n.t('New Registry Credential…'), description: l10n.t('host name, user and password'), value: NEW_CREDENTIAL },
        ],
      });
      if (picked === BACK) return BACK;
      if (picked === NEW_CREDENTIAL) {
        const created = await sources.newCredential(position);
        if (created === BACK) return credentialStep.run(state, position);
        state.credentialsName = created;
        return;
      }
      state.credentialsName = picked;
    },
  };
  const portStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, LISTENING_PORT_FIELD, { title, ...position }, state.listeningPort ?? DEFAULT_PORT);
      if (answer === BACK) return BACK;
      state.listeningPort = answer as number;
    },
  };
  const commandStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const answer = await ui.input({
        title,
        ...position,
        prompt: l10n.t(
          "Command: what the container runs instead of its image's own, as words or a JSON array. Leave empty for the image's.",
        ),
        placeholder: l10n.t('e.g. vllm serve Qwen/Qwen3-0.6B --port 8000'),
        value: state.command,
        validate: (text) => (commandWords(text) ? undefined : l10n.t('Command: a JSON array of strings, such as ["vllm", "serve"]')),
      });
      if (answer === BACK) return BACK;
      state.command = answer.trim();
    },
  };
  const flavorStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const current = chosenFlavor(sources, state);
      const picked = await ui.pick<InferenceFlavor>({
        title,
        ...position,
        placeholder: l10n.t('Which flavor? Each pod gets its GPUs, CPUs and memory.'),
        items: currentFirst(sources.flavors, (choice) => choice === current).map((choice) => ({
          label: choice.flavor.name,
          description: choice.facts,
          detail: capacityWords(sources, choice.flavor.name),
          value: choice.flavor,
          picked: choice === current,
        })),
      });
      if (picked === BACK) return BACK;
      state.flavor = picked.name;
    },
  };
  const regionsStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const chosen = new Set(state.regions ?? []);
      const picked = await ui.pickMany<number>({
        title,
        ...position,
        placeholder: l10n.t('In which regions does it run? Each region serves from pods of its own.'),
        items: sources.capacity.map((region) => {
          const free = freeCapacity(region, state.flavor);
          return {
            label: sources.regionName(region.region_id),
            description:
              free === 1 ? l10n.t('1 pod free for {0}', state.flavor ?? '') : l10n.t('{0} pods free for {1}', free, state.flavor ?? ''),
            value: region.region_id,
            picked: chosen.has(region.region_id),
          };
        }),
      });
      if (picked === BACK) return BACK;
      if (picked.length === 0) return regionsStep.run(state, position);
      state.regions = picked;
    },
  };
  const triggersStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const choices = triggerPresetChoices();
      const current = state.triggers ?? choices[0].preset;
      const picked = await ui.pick<TriggerPreset>({
        title,
        ...position,
        placeholder: l10n.t('What adds pods between the minimum and the maximum?'),
        items: currentFirst(choices, (choice) => choice.preset === current).map((choice) => ({
          label: choice.label,
          detail: choice.detail,
          value: choice.preset,
          picked: choice.preset === current,
        })),
      });
      if (picked === BACK) return BACK;
      state.triggers = picked;
    },
  };
  const probeStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const current = state.readinessProbe ?? true;
      const items = [
        {
          label: l10n.t('Ready When /v1/models Answers'),
          detail: l10n.t('For OpenAI-compatible servers such as vLLM: no request reaches a pod still loading its model.'),
          value: true,
        },
        {
          label: l10n.t('No Readiness Probe'),
          detail: l10n.t('Requests reach a pod as soon as it starts, ready or not: a custom image gets no probe of its own.'),
          value: false,
        },
      ];
      const picked = await ui.pick<boolean>({
        title,
        ...position,
        placeholder: l10n.t('When is a pod ready for requests?'),
        items: currentFirst(items, (item) => item.value === current).map((item) => ({ ...item, picked: item.value === current })),
      });
      if (picked === BACK) return BACK;
      state.readinessProbe = picked;
    },
  };
  const apiKeysStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const keys = await sources.apiKeys();
      if (keys.length === 0) {
        state.apiKeys = [];
        return;
      }
      const chosen = new Set(state.apiKeys ?? []);
      const picked = await ui.pickMany<string>({
        title,
        ...position,
        placeholder: l10n.t('Which API keys may call it? None: anyone with the address may.'),
        items: keys.map((key) => ({
          label: key.name,
          description: key.description ?? undefined,
          value: key.name,
          picked: chosen.has(key.name),
        })),
      });
      if (picked === BACK) return BACK;
      state.apiKeys = picked;
    },
  };
  const nameStep: WizardStep<InferenceDeploymentAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, OFFERED_DEPLOYMENT_NAME_FIELD, { title, ...position }, state.name, {
        placeholder: l10n.t('e.g. qwen3chat'),
      });
      if (answer === BACK) return BACK;
      state.name = answer as string;
    },
  };
  return [
    imageStep,
    credentialStep,
    portStep,
    commandStep,
    environmentStep<InferenceDeploymentAnswers>(
      ui,
      title,
      l10n.t('Environment variables of the model server. Pick a variable to remove it.'),
    ),
    flavorStep,
    regionsStep,
    ...(answers.regions ?? []).map((regionId) => podsStep(ui, title, sources.regionName(regionId), regionId)),
    timeoutStep(ui, title),
    triggersStep,
    probeStep,
    apiKeysStep,
    nameStep,
  ];
}

/** The create payload the answers stand for; the caller checks it whole with `validateInferenceDeploymentCreate`. */
export function inferenceDeploymentPayload(answers: InferenceDeploymentAnswers): InferenceDeploymentCreate {
  const triggers = presetTriggers(answers.triggers ?? triggerPresetChoices()[0].preset);
  const port = answers.listeningPort ?? DEFAULT_PORT;
  const command = commandWords(answers.command ?? '') ?? [];
  const envs = answers.envs ?? {};
  return {
    name: answers.name ?? '',
    image: answers.image ?? '',
    listening_port: port,
    flavor_name: answers.flavor ?? '',
    containers: (answers.regions ?? []).map((regionId) => {
      const pods = answers.pods?.[regionId] ?? { min: 0, max: 1 };
      return { region_id: regionId, scale: { min: pods.min, max: pods.max, triggers } };
    }),
    timeout: answers.timeout ?? DEFAULT_TIMEOUT,
    ...(answers.credentialsName ? { credentials_name: answers.credentialsName } : {}),
    ...(command.length > 0 && { command }),
    ...(Object.keys(envs).length > 0 && { envs }),
    ...((answers.readinessProbe ?? true) && { probes: { readiness_probe: openAiReadinessProbe(port) } }),
    ...(answers.apiKeys && answers.apiKeys.length > 0 && { api_keys: answers.apiKeys }),
  };
}
