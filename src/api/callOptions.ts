import type { AttemptGate } from './http/requestPipeline';
import type { RetryWait } from './http/retryWords';

export interface CallOptions {
  signal?: AbortSignal;
  /** Wraps each HTTP attempt (see ApiRequest.gate). */
  gate?: AttemptGate;
  /** Told before each wait for another attempt (see ApiRequest.onWait). */
  onWait?: (wait: RetryWait) => void;
}
