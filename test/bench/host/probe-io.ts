import * as fs from 'node:fs';
import * as http from 'node:http';
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import { EXTENSION_ID, PROBE_INPUT_VARIABLE } from '../probe-contract';

/** The driver's input, from the variable it set on the code-server this extension host belongs to. */
export function readProbeInput<T extends { resultFile: string }>(): T {
  const raw = process.env[PROBE_INPUT_VARIABLE];
  if (!raw) throw new Error(`${PROBE_INPUT_VARIABLE} is not set: this module runs only under npm run bench`);
  return JSON.parse(raw) as T;
}

export function writeProbeResult(file: string, result: object): void {
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Activates the extension under test and returns the testing API it exposes in an extension-tests host. */
export async function activatedTestingApi(): Promise<TestingApi> {
  const extension = vscode.extensions.getExtension<TestingApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not in this extension host`);
  const api = await extension.activate();
  if (!api) throw new Error('the extension returned no testing API: is the host in test mode?');
  return api;
}

/** A change sent to the API as the portal would (the key in its header, a JSON body): the extension learns of it from its lists. */
export function sendAsPortal(input: { emulatorUrl: string; apiKey: string }, method: string, path: string, body: object): Promise<void> {
  const url = `${input.emulatorUrl}${path}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { Authorization: `apikey ${input.apiKey}`, 'Content-Type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}
