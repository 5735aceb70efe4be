import type { AttemptGate } from './http/requestPipeline';

export interface CallOptions {
  signal?: AbortSignal;
  /** Wraps each HTTP attempt (see ApiRequest.gate). */
  gate?: AttemptGate;
}
