import * as l10n from '@vscode/l10n';
import type { GpuKind } from '../../api/gpu/gpuClusterTypes';
import { checkFields, isPlainObject, joinPath } from '../../validation/fieldChecks';
import type {
  BooleanFieldSpec,
  FieldSpec,
  IntegerFieldSpec,
  ListFieldSpec,
  ObjectFieldSpec,
  StringFieldSpec,
  StringMapFieldSpec,
} from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { GPU_KIND_FIELD } from './gpuClusterArgs';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';

/*
 * A new GPU cluster's create payload as Gcore checks it (ClusterCreateSerializer, BaremetalClusterCreateSerializer;
 * docs/gcore-api.md "GPU clusters" and the GPU notes §2.1, §2.2): one spec per field, which the wizard's boxes, the
 * contract commands' argument check and the JSON document share. What a spec cannot say (an interface's fields by
 * its type, the boot volume, the interface count) is checked by `validateGpuClusterCreate`.
 */

/** The volume types Gcore names; a region offers some of them. */
export const GPU_VOLUME_TYPES = ['cold', 'ssd_hiiops', 'ssd_local', 'ssd_lowlatency', 'standard', 'ultra'] as const;

/** The boot volume's size when the image asks for no more (Gcore's guide: "default: 120 GiB"). */
export const DEFAULT_BOOT_VOLUME_GIB = 120;

/** Virtual servers have at most three interfaces, two with file shares (InfiniBand is not counted). */
const MAX_VIRTUAL_INTERFACES = 3;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Gcore's rule for cluster, volume and SSH key names: a letter or digit first, no space or hyphen last. */
export function resourceNamePattern(maxLength: number): string {
  return `^[a-zA-Z0-9][a-zA-Z 0-9._\\-]{1,${maxLength - 2}}[a-zA-Z0-9._]$`;
}

export const NAME_HINT = l10n.t(
  'must start with a letter or digit, hold letters, digits, spaces, dots, underscores and hyphens, and not end with a space or hyphen',
);

function patternField(
  name: string,
  label: string,
  description: string,
  match: { pattern: string; patternHint: string },
  required: boolean,
): StringFieldSpec {
  return { name, kind: 'string', label, description, required, trim: true, ...match };
}

function uuidField(name: string, label: string, description: string, required = false): StringFieldSpec {
  const patternHint = l10n.t('must be a UUID as Gcore gives it, such as 2a818d08-a9d3-4477-9966-2663d46f6a27');
  return patternField(name, label, description, { pattern: UUID_PATTERN, patternHint }, required);
}

function oneOf(name: string, label: string, description: string, choices: readonly string[], required = false): StringFieldSpec {
  const match = { pattern: `^(${choices.join('|')})$`, patternHint: l10n.t('must be one of: {0}', choices.join(', ')) };
  return patternField(name, label, description, match, required);
}

export const GPU_CLUSTER_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Name'),
  description: l10n.t("The cluster's name, 3 to 63 characters; its servers are named after it."),
  required: true,
  minLength: 3,
  maxLength: 63,
  pattern: resourceNamePattern(63),
  patternHint: NAME_HINT,
};

export const GPU_FLAVOR_FIELD: StringFieldSpec = {
  name: 'flavor',
  kind: 'string',
  label: l10n.t('Flavor'),
  description: l10n.t("The flavor's name, such as g3-ai-32-192-1500-l40s-48-1: the GPUs, CPUs and memory of each server."),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 255,
  // Gcore's flavor names are one word of these; a line break or a space would reach the request and the texts built from it.
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  patternHint: l10n.t(
    'must be a flavor name as Gcore lists it: letters, digits, dots, underscores and hyphens, such as g3-ai-32-192-1500-l40s-48-1',
  ),
};

export const GPU_SERVERS_COUNT_FIELD: IntegerFieldSpec = {
  name: 'servers_count',
  kind: 'integer',
  label: l10n.t('Servers'),
  description: l10n.t('How many servers the cluster has, 1 to 999; each is billed by the hour.'),
  required: true,
  minimum: 1,
  maximum: 999,
};

export const GPU_IMAGE_ID_FIELD: StringFieldSpec = uuidField(
  'image_id',
  l10n.t('Image'),
  l10n.t("The image's ID: the system, GPU driver and CUDA the servers boot."),
);

export const BOOT_VOLUME_SIZE_FIELD: IntegerFieldSpec = {
  name: 'size',
  kind: 'integer',
  label: l10n.t('Size (GiB)'),
  description: l10n.t("The volume's size in GiB, 1 to 102399; a boot volume at least its image's minimum."),
  required: true,
  minimum: 1,
  maximum: 102_399,
};

