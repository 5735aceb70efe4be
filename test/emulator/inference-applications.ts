import { isJsonObject, type ApiRequest } from './api-request';
import { aiRegionIds } from './account-endpoints';
import { readCloudJsonObject } from './cloud-json-body';
import {
  checkBoolean,
  checkInteger,
  checkList,
  checkRequired,
  checkString,
  FieldErrors,
  NOT_A_MAPPING,
  UNKNOWN_FIELD,
} from './field-checks';
import { gpuQuotaMessage } from './gpu-limits';
import { findCatalogApplication, type CatalogApplication, type CatalogParameter } from './inference-catalogue';
import { buildDeployment, restartPods, startInferenceTask, stopPods } from './inference-deployment-changes';
import { deploymentAddress, regionProgress, type EndpointSite } from './inference-deployment-view';
import { locateProject, type Located } from './inference-deployments';
import { deploymentNeeds, exceededInferenceQuotas } from './inference-quota';
import {
  endpointSite,
  placeDeployment,
  type ApplicationRecord,
  type DeploymentRecord,
  type InferenceProject,
  type InferenceState,
} from './inference-state';
import { DEPLOYMENT_NAME } from './inference-validation';
import { cloudError, cloudQuotaError, cloudValidationError, type Reply } from './replies';

/** The deployment a component runs as: the application's name and the component's key. */
export function componentDeploymentName(application: string, component: string): string {
  return `${application}-${component}`;
}

/** Gcore takes every parameter's value as text (its SDKs type `value` as a string), read by the parameter's type. */
function checkParameter(errors: FieldErrors, field: string, value: unknown, parameter: CatalogParameter): void {
  if (typeof value !== 'string') return errors.add(field, 'Not a valid string.');
  if (parameter.type === 'integer' || parameter.type === 'float') {
    const pattern = parameter.type === 'integer' ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
    if (!pattern.test(value.trim())) {
      return errors.add(field, parameter.type === 'integer' ? 'Not a valid integer.' : 'Not a valid number.');
    }
    const number = Number(value);
    if ((parameter.min_value !== null && number < parameter.min_value) || (parameter.max_value !== null && number > parameter.max_value)) {
      errors.add(field, `Must be greater than or equal to ${parameter.min_value} and less than or equal to ${parameter.max_value}.`);
    }
    return;
  }
  if (parameter.type === 'enum' && !(parameter.enum_values ?? []).includes(value)) {
    errors.add(field, `Must be one of: ${(parameter.enum_values ?? []).join(', ')}.`);
  }
  if (parameter.pattern !== null && !new RegExp(parameter.pattern).test(value)) {
    errors.add(field, 'String does not match expected pattern.');
  }
}

/** A component's configuration: a suitable flavor, `scale {min, max}`, `exposed` where it may be, parameters within bounds. */
function checkComponent(errors: FieldErrors, field: string, value: unknown, catalog: CatalogApplication, key: string): void {
  const component = catalog.components[key];
  if (!component) return errors.add(field, UNKNOWN_FIELD);
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkRequired(errors, value, ['flavor', 'scale'], field);
  for (const name of Object.keys(value)) {
    if (!['flavor', 'exposed', 'scale', 'parameter_overrides'].includes(name)) errors.add(`${field}.${name}`, UNKNOWN_FIELD);
  }
  if (value.flavor !== undefined && !component.suitable_flavors.some((flavor) => flavor.name === value.flavor)) {
    errors.add(`${field}.flavor`, `Must be one of: ${component.suitable_flavors.map((flavor) => flavor.name).join(', ')}.`);
  }
  if (value.exposed !== undefined) {
    checkBoolean(errors, `${field}.exposed`, value.exposed);
    if (value.exposed === true && !component.exposable) errors.add(`${field}.exposed`, 'This component cannot be exposed.');
  }
  if (value.scale !== undefined) {
    if (!isJsonObject(value.scale)) {
      errors.add(`${field}.scale`, NOT_A_MAPPING);
    } else {
      checkRequired(errors, value.scale, ['min', 'max'], `${field}.scale`);
      if (value.scale.min !== undefined) checkInteger(errors, `${field}.scale.min`, value.scale.min, 0, 300);
      if (value.scale.max !== undefined) checkInteger(errors, `${field}.scale.max`, value.scale.max, 1, 300);
      if (typeof value.scale.min === 'number' && typeof value.scale.max === 'number' && value.scale.max < value.scale.min) {
        errors.add(`${field}.scale.max`, 'Must be greater than or equal to min.');
      }
    }
  }
  const overrides = value.parameter_overrides;
  if (overrides === undefined || overrides === null) return;
  if (!isJsonObject(overrides)) return errors.add(`${field}.parameter_overrides`, NOT_A_MAPPING);
  for (const [name, override] of Object.entries(overrides)) {
    const parameterField = `${field}.parameter_overrides.${name}`;
    const parameter = component.parameters[name];
    if (!parameter) errors.add(parameterField, UNKNOWN_FIELD);
    else if (!isJsonObject(override) || override.value === undefined) errors.add(parameterField, 'A mapping {value} is required.');
    else checkParameter(errors, `${parameterField}.value`, override.value, parameter);
  }
}

