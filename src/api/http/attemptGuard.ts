import * as http from 'node:http';
import * as https from 'node:https';

/** Error codes the guard gives the failures it causes, so the pipeline can tell them from the network's. */
export const ATTEMPT_TIMED_OUT = 'GCORE_ATTEMPT_TIMED_OUT';
export const RESPONSE_TOO_LARGE = 'GCORE_RESPONSE_TOO_LARGE';

/** The cap of an answer whose request names none: far more than any list page or object of the API. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface AttemptLimits {
  /** From sending the request to the last byte of the answer. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * Set by the guard when it refused an answer for the length it declared (node-fetch keeps only the
   * code of the error that stopped it), so that the caller can say how large it was.
   */
  declaredBytes?: number;
}

/**
 * What node-fetch 2 does not do for an HTTP attempt, done at the one place that sees its ClientRequest and
 * IncomingMessage, the agent:
 * - one deadline for the whole exchange (node-fetch times the head and then the body, each for the full
 *   timeout), which also destroys the socket when it passes;
 * - a cap on the answer's size, before and while it arrives;
 * - an answer whose connection closes before its Content-Length was reached fails at once: node-fetch 2
 *   notices an early end only for chunked bodies and would otherwise wait for its timeout.
 *
 * node-fetch hands the request to the agent synchronously inside `fetch()`, so the pipeline sets the limits
 * for the next attempt just before calling it (`guardNext`), and the agent takes them when the request
 * arrives.
 */
export interface GuardedAgents {
  http: http.Agent;
  https: https.Agent;
  guardNext(limits: AttemptLimits): void;
  destroy(): void;
}

interface AgentWithAddRequest {
  addRequest(request: http.ClientRequest, options: unknown): void;
}

export function createGuardedAgents(): GuardedAgents {
  let next: AttemptLimits | undefined;
  const take = (): AttemptLimits | undefined => {
    const limits = next;
    next = undefined;
    return limits;
  };
  const options = { keepAlive: true, scheduling: 'lifo' } as const;
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  for (const agent of Object.values(agents) as unknown as AgentWithAddRequest[]) {
    const addRequest = agent.addRequest.bind(agent);
    agent.addRequest = (request, requestOptions) => {
      const limits = take();
      if (limits) guardAttempt(request, limits);
      addRequest(request, requestOptions);
    };
  }
  return {
    ...agents,
    guardNext: (limits) => {
      next = limits;
    },
    destroy: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function guardAttempt(request: http.ClientRequest, limits: AttemptLimits): void {
  let failed = false;
  const fail = (code: string | undefined, message: string, cause?: Error): void => {
    if (failed) return;
    failed = true;
    clearTimeout(timer);
    const error = cause ?? Object.assign(new Error(message), { code });
    // Once the socket has closed, destroy() does nothing more: node-fetch learns of the failure (and ends
    // the body it is reading) from the request's 'error' event.
    if (request.destroyed) request.emit('error', error);
    else request.destroy(error);
  };
  const timer = setTimeout(() => fail(ATTEMPT_TIMED_OUT, `no complete answer within ${limits.timeoutMs} ms`), limits.timeoutMs); // not user text: the pipeline words the failure from its code
  request.once('close', () => clearTimeout(timer));
  request.once('response', (response: http.IncomingMessage) => {
    const declared = response.headers['content-length'];
    if (declared !== undefined) {
      // Node's parser reads no more than a declared length: checking the declaration is enough.
      if (Number(declared) > limits.maxBytes) {
        limits.declaredBytes = Number(declared);
        fail(RESPONSE_TOO_LARGE, `the answer declares ${declared} bytes`); // not user text: the pipeline words the failure from its code
      }
    } else {
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limits.maxBytes) fail(RESPONSE_TOO_LARGE, `the answer passed ${limits.maxBytes} bytes`); // not user text: the pipeline words the failure from its code
      });
    }
    response.once('end', () => clearTimeout(timer));
    // Node destroys the response with "aborted" (ECONNRESET) when the socket closes before its end.
    response.once('error', (error) => fail(undefined, error.message, error));
  });
}
