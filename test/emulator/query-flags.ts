import type { InvalidFields } from './replies';

/** A boolean query parameter: `true` or `false` as Gcore writes them, `fallback` when absent; anything else is invalid. */
export function booleanParameter(query: URLSearchParams, name: string, invalidFields: InvalidFields, fallback = false): boolean {
  const value = query.get(name);
  if (value === null) return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  invalidFields[name] = ['Not a valid boolean.'];
  return fallback;
}
