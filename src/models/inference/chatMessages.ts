/**
 * A chat as VS Code's language model API hands it, in a neutral shape, and the same chat as the OpenAI API takes
 * it (`POST /v1/chat/completions`): tool results as `tool` messages, an assistant's calls as `tool_calls`, images
 * as data URLs for a model that sees them and left out otherwise.
 */

import type { OpenAiContentPart, OpenAiMessage, OpenAiTool } from '../../api/inference/endpointTypes';

export type ChatPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; mimeType: string; data: Uint8Array }
  | { kind: 'toolCall'; callId: string; name: string; input: object }
  | { kind: 'toolResult'; callId: string; text: string };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  parts: readonly ChatPart[];
}

/** A tool the request offers, as VS Code describes it. */
export interface ChatTool {
  name: string;
  description: string;
  inputSchema?: object;
}

export interface OpenAiChat {
  messages: OpenAiMessage[];
  /** How many images were left out because the model does not see images. */
  imagesLeftOut: number;
}

function textOf(parts: readonly ChatPart[]): string {
  return parts
    .filter((part): part is Extract<ChatPart, { kind: 'text' }> => part.kind === 'text')
    .map((part) => part.text)
    .join('');
}

/** The messages a neutral chat becomes; a tool result goes first, as a `tool` message right after the call it answers. */
export function openAiMessages(chat: readonly ChatMessage[], seesImages: boolean): OpenAiChat {
  const messages: OpenAiMessage[] = [];
  let imagesLeftOut = 0;
  for (const message of chat) {
    for (const part of message.parts) {
      if (part.kind === 'toolResult') messages.push({ role: 'tool', tool_call_id: part.callId, content: part.text });
    }
    const text = textOf(message.parts);
    if (message.role === 'assistant') {
      const calls = message.parts
        .filter((part): part is Extract<ChatPart, { kind: 'toolCall' }> => part.kind === 'toolCall')
        .map((part) => ({
          id: part.callId,
          type: 'function' as const,
          function: { name: part.name, arguments: JSON.stringify(part.input) },
        }));
      if (calls.length > 0) messages.push({ role: 'assistant', content: text === '' ? null : text, tool_calls: calls });
      else if (text !== '') messages.push({ role: 'assistant', content: text });
      continue;
    }
    if (message.role === 'system') {
      if (text !== '') messages.push({ role: 'system', content: text });
      continue;
    }
    const images = message.parts.filter((part): part is Extract<ChatPart, { kind: 'image' }> => part.kind === 'image');
    if (!seesImages || images.length === 0) {
      imagesLeftOut += seesImages ? 0 : images.length;
      if (text !== '') messages.push({ role: 'user', content: text });
      continue;
    }
    const content: OpenAiContentPart[] = message.parts.flatMap((part): OpenAiContentPart[] => {
      if (part.kind === 'text') return [{ type: 'text', text: part.text }];
      if (part.kind === 'image') {
        return [{ type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${Buffer.from(part.data).toString('base64')}` } }];
      }
      return [];
    });
    messages.push({ role: 'user', content });
  }
  return { messages, imagesLeftOut };
}

/** The request's tools as OpenAI function tools. */
export function openAiTools(tools: readonly ChatTool[]): OpenAiTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, ...(tool.inputSchema ? { parameters: tool.inputSchema } : {}) },
  }));
}
