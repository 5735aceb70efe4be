export { checkApiBaseUrl, isLoopbackHost } from './http/baseUrl';
export { GcoreApiError, isGcoreApiError, type ApiErrorKind } from './errors';
export { GcoreClient } from './gcoreClient';
export type { CallOptions } from './callOptions';
export type { ProjectRegionRef } from '../core/projectRegion';
export type { ConnectionSettings, PipelineOptions, RequestEvent } from './http/requestPipeline';
export { DEFAULT_CONNECTION } from './http/requestPipeline';
export type * from './types';
