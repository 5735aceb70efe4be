import type { DeploymentRecord } from './inference-state';

/**
 * What a deployment's OpenAI-compatible model server answers, as data: its model ids and, for a chat completion,
 * the text or the tool calls. The rules are the emulator's, written so that a test can ask for each case:
 *
 * - the last message is a `tool` message: a sentence that quotes what the tool answered;
 * - the request has `tools` and the last user message names one or more of them (the function's name as a
 *   word): one call of each, in the order named, its arguments filled from the schema's required properties;
 * - the last user message is `count to N`: the numbers 1 to N, one token each (a long answer on demand);
 * - anything else: a greeting from the model that repeats the user's words.
 *
 * `max_tokens` cuts a text answer (finish reason `length`).
 */

/** The model ids a deployment serves: vLLM's `--served-model-name` names, its `--model`, a `MODEL` variable, or the image's name. */
export function servedModelIds(record: Pick<DeploymentRecord, 'command' | 'envs' | 'image'>): string[] {
  const command = record.command ?? [];
  const served = argumentValues(command, '--served-model-name');
  if (served.length > 0) return served;
  const model = argumentValues(command, '--model')[0] ?? record.envs.MODEL ?? record.envs.MODEL_ID;
  if (model) return [model];
  const repository = record.image.split(':')[0];
  return [repository.slice(repository.lastIndexOf('/') + 1)];
}

/** The values after `flag` up to the next flag (`--flag a b`, `--flag=a`). */
function argumentValues(command: readonly string[], flag: string): string[] {
  const values: string[] = [];
  for (let index = 0; index < command.length; index++) {
    const argument = command[index];
    if (argument.startsWith(`${flag}=`)) values.push(argument.slice(flag.length + 1));
    if (argument !== flag) continue;
    for (let next = index + 1; next < command.length && !command[next].startsWith('--'); next++) values.push(command[next]);
  }
  return values;
}

export interface PlannedCall {
  id: string;
  name: string;
  /** The arguments as the JSON text a model streams. */
  arguments: string;
}

export type PlannedAnswer =
  { kind: 'text'; tokens: string[]; finishReason: 'stop' | 'length' } | { kind: 'tools'; calls: PlannedCall[]; finishReason: 'tool_calls' };

type Message = Record<string, unknown>;

/** A message's text: a string, or the text parts of a list (images and other parts left out). */
export function messageText(message: Message): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => isRecord(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text as tokens: each word with the space before it, as a tokenizer streams them. */
export function tokensOf(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

const COUNT = /^\s*count to (\d{1,7})\s*$/i;

function textAnswer(messages: readonly Message[], model: string): string[] {
  const last = messages.at(-1) ?? {};
  if (last.role === 'tool') {
    const call = toolCallNamed(messages, last.tool_call_id);
    return tokensOf(`The tool ${call ?? 'you ran'} answered: ${messageText(last)}`);
  }
  const text = messageText(last);
  const count = COUNT.exec(text);
  if (count) return Array.from({ length: Number(count[1]) }, (_, index) => (index === 0 ? '1' : ` ${index + 1}`));
  return tokensOf(`Hello from ${model}. You said: ${text}`);
}

/** The name of the function an earlier assistant message called under this id. */
function toolCallNamed(messages: readonly Message[], id: unknown): string | undefined {
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) continue;
    for (const call of message.tool_calls as unknown[]) {
      if (isRecord(call) && call.id === id && isRecord(call.function) && typeof call.function.name === 'string') return call.function.name;
    }
  }
  return undefined;
}

interface ToolSpec {
  name: string;
  parameters: Record<string, unknown>;
}

function toolsOf(body: Record<string, unknown>): ToolSpec[] {
  if (!Array.isArray(body.tools)) return [];
  return body.tools.flatMap((tool: unknown) =>
    isRecord(tool) && isRecord(tool.function) && typeof tool.function.name === 'string'
      ? [{ name: tool.function.name, parameters: isRecord(tool.function.parameters) ? tool.function.parameters : {} }]
      : [],
  );
}

