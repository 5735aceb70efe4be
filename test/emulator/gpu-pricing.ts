import { isJsonObject, type ApiRequest } from './api-request';
import { readLocatedJsonObject } from './cloud-json-body';
import { rounded } from './container-pricing';
import {
  checkInteger,
  checkList,
  checkObject,
  checkOneOf,
  checkRequired,
  checkString,
  checkUuid,
  FieldErrors,
  isUuid,
  NOT_A_MAPPING,
  resourceNamePattern,
  type FieldRule,
} from './field-checks';
import { locateCluster, type ClusterSegments } from './gpu-cluster-endpoints';
import type { GpuClusterRecord } from './gpu-cluster-store';
import { HOURS_PER_MONTH, type FlavorPrice } from './gpu-flavor-catalogue';
import type { GpuKind } from './gpu-kind';
import type { GpuServerRecord } from './gpu-servers';
import type { GpuState } from './gpu-state';
import { cloudError, cloudValidationError, type Reply } from './replies';

// Made-up rates of the right order, euros per hour: an address, and a GiB of each volume type.
const EUR_PER_IP_HOUR = 0.0055;
const EUR_PER_GIB_HOUR: Record<string, number> = {
  cold: 0.00003,
  standard: 0.00006,
  ssd_local: 0.0001,
  ssd_hiiops: 0.00015,
  ssd_lowlatency: 0.0002,
  ultra: 0.0003,
};

/** What is billed by the hour: the servers (each at the flavor's price), addresses and volume GiB by type. */
interface Billed {
  servers: number;
  ips: { external: number; floating: number };
  volumes: Record<string, number>;
}

function billedOf(servers: readonly GpuServerRecord[], running: boolean): Billed {
  const billed: Billed = { servers: running ? servers.length : 0, ips: { external: 0, floating: 0 }, volumes: {} };
  for (const server of servers) {
    for (const port of server.ports) {
      if (port.external) billed.ips.external += 1;
      if (port.floatingIp) billed.ips.floating += 1;
    }
    for (const volume of server.volumes) billed.volumes[volume.type] = (billed.volumes[volume.type] ?? 0) + volume.size;
  }
  return billed;
}

function hourly(
  billed: Billed,
  flavorPerHour: number,
): { flavor: number; external_ip: number; floating_ip: number; volumes: Record<string, number> } {
  return {
    flavor: rounded(billed.servers * flavorPerHour, 4),
    external_ip: rounded(billed.ips.external * EUR_PER_IP_HOUR, 4),
    floating_ip: rounded(billed.ips.floating * EUR_PER_IP_HOUR, 4),
    volumes: Object.fromEntries(
      Object.entries(billed.volumes).map(([type, gib]) => [type, rounded(gib * (EUR_PER_GIB_HOUR[type] ?? 0), 4)]),
    ),
  };
}

function total(parts: ReturnType<typeof hourly>): number {
  return rounded(
    parts.flavor + parts.external_ip + parts.floating_ip + Object.values(parts.volumes).reduce((sum, amount) => sum + amount, 0),
    4,
  );
}

/** The flavor's price, or how it is unavailable: a flavor the location no longer lists has none. */
function flavorPrice(
  state: GpuState,
  kind: GpuKind,
  record: Pick<GpuClusterRecord, 'projectId' | 'regionId'>,
  flavor: string,
): FlavorPrice {
  return (
    state.catalogues[kind].find(record, flavor)?.price ?? {
      currency_code: null,
      price_per_hour: null,
      price_per_month: null,
      price_status: 'error',
    }
  );
}

function runningCost(price: FlavorPrice, billed: Billed): Record<string, unknown> {
  if (price.price_status !== 'show' || price.price_per_hour === null) {
    return {
      currency_code: price.currency_code,
      price_per_hour: null,
      price_per_month: null,
      price_status: price.price_status,
      discount_percent: null,
    };
  }
  const perHour = total(hourly(billed, price.price_per_hour));
  const perMonth = rounded(perHour * HOURS_PER_MONTH, 2);
  return {
    currency_code: price.currency_code,
    price_per_hour: perHour,
    price_per_month: perMonth,
    price_status: 'show',
    discount_percent: 0,
    price_without_discount_per_hour: perHour,
    price_without_discount_per_month: perMonth,
  };
}

/** A shelved virtual cluster's servers are not billed (its volumes and addresses are); a powered-off bare-metal one's still are. */
function serversBilled(record: GpuClusterRecord): boolean {
  return record.holdsCapacity;
}

/**
 * GET /cloud/v2/pricing/{project_id}/{region_id}/gpu/{virtual|baremetal}/clusters/{cluster_id}: what the
 * cluster costs now, `price_status` as its flavor's (`hide` and `error` without amounts). `discount_percent` is
 * a number here, a string in the preview.
 */
export function gpuClusterCost(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const { record } = located;
  return {
    status: 200,
    body: runningCost(flavorPrice(state, kind, record, record.flavor), billedOf(record.servers, serversBilled(record))),
  };
}

/** GET /cloud/v2/pricing/{project_id}/{region_id}/gpu/{virtual|baremetal}/clusters/{cluster_id}/servers/{server_id} */
export function gpuServerCost(
  request: ApiRequest,
  kind: GpuKind,
  segments: ClusterSegments & { serverId: string },
  state: GpuState,
): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  if (!isUuid(segments.serverId)) return cloudValidationError(request.requestId, { server_id: ['Not a valid UUID.'] });
  const { record } = located;
  const server = record.servers.find((candidate) => candidate.id === segments.serverId);
  if (!server) {
    return cloudError(request.requestId, 404, 'NotFoundError', `Server ${segments.serverId} not found in GPU cluster ${record.id}`);
  }
  return { status: 200, body: runningCost(flavorPrice(state, kind, record, record.flavor), billedOf([server], serversBilled(record))) };
}

