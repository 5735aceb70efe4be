import * as l10n from '@vscode/l10n';
import { TRIGGER_KINDS, type InferenceTriggers, type ProbeSpec } from './inferenceDeploymentCreate';

/*
 * The values a create offers ready-made: a readiness probe for the OpenAI-compatible model servers most
 * deployments run, and the autoscaling triggers people mean.
 */

/** The path vLLM (and the other OpenAI-compatible servers) answers once its model is loaded. */
export const OPENAI_READINESS_PATH = '/v1/models';

/**
 * A readiness probe for an OpenAI-compatible server: a custom image gets no probe, and a pod is routed to as soon
 * as it starts, minutes before its model has loaded. The first probe waits a minute, and thirty failures in a row
 * (five minutes) are tolerated: a readiness probe that fails only keeps requests away, it restarts nothing.
 */
export function openAiReadinessProbe(listeningPort: number): ProbeSpec {
  return {
    enabled: true,
    probe: {
      http_get: { port: listeningPort, path: OPENAI_READINESS_PATH, schema: 'HTTP' },
      initial_delay_seconds: 60,
      period_seconds: 10,
      timeout_seconds: 5,
      failure_threshold: 30,
      success_threshold: 1,
    },
  };
}

export type TriggerPreset = 'gpuUtilization' | 'cpuAndGpu' | 'cpuAndMemory' | 'requests';

export interface TriggerPresetChoice {
  preset: TriggerPreset;
  label: string;
  detail: string;
}

/**
 * The triggers a create sends, always whole (every kind named, those not meant as null). Gcore's defaults
 * differ by how the field is sent: leaving `triggers` out gives CPU and memory at 80%, while sending some
 * triggers makes every one not sent null; and the portal pre-fills CPU and GPU utilization at 80%. Sending each
 * kind says what is meant, whatever the default of the day.
 */
export function wholeTriggers(meant: InferenceTriggers): InferenceTriggers {
  return Object.fromEntries(TRIGGER_KINDS.map((kind) => [kind, meant[kind] ?? null])) as InferenceTriggers;
}

const PRESETS: Record<TriggerPreset, InferenceTriggers> = {
  gpuUtilization: { gpu_utilization: { threshold: 80 } },
  cpuAndGpu: { cpu: { threshold: 80 }, gpu_utilization: { threshold: 80 } },
  cpuAndMemory: { cpu: { threshold: 80 }, memory: { threshold: 80 } },
  requests: { http: { rate: 10, window: 60 } },
};

export function presetTriggers(preset: TriggerPreset): InferenceTriggers {
  return wholeTriggers(PRESETS[preset]);
}

/** The presets as a picker offers them, the one for a model server first. */
export function triggerPresetChoices(): TriggerPresetChoice[] {
  return [
    {
      preset: 'gpuUtilization',
      label: l10n.t('GPU utilization over 80%'),
      detail: l10n.t('For a model server: its GPU is what runs out.'),
    },
    { preset: 'cpuAndGpu', label: l10n.t('CPU or GPU utilization over 80%'), detail: l10n.t("What Gcore's portal pre-fills.") },
    { preset: 'cpuAndMemory', label: l10n.t('CPU or memory over 80%'), detail: l10n.t('What Gcore applies when no trigger is sent.') },
    { preset: 'requests', label: l10n.t('More than 10 requests a minute'), detail: l10n.t('Adds a pod per 10 requests in 60 seconds.') },
  ];
}
