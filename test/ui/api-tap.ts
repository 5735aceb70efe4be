import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TappedResponse {
  method: string;
  /** Request target as the extension sent it (path and query). */
  url: string;
  status: number;
  body: string;
}

export interface ApiTap {
  /** Point gcore.apiBaseUrl here. */
  readonly url: string;
  /** Every answered request, in the order the answers came back. */
  readonly responses: TappedResponse[];
  close(): Promise<void>;
}

/**
 * A loopback pass-through in front of the API emulator. The emulator records requests but not what it
 * answered (task ids are random), and the UI test must compare what the user reads with that answer.
 */
export async function startApiTap(targetUrl: string): Promise<ApiTap> {
  const target = new URL(targetUrl);
  const responses: TappedResponse[] = [];
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          responses.push({
            method: request.method ?? 'GET',
            url: request.url ?? '/',
            status: answer.statusCode ?? 0,
            body: body.toString('utf8'),
          });
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          response.end(body);
        });
      },
    );
    // The emulator dropping a connection must look the same to the extension through the tap.
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    responses,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