function checkRegions(errors: FieldErrors, regions: unknown): void {
  checkList(
    errors,
    'regions',
    regions,
    (e, f, v) => {
      checkInteger(e, f, v, 1, 2_147_483_647);
      if (typeof v === 'number' && !aiRegionIds().includes(v)) e.add(f, `Region ${v} does not run inference deployments.`);
    },
    { minItems: 1 },
  );
}

function checkApiKeys(errors: FieldErrors, project: InferenceProject, keys: unknown): void {
  checkList(errors, 'api_keys', keys, (e, f, v) => {
    checkString(e, f, v);
    if (typeof v === 'string' && !project.apiKeys.has(v)) e.add(f, `API key ${v} not found.`);
  });
}

/** The component's deployment body, as the application's configuration makes it. */
function componentBody(
  catalog: CatalogApplication,
  name: string,
  key: string,
  configuration: Record<string, unknown>,
  regions: readonly number[],
  apiKeys: readonly string[],
): Record<string, unknown> {
  const component = catalog.components[key];
  const overrides = (configuration.parameter_overrides ?? {}) as Record<string, { value: unknown }>;
  const envs = Object.fromEntries(
    Object.entries(component.parameters)
      .map(([parameter, spec]) => [parameter, overrides[parameter]?.value ?? spec.default_value] as const)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([parameter, value]) => [parameter.toUpperCase(), String(value)]),
  );
  const scale = configuration.scale as { min: number; max: number };
  return {
    name: componentDeploymentName(name, key),
    image: component.image,
    listening_port: component.port,
    flavor_name: configuration.flavor,
    containers: regions.map((regionId) => ({ region_id: regionId, scale: { min: scale.min, max: scale.max } })),
    envs,
    api_keys: [...apiKeys],
  };
}

function applicationNeeds(record: Pick<ApplicationRecord, 'components' | 'regions'>): Record<string, number> {
  const needs: Record<string, number> = {};
  for (const configuration of Object.values(record.components)) {
    const scale = configuration.scale as { max: number };
    const component = deploymentNeeds(
      configuration.flavor as string,
      record.regions.map(() => ({ scale })),
    );
    for (const [name, amount] of Object.entries(component)) needs[name] = (needs[name] ?? 0) + amount;
  }
  return needs;
}

/** Gcore's casing for an application's states (not a deployment's). */
function componentStatus(deployment: DeploymentRecord | undefined, index: number, now: number): { status: string; error: string | null } {
  if (!deployment || index === -1) return { status: 'Unknown', error: null };
  const progress = regionProgress(deployment, index, now);
  if (progress.error) return { status: 'Failed', error: progress.error };
  return {
    status: progress.ready < progress.total || deployment.rollout.startMs + deployment.rollout.durationMs > now ? 'Deploying' : 'Active',
    error: null,
  };
}

