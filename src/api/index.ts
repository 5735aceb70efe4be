export { checkApiBaseUrl, isLoopbackHost } from './baseUrl';
export { GcoreApiError, isGcoreApiError, type ApiErrorKind } from './errors';
export { GcoreClient, type CallOptions, type FlavorQuery } from './gcoreClient';
export type { ProjectRegionRef } from '../core/projectRegion';
export type { ConnectionSettings, PipelineOptions, RequestEvent } from './requestPipeline';
export type * from './types';