/** A value for each required property, from its `enum` or its type. */
function placeholderArguments(parameters: Record<string, unknown>): Record<string, unknown> {
  const properties = isRecord(parameters.properties) ? parameters.properties : {};
  const required = Array.isArray(parameters.required) ? parameters.required.filter((name): name is string => typeof name === 'string') : [];
  const placeholder = (schema: unknown): unknown => {
    if (!isRecord(schema)) return 'example';
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    switch (schema.type) {
      case 'number':
      case 'integer':
        return 1;
      case 'boolean':
        return true;
      case 'array':
        return [];
      case 'object':
        return {};
      default:
        return 'example';
    }
  };
  return Object.fromEntries(required.map((name) => [name, placeholder(properties[name])]));
}

function namedTools(text: string, tools: readonly ToolSpec[]): ToolSpec[] {
  const positions = tools
    .map((tool) => ({
      tool,
      at: new RegExp(`(^|[^\\w-])${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).exec(text)?.index,
    }))
    .filter((found): found is { tool: ToolSpec; at: number } => found.at !== undefined);
  return positions.sort((a, b) => a.at - b.at).map((found) => found.tool);
}

/** What the model answers to a chat completion request (already checked to have `messages`). */
export function planAnswer(body: Record<string, unknown>, model: string, callIds: () => string): PlannedAnswer {
  const messages = (body.messages as unknown[]).filter(isRecord);
  const last = messages.at(-1) ?? {};
  const tools = toolsOf(body);
  if (last.role === 'user' && tools.length > 0 && body.tool_choice !== 'none') {
    const named = namedTools(messageText(last), tools);
    if (named.length > 0) {
      return {
        kind: 'tools',
        calls: named.map((tool) => ({ id: callIds(), name: tool.name, arguments: JSON.stringify(placeholderArguments(tool.parameters)) })),
        finishReason: 'tool_calls',
      };
    }
  }
  const tokens = textAnswer(messages, model);
  const limit =
    typeof body.max_tokens === 'number'
      ? body.max_tokens
      : typeof body.max_completion_tokens === 'number'
        ? body.max_completion_tokens
        : undefined;
  return limit !== undefined && tokens.length > limit
    ? { kind: 'text', tokens: tokens.slice(0, limit), finishReason: 'length' }
    : { kind: 'text', tokens, finishReason: 'stop' };
}

/** The deltas a streamed answer is made of: text a token a chunk; each call's name first, then its arguments in three pieces. */
export function answerDeltas(answer: PlannedAnswer): Record<string, unknown>[] {
  if (answer.kind === 'text') return answer.tokens.map((token) => ({ content: token }));
  return answer.calls.flatMap((call, index) => {
    const third = Math.ceil(call.arguments.length / 3);
    const pieces = [0, 1, 2].map((part) => call.arguments.slice(part * third, (part + 1) * third)).filter((piece) => piece !== '');
    return [
      { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] },
      ...pieces.map((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] })),
    ];
  });
}

/** The whole answer of a request without `stream`. */
export function answerMessage(answer: PlannedAnswer): Record<string, unknown> {
  return answer.kind === 'text'
    ? { role: 'assistant', content: answer.tokens.join('') }
    : {
        role: 'assistant',
        content: null,
        tool_calls: answer.calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
}

/** Token counts as `usage` reports them: the prompt's words, the answer's tokens. */
export function usageOf(body: Record<string, unknown>, answer: PlannedAnswer): Record<string, number> {
  const prompt = (body.messages as unknown[]).filter(isRecord).reduce((sum, message) => sum + tokensOf(messageText(message)).length, 0);
  const completion =
    answer.kind === 'text' ? answer.tokens.length : answer.calls.reduce((sum, call) => sum + tokensOf(call.arguments).length + 1, 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
