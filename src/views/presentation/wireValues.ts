import { utcTimeMs } from '../../core/utcTime';

/** Readers for API values whose presence and type the extension cannot rely on. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function nonEmptyText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const DIGITS = /^\d+$/;

/**
 * `updated_at` as a date: Gcore documents date-time text, but real answers carry integer nanoseconds. A
 * number is read by its size (nanoseconds now are about 1.7e18, milliseconds 1.7e12, seconds 1.7e9), so
 * a server that sends another unit is not shown as 1970. Text without a zone is UTC, as Gcore's times are.
 */
export function updatedAtText(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const number = finiteNumber(value) ?? (text !== undefined && DIGITS.test(text) ? Number(text) : undefined);
  let ms: number;
  if (number !== undefined) ms = number >= 1e17 ? number / 1e6 : number >= 1e11 ? number : number * 1000;
  else if (text) ms = utcTimeMs(text);
  else return undefined;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return text || String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
