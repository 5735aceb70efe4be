import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../callOptions';
import { asObject, unexpected } from '../decode';
import { jsonObject } from '../decodeItems';
import type { RequestPipeline } from '../http/requestPipeline';
import { CLOUD_LIST, fetchList, readListPage, type ListMessages, type PagedListMessages } from '../paging';
import { decodeTaskAnswer } from '../taskAnswer';
import type { CloudList } from '../types';
import {
  decodeInferenceApiKey,
  decodeInferenceApplication,
  decodeInferenceCatalogApplication,
  decodeInferenceDeployment,
  decodeInferenceFlavor,
  decodeInferenceLogLine,
  decodeInferenceRegionCapacity,
  decodeInferenceRegistryCredential,
  decodeLimitsRequest,
} from './decodeInferenceItems';
import type {
  InferenceApi,
  InferenceApiKey,
  InferenceApiKeyCreated,
  InferenceApplication,
  InferenceCatalogApplication,
  InferenceDeployment,
  InferenceDeploymentRef,
  InferenceFlavor,
  InferenceLogLine,
  InferenceLogPage,
  InferenceLogQuery,
  InferenceNamedRef,
  InferencePrice,
  InferenceProjectRef,
  InferenceQuota,
  InferenceQuotaCheck,
  InferenceRegionCapacity,
  InferenceRegistryCredential,
  InferenceTaskAnswer,
  LimitsRequest,
} from './inferenceTypes';

/** A deployment list's page: Gcore's default and largest. */
const DEPLOYMENT_PAGE_LIMIT = 1000;

/** The API keys', registry credentials', flavors' and limits requests' pages: Gcore's default for API keys. */
const SMALL_PAGE_LIMIT = 100;

/** The most log lines Gcore gives a page. */
const LOG_PAGE_LIMIT = 1000;

function pagedMessages(notAnObject: () => string, noItems: (field: string) => string, tooMany: PagedListMessages['tooMany']) {
  return { notAnObject, noItems, tooMany } satisfies PagedListMessages;
}

const DEPLOYMENT_LIST = pagedMessages(
  () => l10n.t('the inference deployment list is not an object'),
  (field) => l10n.t('the inference deployment list has no {0} array', field),
  (total, max) =>
    l10n.t(
      'The Gcore API reports {0} inference deployments, more than the {1} this extension lists at once; nothing was loaded.',
      total,
      max,
    ),
);

