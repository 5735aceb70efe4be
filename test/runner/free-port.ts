import * as net from 'node:net';

/** Asks the kernel for an unused loopback port; the listener is closed again before the port is returned. */
export function findFreeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('The loopback listener reported no port.'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
