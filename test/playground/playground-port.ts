import * as net from 'node:net';
import { findFreeLoopbackPort } from '../runner/free-port';

/** A fixed default, so that a bookmarked playground URL keeps working from one start to the next. */
const DEFAULT_PLAYGROUND_PORT = 8765;

/** Names of the variables that choose the port, the first one set wins. */
const PORT_VARIABLES = ['GCORE_PLAYGROUND_PORT', 'PORT'] as const;

/**
 * The loopback port for the playground: the one asked for in the environment (which must be free), else
 * the default when it is free, else any free port.
 */
export async function playgroundPort(env: NodeJS.ProcessEnv): Promise<number> {
  const variable = PORT_VARIABLES.find((name) => (env[name] ?? '').trim() !== '');
  if (variable !== undefined) {
    const raw = (env[variable] ?? '').trim();
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable} must be a port number from 1 to 65535, not "${raw}".`);
    }
    if (!(await isFreeOnLoopback(port))) throw new Error(`Port ${port} (from ${variable}) is already in use on 127.0.0.1.`);
    return port;
  }
  return (await isFreeOnLoopback(DEFAULT_PLAYGROUND_PORT)) ? DEFAULT_PLAYGROUND_PORT : findFreeLoopbackPort();
}

function isFreeOnLoopback(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
