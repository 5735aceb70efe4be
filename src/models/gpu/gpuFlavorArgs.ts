import * as l10n from '@vscode/l10n';
import type { FieldSpec } from '../../validation/fieldSpec';
import { validateArgs } from '../../validation/argumentObjects';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';
import type { Validated } from '../../validation/problems';

export interface ListGpuFlavorsArgs {
  projectId: number;
  regionId: number;
  hideDisabled?: boolean;
  includePrices?: boolean;
}

const LIST_GPU_FLAVORS_ARGS: readonly FieldSpec[] = [
  PROJECT_ID_FIELD,
  REGION_ID_FIELD,
  { name: 'hideDisabled', kind: 'boolean', label: l10n.t('Hide disabled'), description: l10n.t('Leave out disabled flavors.') },
  { name: 'includePrices', kind: 'boolean', label: l10n.t('Include prices'), description: l10n.t('Ask for flavor prices.') },
];

export function validateListGpuFlavorsArgs(input: unknown): Validated<ListGpuFlavorsArgs> {
  return validateArgs<ListGpuFlavorsArgs>(input, LIST_GPU_FLAVORS_ARGS);
}
