import * as http from 'node:http';
import type { Emulator } from '../../emulator/server';

export const API_KEY = 'test-key$with-dollar';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface RawRequestOptions {
  /** An object is sent as JSON; a string is sent as given. */
  body?: unknown;
  /** Authorization header value; null sends none. Defaults to `apikey <API_KEY>`. */
  authorization?: string | null;
  headers?: Record<string, string>;
  agent?: http.Agent;
}

/** One request with plain node:http, so the emulator is tested independently of the project's API client. */
export function rawRequest(
  emulator: Pick<Emulator, 'url'>,
  method: string,
  path: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  const authorization = options.authorization === undefined ? `apikey ${API_KEY}` : options.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  return new Promise((resolve, reject) => {
    const request = http.request(`${emulator.url}${path}`, { method, headers, agent: options.agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
