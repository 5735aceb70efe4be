/** What a deployment's OpenAI-compatible address takes and sends (`/v1/chat/completions`). */

export type OpenAiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAiToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: object };
}

/** A piece of a streamed tool call (`choices[0].delta.tool_calls[]`): the first names it, the rest add to its arguments. */
export interface ToolCallFragment {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

export type EndpointErrorKind =
  /** The address is not one a key may be sent to (or not a URL). */
  | 'badAddress'
  /** 401/403: the key is missing, wrong, or no longer attached. */
  | 'unauthorized'
  /** 404 `model_not_found`: the deployment no longer serves the model. */
  | 'modelNotFound'
  /** 404 otherwise: nothing answers at this address (the deployment is gone). */
  | 'notFound'
  /** 503 and 502: the gateway has no pod to send to (stopped, deploying, failing). */
  | 'unavailable'
  | 'badRequest'
  | 'rateLimited'
  | 'server'
  /** The connection failed or broke, the stream ended before `[DONE]`, or an error event came mid-answer. */
  | 'network'
  | 'broken'
  | 'cancelled'
  | 'badResponse';

/** A failure at a deployment's address. Its message holds the server's words, never a key. */
export class EndpointError extends Error {
  constructor(
    readonly kind: EndpointErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; midStream?: boolean } = {},
  ) {
    super(message);
    this.name = 'EndpointError';
  }
}
