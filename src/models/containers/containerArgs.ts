import * as l10n from '@vscode/l10n';
import { CONTAINER_NAME_FIELD, CONTAINER_UPDATE_FIELDS, type ContainerUpdate } from './containerUpdate';
import { isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec } from '../../validation/fieldSpec';
import { validateArgs } from '../../validation/argumentObjects';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';
import type { Validated } from '../../validation/problems';

/*
 * The containers' programmatic command arguments (see the extension contract). Problems name the argument path,
 * so a bad change reads 'changes.scale.min' rather than the bare wire path.
 */

export interface UpdateContainerArgs {
  projectId: number;
  regionId: number;
  containerName: string;
  changes: ContainerUpdate;
}

const UPDATE_CONTAINER_ARGS: readonly FieldSpec[] = [
  PROJECT_ID_FIELD,
  REGION_ID_FIELD,
  CONTAINER_NAME_FIELD,
  {
    name: 'changes',
    kind: 'object',
    label: l10n.t('Changes'),
    description: l10n.t('Fields of the update payload to change.'),
    required: true,
    fields: CONTAINER_UPDATE_FIELDS,
  },
];

export function validateUpdateContainerArgs(input: unknown): Validated<UpdateContainerArgs> {
  return validateArgs<UpdateContainerArgs>(input, UPDATE_CONTAINER_ARGS, (args, problems) => {
    if (isPlainObject(args.changes) && Object.keys(args.changes).length === 0) {
      problems.push({ field: 'changes', message: l10n.t('must change at least one field') });
    }
  });
}

export interface ContainerRefArgs {
  projectId: number;
  regionId: number;
  containerName: string;
}

const CONTAINER_REF_ARGS: readonly FieldSpec[] = [PROJECT_ID_FIELD, REGION_ID_FIELD, CONTAINER_NAME_FIELD];

/** `{ projectId, regionId, containerName }` of getContainer. */
export function validateContainerRefArgs(input: unknown): Validated<ContainerRefArgs> {
  return validateArgs(input, CONTAINER_REF_ARGS);
}

export interface ContainerLogsArgs extends ContainerRefArgs {
  limit?: number;
}

const LOG_LIMIT_FIELD: FieldSpec = {
  name: 'limit',
  kind: 'integer',
  label: l10n.t('Lines'),
  description: l10n.t('How many of the newest log lines to read, from 1 to 100,000.'),
  minimum: 1,
  maximum: 100_000,
};

/** `{ projectId, regionId, containerName, limit? }` of getContainerLogs. */
export function validateContainerLogsArgs(input: unknown): Validated<ContainerLogsArgs> {
  return validateArgs(input, [...CONTAINER_REF_ARGS, LOG_LIMIT_FIELD]);
}
