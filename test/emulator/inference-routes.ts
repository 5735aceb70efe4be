import type { Route } from './api-router';
import {
  createInferenceApplication,
  deleteInferenceApplication,
  getInferenceApplication,
  listInferenceApplications,
  patchInferenceApplication,
} from './inference-applications';
import { getCatalogApplication, getInferenceFlavor, inferenceCapacity, listCatalog, listInferenceFlavors } from './inference-catalogue';
import {
  checkInferenceLimits,
  createInferenceDeployment,
  deleteInferenceDeployment,
  getInferenceDeployment,
  inferenceDeploymentLogs,
  listInferenceDeployments,
  patchInferenceDeployment,
  powerInferenceDeployment,
} from './inference-deployments';
import {
  createInferenceApiKey,
  createRegistryCredential,
  deleteInferenceApiKey,
  deleteRegistryCredential,
  getInferenceApiKey,
  getRegistryCredential,
  listInferenceApiKeys,
  listRegistryCredentials,
  patchInferenceApiKey,
  replaceRegistryCredential,
} from './inference-keys';
import {
  clientQuotas,
  createLimitsRequest,
  getLimitsRequest,
  listLimitsRequests,
  priceInferenceApplication,
  priceInferenceDeployment,
} from './inference-quota';

const V3 = ['cloud', 'v3', 'inference'];
const APPLICATIONS = [...V3, 'applications'];
const named = (params: Record<string, string>) => ({ projectId: params.projectId, name: params.name });

/**
 * Everywhere Inference (docs/gcore-api.md, "Everywhere Inference"): additions all, so a core-only server answers
 * them 404. The literal paths (`flavors`, `applications/catalog`, `deployments/check_limits`) come before the
 * ones whose segment there is a parameter.
 */
export const INFERENCE_ROUTES: readonly Route[] = [
  { pattern: [...V3, 'flavors'], additions: { GET: (request) => listInferenceFlavors(request) } },
  { pattern: [...V3, 'flavors', ':name'], additions: { GET: (request, { name }) => getInferenceFlavor(request, name) } },
  { pattern: [...V3, 'capacity'], additions: { GET: () => inferenceCapacity() } },
  { pattern: [...APPLICATIONS, 'catalog'], additions: { GET: () => listCatalog() } },
  { pattern: [...APPLICATIONS, 'catalog', ':name'], additions: { GET: (request, { name }) => getCatalogApplication(request, name) } },
  {
    pattern: [...APPLICATIONS, ':projectId', 'deployments'],
    additions: {
      GET: (request, { projectId }, { inference }) => listInferenceApplications(request, projectId, inference),
      POST: (request, { projectId }, { inference }) => createInferenceApplication(request, projectId, inference),
    },
  },
  {
    pattern: [...APPLICATIONS, ':projectId', 'deployments', ':name'],
    additions: {
      GET: (request, params, { inference }) => getInferenceApplication(request, named(params), inference),
      PATCH: (request, params, { inference }) => patchInferenceApplication(request, named(params), inference),
      DELETE: (request, params, { inference }) => deleteInferenceApplication(request, named(params), inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'deployments'],
    additions: {
      GET: (request, { projectId }, { inference }) => listInferenceDeployments(request, projectId, inference),
      POST: (request, { projectId }, { inference }) => createInferenceDeployment(request, projectId, inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'deployments', 'check_limits'],
    additions: { POST: (request, { projectId }, { inference }) => checkInferenceLimits(request, projectId, inference) },
  },
  {
    pattern: [...V3, ':projectId', 'deployments', ':name'],
    additions: {
      GET: (request, params, { inference }) => getInferenceDeployment(request, named(params), inference),
      PATCH: (request, params, { inference }) => patchInferenceDeployment(request, named(params), inference),
      DELETE: (request, params, { inference }) => deleteInferenceDeployment(request, named(params), inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'deployments', ':name', 'start'],
    additions: { POST: (request, params, { inference }) => powerInferenceDeployment(request, named(params), inference, 'start') },
  },
  {
    pattern: [...V3, ':projectId', 'deployments', ':name', 'stop'],
    additions: { POST: (request, params, { inference }) => powerInferenceDeployment(request, named(params), inference, 'stop') },
  },
  {
    pattern: [...V3, ':projectId', 'deployments', ':name', 'logs'],
    additions: { GET: (request, params, { inference }) => inferenceDeploymentLogs(request, named(params), inference) },
  },
  {
    pattern: [...V3, ':projectId', 'api_keys'],
    additions: {
      GET: (request, { projectId }, { inference }) => listInferenceApiKeys(request, projectId, inference),
      POST: (request, { projectId }, { inference }) => createInferenceApiKey(request, projectId, inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'api_keys', ':name'],
    additions: {
      GET: (request, params, { inference }) => getInferenceApiKey(request, named(params), inference),
      PATCH: (request, params, { inference }) => patchInferenceApiKey(request, named(params), inference),
      DELETE: (request, params, { inference }) => deleteInferenceApiKey(request, named(params), inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'registry_credentials'],
    additions: {
      GET: (request, { projectId }, { inference }) => listRegistryCredentials(request, projectId, inference),
      POST: (request, { projectId }, { inference }) => createRegistryCredential(request, projectId, inference),
    },
  },
  {
    pattern: [...V3, ':projectId', 'registry_credentials', ':name'],
    additions: {
      GET: (request, params, { inference }) => getRegistryCredential(request, named(params), inference),
      PUT: (request, params, { inference }) => replaceRegistryCredential(request, named(params), inference),
      DELETE: (request, params, { inference }) => deleteRegistryCredential(request, named(params), inference),
    },
  },
  { pattern: ['cloud', 'v2', 'pricing', 'inference', 'deployments'], additions: { POST: (request) => priceInferenceDeployment(request) } },
  {
    pattern: ['cloud', 'v2', 'pricing', 'inference', 'applications'],
    additions: { POST: (request) => priceInferenceApplication(request) },
  },
  { pattern: ['cloud', 'v2', 'client_quotas'], additions: { GET: (request, _params, { inference }) => clientQuotas(request, inference) } },
  {
    pattern: ['cloud', 'v2', 'limits_request'],
    additions: {
      GET: (request, _params, { inference }) => listLimitsRequests(request, inference),
      POST: (request, _params, { inference }) => createLimitsRequest(request, inference),
    },
  },
  {
    pattern: ['cloud', 'v2', 'limits_request', ':id'],
    additions: { GET: (request, { id }, { inference }) => getLimitsRequest(request, id, inference) },
  },
];
