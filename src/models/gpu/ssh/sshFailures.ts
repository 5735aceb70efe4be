/*
 * What a failed `ssh -o BatchMode=yes … true` means, read from OpenSSH's own messages (its exit status is 255
 * for every failure of its own), and which failures a server that is still booting explains: sshd not
 * listening yet, or cloud-init not done writing the key (gpu-notes.md: a FINISHED task does not mean sshd is up).
 */

export type SshFailureKind =
  /** The server refused every key offered. */
  | 'refusedKey'
  /** No route, or the network is unreachable. */
  | 'noRoute'
  /** The server's host key differs from the one the known-hosts file holds. */
  | 'hostKeyChanged'
  /** Nothing listens on the SSH port (yet). */
  | 'connectionRefused'
  /** No answer in time, or the connection closed before SSH's greeting. */
  | 'timedOut'
  | 'unresolved'
  /** No `ssh` program on this machine. */
  | 'sshMissing'
  | 'other';

export interface SshFailure {
  kind: SshFailureKind;
  /** SSH's own last line, as it wrote it. */
  detail: string;
  /** The name the known-hosts file holds the old key under (`[address]:port` on another port), for a changed host key. */
  knownHostsName?: string;
}

const PATTERNS: readonly [RegExp, SshFailureKind][] = [
  [/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed|Host key for \S+ has changed/i, 'hostKeyChanged'],
  [/Permission denied \((?:[a-z-]+,)*publickey/i, 'refusedKey'],
  [/Too many authentication failures/i, 'refusedKey'],
  [/No route to host|Network is unreachable/i, 'noRoute'],
  [/Connection refused/i, 'connectionRefused'],
  [/timed out|Connection reset|Connection closed by|kex_exchange_identification/i, 'timedOut'],
  [/Could not resolve hostname|Name or service not known|nodename nor servname/i, 'unresolved'],
];

/** SSH's last line that says something (not its warnings about adding a host key). */
function lastLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Warning: Permanently added/i.test(line));
  return lines.at(-1) ?? '';
}

/** A failure from ssh's standard error, or from the error of starting it (`ENOENT`: not installed). */
export function classifySshFailure(stderr: string, spawnErrorCode?: string): SshFailure {
  if (spawnErrorCode === 'ENOENT') return { kind: 'sshMissing', detail: '' };
  const detail = lastLine(stderr);
  const kind = PATTERNS.find(([pattern]) => pattern.test(stderr))?.[1] ?? 'other';
  if (kind !== 'hostKeyChanged') return { kind, detail };
  const knownHostsName = /Host key for (\S+) has changed/i.exec(stderr)?.[1] ?? /-R "?([^"\s]+)"?/.exec(stderr)?.[1];
  return { kind, detail, knownHostsName };
}

/** Failures a server explains while it boots: the connection test tries again on them, within its window. */
export function mayPassAfterBoot(kind: SshFailureKind): boolean {
  return kind === 'connectionRefused' || kind === 'timedOut' || kind === 'noRoute' || kind === 'refusedKey';
}

/** How long to wait before each next attempt while a server boots: short at first, then every 10 s. */
const BOOT_DELAYS_MS = [2_000, 3_000, 5_000, 8_000];
const LATER_DELAY_MS = 10_000;

/** The wait before attempt `attempt + 1` (attempt counts from 1), or undefined when it would start after `windowMs`. */
export function nextAttemptDelay(attempt: number, elapsedMs: number, windowMs: number): number | undefined {
  const delay = BOOT_DELAYS_MS[attempt - 1] ?? LATER_DELAY_MS;
  return elapsedMs + delay <= windowMs ? delay : undefined;
}