function applicationStatus(project: InferenceProject, record: ApplicationRecord, now: number, site: EndpointSite): Record<string, unknown> {
  const keys = Object.keys(record.components);
  const regions = record.regions.map((regionId) => {
    const components = Object.fromEntries(
      keys.map((key) => {
        const deployment = project.deployments.get(componentDeploymentName(record.name, key));
        const index = deployment ? deployment.containers.findIndex((region) => region.region_id === regionId) : -1;
        return [key, componentStatus(deployment, index, now)];
      }),
    );
    const statuses = Object.values(components).map((component) => component.status);
    const status = statuses.every((value) => value === 'Active')
      ? 'Active'
      : statuses.every((value) => value === 'Failed')
        ? 'Failed'
        : statuses.includes('Failed')
          ? 'PartiallyDeployed'
          : 'Deploying';
    return { region_id: regionId, status, components };
  });
  const consolidated = regions.every((region) => region.status === 'Active')
    ? 'Active'
    : regions.every((region) => region.status === 'Failed')
      ? 'Failed'
      : regions.some((region) => region.status === 'Active' || region.status === 'Failed' || region.status === 'PartiallyDeployed')
        ? 'PartiallyDeployed'
        : 'Unknown';
  const exposed = keys.filter((key) => record.components[key].exposed === true);
  return {
    consolidated_status: consolidated,
    regions,
    expose_addresses: Object.fromEntries(
      exposed.map((key) => {
        const name = componentDeploymentName(record.name, key);
        const component = project.deployments.get(name) ?? { projectId: record.projectId, name, creation: 0 };
        return [key, { address: deploymentAddress(site, component) }];
      }),
    ),
  };
}

function applicationView(project: InferenceProject, record: ApplicationRecord, now: number, site: EndpointSite): Record<string, unknown> {
  return {
    name: record.name,
    project_id: record.projectId,
    application_name: record.applicationName,
    regions: record.regions,
    components_configuration: record.components,
    api_keys: record.apiKeys,
    status: applicationStatus(project, record, now, site),
    created_at: record.createdAt,
  };
}

