import * as l10n from '@vscode/l10n';
import * as net from 'node:net';
import { UserCancelledError } from '../../ui/promptUi';
import { SYSTEM_CLOCK, type Clock } from './sshConnection';

/*
 * The local end of a forwarded port: the same number as on the server when it is free here (so that
 * http://localhost:8888 means Jupyter on both), another free one otherwise, and the wait for the tunnel to listen.
 */

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : undefined));
    });
  });
}

/** `preferred` when nothing listens on it on this machine's loopback, otherwise a free port the system gives. */
export async function freeLocalPort(preferred: number): Promise<number> {
  const port = (await listenOn(preferred)) ?? (await listenOn(0));
  if (port === undefined) throw new Error(l10n.t('This machine has no free local port for the tunnel.'));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const POLL_MS = 250;

/** Whether something listens on the local port within `timeoutMs`; false at once when `gaveUp` says the tunnel ended. */
export async function waitForLocalPort(
  port: number,
  options: { timeoutMs: number; gaveUp: () => boolean; signal?: AbortSignal; clock?: Clock },
): Promise<boolean> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const deadline = clock.now() + options.timeoutMs;
  for (;;) {
    if (options.signal?.aborted) throw new UserCancelledError();
    if (await accepts(port)) return true;
    if (options.gaveUp() || clock.now() >= deadline) return false;
    await clock.sleep(POLL_MS, options.signal);
  }
}
