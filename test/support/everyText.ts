/**
 * Every text a value holds, with where: its own properties, enumerable or not (an error's message, stack and
 * cause), at any depth, and the keys of its objects. What a caller could read out of an error it was handed.
 */
export function everyText(value: unknown, path = '', seen = new Set<object>()): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.getOwnPropertyNames(value).flatMap((name) => [
    { path: `${path}[key]`, text: name },
    ...everyText((value as Record<string, unknown>)[name], `${path}.${name}`, seen),
  ]);
}

/** Where a value holds `secret`, as "path: text" lines; empty when nowhere. */
export function whereTextHolds(value: unknown, secret: string): string[] {
  return everyText(value)
    .filter(({ text }) => text.includes(secret))
    .map(({ path, text }) => `${path}: ${text.slice(0, 200)}`);
}
