import * as l10n from '@vscode/l10n';
import type { Account, Project, Region, Task } from './types';

/*
 * Item decoders of the shared read endpoints (each area's are in api/<area>/), and what they build on: tolerant
 * of missing, null and unknown fields (nothing but the key of an item is guaranteed), and undefined for an entry
 * that lacks it, so that one odd entry is left out rather than failing a whole list.
 */

type Json = Record<string, unknown>;

/** The value as an object of fields, or undefined when it is none (null, a list, a scalar). */
export function jsonObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The value when it is text with more than blanks: what an entry is named or identified by. */
export function nonBlankText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function id(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function decodeProject(value: unknown): Project | undefined {
  const project = jsonObject(value);
  if (!project || id(project.id) === undefined) return undefined;
  return { ...project, name: nonBlankText(project.name) ?? l10n.t('Project {0}', String(project.id)) } as Project;
}

export function decodeRegion(value: unknown): Region | undefined {
  const region = jsonObject(value);
  if (!region || id(region.id) === undefined) return undefined;
  return {
    ...region,
    display_name: nonBlankText(region.display_name) ?? nonBlankText(region.slug) ?? l10n.t('Region {0}', String(region.id)),
  } as Region;
}

export function decodeTask(value: unknown): Task | undefined {
  const task = jsonObject(value);
  return task && nonBlankText(task.id) && nonBlankText(task.state) ? (task as Task) : undefined;
}

/** The account as it came, less an id, e-mail, name, company or status of another type: each is text or absent. */
export function decodeAccount(value: unknown): Account | undefined {
  const account = jsonObject(value);
  if (!account) return undefined;
  const known = {
    id: id(account.id),
    email: nonBlankText(account.email),
    name: nonBlankText(account.name),
    companyName: nonBlankText(account.companyName),
    status: nonBlankText(account.status),
  };
  return Object.fromEntries(Object.entries({ ...account, ...known }).filter(([, field]) => field !== undefined)) as Account;
}