export const VOLUME_TYPE_FIELD: StringFieldSpec = oneOf(
  'type',
  l10n.t('Volume type'),
  l10n.t('The kind of disk; not every region offers every type.'),
  GPU_VOLUME_TYPES,
  true,
);

export const VOLUME_NAME_FIELD: StringFieldSpec = {
  ...GPU_CLUSTER_NAME_FIELD,
  description: l10n.t("The volume's name, 3 to 63 characters."),
};

const TAGS_FIELD: StringMapFieldSpec = {
  name: 'tags',
  kind: 'stringMap',
  label: l10n.t('Tags'),
  description: l10n.t('Key-value tags: keys without spaces or "=", values up to 255 characters.'),
  keyPattern: '^[^\\s=]{1,255}$',
  keyHint: l10n.t('of 1 to 255 characters without spaces or "="'),
  valueMaxLength: 255,
};

const DELETE_ON_TERMINATION_FIELD: BooleanFieldSpec = {
  name: 'delete_on_termination',
  kind: 'boolean',
  label: l10n.t('Delete with the server'),
  description: l10n.t('Whether the volume goes when its server is deleted (default false).'),
};

const VOLUME_FIELD: ObjectFieldSpec = {
  name: 'volumes',
  kind: 'object',
  label: l10n.t('Volume'),
  description: l10n.t('A volume of each server: from an image (the boot volume) or new and empty.'),
  fields: [
    oneOf('source', l10n.t('Source'), l10n.t('"image" (the boot volume) or "new".'), ['image', 'new'], true),
    { ...GPU_IMAGE_ID_FIELD, description: l10n.t('The image the volume is made from, when its source is "image".') },
    BOOT_VOLUME_SIZE_FIELD,
    VOLUME_TYPE_FIELD,
    { ...VOLUME_NAME_FIELD, required: true },
    {
      name: 'boot_index',
      kind: 'integer',
      label: l10n.t('Boot index'),
      description: l10n.t('0 for the volume the server boots from.'),
      required: true,
      minimum: 0,
      maximum: 63,
    },
    DELETE_ON_TERMINATION_FIELD,
    TAGS_FIELD,
  ],
};

const SECURITY_GROUPS_FIELD: ListFieldSpec = {
  name: 'security_groups',
  kind: 'list',
  label: l10n.t('Security groups'),
  description: l10n.t('The security groups of the interface, by ID.'),
  item: {
    name: 'security_groups',
    kind: 'object',
    label: l10n.t('Security group'),
    description: '',
    fields: [uuidField('id', l10n.t('ID'), l10n.t("The security group's ID."), true)],
  },
};

export const INTERFACE_TYPES = ['external', 'subnet', 'any_subnet'] as const;

const INTERFACE_FIELD: ObjectFieldSpec = {
  name: 'interfaces',
  kind: 'object',
  label: l10n.t('Interface'),
  description: l10n.t('A network interface of each server.'),
  fields: [
    oneOf(
      'type',
      l10n.t('Network'),
      l10n.t('"external" (a public address), "subnet" or "any_subnet" (a private network).'),
      INTERFACE_TYPES,
      true,
    ),
    oneOf('ip_family', l10n.t('IP family'), l10n.t('"ipv4" (the default), "ipv6" or "dual".'), ['dual', 'ipv4', 'ipv6']),
    {
      name: 'name',
      kind: 'string',
      label: l10n.t('Interface name'),
      description: l10n.t("The interface's name, up to 37 characters."),
      maxLength: 37,
    },
    {
      name: 'port_security_enabled',
      kind: 'boolean',
      label: l10n.t('Port security'),
      description: l10n.t('Whether the security groups filter the traffic (false is refused on public networks).'),
    },
    SECURITY_GROUPS_FIELD,
    uuidField('network_id', l10n.t('Network ID'), l10n.t('The private network, for "subnet" and "any_subnet".')),
    uuidField('subnet_id', l10n.t('Subnet ID'), l10n.t('The subnet, for "subnet".')),
    {
      name: 'floating_ip',
      kind: 'object',
      label: l10n.t('Floating IP'),
      description: l10n.t('A new floating IP for a private interface: {"source": "new"}.'),
      fields: [oneOf('source', l10n.t('Source'), l10n.t('"new"'), ['new'], true)],
    },
  ],
};

export const CLUSTER_SSH_KEY_FIELD: StringFieldSpec = {
  name: 'ssh_key_name',
  kind: 'string',
  label: l10n.t('SSH key'),
  description: l10n.t("The name of the project's SSH key the servers accept."),
  minLength: 1,
  maxLength: 255,
};

