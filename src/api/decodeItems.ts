import * as l10n from '@vscode/l10n';
import type { Account, Container, ContainerFlavor, DnsZone, Project, Region, Task } from './types';

/*
 * Item decoders of the read endpoints: tolerant of missing, null and unknown fields (nothing but the key of
 * an item is guaranteed), and undefined for an entry that lacks it, so that one odd entry is left out
 * rather than failing a whole list.
 */

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function id(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function decodeContainer(value: unknown): Container | undefined {
  const container = object(value);
  return container && text(container.name) ? (container as Container) : undefined;
}

export function decodeContainerFlavor(value: unknown): ContainerFlavor | undefined {
  const flavor = object(value);
  return flavor && text(flavor.name) ? (flavor as ContainerFlavor) : undefined;
}

export function decodeZone(value: unknown): DnsZone | undefined {
  const zone = object(value);
  return zone && text(zone.name) ? (zone as DnsZone) : undefined;
}

export function decodeProject(value: unknown): Project | undefined {
  const project = object(value);
  if (!project || id(project.id) === undefined) return undefined;
  return { ...project, name: text(project.name) ?? l10n.t('Project {0}', String(project.id)) } as Project;
}

export function decodeRegion(value: unknown): Region | undefined {
  const region = object(value);
  if (!region || id(region.id) === undefined) return undefined;
  return { ...region, display_name: text(region.display_name) ?? text(region.slug) ?? l10n.t('Region {0}', String(region.id)) } as Region;
}

export function decodeTask(value: unknown): Task | undefined {
  const task = object(value);
  return task && text(task.id) && text(task.state) ? (task as Task) : undefined;
}

/** The account as it came, less an id, e-mail, name, company or status of another type: each is text or absent. */
export function decodeAccount(value: unknown): Account | undefined {
  const account = object(value);
  if (!account) return undefined;
  const known = { id: id(account.id), email: text(account.email), name: text(account.name), companyName: text(account.companyName), status: text(account.status) };
  return Object.fromEntries(Object.entries({ ...account, ...known }).filter(([, field]) => field !== undefined)) as Account;
}
