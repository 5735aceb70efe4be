import * as http from 'node:http';

/**
 * The least a program can do to read a JSON resource: one node:http GET on a keep-alive agent, the body
 * collected and JSON.parse'd. It is the yardstick the client and the tree are measured against.
 */
export function bareGetJson(url: string, headers: Record<string, string>, agent: http.Agent): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET ${url} answered ${response.statusCode}`));
          return;
        }
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
  });
}