const CREDENTIALS_FIELD: ObjectFieldSpec = {
  name: 'credentials',
  kind: 'object',
  label: l10n.t('Credentials'),
  description: l10n.t('The SSH key, or a user and password, the servers accept.'),
  fields: [
    CLUSTER_SSH_KEY_FIELD,
    {
      name: 'username',
      kind: 'string',
      label: l10n.t('User'),
      description: l10n.t("A user to create with the password; without it the password is the default user's."),
      minLength: 1,
      maxLength: 255,
    },
    {
      name: 'password',
      kind: 'string',
      label: l10n.t('Password'),
      description: l10n.t('A password for the user, 8 to 72 characters; not with user_data.'),
      minLength: 8,
      maxLength: 72,
    },
  ],
};

function settingsField(kind: GpuKind): ObjectFieldSpec {
  const interfaces: ListFieldSpec = {
    name: 'interfaces',
    kind: 'list',
    label: l10n.t('Interfaces'),
    description: l10n.t("The servers' network interfaces, at least one."),
    required: true,
    minItems: 1,
    item: INTERFACE_FIELD,
  };
  const volumes: ListFieldSpec = {
    name: 'volumes',
    kind: 'list',
    label: l10n.t('Volumes'),
    description: l10n.t("Each server's volumes: the boot volume from an image (boot_index 0), and any new ones."),
    required: true,
    item: VOLUME_FIELD,
  };
  return {
    name: 'servers_settings',
    kind: 'object',
    label: l10n.t('Server settings'),
    description: l10n.t('What every server of the cluster is made of.'),
    required: true,
    fields: [
      interfaces,
      ...(kind === 'virtual' ? [volumes] : []),
      CREDENTIALS_FIELD,
      {
        name: 'user_data',
        kind: 'string',
        label: l10n.t('User data'),
        description: l10n.t('cloud-init user data, base64-encoded.'),
        pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
        patternHint: l10n.t('must be base64'),
      },
      {
        name: 'file_shares',
        kind: 'list',
        label: l10n.t('File shares'),
        description: l10n.t('File shares to mount, by ID and mount path.'),
        item: {
          name: 'file_shares',
          kind: 'object',
          label: l10n.t('File share'),
          description: '',
          fields: [
            uuidField('id', l10n.t('ID'), l10n.t("The file share's ID."), true),
            {
              name: 'mount_path',
              kind: 'string',
              label: l10n.t('Mount path'),
              description: l10n.t('Where the share is mounted on each server.'),
              required: true,
              minLength: 1,
            },
          ],
        },
      },
      { ...SECURITY_GROUPS_FIELD, description: l10n.t('Deprecated: set security groups on the interfaces instead.') },
    ],
  };
}

/** The create payload's fields of a kind: bare metal names its image at the top and has no volumes. */
export function gpuClusterCreateFields(kind: GpuKind): readonly FieldSpec[] {
  return [
    GPU_CLUSTER_NAME_FIELD,
    GPU_FLAVOR_FIELD,
    ...(kind === 'baremetal' ? [{ ...GPU_IMAGE_ID_FIELD, required: true }] : []),
    GPU_SERVERS_COUNT_FIELD,
    settingsField(kind),
    TAGS_FIELD,
  ];
}

export interface GpuInterfaceSpec {
  type: (typeof INTERFACE_TYPES)[number];
  ip_family?: string;
  name?: string;
  network_id?: string;
  subnet_id?: string;
  floating_ip?: { source: 'new' };
  [extra: string]: unknown;
}

export interface GpuVolumeSpec {
  source: 'image' | 'new';
  image_id?: string;
  size: number;
  type: string;
  name: string;
  boot_index: number;
  [extra: string]: unknown;
}

/** The create payload, wire field names (checked: only what `gpuClusterCreateFields` names). */
export interface GpuClusterCreate {
  name: string;
  flavor: string;
  servers_count: number;
  image_id?: string;
  servers_settings: {
    interfaces: GpuInterfaceSpec[];
    volumes?: GpuVolumeSpec[];
    credentials?: { ssh_key_name?: string; username?: string; password?: string };
    user_data?: string;
    file_shares?: { id: string; mount_path: string }[];
    security_groups?: { id: string }[];
  };
  tags?: Record<string, string>;
}

/** The fields an interface of each type takes beyond `type`, `name`, port security and security groups. */
const INTERFACE_TYPE_FIELDS: ReadonlyMap<string, { allowed: readonly string[]; required: readonly string[] }> = new Map([
  ['external', { allowed: ['ip_family'], required: [] }],
  ['subnet', { allowed: ['network_id', 'subnet_id', 'floating_ip'], required: ['network_id', 'subnet_id'] }],
  ['any_subnet', { allowed: ['network_id', 'ip_family', 'floating_ip'], required: ['network_id'] }],
]);