function locateApplication(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Located<{ projectId: number; project: InferenceProject; record: ApplicationRecord; catalog: CatalogApplication }> {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located;
  const record = located.project.applications.get(segments.name);
  const catalog = record && findCatalogApplication(record.applicationName);
  if (!record || !catalog) {
    return { ok: false, reply: cloudError(request.requestId, 404, 'NotFoundError', `Application deployment ${segments.name} not found`) };
  }
  return { ...located, record, catalog };
}

function applicationOwner(record: ApplicationRecord): { projectId: number; name: string; regionId: number | undefined } {
  return { projectId: record.projectId, name: record.name, regionId: record.regions[0] };
}

/** GET /cloud/v3/inference/applications/{project_id}/deployments (no paging). */
export function listInferenceApplications(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const now = state.clock.now();
  const views = [...located.project.applications.values()].map((record) =>
    applicationView(located.project, record, now, endpointSite(state, request.accountId)),
  );
  return { status: 200, body: { count: views.length, results: views } };
}

/** GET /cloud/v3/inference/applications/{project_id}/deployments/{name} */
export function getInferenceApplication(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateApplication(request, segments, state);
  return located.ok
    ? { status: 200, body: applicationView(located.project, located.record, state.clock.now(), endpointSite(state, request.accountId)) }
    : located.reply;
}

/** Makes the component's deployment, listed under `…/deployments` with `object_references` to the application. */
function deployComponent(
  state: InferenceState,
  project: InferenceProject,
  record: ApplicationRecord,
  catalog: CatalogApplication,
  key: string,
): void {
  const body = componentBody(catalog, record.name, key, record.components[key], record.regions, record.apiKeys);
  const deployment = buildDeployment(record.projectId, body, state.clock.now(), state.timings.deployMs, {
    application: record.name,
    failing: record.name.includes('failing'),
  });
  placeDeployment(project, deployment);
}

/**
 * POST /cloud/v3/inference/applications/{project_id}/deployments `{name (≤15), application_name, regions,
 * components_configuration, api_keys?}`: `{tasks}` (no created resources: the name is the one asked for). Each
 * component runs as a deployment of its own; an application named `failing` has a region whose components crash.
 */
export function createInferenceApplication(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const { project } = located;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['name', 'application_name', 'regions', 'components_configuration']);
  for (const name of Object.keys(body.value)) {
    if (!['name', 'application_name', 'regions', 'components_configuration', 'api_keys'].includes(name)) errors.add(name, UNKNOWN_FIELD);
  }
  if (body.value.name !== undefined) {
    checkString(errors, 'name', body.value.name, { minLength: 3, maxLength: 15, pattern: DEPLOYMENT_NAME });
  }
  const catalog = findCatalogApplication(body.value.application_name);
  if (body.value.application_name !== undefined && !catalog) {
    errors.add('application_name', `Application ${String(body.value.application_name)} not found.`);
  }
  if (body.value.regions !== undefined) checkRegions(errors, body.value.regions);
  if (body.value.api_keys !== undefined) checkApiKeys(errors, project, body.value.api_keys);
  const components = body.value.components_configuration;
  if (components !== undefined && !isJsonObject(components)) errors.add('components_configuration', NOT_A_MAPPING);
  if (catalog && isJsonObject(components)) {
    for (const [key, configuration] of Object.entries(components)) {
      checkComponent(errors, `components_configuration.${key}`, configuration, catalog, key);
    }
    for (const [key, component] of Object.entries(catalog.components)) {
      if (component.required && !isJsonObject(components[key])) {
        errors.add(`components_configuration.${key}`, 'This component is required.');
      }
    }
  }
  if (!errors.empty || !catalog) return cloudValidationError(request.requestId, errors.fields);

  const name = body.value.name as string;
  const record: ApplicationRecord = {
    projectId: located.projectId,
    name,
    applicationName: catalog.name,
    regions: [...(body.value.regions as number[])],
    components: Object.fromEntries(
      Object.entries(components as Record<string, Record<string, unknown> | null>).filter(
        (entry): entry is [string, Record<string, unknown>] => entry[1] !== null,
      ),
    ),
    apiKeys: [...((body.value.api_keys as string[] | undefined) ?? [])],
    createdAt: new Date(state.clock.now()).toISOString(),
    deletionTaskId: null,
  };
  const taken = Object.keys(record.components).some((key) => project.deployments.has(componentDeploymentName(name, key)));
  if (project.applications.has(name) || taken) {
    return cloudError(request.requestId, 409, 'ConflictError', `Application deployment ${name} already exists`);
  }
  const exceeded = exceededInferenceQuotas(state, request.accountId, applicationNeeds(record));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(request.requestId, gpuQuotaMessage(exceeded), exceeded);
  project.applications.set(name, record);
  for (const key of Object.keys(record.components)) deployComponent(state, project, record, catalog, key);
  const task = startInferenceTask(state, applicationOwner(record), 'create_inference_application');
  return { status: 200, body: { tasks: [task.id] } };
}

/**
 * PATCH /cloud/v3/inference/applications/{project_id}/deployments/{name} `{components_configuration?, regions?,
 * api_keys?}`: only what is given changes; a component set to `null` is disabled (its deployment goes), a
 * required one cannot be. `{tasks}`.
 */
