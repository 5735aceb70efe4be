/** A non-negative amount as Gcore's quota and price answers write it: a number, or its digits as text. */
export function wireAmount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}
