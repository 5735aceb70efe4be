import * as l10n from '@vscode/l10n';
import type { InferenceQuota } from '../../../api/inference/inferenceTypes';

/** One of the account's inference limits with its usage. */
export interface QuotaEntry {
  /** Gcore's name of the limit, less `inference_` and `_count_limit` (`gpu_h100`). */
  key: string;
  label: string;
  limit: number;
  usage: number;
}

const PREFIX = 'inference_';
const LIMIT_SUFFIX = '_count_limit';

function labelOf(key: string): string {
  if (key.startsWith('gpu_')) return key.slice('gpu_'.length).toUpperCase();
  if (key === 'cpu_millicore') return l10n.t('CPU millicores');
  if (key === 'instance') return l10n.t('Deployments');
  if (key === 'public_model_api_key') return l10n.t('Public model API keys');
  return key;
}

/** The account's inference limits, GPUs first (what a deployment's pods take), each with its usage (0 when not reported). */
export function quotaEntries(quota: InferenceQuota): QuotaEntry[] {
  const entries: QuotaEntry[] = [];
  for (const [name, limit] of Object.entries(quota.limits)) {
    if (!name.startsWith(PREFIX) || !name.endsWith(LIMIT_SUFFIX) || !Number.isFinite(limit)) continue;
    const key = name.slice(PREFIX.length, -LIMIT_SUFFIX.length);
    const usage = quota.usage[`${PREFIX}${key}_count_usage`];
    entries.push({ key, label: labelOf(key), limit, usage: Number.isFinite(usage) ? usage : 0 });
  }
  const gpuFirst = (entry: QuotaEntry) => (entry.key.startsWith('gpu_') ? 0 : 1);
  return entries.sort((a, b) => gpuFirst(a) - gpuFirst(b) || a.key.localeCompare(b.key));
}

/** "H100 0/0 · L40S 2/4": the GPU limits in use of allowed, what the Quota row says. */
export function quotaSummary(quota: InferenceQuota): string | undefined {
  const gpus = quotaEntries(quota).filter((entry) => entry.key.startsWith('gpu_'));
  return gpus.length === 0 ? undefined : gpus.map((entry) => `${entry.label} ${entry.usage}/${entry.limit}`).join(' · ');
}

/** One limit's row: "H100", "2 of 4 in use". */
export function quotaEntryDescription(entry: QuotaEntry): string {
  return l10n.t('{0} of {1} in use', entry.usage, entry.limit);
}

/**
 * Whether the account has no inference GPU quota at all: a new account starts so, and no deployment can be created
 * until it is raised. False when the quota names no GPU limit (nothing known to say).
 */
export function hasNoGpuQuota(quota: InferenceQuota): boolean {
  const gpus = quotaEntries(quota).filter((entry) => entry.key.startsWith('gpu_'));
  return gpus.length > 0 && gpus.every((entry) => entry.limit === 0);
}