function checkInterfaceTypes(interfaces: readonly GpuInterfaceSpec[], path: string, problems: FieldProblem[]): void {
  interfaces.forEach((item, index) => {
    const rule = INTERFACE_TYPE_FIELDS.get(item.type);
    if (!rule) return;
    for (const key of ['ip_family', 'network_id', 'subnet_id', 'floating_ip']) {
      if (item[key] !== undefined && !rule.allowed.includes(key)) {
        problems.push({ field: `${path}.${index}.${key}`, message: l10n.t('is not taken by an interface of type {0}', item.type) });
      }
    }
    for (const key of rule.required) {
      if (item[key] === undefined) {
        problems.push({ field: `${path}.${index}.${key}`, message: l10n.t('is required for an interface of type {0}', item.type) });
      }
    }
  });
}

/** A virtual server boots from its volume with boot_index 0, made from an image; every image volume names its image. */
function checkVolumes(volumes: readonly GpuVolumeSpec[], path: string, problems: FieldProblem[]): void {
  const boot = volumes.findIndex((volume) => volume.boot_index === 0);
  if (boot === -1) problems.push({ field: path, message: l10n.t('needs a boot volume from an image (boot_index 0, source "image")') });
  else if (volumes[boot].source !== 'image') {
    problems.push({ field: `${path}.${boot}.source`, message: l10n.t('must be "image" for the boot volume') });
  }
  volumes.forEach((volume, index) => {
    if (volume.source === 'image' && volume.image_id === undefined) {
      problems.push({ field: `${path}.${index}.image_id`, message: l10n.t('is required for a volume from an image') });
    }
    if (volume.source === 'new' && volume.image_id !== undefined) {
      problems.push({ field: `${path}.${index}.image_id`, message: l10n.t('is taken only by a volume from an image') });
    }
  });
}

function checkSettings(kind: GpuKind, settings: GpuClusterCreate['servers_settings'], path: string, problems: FieldProblem[]): void {
  checkInterfaceTypes(settings.interfaces, `${path}.interfaces`, problems);
  if (kind === 'virtual') {
    const max = MAX_VIRTUAL_INTERFACES - ((settings.file_shares?.length ?? 0) > 0 ? 1 : 0);
    if (settings.interfaces.length > max) {
      problems.push({
        field: `${path}.interfaces`,
        message: l10n.t('must hold at most {0} interfaces on a virtual cluster (two with file shares)', max),
      });
    }
    checkVolumes(settings.volumes ?? [], `${path}.volumes`, problems);
  }
  if (settings.credentials?.password !== undefined && settings.user_data !== undefined) {
    problems.push({ field: `${path}.credentials.password`, message: l10n.t('cannot be sent with user_data') });
  }
  if (settings.security_groups !== undefined && settings.interfaces.some((item) => item.security_groups !== undefined)) {
    problems.push({ field: `${path}.security_groups`, message: l10n.t("cannot be combined with the interfaces' security_groups") });
  }
}

/**
 * Checks a create payload (wire field names) as Gcore does, before any request; each problem names its field
 * under `prefix` ('cluster.servers_settings.volumes.0.size'). Whether the flavor, image and key exist, and the
 * boot volume against the image's minimum, need Gcore's lists: the wizard checks those with what it read.
 */
export function validateGpuClusterCreate(kind: GpuKind, input: unknown, prefix = ''): Validated<GpuClusterCreate> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        {
          field: prefix,
          message: l10n.t('the new GPU cluster must be an object with name, flavor, servers_count and servers_settings'),
        },
      ],
    };
  }
  const problems: FieldProblem[] = [];
  const cluster = checkFields(gpuClusterCreateFields(kind), input, prefix, problems) as unknown as GpuClusterCreate;
  if (problems.length === 0) checkSettings(kind, cluster.servers_settings, joinPath(prefix, 'servers_settings'), problems);
  return validated(cluster, problems);
}

/** A boot volume's size for an image: its minimum, and never less than Gcore's default of 120 GiB. */
export function defaultBootVolumeSize(image: { min_disk?: number | null }): number {
  const minimum = typeof image.min_disk === 'number' && Number.isFinite(image.min_disk) ? Math.ceil(image.min_disk) : 0;
  return Math.max(DEFAULT_BOOT_VOLUME_GIB, minimum);
}

