import { isJsonObject, type ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { rounded } from './container-pricing';
import { checkInteger, checkObject, checkRequired, checkString, FieldErrors, NOT_A_MAPPING } from './field-checks';
import { HOURS_PER_MONTH } from './gpu-flavor-catalogue';
import { findCatalogApplication, findInferenceFlavor } from './inference-catalogue';
import {
  accountOf,
  INFERENCE_QUOTAS,
  settleProject,
  type InferenceAccount,
  type InferenceState,
  type LimitsRequestRecord,
} from './inference-state';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

/** What some pods of a flavor take, by quota name: each pod one GPU slot of its model, and its vCPUs in millicores. */
export function podNeeds(flavorName: string, pods: number): Record<string, number> {
  const flavor = findInferenceFlavor(flavorName);
  if (!flavor || pods === 0) return {};
  const needs: Record<string, number> = { inference_cpu_millicore_count: flavor.cpu * 1000 * pods };
  if (flavor.gpu_model) needs[`inference_gpu_${flavor.gpu_model.toLowerCase()}_count`] = pods;
  return needs;
}

function add(total: Record<string, number>, more: Record<string, number>): void {
  for (const [name, amount] of Object.entries(more)) total[name] = (total[name] ?? 0) + amount;
}

/** What a deployment takes: each region's pods at `scale.max`, and one instance. */
export function deploymentNeeds(flavorName: string, containers: readonly { scale: { max: number } }[]): Record<string, number> {
  const needs: Record<string, number> = { inference_instance_count: 1 };
  for (const region of containers) add(needs, podNeeds(flavorName, region.scale.max));
  return needs;
}

/** What the account's deployments take, every one not stopped counted at its regions' `scale.max`. */
export function accountUsage(state: InferenceState, account: InferenceAccount): Record<string, number> {
  const usage: Record<string, number> = Object.fromEntries(INFERENCE_QUOTAS.map((quota) => [quota, 0]));
  for (const project of account.projects.values()) {
    settleProject(state, project);
    for (const record of project.deployments.values()) {
      if (!record.stopped) add(usage, deploymentNeeds(record.flavorName, record.containers));
    }
  }
  return usage;
}

function requestStatus(state: InferenceState, request: LimitsRequestRecord): string {
  if (state.clock.now() - request.createdAtMs < state.timings.limitsRequestMs) return 'in progress';
  return /reject/i.test(request.description) ? 'rejected' : 'done';
}

/** The account's limits: the starting ones, raised by every request granted so far, in the order they were made. */
export function accountLimits(state: InferenceState, account: InferenceAccount): Record<string, number> {
  const limits = { ...account.limits };
  for (const request of account.requests) {
    if (requestStatus(state, request) === 'done') Object.assign(limits, request.requestedLimits);
  }
  return limits;
}

/** The `_limit`, `_requested` and `_usage` of every quota `needs` would pass; empty when it fits. */
export function exceededInferenceQuotas(state: InferenceState, accountId: number, needs: Record<string, number>): Record<string, number> {
  const account = accountOf(state, accountId);
  const limits = accountLimits(state, account);
  const usage = accountUsage(state, account);
  const exceeded: Record<string, number> = {};
  for (const [name, amount] of Object.entries(needs)) {
    const limit = limits[`${name}_limit`] ?? 0;
    if ((usage[name] ?? 0) + amount <= limit) continue;
    Object.assign(exceeded, { [`${name}_limit`]: limit, [`${name}_requested`]: amount, [`${name}_usage`]: usage[name] ?? 0 });
  }
  return exceeded;
}

/** GET /cloud/v2/client_quotas: the account's `global_quotas` (inference ones, with what its deployments use). */
export function clientQuotas(request: ApiRequest, state: InferenceState): Reply {
  const account = accountOf(state, request.accountId);
  const limits = accountLimits(state, account);
  const usage = accountUsage(state, account);
  const global: Record<string, number> = {
    keypair_count_limit: 100,
    keypair_count_usage: 0,
    project_count_limit: 10,
    project_count_usage: 4,
  };
  for (const quota of INFERENCE_QUOTAS) {
    global[`${quota}_limit`] = limits[`${quota}_limit`] ?? 0;
    global[`${quota}_usage`] = usage[quota] ?? 0;
  }
  return { status: 200, body: { global_quotas: global, regional_quotas: [] } };
}

function requestView(state: InferenceState, account: InferenceAccount, request: LimitsRequestRecord): Record<string, unknown> {
  return {
    id: request.id,
    client_id: account.id,
    description: request.description,
    requested_limits: { global_limits: request.requestedLimits, regional_limits: [] },
    status: requestStatus(state, request),
    created_at: new Date(request.createdAtMs).toISOString(),
  };
}

const LIMIT_NAMES = INFERENCE_QUOTAS.map((quota) => `${quota}_limit`);

/**
 * POST /cloud/v2/limits_request `{description, requested_limits: {global_limits: {…}}}`: the request, `in
 * progress` until the pace's `limitsRequestMs` has passed, then `done` (its limits now the account's), or
 * `rejected` when its description says `reject`.
 */
export function createLimitsRequest(request: ApiRequest, state: InferenceState): Reply {
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['description', 'requested_limits']);
  checkObject(errors, '', body.value, {
    description: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 1000 }),
    requested_limits: (e, f, v) => {
      if (!isJsonObject(v)) return e.add(f, NOT_A_MAPPING);
      checkObject(e, f, v, {
        global_limits: (e2, f2, v2) => {
          if (!isJsonObject(v2)) return e2.add(f2, NOT_A_MAPPING);
          for (const [name, amount] of Object.entries(v2)) {
            if (!LIMIT_NAMES.includes(name)) e2.add(`${f2}.${name}`, 'Unknown field.');
            else checkInteger(e2, `${f2}.${name}`, amount, 0, 1_000_000);
          }
        },
        regional_limits: () => undefined,
      });
    },
  });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  const account = accountOf(state, request.accountId);
  const requested = (body.value.requested_limits as { global_limits?: Record<string, number> }).global_limits ?? {};
  const record: LimitsRequestRecord = {
    id: state.nextRequestId++,
    description: body.value.description as string,
    requestedLimits: { ...requested },
    createdAtMs: state.clock.now(),
  };
  account.requests.push(record);
  return { status: 200, body: requestView(state, account, record) };
}

