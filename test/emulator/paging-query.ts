import type { InvalidFields } from './replies';

export interface PageQuery {
  limit: number;
  offset: number;
}

/** `limit` (1..max, default `fallback`) and `offset` (from 0) of a list request; problems go to invalidFields. */
export function readPageQuery(query: URLSearchParams, max: number, fallback: number, invalidFields: InvalidFields): PageQuery {
  return {
    limit: wholeNumber(query, 'limit', 1, max, fallback, invalidFields),
    offset: wholeNumber(query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0, invalidFields),
  };
}

function wholeNumber(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
  invalidFields: InvalidFields,
): number {
  const value = query.get(name);
  if (value === null) return fallback;
  if (!/^-?\d+$/.test(value)) {
    invalidFields[name] = ['Not a valid integer.'];
    return fallback;
  }
  const number = Number(value);
  if (number < min || number > max) {
    invalidFields[name] = [`Must be greater than or equal to ${min} and less than or equal to ${max}.`];
    return fallback;
  }
  return number;
}

export function pageOf<T>(items: readonly T[], { limit, offset }: PageQuery): T[] {
  return items.slice(offset, offset + limit);
}
