import * as l10n from '@vscode/l10n';
import type { ContainerQuota } from '../../api/containers/containerTypes';
import { wireAmount } from '../wireAmount';

/** One quota of a location as a create would change it. */
export interface QuotaUse {
  /** 'container_count', 'cpu_count', 'ram_size': the part of Gcore's names between `caas_` and `_limit`. */
  key: string;
  label: string;
  used: number;
  requested: number;
  limit: number;
  /** Used and requested together pass the limit: Gcore refuses the create. */
  exceeded: boolean;
}

const QUOTAS: readonly { key: string; label: () => string }[] = [
  { key: 'container_count', label: () => l10n.t('Containers') },
  { key: 'cpu_count', label: () => l10n.t('CPU') },
  { key: 'ram_size', label: () => l10n.t('RAM') },
];

/**
 * The quotas a `check_limits` answer tells in full (limit, usage and requested all readable), in a fixed
 * order; a quota the answer leaves out or garbles is left out, not guessed.
 */
export function quotaUses(quota: ContainerQuota): QuotaUse[] {
  const uses: QuotaUse[] = [];
  for (const { key, label } of QUOTAS) {
    const limit = wireAmount(quota[`caas_${key}_limit`]);
    const used = wireAmount(quota[`caas_${key}_usage`]);
    const requested = wireAmount(quota[`caas_${key}_requested`]);
    if (limit === undefined || used === undefined || requested === undefined) continue;
    uses.push({ key, label: label(), used, requested, limit, exceeded: used + requested > limit });
  }
  return uses;
}
