import { isJsonObject } from './api-request';
import {
  checkBoolean,
  checkInteger,
  checkList,
  checkObject,
  checkOneOf,
  checkRequired,
  checkString,
  checkUuid,
  FieldErrors,
  NOT_A_MAPPING,
  resourceNamePattern,
  type FieldRule,
} from './field-checks';
import type { GpuKind } from './gpu-kind';

// Bounds and patterns of Gcore's ClusterCreateSerializer and BaremetalClusterCreateSerializer (docs: gpu-notes.md §2.1, §2.2).
const NAME_RULE: FieldRule = (e, f, v) => checkString(e, f, v, { maxLength: 63, pattern: resourceNamePattern(63) });
const VOLUME_TYPES = ['cold', 'ssd_hiiops', 'ssd_local', 'ssd_lowlatency', 'standard', 'ultra'];
const IP_FAMILIES = ['dual', 'ipv4', 'ipv6'];
const TAG_KEY = /^[^\s=]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** InfiniBand is not counted; file shares take one of the three. */
const MAX_VIRTUAL_INTERFACES = 3;

function mapping(rules: Record<string, FieldRule>, required: readonly string[] = []): FieldRule {
  return (errors, field, value) => {
    if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
    checkRequired(errors, value, required, field);
    checkObject(errors, field, value, rules);
  };
}

const checkIpFamily: FieldRule = (e, f, v) => checkOneOf(e, f, v, IP_FAMILIES);
const checkAnyString: FieldRule = (e, f, v) => checkString(e, f, v);
const checkSecurityGroups: FieldRule = (e, f, v) => checkList(e, f, v, mapping({ id: checkUuid }, ['id']));
const checkFloatingIp = mapping({ source: (e, f, v) => checkOneOf(e, f, v, ['new']) }, ['source']);

const COMMON_INTERFACE_RULES: Record<string, FieldRule> = {
  type: (e, f, v) => checkOneOf(e, f, v, ['external', 'subnet', 'any_subnet']),
  name: (e, f, v) => checkString(e, f, v, { maxLength: 37 }),
  port_security_enabled: checkBoolean,
  security_groups: checkSecurityGroups,
};

/** An interface, discriminated by its `type`; what a type does not define is an unknown field. */
export const checkInterface: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  const rules: Record<string, FieldRule> = { ...COMMON_INTERFACE_RULES };
  const required = ['type'];
  if (value.type === 'external' || value.type === 'any_subnet') rules.ip_family = checkIpFamily;
  if (value.type === 'subnet' || value.type === 'any_subnet') {
    Object.assign(rules, { network_id: checkUuid, floating_ip: checkFloatingIp });
    required.push('network_id');
  }
  if (value.type === 'subnet') {
    rules.subnet_id = checkUuid;
    required.push('subnet_id');
  }
  mapping(rules, required)(errors, field, value);
};

const checkTags: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  for (const [key, tagValue] of Object.entries(value)) {
    checkString(errors, `${field}.${key}`, key, { minLength: 1, maxLength: 255, pattern: TAG_KEY });
    checkString(errors, `${field}.${key}`, tagValue, { minLength: 1, maxLength: 255 });
  }
};

/** A volume of the template: from an image (which it then names) or new and empty. */
export const checkVolume: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  const fromImage = value.source === 'image';
  const rules: Record<string, FieldRule> = {
    source: (e, f, v) => checkOneOf(e, f, v, ['image', 'new']),
    size: (e, f, v) => checkInteger(e, f, v, 1, 102_399),
    type: (e, f, v) => checkOneOf(e, f, v, VOLUME_TYPES),
    name: NAME_RULE,
    boot_index: (e, f, v) => checkInteger(e, f, v),
    delete_on_termination: checkBoolean,
    tags: checkTags,
  };
  if (fromImage) rules.image_id = checkUuid;
  const required = ['source', 'size', 'type', 'name', 'boot_index'];
  mapping(rules, fromImage ? [...required, 'image_id'] : required)(errors, field, value);
};

/** A virtual server boots from the volume with boot_index 0, which must come from an image (the guide's rule). */
function checkBootVolume(errors: FieldErrors, field: string, volumes: unknown[]): void {
  const index = volumes.findIndex((volume) => isJsonObject(volume) && volume.boot_index === 0);
  if (index === -1) return errors.add(field, 'A boot volume (boot_index 0) from an image is required.');
  if ((volumes[index] as Record<string, unknown>).source !== 'image') {
    errors.add(`${field}.${index}.source`, 'The boot volume must have source "image".');
  }
}

