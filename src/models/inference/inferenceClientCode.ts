import * as l10n from '@vscode/l10n';
import { oneLine } from '../../core/wellFormedText';

/*
 * The code a person copies to call a deployment from their own program: one chat completion against
 * `{address}/v1/chat/completions` (inference-notes.md, "Using a deployment"). The deployment's key goes in the
 * `X-API-Key` header, read from an environment variable unless the person asked for the secret itself; the Gcore API
 * key is never part of it.
 */

export type ClientLanguage = 'curl' | 'python' | 'typescript';

export const CLIENT_LANGUAGES: readonly ClientLanguage[] = ['curl', 'python', 'typescript'];

/** The environment variable the code reads the deployment's key from. */
export const INFERENCE_KEY_VARIABLE = 'GCORE_INFERENCE_API_KEY';

/** The model id the code names when the deployment's `/v1/models` could not be read. */
export const MODEL_PLACEHOLDER = 'MODEL_ID';

/** How the code sends the deployment's key: none (it has no keys), from the environment, or the secret itself. */
export type ClientKey = { kind: 'none' } | { kind: 'variable' } | { kind: 'inline'; secret: string };

export interface ClientCodeRequest {
  language: ClientLanguage;
  /** The deployment's address, as Gcore answers it. */
  address: string;
  /** A model id the deployment's `/v1/models` lists; absent, the code names MODEL_PLACEHOLDER. */
  model?: string;
  key: ClientKey;
}

export interface ClientCode {
  text: string;
  /** The environment variable the code reads, when it reads one. */
  variable?: string;
  /** The placeholder to replace, when the model id was not known. */
  placeholder?: string;
}

/** What the code asks the model, and what Send Test Request offers to ask it. */
export function samplePrompt(): string {
  return l10n.t('Say hello in one sentence.');
}

/** The address without the slashes it may end with, so that paths join it once. */
export function endpointBase(address: string): string {
  return address.trim().replace(/\/+$/, '');
}

/** The language's name in the pick and in the message that says what was copied. */
export function clientLanguageName(language: ClientLanguage): string {
  switch (language) {
    case 'curl':
      return 'curl';
    case 'python':
      return l10n.t('Python (OpenAI client)');
    case 'typescript':
      return l10n.t('TypeScript (openai package)');
  }
}

/** A short snippet in `language` that sends one chat completion to the deployment and prints the answer. */
export function clientCode(request: ClientCodeRequest): ClientCode {
  const base = endpointBase(request.address);
  const model = request.model ?? MODEL_PLACEHOLDER;
  const parts: CodeParts = {
    base,
    model,
    key: request.key,
    prompt: samplePrompt(),
    placeholderNote:
      request.model === undefined
        ? oneLine(l10n.t('Replace {0} with one of the model ids that GET {1}/v1/models lists.', MODEL_PLACEHOLDER, base))
        : undefined,
  };
  return {
    text: WRITERS[request.language](parts),
    variable: request.key.kind === 'variable' ? INFERENCE_KEY_VARIABLE : undefined,
    placeholder: request.model === undefined ? MODEL_PLACEHOLDER : undefined,
  };
}

interface CodeParts {
  base: string;
  model: string;
  key: ClientKey;
  prompt: string;
  placeholderNote?: string;
}

const WRITERS: Record<ClientLanguage, (parts: CodeParts) => string> = { curl, python, typescript };

/** A JSON string, which Python and TypeScript read as the same string literal. */
const quoted = (text: string): string => JSON.stringify(text);

/** A word the shell passes through as it is: in single quotes, each single quote closed, escaped and reopened. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function lines(...all: (string | undefined)[]): string {
  return `${all.filter((line): line is string => line !== undefined).join('\n')}\n`;
}

function comment(prefix: string, note: string | undefined): string | undefined {
  return note === undefined ? undefined : `${prefix} ${note}`;
}

function curl({ base, model, key, prompt, placeholderNote }: CodeParts): string {
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: prompt }] });
  const header =
    key.kind === 'variable'
      ? // An unset variable stops the shell here rather than sending an empty key.
        `  -H "X-API-Key: \${${INFERENCE_KEY_VARIABLE}:?}" \\`
      : key.kind === 'inline'
        ? `  -H ${shellQuoted(`X-API-Key: ${key.secret}`)} \\`
        : undefined;
  return lines(
    comment('#', placeholderNote),
    `curl ${shellQuoted(`${base}/v1/chat/completions`)} \\`,
    `  -H 'Content-Type: application/json' \\`, // not user text: code
    header,
    `  -d ${shellQuoted(body)}`,
  );
}

function python({ base, model, key, prompt, placeholderNote }: CodeParts): string {
  const headers =
    key.kind === 'variable'
      ? `    default_headers={"X-API-Key": os.environ[${quoted(INFERENCE_KEY_VARIABLE)}]},`
      : key.kind === 'inline'
        ? `    default_headers={"X-API-Key": ${quoted(key.secret)}},`
        : undefined;
  return lines(
    ...(key.kind === 'variable' ? ['import os', ''] : []), // not user text: code
    'from openai import OpenAI', // not user text: code
    '',
    'client = OpenAI(',
    `    base_url=${quoted(`${base}/v1`)},`,
    comment('    #', oneLine(l10n.t('The client needs a key of its own; the deployment does not read this one.'))),
    '    api_key="unused",',
    headers,
    ')',
    '',
    comment('#', placeholderNote),
    'completion = client.chat.completions.create(',
    `    model=${quoted(model)},`,
    `    messages=[{"role": "user", "content": ${quoted(prompt)}}],`,
    ')',
    'print(completion.choices[0].message.content)',
  );
}

function typescript({ base, model, key, prompt, placeholderNote }: CodeParts): string {
  const headers =
    key.kind === 'variable'
      ? '  defaultHeaders: { "X-API-Key": deploymentKey },'
      : key.kind === 'inline'
        ? `  defaultHeaders: { "X-API-Key": ${quoted(key.secret)} },`
        : undefined;
  const keyCheck =
    key.kind === 'variable'
      ? [
          `const deploymentKey = process.env.${INFERENCE_KEY_VARIABLE};`, // not user text: code
          `if (!deploymentKey) throw new Error(${quoted(oneLine(l10n.t("Set {0} to the secret of one of the deployment's API keys.", INFERENCE_KEY_VARIABLE)))});`, // not user text: code
          '',
        ]
      : [];
  return lines(
    'import OpenAI from "openai";', // not user text: code
    '',
    ...keyCheck,
    'const client = new OpenAI({', // not user text: code
    `  baseURL: ${quoted(`${base}/v1`)},`,
    comment('  //', oneLine(l10n.t('The client needs a key of its own; the deployment does not read this one.'))),
    '  apiKey: "unused",',
    headers,
    '});',
    '',
    'async function main(): Promise<void> {', // not user text: code
    comment('  //', placeholderNote),
    '  const completion = await client.chat.completions.create({', // not user text: code
    `    model: ${quoted(model)},`,
    `    messages: [{ role: "user", content: ${quoted(prompt)} }],`,
    '  });',
    '  console.log(completion.choices[0].message.content);',
    '}',
    '',
    'void main();', // not user text: code
  );
}