export function patchInferenceApplication(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Reply {
  const located = locateApplication(request, segments, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const { project, record, catalog } = located;
  const errors = new FieldErrors();
  for (const name of Object.keys(body.value)) {
    if (!['components_configuration', 'regions', 'api_keys'].includes(name)) errors.add(name, UNKNOWN_FIELD);
  }
  if (body.value.regions !== undefined) checkRegions(errors, body.value.regions);
  if (body.value.api_keys !== undefined) checkApiKeys(errors, project, body.value.api_keys);
  const changes = body.value.components_configuration;
  if (changes !== undefined && !isJsonObject(changes)) errors.add('components_configuration', NOT_A_MAPPING);
  const merged: Record<string, Record<string, unknown>> = { ...record.components };
  if (isJsonObject(changes)) {
    for (const [key, change] of Object.entries(changes)) {
      const field = `components_configuration.${key}`;
      if (change === null) {
        if (catalog.components[key]?.required) errors.add(field, 'A required component cannot be disabled.');
        delete merged[key];
        continue;
      }
      const configuration = isJsonObject(change) ? { ...record.components[key], ...change } : change;
      checkComponent(errors, field, configuration, catalog, key);
      if (isJsonObject(configuration)) merged[key] = configuration;
    }
  }
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  if (record.deletionTaskId !== null) {
    return cloudError(request.requestId, 409, 'ConflictError', `Application deployment ${record.name} is being deleted`);
  }
  const regions = (body.value.regions as number[] | undefined) ?? record.regions;
  const exceeded = exceededInferenceQuotas(state, request.accountId, addedApplicationNeeds(record, { components: merged, regions }));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(request.requestId, gpuQuotaMessage(exceeded), exceeded);

  const before = record.components;
  record.components = merged;
  record.regions = [...regions];
  if (body.value.api_keys !== undefined) record.apiKeys = [...(body.value.api_keys as string[])];
  const now = state.clock.now();
  for (const key of Object.keys(before)) if (!merged[key]) project.deployments.delete(componentDeploymentName(record.name, key));
  for (const key of Object.keys(merged)) {
    const deployment = project.deployments.get(componentDeploymentName(record.name, key));
    if (!deployment) {
      deployComponent(state, project, record, catalog, key);
      continue;
    }
    const fresh = componentBody(catalog, record.name, key, merged[key], record.regions, record.apiKeys);
    deployment.flavorName = fresh.flavor_name as string;
    deployment.envs = fresh.envs as Record<string, string>;
    deployment.apiKeys = [...record.apiKeys];
    deployment.containers = (fresh.containers as DeploymentRecord['containers']).map((container) => ({
      region_id: container.region_id,
      scale: { ...deployment.containers[0]?.scale, ...container.scale },
    }));
    restartPods(deployment, now, state.timings.deployMs);
  }
  const task = startInferenceTask(state, applicationOwner(record), 'update_inference_application');
  return { status: 200, body: { tasks: [task.id] } };
}

function addedApplicationNeeds(
  before: Pick<ApplicationRecord, 'components' | 'regions'>,
  after: Pick<ApplicationRecord, 'components' | 'regions'>,
): Record<string, number> {
  const was = applicationNeeds(before);
  return Object.fromEntries(
    Object.entries(applicationNeeds(after))
      .map(([name, amount]) => [name, amount - (was[name] ?? 0)] as const)
      .filter(([, amount]) => amount > 0),
  );
}

/** DELETE /cloud/v3/inference/applications/{project_id}/deployments/{name}: `{tasks}`; it and its components go when the task ends. */
export function deleteInferenceApplication(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Reply {
  const located = locateApplication(request, segments, state);
  if (!located.ok) return located.reply;
  const { project, record } = located;
  if (record.deletionTaskId !== null) {
    return cloudError(request.requestId, 409, 'ConflictError', `Application deployment ${record.name} is already being deleted`);
  }
  const task = startInferenceTask(state, applicationOwner(record), 'delete_inference_application');
  record.deletionTaskId = task.id;
  const now = state.clock.now();
  for (const key of Object.keys(record.components)) {
    const deployment = project.deployments.get(componentDeploymentName(record.name, key));
    if (!deployment) continue;
    stopPods(deployment, now);
    deployment.deletionTaskId = task.id;
  }
  return { status: 200, body: { tasks: [task.id] } };
}
