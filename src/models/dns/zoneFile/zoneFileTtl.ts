import * as l10n from '@vscode/l10n';
import { RECORD_TTL_FIELD } from '../recordSets';

const UNIT_SECONDS = new Map<string, number>([
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
]);
// Seconds, or BIND's units, each number with its unit: 1h, 1h30m, 2w.
const TTL_TEXT = /^(?:\d+|(?:\d+[wdhms])+)$/i;
const TTL_PART = /(\d+)([wdhms])/gi;
const MAXIMUM = RECORD_TTL_FIELD.maximum;

export type TtlReading = { ok: true; seconds: number } | { ok: false; message: string };

/** A TTL as a zone file writes it, in seconds. */
export function readTtl(text: string): TtlReading {
  if (!TTL_TEXT.test(text)) {
    return { ok: false, message: l10n.t('{0} is not a TTL: write seconds (3600) or units such as 1h, 30m, 2d, 1w, 1h30m', text) };
  }
  let seconds = 0;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else for (const [, count, unit] of text.matchAll(TTL_PART)) seconds += Number(count) * (UNIT_SECONDS.get(unit.toLowerCase()) ?? 0);
  if (seconds > MAXIMUM) return { ok: false, message: l10n.t('TTL {0} is above {1}, the highest TTL (RFC 2181)', text, MAXIMUM) };
  return { ok: true, seconds };
}