/** A boot volume size typed for an image, checked as Gcore does: the field's bounds, then the image's minimum. */
export function bootVolumeSizeProblem(size: number, image: { min_disk?: number | null; name?: string }): string | undefined {
  const minimum = typeof image.min_disk === 'number' && Number.isFinite(image.min_disk) ? Math.ceil(image.min_disk) : 0;
  return size < minimum ? l10n.t('must be at least {0} GiB, the minimum of image {1}', minimum, image.name ?? '') : undefined;
}

/** The boot volume types a new cluster is offered, and whether they are the region's own or every type, the region not saying. */
export interface OfferedVolumeTypes {
  types: readonly string[];
  fromRegion: boolean;
}

/**
 * Of the types a region says it offers (`available_volume_types`), those a create takes; every type when the
 * region does not say, or names none of them.
 */
export function offeredVolumeTypes(regionTypes: readonly string[] | undefined): OfferedVolumeTypes {
  const types = GPU_VOLUME_TYPES.filter((type) => regionTypes?.includes(type));
  return types.length > 0 ? { types, fromRegion: true } : { types: GPU_VOLUME_TYPES, fromRegion: false };
}

/** The volume type a boot volume takes unless the user picks another: the guide's ssd_hiiops where the region has it. */
export function defaultVolumeType(offered: readonly string[]): string {
  return offered.includes('ssd_hiiops') || offered.length === 0 ? 'ssd_hiiops' : offered[0];
}

/**
 * What `check_limits` is asked of a new cluster: its flavor, servers and settings in the quota check's own keys
 * (interfaces as created; volumes by source, size, type and image only).
 */
export function quotaCheckRequest(kind: GpuKind, cluster: GpuClusterCreate): Record<string, unknown> {
  const settings: Record<string, unknown> = { interfaces: cluster.servers_settings.interfaces };
  if (kind === 'virtual') {
    settings.volumes = (cluster.servers_settings.volumes ?? []).map((volume) => ({
      source: volume.source,
      size: volume.size,
      type: volume.type,
      ...(volume.image_id !== undefined && { image_id: volume.image_id }),
    }));
  }
  return { flavor: cluster.flavor, servers_count: cluster.servers_count, servers_settings: settings };
}

/**
 * The pricing preview's body for a create payload. It has its own keys (GPU notes §2.9): `instances_count` for
 * `servers_count`, interfaces at the top with `interface_name`, volumes as `{source: "new-volume", size,
 * type_name}`; bare metal names its image. The create body is never sent there.
 */
export function pricePreviewRequest(kind: GpuKind, cluster: GpuClusterCreate): Record<string, unknown> {
  const interfaces = cluster.servers_settings.interfaces.map((item) => ({
    type: item.type,
    ...(item.name !== undefined && { interface_name: item.name }),
    ...(item.ip_family !== undefined && { ip_family: item.ip_family }),
    ...(item.network_id !== undefined && { network_id: item.network_id }),
    ...(item.subnet_id !== undefined && { subnet_id: item.subnet_id }),
    ...(item.floating_ip !== undefined && { floating_ip: { source: 'new' } }),
  }));
  const body: Record<string, unknown> = {
    name: cluster.name,
    flavor: cluster.flavor,
    instances_count: cluster.servers_count,
    interfaces,
  };
  if (kind === 'virtual') {
    body.volumes = (cluster.servers_settings.volumes ?? []).map((volume) => ({
      source: 'new-volume',
      size: volume.size,
      type_name: volume.type,
    }));
  } else if (cluster.image_id !== undefined) {
    body.image_id = cluster.image_id;
  }
  return body;
}

/** `gcore.createGpuCluster`'s and `gcore.previewGpuCluster`'s argument: where, which product, and the create payload. */
export interface GpuClusterCreateArgs {
  projectId: number;
  regionId: number;
  kind: GpuKind;
  cluster: GpuClusterCreate;
}

export function validateGpuClusterCreateArgs(input: unknown): Validated<GpuClusterCreateArgs> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', 'projectId, regionId, kind, cluster') }],
    };
  }
  const problems: FieldProblem[] = [];
  const { cluster, ...location } = input;
  const ref = checkFields([PROJECT_ID_FIELD, REGION_ID_FIELD, GPU_KIND_FIELD], location, '', problems);
  const kind: GpuKind = ref.kind === 'baremetal' ? 'baremetal' : 'virtual';
  if (cluster === undefined) problems.push({ field: 'cluster', message: l10n.t('is required') });
  const checked = cluster === undefined ? undefined : validateGpuClusterCreate(kind, cluster, 'cluster');
  if (checked && !checked.ok) problems.push(...checked.problems);
  return validated({ ...ref, kind, cluster: checked?.ok ? checked.value : undefined } as GpuClusterCreateArgs, problems);
}