const checkPreviewInterface: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkRequired(errors, value, ['type'], field);
  checkObject(errors, field, value, {
    type: (e, f, v) => checkOneOf(e, f, v, ['external', 'subnet', 'any_subnet']),
    interface_name: (e, f, v) => checkString(e, f, v, { maxLength: 37 }),
    ip_family: (e, f, v) => checkOneOf(e, f, v, ['dual', 'ipv4', 'ipv6']),
    network_id: checkUuid,
    subnet_id: checkUuid,
    // Only new floating IPs are priced.
    floating_ip: (e, f, v) => {
      if (!isJsonObject(v)) return e.add(f, NOT_A_MAPPING);
      checkObject(e, f, v, { source: (e2, f2, v2) => checkOneOf(e2, f2, v2, ['new']) });
    },
  });
};

const checkPreviewVolume: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkRequired(errors, value, ['source', 'size', 'type_name'], field);
  checkObject(errors, field, value, {
    source: (e, f, v) => checkOneOf(e, f, v, ['new-volume']),
    size: (e, f, v) => checkInteger(e, f, v, 1, 102_399),
    type_name: (e, f, v) => checkOneOf(e, f, v, Object.keys(EUR_PER_GIB_HOUR)),
    name: (e, f, v) => checkString(e, f, v, { maxLength: 63 }),
  });
};

/** The preview's own body: `instances_count`, `interface_name`, volumes as `{source: "new-volume", size, type_name}`. */
function previewErrors(kind: GpuKind, body: Record<string, unknown>): Record<string, string[]> {
  const errors = new FieldErrors();
  checkRequired(errors, body, ['name', 'flavor', 'interfaces']);
  const rules: Record<string, FieldRule> = {
    name: (e, f, v) => checkString(e, f, v, { maxLength: 63, pattern: resourceNamePattern(63) }),
    flavor: (e, f, v) => checkString(e, f, v, { minLength: 1 }),
    instances_count: (e, f, v) => checkInteger(e, f, v, 1, 999),
    interfaces: (e, f, v) => checkList(e, f, v, checkPreviewInterface, { minItems: 1 }),
  };
  if (kind === 'virtual') rules.volumes = (e, f, v) => checkList(e, f, v, checkPreviewVolume);
  else rules.image_id = checkUuid;
  checkObject(errors, '', body, rules);
  return errors.fields;
}

/**
 * POST /cloud/v2/pricing/{project_id}/{region_id}/gpu/{virtual|baremetal}/clusters: what a cluster of this
 * shape would cost, in parts (`per_hour`, `per_month`) and in total. Its body is not the create's
 * (docs: gpu-notes.md §2.9): a create body is refused, naming its fields.
 */
export function previewGpuClusterPrice(
  request: ApiRequest,
  kind: GpuKind,
  segments: { projectId: string; regionId: string },
  state: GpuState,
): Reply {
  const body = readLocatedJsonObject(request, segments);
  if (!body.ok) return body.reply;
  const invalidFields = previewErrors(kind, body.value);
  const flavor = body.value.flavor;
  if (typeof flavor === 'string' && !state.catalogues[kind].find(body.location, flavor)) {
    invalidFields.flavor = [`Flavor ${flavor} not found.`];
  }
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);

  const instances = (body.value.instances_count as number | undefined) ?? 1;
  const interfaces = body.value.interfaces as Record<string, unknown>[];
  const volumes = (body.value.volumes ?? []) as { size: number; type_name: string }[];
  const billed: Billed = {
    servers: instances,
    ips: {
      external: instances * interfaces.filter((item) => item.type === 'external').length,
      floating: instances * interfaces.filter((item) => isJsonObject(item.floating_ip)).length,
    },
    volumes: {},
  };
  for (const volume of volumes) billed.volumes[volume.type_name] = (billed.volumes[volume.type_name] ?? 0) + instances * volume.size;

  const price = flavorPrice(state, kind, body.location, flavor as string);
  const shown = price.price_status === 'show' && price.price_per_hour !== null;
  const perHour = shown ? hourly(billed, price.price_per_hour!) : null;
  const perMonth = perHour && {
    flavor: rounded(perHour.flavor * HOURS_PER_MONTH, 2),
    external_ip: rounded(perHour.external_ip * HOURS_PER_MONTH, 2),
    floating_ip: rounded(perHour.floating_ip * HOURS_PER_MONTH, 2),
    volumes: Object.fromEntries(Object.entries(perHour.volumes).map(([type, amount]) => [type, rounded(amount * HOURS_PER_MONTH, 2)])),
  };
  const totalPerMonth = perHour && rounded(total(perHour) * HOURS_PER_MONTH, 2);
  return {
    status: 200,
    body: {
      per_hour: perHour,
      per_month: perMonth,
      total_price_per_hour: perHour && total(perHour),
      total_price_per_month: totalPerMonth,
      price_without_discount_per_month: totalPerMonth,
      tax_percent: null,
      price_status: price.price_status,
      currency_code: price.currency_code,
      discount_percent: shown ? '0.00' : null,
      discount_details: [],
    },
  };
}
