import type { RequestPipeline } from '../http/requestPipeline';
import { lazyClient } from '../lazyClient';
import type { InferenceApi } from './inferenceTypes';

const INFERENCE_METHODS: { readonly [K in keyof InferenceApi]: true } = {
  flavors: true,
  capacity: true,
  catalog: true,
  catalogApplication: true,
  listDeployments: true,
  getDeployment: true,
  createDeployment: true,
  updateDeployment: true,
  deleteDeployment: true,
  startDeployment: true,
  stopDeployment: true,
  logs: true,
  checkLimits: true,
  priceDeployment: true,
  priceApplication: true,
  listApplications: true,
  getApplication: true,
  createApplication: true,
  updateApplication: true,
  deleteApplication: true,
  listApiKeys: true,
  createApiKey: true,
  deleteApiKey: true,
  listRegistryCredentials: true,
  createRegistryCredential: true,
  replaceRegistryCredential: true,
  deleteRegistryCredential: true,
  quota: true,
  requestLimits: true,
  getLimitsRequest: true,
  listLimitsRequests: true,
};

/** The inference client, whose code loads on its first call: only an expanded inference section or command calls it. */
export function lazyInferenceClient(pipeline: RequestPipeline): InferenceApi {
  return lazyClient(INFERENCE_METHODS, async () => new (await import('./inferenceClient.js')).InferenceClient(pipeline));
}
