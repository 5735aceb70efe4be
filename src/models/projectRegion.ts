import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../core/projectRegion';
import { validateArgs } from '../validation/argumentObjects';
import { checkFields, isPlainObject } from '../validation/fieldChecks';
import type { FieldSpec, IntegerFieldSpec, StringFieldSpec } from '../validation/fieldSpec';
import { validated } from '../validation/problems';
import type { FieldProblem, Validated } from '../validation/problems';

/** A project and region the user works in, as `gcore.locations` holds it: the ids and an optional label. */
export interface ProjectRegion extends ProjectRegionRef {
  label?: string;
}

export const PROJECT_ID_FIELD: IntegerFieldSpec = {
  name: 'projectId',
  kind: 'integer',
  label: l10n.t('Project ID'),
  description: l10n.t('Numeric ID of a Gcore Cloud project, a positive integer; the Gcore Customer Portal shows it.'),
  required: true,
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
};

export const REGION_ID_FIELD: IntegerFieldSpec = {
  ...PROJECT_ID_FIELD,
  name: 'regionId',
  label: l10n.t('Region ID'),
  description: l10n.t('Numeric ID of a Gcore Cloud region, a positive integer; the Gcore Customer Portal shows it.'),
};

export const LABEL_FIELD: StringFieldSpec = {
  name: 'label',
  kind: 'string',
  label: l10n.t('Label'),
  description: l10n.t('Optional name shown in the tree, up to 100 characters.'),
  trim: true,
  maxLength: 100,
};

export const PROJECT_REGION_FIELDS: readonly FieldSpec[] = [PROJECT_ID_FIELD, REGION_ID_FIELD, LABEL_FIELD];

export function validateProjectRegion(input: unknown): Validated<ProjectRegion> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [{ field: '', message: l10n.t('the location must be an object such as { projectId: 1, regionId: 2 }') }],
    };
  }
  const problems: FieldProblem[] = [];
  const location = checkFields(PROJECT_REGION_FIELDS, input, '', problems);
  // A blank label means "no label", so it is not stored as ''.
  if (location.label === '') {
    delete location.label;
  }
  return validated(location as unknown as ProjectRegion, problems);
}

/** Whether an entry of `gcore.locations`, as the user wrote it, is this location (by its ids only). */
function isEntryOf(entry: unknown, location: ProjectRegionRef): boolean {
  return isPlainObject(entry) && entry.projectId === location.projectId && entry.regionId === location.regionId;
}

/**
 * `gcore.locations` with the location added, or its label changed when it is there: only that entry is
 * touched, and every other entry stays as the user wrote it (fields the extension does not read,
 * duplicates, entries it cannot read). Also reports whether the location was new.
 */
export function withLocation(entries: unknown, location: ProjectRegion): { entries: unknown[]; added: boolean } {
  const list = Array.isArray(entries) ? [...entries] : [];
  const index = list.findIndex((entry) => isEntryOf(entry, location));
  if (index < 0) {
    list.push(
      location.label
        ? { projectId: location.projectId, regionId: location.regionId, label: location.label }
        : { projectId: location.projectId, regionId: location.regionId },
    );
    return { entries: list, added: true };
  }
  const { label: _label, ...rest } = list[index] as Record<string, unknown>;
  list[index] = location.label ? { ...rest, label: location.label } : rest;
  return { entries: list, added: false };
}

/** `gcore.locations` without the location (every entry of it, so that no duplicate keeps it shown). */
export function withoutLocation(entries: unknown, location: ProjectRegionRef): { entries: unknown[]; removed: boolean } {
  const list = Array.isArray(entries) ? entries : [];
  const kept = list.filter((entry) => !isEntryOf(entry, location));
  return { entries: kept, removed: kept.length < list.length };
}

/** `{ projectId, regionId }` of listContainers and listContainerFlavors. */
export function validateProjectRegionArgs(input: unknown): Validated<{ projectId: number; regionId: number }> {
  return validateArgs(input, [PROJECT_ID_FIELD, REGION_ID_FIELD]);
}
