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
