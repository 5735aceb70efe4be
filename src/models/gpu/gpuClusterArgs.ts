import * as l10n from '@vscode/l10n';
import type { GpuClusterAction, GpuKind } from '../../api/gpu/gpuClusterTypes';
import type { BooleanFieldSpec, FieldSpec, IntegerFieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validated, type Validated } from '../../validation/problems';
import { validateArgs } from '../../validation/argumentObjects';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';

/*
 * The programmatic arguments of the GPU cluster commands (the extension contract, "GPU clusters"). Ids are the
 * UUIDs Gcore gives: anything else is refused before a request, naming the field.
 */

export interface GpuLocationArgs {
  projectId: number;
  regionId: number;
  kind: GpuKind;
}

export interface GpuClusterArgs extends GpuLocationArgs {
  clusterId: string;
}

export interface GpuServerArgs extends GpuClusterArgs {
  serverId: string;
}

export interface GpuClusterActionArgs extends GpuClusterArgs {
  action: GpuClusterAction;
}

export interface ResizeGpuClusterArgs extends GpuClusterArgs {
  serversCount: number;
}

export interface DeleteGpuClusterArgs extends GpuClusterArgs {
  deleteVolumes?: boolean;
  deleteFloatingIps?: boolean;
}

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const GPU_KIND_FIELD: StringFieldSpec = {
  name: 'kind',
  kind: 'string',
  label: l10n.t('Kind'),
  description: l10n.t('"virtual" (the default) or "baremetal".'),
  pattern: '^(virtual|baremetal)$',
  patternHint: l10n.t('must be "virtual" or "baremetal"'),
};

export const CLUSTER_ID_FIELD: StringFieldSpec = {
  name: 'clusterId',
  kind: 'string',
  label: l10n.t('Cluster ID'),
  description: l10n.t("The GPU cluster's ID, the UUID Gcore gives it."),
  required: true,
  trim: true,
  pattern: UUID_PATTERN,
  patternHint: l10n.t("must be the cluster's UUID as Gcore gives it, such as 058e03b4-c44b-4684-9075-810cb0354467"),
};

export const SERVER_ID_FIELD: StringFieldSpec = {
  ...CLUSTER_ID_FIELD,
  name: 'serverId',
  label: l10n.t('Server ID'),
  description: l10n.t("The GPU server's ID, the UUID Gcore gives it."),
  patternHint: l10n.t("must be the server's UUID as Gcore gives it, such as 0fce6b19-e523-42cf-a74c-571429009735"),
};

export const CLUSTER_ACTION_FIELD: StringFieldSpec = {
  name: 'action',
  kind: 'string',
  label: l10n.t('Action'),
  description: l10n.t('"start", "stop", "soft_reboot" or "hard_reboot".'),
  required: true,
  pattern: '^(start|stop|soft_reboot|hard_reboot)$',
  patternHint: l10n.t('must be "start", "stop", "soft_reboot" or "hard_reboot"'),
};

/** Gcore's bounds for a cluster's servers: more than 0, fewer than 1000. */
export const SERVERS_COUNT_FIELD: IntegerFieldSpec = {
  name: 'serversCount',
  kind: 'integer',
  label: l10n.t('Servers'),
  description: l10n.t('The number of servers the cluster should have, 1 to 999.'),
  required: true,
  minimum: 1,
  maximum: 999,
};

export const DELETE_VOLUMES_FIELD: BooleanFieldSpec = {
  name: 'deleteVolumes',
  kind: 'boolean',
  label: l10n.t('Delete volumes'),
  description: l10n.t("Delete the cluster's volumes with it (virtual clusters; kept volumes keep costing)."),
};

export const DELETE_FLOATING_IPS_FIELD: BooleanFieldSpec = {
  name: 'deleteFloatingIps',
  kind: 'boolean',
  label: l10n.t('Delete floating IPs'),
  description: l10n.t("Delete the cluster's floating IPs with it (kept ones keep costing)."),
};

const LOCATION_FIELDS: readonly FieldSpec[] = [PROJECT_ID_FIELD, REGION_ID_FIELD, GPU_KIND_FIELD];
export const CLUSTER_FIELDS: readonly FieldSpec[] = [...LOCATION_FIELDS, CLUSTER_ID_FIELD];

/** `kind` defaults to virtual, and an id is read in lower case, as Gcore writes it. */
export function withDefaults<T extends Partial<GpuLocationArgs>>(result: Validated<T>): Validated<T> {
  if (!result.ok) return result;
  const value = { ...result.value, kind: result.value.kind ?? 'virtual' } as T & Record<string, unknown>;
  for (const field of ['clusterId', 'serverId']) {
    if (typeof value[field] === 'string') (value as Record<string, unknown>)[field] = (value[field] as string).toLowerCase();
  }
  return { ok: true, value };
}

export function validateGpuLocationArgs(input: unknown): Validated<GpuLocationArgs> {
  return withDefaults(validateArgs<GpuLocationArgs>(input, LOCATION_FIELDS));
}

export function validateGpuClusterArgs(input: unknown): Validated<GpuClusterArgs> {
  return withDefaults(validateArgs<GpuClusterArgs>(input, CLUSTER_FIELDS));
}

export function validateGpuServerArgs(input: unknown): Validated<GpuServerArgs> {
  return withDefaults(validateArgs<GpuServerArgs>(input, [...CLUSTER_FIELDS, SERVER_ID_FIELD]));
}

export function validateGpuClusterActionArgs(input: unknown): Validated<GpuClusterActionArgs> {
  return withDefaults(validateArgs<GpuClusterActionArgs>(input, [...CLUSTER_FIELDS, CLUSTER_ACTION_FIELD]));
}

export function validateResizeGpuClusterArgs(input: unknown): Validated<ResizeGpuClusterArgs> {
  return withDefaults(validateArgs<ResizeGpuClusterArgs>(input, [...CLUSTER_FIELDS, SERVERS_COUNT_FIELD]));
}

/**
 * A bare-metal cluster has local disks only, which go with its servers: `deleteVolumes` is refused there, since
 * Gcore's bare-metal delete has no such flag and the choice it names would not be made.
 */
export function validateDeleteGpuClusterArgs(input: unknown): Validated<DeleteGpuClusterArgs> {
  const checked = withDefaults(
    validateArgs<DeleteGpuClusterArgs>(input, [...CLUSTER_FIELDS, DELETE_VOLUMES_FIELD, DELETE_FLOATING_IPS_FIELD]),
  );
  if (!checked.ok || checked.value.kind !== 'baremetal' || checked.value.deleteVolumes === undefined) return checked;
  return validated(checked.value, [
    {
      field: DELETE_VOLUMES_FIELD.name,
      message: l10n.t('is not a choice for a bare-metal cluster, whose disks are local and go with its servers: leave it out'),
    },
  ]);
}

export function validateListSshKeysArgs(input: unknown): Validated<{ projectId: number }> {
  return validateArgs<{ projectId: number }>(input, [PROJECT_ID_FIELD]);
}
