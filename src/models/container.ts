import * as l10n from '@vscode/l10n';
import type { Container } from '../api/types';
import type { ProjectRegionRef } from '../core/projectRegion';
import { isPlainObject, knownFields } from '../validation/fieldChecks';
import { SCALE_FIELD, type ContainerUpdate } from './containerUpdate';

/** A container's status as it came, or "Unknown"; the API documents no list of statuses. */
export function containerStatus(container: Container): string {
  return typeof container.status === 'string' && container.status.trim() !== '' ? container.status.trim() : l10n.t('Unknown');
}

/** The kind of resource a container's changes are followed as (the `kind` of their tasks' subjects). */
export const CONTAINER_KIND = 'container';

/** What a change made here does to a container. */
export type ContainerAction = 'update' | 'create' | 'delete';

/** A change of a container as its tasks' subject names it, so that its row, the Tasks section and its end can say it. */
export function containerChange(location: ProjectRegionRef, containerName: string, action: ContainerAction) {
  return { kind: CONTAINER_KIND, projectId: location.projectId, regionId: location.regionId, name: containerName, action };
}

type Field = keyof ContainerUpdate;

/**
 * A field of a container as the update payload names and shapes it, so a prompt can start from it, a
 * summary can compare with it and an update can send it back. Scale keeps the parts the update sends (min,
 * max, the cooldown, the triggers); undefined when the container does not say.
 */
export function currentValue(container: Container, field: Field): unknown {
  const value = container[field];
  if (field === 'scale' && isPlainObject(value)) return knownFields(SCALE_FIELD.fields, value);
  return value;
}

/** The fields whose new value differs from the container's, in the order given. */
export function changedFields(changes: ContainerUpdate, container: Container | undefined): Field[] {
  return (Object.keys(changes) as Field[]).filter(
    (field) => container === undefined || !sameValue(changes[field], currentValue(container, field)),
  );
}

/** Deep equality for JSON values, ignoring key order; a missing and a null value differ only from a set one. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
