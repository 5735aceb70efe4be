export { checkApiBaseUrl, isLoopbackHost } from './baseUrl';
export { GcoreApiError, isGcoreApiError, type ApiErrorKind } from './errors';
export { GcoreClient, type CallOptions, type FlavorQuery, type LocationRef } from './gcoreClient';
export type { ConnectionSettings, PipelineOptions, RequestEvent } from './requestPipeline';
export type * from './types';
