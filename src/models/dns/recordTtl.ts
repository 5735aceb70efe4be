import * as l10n from '@vscode/l10n';

const DAY = 86_400;
const HOUR = 3_600;
const MINUTE = 60;

/** A TTL as people read one: "300" is "5 min", "86400" is "1 d"; a TTL of no whole unit stays in seconds. */
export function ttlText(seconds: number): string {
  if (seconds > 0 && seconds % DAY === 0) return l10n.t('{0} d', seconds / DAY);
  if (seconds > 0 && seconds % HOUR === 0) return l10n.t('{0} h', seconds / HOUR);
  if (seconds > 0 && seconds % MINUTE === 0) return l10n.t('{0} min', seconds / MINUTE);
  return l10n.t('{0} s', seconds);
}

/** The TTLs offered when a set's TTL is picked: a minute while a change is tried out, up to a day for what rarely changes. */
export const TTL_CHOICES: readonly number[] = [60, 300, 1_800, 3_600, 86_400];