/** GET /cloud/v2/limits_request?limit=&offset=: the account's requests, newest first. */
export function listLimitsRequests(request: ApiRequest, state: InferenceState): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const account = accountOf(state, request.accountId);
  const views = [...account.requests].reverse().map((record) => requestView(state, account, record));
  return { status: 200, body: { count: views.length, results: pageOf(views, page) } };
}

/** GET /cloud/v2/limits_request/{id}: one of the account's requests (another account's is not found). */
export function getLimitsRequest(request: ApiRequest, id: string, state: InferenceState): Reply {
  const account = accountOf(state, request.accountId);
  const record = account.requests.find((candidate) => String(candidate.id) === id);
  if (!record) return cloudError(request.requestId, 404, 'NotFoundError', `Limits request ${id} not found`);
  return { status: 200, body: requestView(state, account, record) };
}

function priceAnswer(perHour: number): Record<string, unknown> {
  return {
    price_per_hour: rounded(perHour, 4),
    price_per_month: rounded(perHour * HOURS_PER_MONTH, 2),
    currency_code: 'EUR',
    price_status: 'show',
    discount_percent: 0,
  };
}

const checkMaxScale = (errors: FieldErrors, field: string, value: unknown): void => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkRequired(errors, value, ['max'], field);
  if (value.max !== undefined && value.max !== null) checkInteger(errors, `${field}.max`, value.max, 0, 300);
};

/**
 * POST /cloud/v2/pricing/inference/deployments `{flavor_name, containers: [{region_id, scale: {max}}]}`: a
 * ceiling, the flavor's hourly price for every pod at `scale.max` summed over the regions.
 */
export function priceInferenceDeployment(request: ApiRequest): Reply {
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['flavor_name', 'containers']);
  const flavor = findInferenceFlavor(body.value.flavor_name);
  if (body.value.flavor_name !== undefined && !flavor) errors.add('flavor_name', `Flavor ${String(body.value.flavor_name)} not found.`);
  const containers = body.value.containers;
  if (containers !== undefined && (!Array.isArray(containers) || containers.length === 0)) {
    errors.add('containers', 'Shorter than minimum length 1.');
  }
  if (Array.isArray(containers)) {
    containers.forEach((container: unknown, index) => {
      const field = `containers.${index}`;
      if (!isJsonObject(container)) return errors.add(field, NOT_A_MAPPING);
      checkMaxScale(errors, `${field}.scale`, container.scale);
    });
  }
  if (!errors.empty || !flavor) return cloudValidationError(request.requestId, errors.fields);
  const pods = (containers as { scale: { max: number } }[]).reduce((sum, container) => sum + container.scale.max, 0);
  return { status: 200, body: priceAnswer(flavor.eurPerHour * pods) };
}

/**
 * POST /cloud/v2/pricing/inference/applications `{application_name, regions, components_configuration:
 * {<key>: {flavor, scale: {max}}}}`: each component's pods at `scale.max` in every region, at its flavor's price.
 */
export function priceInferenceApplication(request: ApiRequest): Reply {
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['application_name', 'regions', 'components_configuration']);
  const application = findCatalogApplication(body.value.application_name);
  if (body.value.application_name !== undefined && !application) {
    errors.add('application_name', `Application ${String(body.value.application_name)} not found.`);
  }
  const regions = body.value.regions;
  if (regions !== undefined && (!Array.isArray(regions) || regions.length === 0)) errors.add('regions', 'Shorter than minimum length 1.');
  const components = body.value.components_configuration;
  let perRegion = 0;
  if (isJsonObject(components)) {
    for (const [key, configuration] of Object.entries(components)) {
      const field = `components_configuration.${key}`;
      if (configuration === null) continue;
      if (!isJsonObject(configuration)) {
        errors.add(field, NOT_A_MAPPING);
        continue;
      }
      if (application && !Object.hasOwn(application.components, key)) errors.add(field, `Application has no component ${key}.`);
      const flavor = findInferenceFlavor(configuration.flavor);
      if (!flavor) errors.add(`${field}.flavor`, `Flavor ${String(configuration.flavor)} not found.`);
      checkMaxScale(errors, `${field}.scale`, configuration.scale);
      const max = (configuration.scale as { max?: unknown } | undefined)?.max;
      if (flavor && typeof max === 'number') perRegion += flavor.eurPerHour * max;
    }
  } else if (components !== undefined) {
    errors.add('components_configuration', NOT_A_MAPPING);
  }
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  return { status: 200, body: priceAnswer(perRegion * (regions as unknown[]).length) };
}