const API_KEY_LIST = pagedMessages(
  () => l10n.t('the inference API key list is not an object'),
  (field) => l10n.t('the inference API key list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} inference API keys, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const CREDENTIAL_LIST = pagedMessages(
  () => l10n.t('the registry credential list is not an object'),
  (field) => l10n.t('the registry credential list has no {0} array', field),
  (total, max) =>
    l10n.t(
      'The Gcore API reports {0} registry credentials, more than the {1} this extension lists at once; nothing was loaded.',
      total,
      max,
    ),
);

const FLAVOR_LIST = pagedMessages(
  () => l10n.t('the inference flavor list is not an object'),
  (field) => l10n.t('the inference flavor list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} inference flavors, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const LIMITS_REQUEST_LIST = pagedMessages(
  () => l10n.t('the quota request list is not an object'),
  (field) => l10n.t('the quota request list has no {0} array', field),
  (total, max) =>
    l10n.t('The Gcore API reports {0} quota requests, more than the {1} this extension lists at once; nothing was loaded.', total, max),
);

const CAPACITY_LIST: ListMessages = {
  notAnObject: () => l10n.t('the inference capacity list is not an object'),
  noItems: (field) => l10n.t('the inference capacity list has no {0} array', field),
};

const CATALOG_LIST: ListMessages = {
  notAnObject: () => l10n.t('the inference application catalogue is not an object'),
  noItems: (field) => l10n.t('the inference application catalogue has no {0} array', field),
};

const APPLICATION_LIST: ListMessages = {
  notAnObject: () => l10n.t('the inference application list is not an object'),
  noItems: (field) => l10n.t('the inference application list has no {0} array', field),
};

const LOG_PAGE: ListMessages = {
  notAnObject: () => l10n.t('the inference log answer is not an object'),
  noItems: (field) => l10n.t('the inference log answer has no {0} array', field),
};

/** A project's inference paths (`/cloud/v3/inference/{project_id}/…`): no region, a deployment spans regions. */
function projectSegments(ref: InferenceProjectRef, ...rest: string[]): (string | number)[] {
  return ['cloud', 'v3', 'inference', ref.projectId, ...rest];
}

function applicationSegments(ref: InferenceProjectRef, ...rest: string[]): (string | number)[] {
  return ['cloud', 'v3', 'inference', 'applications', ref.projectId, 'deployments', ...rest];
}

/** The quota entries the inference area reads: Gcore names them `inference_…_count_limit` and `…_count_usage`. */
const INFERENCE_QUOTA = /^inference_.*_(limit|usage)$/;

/**
 * Everywhere Inference (`/cloud/v3/inference/…`, its prices under `/cloud/v2/pricing/inference/…` and the account's
 * quota under `/cloud/v2/…`): deployments of a project, catalogue applications, API keys, registry credentials.
 * It sends exactly what it is given; the write paths (writes/inference/) decide what that is.
 */
export class InferenceClient implements InferenceApi {
  constructor(private readonly pipeline: RequestPipeline) {}

  async flavors(options: CallOptions = {}): Promise<CloudList<InferenceFlavor>> {
    return this.pagedList(FLAVOR_LIST, ['cloud', 'v3', 'inference', 'flavors'], SMALL_PAGE_LIMIT, decodeInferenceFlavor, options);
  }

  /** Each region's free capacity per flavor, in one answer. */
  async capacity(options: CallOptions = {}): Promise<CloudList<InferenceRegionCapacity>> {
    return this.onePage(CAPACITY_LIST, ['cloud', 'v3', 'inference', 'capacity'], decodeInferenceRegionCapacity, options);
  }

  /** Gcore's catalogue of applications, in one answer. */
  async catalog(options: CallOptions = {}): Promise<CloudList<InferenceCatalogApplication>> {
    return this.onePage(CATALOG_LIST, ['cloud', 'v3', 'inference', 'applications', 'catalog'], decodeInferenceCatalogApplication, options);
  }

  async catalogApplication(name: string, options: CallOptions = {}): Promise<InferenceCatalogApplication> {
    const body = await this.read(['cloud', 'v3', 'inference', 'applications', 'catalog', name], options);
    return required(decodeInferenceCatalogApplication(body), () => l10n.t('the catalogue application has no name'));
  }

  async listDeployments(ref: InferenceProjectRef, options: CallOptions = {}): Promise<CloudList<InferenceDeployment>> {
    return this.pagedList(DEPLOYMENT_LIST, projectSegments(ref, 'deployments'), DEPLOYMENT_PAGE_LIMIT, decodeInferenceDeployment, options);
  }

  /** One deployment; an unknown name answers 404 (kind notFound). */
  async getDeployment(ref: InferenceDeploymentRef, options: CallOptions = {}): Promise<InferenceDeployment> {
    const body = await this.read(projectSegments(ref, 'deployments', ref.name), options);
    return required(decodeInferenceDeployment(body), () => l10n.t('the inference deployment has no name'));
  }

  /** Never sent twice on its own: a lost answer may still have made a deployment billed by the minute. */
  async createDeployment(ref: InferenceProjectRef, deployment: object, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('POST', projectSegments(ref, 'deployments'), deployment, options);
  }

  async updateDeployment(ref: InferenceDeploymentRef, changes: object, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('PATCH', projectSegments(ref, 'deployments', ref.name), changes, options);
  }

  async deleteDeployment(ref: InferenceDeploymentRef, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('DELETE', projectSegments(ref, 'deployments', ref.name), undefined, options);
  }

  /** Gcore answers 204 and starts no task: the deployment's status tells when it moved. */
  async startDeployment(ref: InferenceDeploymentRef, options: CallOptions = {}): Promise<void> {
    await this.send('POST', projectSegments(ref, 'deployments', ref.name, 'start'), undefined, options);
  }

  /** As start: 204, no task. */
  async stopDeployment(ref: InferenceDeploymentRef, options: CallOptions = {}): Promise<void> {
    await this.send('POST', projectSegments(ref, 'deployments', ref.name, 'stop'), undefined, options);
  }

  /**
   * One page of a deployment's log lines (newest first unless asked otherwise), at most LOG_PAGE_LIMIT: a larger
   * limit asks for that many. There is no cursor: following reads the newest page again (docs/gcore-api.md).
   */
  async logs(ref: InferenceDeploymentRef, query: InferenceLogQuery, options: CallOptions = {}): Promise<InferenceLogPage> {
    const limit = Math.min(LOG_PAGE_LIMIT, Math.max(1, Math.floor(query.limit ?? LOG_PAGE_LIMIT)));
    const response = await this.pipeline.send({
      method: 'GET',
      segments: projectSegments(ref, 'deployments', ref.name, 'logs'),
      query: {
        order_by: query.order ?? 'time.desc',
        region_id: query.regionId === undefined ? undefined : String(query.regionId),
        limit: String(limit),
        offset: String(Math.max(0, Math.floor(query.offset ?? 0))),
      },
      signal: options.signal,
      gate: options.gate,
    });
    const { total, entries } = readListPage(response.body, CLOUD_LIST, LOG_PAGE);
    const results = entries.map(decodeInferenceLogLine).filter((line): line is InferenceLogLine => line !== undefined);
    return { count: total ?? results.length, results };
  }

  /** The `inference_*` limits a deployment would exceed; `{}` when it fits or Gcore answers without a body. */
  async checkLimits(ref: InferenceProjectRef, request: object, options: CallOptions = {}): Promise<InferenceQuotaCheck> {
    const response = await this.send('POST', projectSegments(ref, 'deployments', 'check_limits'), request, options);
    return response === undefined ? {} : asObject(response, () => l10n.t('the inference quota check is not an object'));
  }

  /** The price of a deployment as it would run at each region's `scale.max`: a ceiling. */
  async priceDeployment(request: object, options: CallOptions = {}): Promise<InferencePrice> {
    return this.price(['cloud', 'v2', 'pricing', 'inference', 'deployments'], request, options);
  }

  async priceApplication(request: object, options: CallOptions = {}): Promise<InferencePrice> {
    return this.price(['cloud', 'v2', 'pricing', 'inference', 'applications'], request, options);
  }

  /** A project's application deployments, in one answer (the endpoint takes no paging parameters). */
  async listApplications(ref: InferenceProjectRef, options: CallOptions = {}): Promise<CloudList<InferenceApplication>> {
    return this.onePage(APPLICATION_LIST, applicationSegments(ref), decodeInferenceApplication, options);
  }

  async getApplication(ref: InferenceNamedRef, options: CallOptions = {}): Promise<InferenceApplication> {
    const body = await this.read(applicationSegments(ref, ref.name), options);
    return required(decodeInferenceApplication(body), () => l10n.t('the inference application has no name'));
  }

  /** Never sent twice on its own, as a deployment's create. */
  async createApplication(ref: InferenceProjectRef, application: object, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('POST', applicationSegments(ref), application, options);
  }

  async updateApplication(ref: InferenceNamedRef, changes: object, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('PATCH', applicationSegments(ref, ref.name), changes, options);
  }

  async deleteApplication(ref: InferenceNamedRef, options: CallOptions = {}): Promise<InferenceTaskAnswer> {
    return this.taskWrite('DELETE', applicationSegments(ref, ref.name), undefined, options);
  }

  /** A project's keys, never with a secret. */
  async listApiKeys(ref: InferenceProjectRef, options: CallOptions = {}): Promise<CloudList<InferenceApiKey>> {
    return this.pagedList(API_KEY_LIST, projectSegments(ref, 'api_keys'), SMALL_PAGE_LIMIT, decodeInferenceApiKey, options);
  }

  /** The new key with its secret: the one answer that holds it. */
  async createApiKey(ref: InferenceProjectRef, key: object, options: CallOptions = {}): Promise<InferenceApiKeyCreated> {
    const body = asObject(await this.send('POST', projectSegments(ref, 'api_keys'), key, options), () =>
      l10n.t('the new inference API key is not an object'),
    );
    if (typeof body.name !== 'string' || body.name.trim() === '') throw unexpected(l10n.t('the new inference API key has no name'));
    return body as InferenceApiKeyCreated;
  }

  async deleteApiKey(ref: InferenceNamedRef, options: CallOptions = {}): Promise<void> {
    await this.send('DELETE', projectSegments(ref, 'api_keys', ref.name), undefined, options);
  }

  /** A project's credentials, never with a password. */
  async listRegistryCredentials(ref: InferenceProjectRef, options: CallOptions = {}): Promise<CloudList<InferenceRegistryCredential>> {
    return this.pagedList(
      CREDENTIAL_LIST,
      projectSegments(ref, 'registry_credentials'),
      SMALL_PAGE_LIMIT,
      decodeInferenceRegistryCredential,
      options,
    );
  }

  async createRegistryCredential(
    ref: InferenceProjectRef,
    credential: object,
    options: CallOptions = {},
  ): Promise<InferenceRegistryCredential> {
    const body = await this.send('POST', projectSegments(ref, 'registry_credentials'), credential, options);
    return answeredCredential(body, (credential as { name?: unknown }).name);
  }

  /** A PUT: `username`, `password` and `registry_url` all together, as Gcore takes no partial update. */
  async replaceRegistryCredential(
    ref: InferenceNamedRef,
    credential: object,
    options: CallOptions = {},
  ): Promise<InferenceRegistryCredential> {
    const body = await this.send('PUT', projectSegments(ref, 'registry_credentials', ref.name), credential, options);
    return answeredCredential(body, ref.name);
  }

  async deleteRegistryCredential(ref: InferenceNamedRef, options: CallOptions = {}): Promise<void> {
    await this.send('DELETE', projectSegments(ref, 'registry_credentials', ref.name), undefined, options);
  }

  /** The account's `inference_*` quotas (they are account-wide), each kept under the name Gcore gives it. */
  async quota(options: CallOptions = {}): Promise<InferenceQuota> {
    const body = asObject(await this.read(['cloud', 'v2', 'client_quotas'], options), () => l10n.t('the quota answer is not an object'));
    const quota: InferenceQuota = { limits: {}, usage: {} };
    for (const [name, value] of Object.entries(jsonObject(body.global_quotas) ?? {})) {
      const kind = INFERENCE_QUOTA.exec(name)?.[1];
      if (kind === undefined || typeof value !== 'number' || !Number.isFinite(value)) continue;
      quota[kind === 'limit' ? 'limits' : 'usage'][name] = value;
    }
    return quota;
  }

  /** A request for more quota (`POST /cloud/v2/limits_request`); undefined when Gcore answers without a body. */
  async requestLimits(request: object, options: CallOptions = {}): Promise<LimitsRequest | undefined> {
    const body = await this.send('POST', ['cloud', 'v2', 'limits_request'], request, options);
    if (body === undefined) return undefined;
    return required(decodeLimitsRequest(body), () => l10n.t('the quota request has no id'));
  }

  async getLimitsRequest(id: number | string, options: CallOptions = {}): Promise<LimitsRequest> {
    const body = await this.read(['cloud', 'v2', 'limits_request', id], options);
    return required(decodeLimitsRequest(body), () => l10n.t('the quota request has no id'));
  }

  async listLimitsRequests(options: CallOptions = {}): Promise<CloudList<LimitsRequest>> {
    return this.pagedList(
      LIMITS_REQUEST_LIST,
      ['cloud', 'v2', 'limits_request'],
      SMALL_PAGE_LIMIT,
      decodeLimitsRequest,
      options,
      (request) => String(request.id),
    );
  }

  private async price(segments: (string | number)[], request: object, options: CallOptions): Promise<InferencePrice> {
    const body = await this.send('POST', segments, request, options);
    return asObject(body, () => l10n.t('the price answer is not an object')) as InferencePrice;
  }

  private async read(segments: (string | number)[], options: CallOptions): Promise<unknown> {
    const response = await this.pipeline.send({ method: 'GET', segments, signal: options.signal, gate: options.gate });
    return response.body;
  }

  private async send(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    segments: (string | number)[],
    body: object | undefined,
    options: CallOptions,
  ): Promise<unknown> {
    const response = await this.pipeline.send({ method, segments, body, signal: options.signal, onWait: options.onWait });
    return response.body;
  }

  private async taskWrite(
    method: 'POST' | 'PATCH' | 'DELETE',
    segments: (string | number)[],
    body: object | undefined,
    options: CallOptions,
  ): Promise<InferenceTaskAnswer> {
    return decodeTaskAnswer(await this.send(method, segments, body, options), () =>
      l10n.t('the answer to the inference change is not an object'),
    );
  }

  private async onePage<T>(
    messages: ListMessages,
    segments: (string | number)[],
    decodeItem: (entry: unknown) => T | undefined,
    options: CallOptions,
  ): Promise<CloudList<T>> {
    const { body, entries } = readListPage(await this.read(segments, options), CLOUD_LIST, messages);
    const results = entries.map(decodeItem).filter((item): item is T => item !== undefined);
    const unreadable = entries.length - results.length;
    return { ...body, count: results.length, results, ...(unreadable > 0 ? { unreadableCount: unreadable } : {}) };
  }

  private async pagedList<T>(
    messages: PagedListMessages,
    segments: (string | number)[],
    pageLimit: number,
    decodeItem: (entry: unknown) => T | undefined,
    options: CallOptions,
    keyOf: (item: T) => string = (item) => (item as { name: string }).name,
  ): Promise<CloudList<T>> {
    const { body, items, gaps } = await fetchList({
      messages,
      shape: CLOUD_LIST,
      pageLimit,
      keyOf,
      decodeItem,
      pipeline: this.pipeline,
      segments,
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }
}

function required<T>(item: T | undefined, problem: () => string): T {
  if (item === undefined) throw unexpected(problem());
  return item;
}

/** The credential as Gcore answered it, without a password; an empty answer is the credential by its name alone. */
function answeredCredential(body: unknown, name: unknown): InferenceRegistryCredential {
  if (body === undefined && typeof name === 'string') return { name };
  return required(decodeInferenceRegistryCredential(body), () => l10n.t('the registry credential answer has no name'));
}
