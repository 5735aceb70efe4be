import * as l10n from '@vscode/l10n';
import { isPlainObject } from '../../validation/fieldChecks';

/* A container's scale in words, for the tree, the update's summary, New Container's review and the prompts. */

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function partOf(value: unknown, key: string): unknown {
  return isPlainObject(value) ? value[key] : undefined;
}

/** "cooldown 60 s · CPU over 80% · 20 requests per 60 s"; undefined when the scale sets none of them. */
export function autoscalingText(scale: unknown): string | undefined {
  const parts: string[] = [];
  const cooldown = count(partOf(scale, 'cooldown_period'));
  if (cooldown !== undefined) parts.push(l10n.t('cooldown {0} s', cooldown));
  const triggers = partOf(scale, 'triggers');
  const cpu = count(partOf(partOf(triggers, 'cpu'), 'threshold'));
  const memory = count(partOf(partOf(triggers, 'memory'), 'threshold'));
  if (cpu !== undefined) parts.push(l10n.t('CPU over {0}%', cpu));
  if (memory !== undefined) parts.push(l10n.t('memory over {0}%', memory));
  const http = partOf(triggers, 'http');
  const rate = count(partOf(http, 'rate'));
  const window = count(partOf(http, 'window'));
  if (rate !== undefined) parts.push(window !== undefined ? l10n.t('{0} requests per {1} s', rate, window) : l10n.t('{0} requests', rate));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** "1–3 instances · cooldown 60 s · CPU over 80%"; undefined when the scale says nothing readable. */
export function scaleText(scale: unknown): string | undefined {
  const min = count(partOf(scale, 'min'));
  const max = count(partOf(scale, 'max'));
  const parts = [min !== undefined && max !== undefined ? l10n.t('{0}–{1} instances', min, max) : undefined, autoscalingText(scale)].filter(
    (part): part is string => part !== undefined,
  );
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