const checkCredentials = mapping({
  ssh_key_name: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 255 }),
  username: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 255 }),
  password: (e, f, v) => checkString(e, f, v, { minLength: 8, maxLength: 72 }),
});

function checkServersSettings(kind: GpuKind): FieldRule {
  return (errors, field, value) => {
    if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
    const fileShares = Array.isArray(value.file_shares) && value.file_shares.length > 0;
    const maxItems = kind === 'virtual' ? MAX_VIRTUAL_INTERFACES - (fileShares ? 1 : 0) : undefined;
    const rules: Record<string, FieldRule> = {
      interfaces: (e, f, v) => checkList(e, f, v, checkInterface, { minItems: 1, maxItems }),
      credentials: checkCredentials,
      user_data: (e, f, v) => checkString(e, f, v, { pattern: BASE64 }),
      file_shares: (e, f, v) => checkList(e, f, v, mapping({ id: checkUuid, mount_path: checkAnyString }, ['id', 'mount_path'])),
      security_groups: checkSecurityGroups,
    };
    if (kind === 'virtual') rules.volumes = (e, f, v) => checkList(e, f, v, checkVolume);
    mapping(rules, kind === 'virtual' ? ['interfaces', 'volumes'] : ['interfaces'])(errors, field, value);
    if (kind === 'virtual' && Array.isArray(value.volumes)) checkBootVolume(errors, `${field}.volumes`, value.volumes);
    const password = isJsonObject(value.credentials) ? value.credentials.password : undefined;
    if (typeof password === 'string' && value.user_data !== undefined && value.user_data !== null) {
      errors.add(`${field}.credentials.password`, "Mutually exclusive with 'user_data'.");
    }
    const perInterfaceGroups =
      Array.isArray(value.interfaces) && value.interfaces.some((item) => isJsonObject(item) && item.security_groups !== undefined);
    if (value.security_groups !== undefined && perInterfaceGroups) {
      errors.add(`${field}.security_groups`, 'Cannot be combined with interfaces[].security_groups.');
    }
  };
}

/**
 * The invalid fields of a create payload, keyed by dotted path (list items by index); empty when it is valid.
 * Whether the flavor, image and SSH key exist is the endpoint's to check. A virtual cluster's image belongs in
 * its boot volume: a top-level `image_id` (as one of Gcore's guides sends it) is not in the schema.
 */
export function validateGpuClusterCreate(kind: GpuKind, body: Record<string, unknown>): Record<string, string[]> {
  const errors = new FieldErrors();
  const rules: Record<string, FieldRule> = {
    name: NAME_RULE,
    flavor: (e, f, v) => checkString(e, f, v, { minLength: 1 }),
    servers_count: (e, f, v) => checkInteger(e, f, v, 1, 999),
    servers_settings: checkServersSettings(kind),
    tags: checkTags,
  };
  if (kind === 'baremetal') rules.image_id = checkUuid;
  checkRequired(
    errors,
    body,
    kind === 'baremetal'
      ? ['name', 'flavor', 'servers_count', 'servers_settings', 'image_id']
      : ['name', 'flavor', 'servers_count', 'servers_settings'],
  );
  checkObject(errors, '', body, rules);
  return errors.fields;
}

/** A merge patch of tags: each value a tag's new text, or null to remove it. */
const checkTagPatch: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  for (const [key, tagValue] of Object.entries(value)) {
    checkString(errors, `${field}.${key}`, key, { minLength: 1, maxLength: 255, pattern: TAG_KEY });
    if (tagValue !== null) checkString(errors, `${field}.${key}`, tagValue, { minLength: 1, maxLength: 255 });
  }
};

/**
 * The invalid fields of a cluster PATCH (`UpdateClusterSerializer`, gpu-notes.md §2.11): `name`, and `tags` as a
 * JSON Merge Patch. Its `servers_settings` (the template of servers to come) is not emulated: an unknown field here.
 */
export function validateGpuClusterPatch(body: Record<string, unknown>): Record<string, string[]> {
  const errors = new FieldErrors();
  checkObject(errors, '', body, { name: NAME_RULE, tags: checkTagPatch });
  if (body.name === null) errors.add('name', 'Field may not be null.');
  return errors.fields;
}
