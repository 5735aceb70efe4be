import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../core/projectRegion';
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
    return { ok: false, problems: [{ field: '', message: l10n.t('the location must be an object such as { projectId: 1, regionId: 2 }') }] };
  }
  const problems: FieldProblem[] = [];
  const location = checkFields(PROJECT_REGION_FIELDS, input, '', problems);
  // A blank label means "no label", so it is not stored as ''.
  if (location.label === '') {
    delete location.label;
  }
  return validated(location as unknown as ProjectRegion, problems);
}
