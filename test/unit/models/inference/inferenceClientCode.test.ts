import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  clientCode,
  INFERENCE_KEY_VARIABLE,
  MODEL_PLACEHOLDER,
  type ClientCodeRequest,
  type ClientKey,
} from '../../../../src/models/inference/inferenceClientCode';
import { ensureCommand, parsePython, parseTypeScript, type ParsedCode } from '../../../support/snippetParsers';

/*
 * The client code a person copies, read by the languages' own parsers (python3's ast, the TypeScript compiler), and
 * the curl snippet run by bash against a local server: the model, the address and the key arrive as meant.
 */

const ADDRESS = 'https://llama-chat-1a2b3c4d.ai.gcore.dev';
const MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
// A secret and a model id with every character a string literal or the shell could take for its own.
const AWKWARD_SECRET = `se'cr"et\\$HOME\`x\``;
const AWKWARD_MODEL = 'a"b\'c\\d$e\nf';

const KEYS: ClientKey[] = [{ kind: 'none' }, { kind: 'variable' }, { kind: 'inline', secret: 'sk-123' }];

function code(request: Partial<ClientCodeRequest> & Pick<ClientCodeRequest, 'language'>) {
  return clientCode({ address: ADDRESS, model: MODEL, key: { kind: 'variable' }, ...request });
}

interface Received {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** Runs the curl snippet with bash against a local server answering one completion: what the server received, or none. */
async function runCurl(
  snippetFor: (address: string) => string,
  env: Record<string, string>,
): Promise<{ received?: Received; code: number }> {
  ensureCommand('curl');
  let received: Received | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received = { method: request.method, url: request.url, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Hello!' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const code = await new Promise<number>((resolve) => {
      execFile('bash', ['-c', snippetFor(address)], { env: { PATH: process.env.PATH ?? '', ...env } }, (error) =>
        resolve(error ? Number(error.code ?? 1) : 0),
      );
    });
    return { received, code };
  } finally {
    server.close();
  }
}

describe('inference client code', () => {
  describe('curl', () => {
    it('posts the model and a prompt with the key from the environment, and nothing of Gcore', async () => {
      const { received, code: exit } = await runCurl((address) => code({ language: 'curl', address }).text, {
        [INFERENCE_KEY_VARIABLE]: 'sk-from-env',
      });
      assert.equal(exit, 0);
      assert.equal(received?.method, 'POST');
      assert.equal(received?.url, '/v1/chat/completions');
      assert.equal(received?.headers['x-api-key'], 'sk-from-env');
      assert.equal(received?.headers['content-type'], 'application/json');
      assert.equal(received?.headers.authorization, undefined);
      const body = received?.body as { model: string; messages: { role: string; content: string }[] };
      assert.equal(body.model, MODEL);
      assert.equal(body.messages[0].role, 'user');
      assert.ok(body.messages[0].content.length > 0);
    });

    it('sends nothing when the variable is not set', async () => {
      const { received, code: exit } = await runCurl((address) => code({ language: 'curl', address }).text, {});
      assert.notEqual(exit, 0);
      assert.equal(received, undefined);
    });

    it('sends an inline secret and an odd model id exactly as they are, and no key header for a deployment without keys', async () => {
      const inline = await runCurl(
        (address) => code({ language: 'curl', address, model: AWKWARD_MODEL, key: { kind: 'inline', secret: AWKWARD_SECRET } }).text,
        {},
      );
      assert.equal(inline.received?.headers['x-api-key'], AWKWARD_SECRET);
      assert.equal((inline.received?.body as { model: string }).model, AWKWARD_MODEL);
      const open = await runCurl((address) => code({ language: 'curl', address, key: { kind: 'none' } }).text, {
        [INFERENCE_KEY_VARIABLE]: 'sk-unused',
      });
      assert.equal(open.code, 0);
      assert.equal(open.received?.headers['x-api-key'], undefined);
    });

    it('names the placeholder it sends when the model id is not known', () => {
      const snippet = code({ language: 'curl', model: undefined });
      assert.equal(snippet.placeholder, MODEL_PLACEHOLDER);
      assert.match(snippet.text, /^# .*MODEL_ID.*https:\/\/llama-chat-1a2b3c4d\.ai\.gcore\.dev\/v1\/models/);
      assert.match(snippet.text, /"model":"MODEL_ID"/);
    });
  });

  const parsers: [ClientCodeRequest['language'], (text: string) => ParsedCode][] = [
    ['python', parsePython],
    ['typescript', parseTypeScript],
  ];
  for (const [language, parse] of parsers) {
    describe(language, () => {
      it('parses with every way of sending the key, with the model id known or not', () => {
        for (const key of KEYS) {
          for (const model of [MODEL, undefined]) {
            const snippet = code({ language, key, model });
            assert.deepEqual(parse(snippet.text).errors, [], `${JSON.stringify(key)}, ${model}:\n${snippet.text}`);
          }
        }
      });

      it("calls the deployment's /v1 with the model id and reads the key from the environment", () => {
        const snippet = code({ language, address: `${ADDRESS}/` });
        const strings = parse(snippet.text).strings;
        assert.ok(strings.includes(`${ADDRESS}/v1`), strings.join('\n'));
        assert.ok(strings.includes(MODEL));
        assert.ok(strings.includes('X-API-Key'));
        assert.ok(strings.includes(INFERENCE_KEY_VARIABLE) || snippet.text.includes(`process.env.${INFERENCE_KEY_VARIABLE}`));
        assert.equal(snippet.variable, INFERENCE_KEY_VARIABLE);
        assert.equal(snippet.placeholder, undefined);
      });

      it('holds an inline secret and an odd model id as the exact strings, and no secret otherwise', () => {
        const inline = parse(code({ language, model: AWKWARD_MODEL, key: { kind: 'inline', secret: AWKWARD_SECRET } }).text).strings;
        assert.ok(inline.includes(AWKWARD_SECRET));
        assert.ok(inline.includes(AWKWARD_MODEL));
        for (const key of [{ kind: 'none' }, { kind: 'variable' }] as const) {
          const snippet = code({ language, key });
          assert.ok(!snippet.text.includes('sk-'), snippet.text);
          assert.equal(snippet.text.includes('X-API-Key'), key.kind === 'variable');
        }
      });

      it('names the model id placeholder and where the ids are listed', () => {
        const snippet = code({ language, model: undefined });
        assert.ok(parse(snippet.text).strings.includes(MODEL_PLACEHOLDER));
        assert.match(snippet.text, /MODEL_ID.*https:\/\/llama-chat-1a2b3c4d\.ai\.gcore\.dev\/v1\/models/);
      });
    });
  }
});
