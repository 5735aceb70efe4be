import * as vscode from 'vscode';
import type { ChatMessage, ChatPart } from '../../models/inference/chatMessages';
import type { LanguageModelChatRequestMessage } from './languageModelChatApi';

/** The system role of newer hosts (3), which 1.101's enum lacks. */
const SYSTEM_ROLE = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A tool result's text: its text parts (a prompt-tsx or data part has no text a model server takes). */
function resultText(content: readonly unknown[]): string {
  return content
    .map((part) =>
      part instanceof vscode.LanguageModelTextPart ? part.value : isRecord(part) && typeof part.value === 'string' ? part.value : '',
    )
    .join('');
}

/**
 * A part as the neutral shape: text, tool calls and results by their classes (or their shape, for a part built by
 * another copy of the API), an image by its MIME type (1.104's data parts are not in the stable types).
 */
function partOf(part: unknown): ChatPart | undefined {
  if (part instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: part.value };
  if (part instanceof vscode.LanguageModelToolCallPart) {
    return { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input };
  }
  if (part instanceof vscode.LanguageModelToolResultPart) {
    return { kind: 'toolResult', callId: part.callId, text: resultText(part.content) };
  }
  if (!isRecord(part)) return undefined;
  if (typeof part.callId === 'string' && Array.isArray(part.content)) {
    return { kind: 'toolResult', callId: part.callId, text: resultText(part.content) };
  }
  if (typeof part.callId === 'string' && typeof part.name === 'string' && isRecord(part.input)) {
    return { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input };
  }
  if (typeof part.mimeType === 'string' && part.mimeType.startsWith('image/') && part.data instanceof Uint8Array) {
    return { kind: 'image', mimeType: part.mimeType, data: part.data };
  }
  if (typeof part.value === 'string') return { kind: 'text', text: part.value };
  return undefined;
}

export function neutralMessages(messages: readonly LanguageModelChatRequestMessage[]): ChatMessage[] {
  return messages.map((message) => ({
    role:
      message.role === vscode.LanguageModelChatMessageRole.Assistant
        ? 'assistant'
        : (message.role as number) === SYSTEM_ROLE
          ? 'system'
          : 'user',
    parts: message.content.flatMap((part) => partOf(part) ?? []),
  }));
}

/** The text a token count is estimated on. */
export function countedText(text: string | LanguageModelChatRequestMessage): string {
  if (typeof text === 'string') return text;
  return neutralMessages([text])[0]
    .parts.map((part) =>
      part.kind === 'text' || part.kind === 'toolResult'
        ? part.text
        : part.kind === 'toolCall'
          ? `${part.name} ${JSON.stringify(part.input)}`
          : '',
    )
    .join('');
}
