import * as l10n from '@vscode/l10n';
import type { Container } from '../../../api/containers/containerTypes';
import { currentValue } from '../../../models/containers/containerUpdate';
import { scaleText } from '../../../models/containers/containerScale';
import type { ContainerUpdate } from '../../../models/containers/containerUpdate';

/**
 * The confirmation's body: each change on a line, current → new when the container's current values are
 * known, as it will be sent otherwise. Environment variables show the new list in full (the user typed it)
 * and only the names of the current one, whose values stay hidden as in the tree.
 */
export function updateSummary(changes: ContainerUpdate, current?: Container): string {
  const lines = (Object.keys(changes) as (keyof ContainerUpdate)[]).map((field) => {
    const value = changes[field];
    const before = current ? currentValue(current, field) : undefined;
    if (field === 'envs' && value) {
      const entries = Object.entries(value as Record<string, string>);
      const was = before && typeof before === 'object' ? Object.keys(before) : undefined;
      const now = entries.length === 0 ? l10n.t('none') : entries.map(([key, val]) => `${key}=${val}`).join(', ');
      if (!was) return l10n.t('envs (replaces all variables): {0}', now);
      return l10n.t('envs (replaces all variables): {0} (was: {1})', now, was.length === 0 ? l10n.t('none') : was.join(', '));
    }
    const describe = field === 'scale' ? describeScale : describeValue;
    return current ? `${field}: ${describe(before)} → ${describe(value)}` : `${field}: ${describe(value)}`;
  });
  if (changes.is_disabled !== undefined && Object.keys(changes).length > 1) {
    lines.push('', l10n.t('"is_disabled" is sent in a second request: the API does not accept it together with other fields.'));
  }
  return lines.join('\n');
}

/** A scale in the tree's words, its instances and then how it scales: "1–3 instances · cooldown 60 s · CPU over 80%". */
function describeScale(value: unknown): string {
  return scaleText(value) ?? describeValue(value);
}

/** Nested objects read as "min 2, max 6" rather than JSON; strings stay quoted so spaces are visible. */
function describeValue(value: unknown): string {
  if (value === undefined || value === null) return l10n.t('not set');
  if (typeof value !== 'object') return JSON.stringify(value);
  const parts = Object.entries(value)
    .filter(([, nested]) => nested !== undefined)
    .map(([key, nested]) => `${key} ${describeValue(nested)}`);
  return parts.length > 0 ? parts.join(', ') : l10n.t('empty');
}
