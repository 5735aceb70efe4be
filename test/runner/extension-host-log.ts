import { format } from 'node:util';

/**
 * The workbench logs through the same channel as the extension host. These are its start-up chatter and
 * the failed marketplace / GitHub sign-in look-ups of an offline machine; none of them is about the tests.
 */
const WORKBENCH_NOISE: readonly RegExp[] = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[(reconnection-grace-time|Service Worker|AgentHost[^\]]*|AccountPolicyGate|driver)\]/,
  /open-vsx\.org/,
  /github.*authentication|authentication.*github/i,
];

/**
 * Turns one codeAutomationLog call into the text to print, or undefined for workbench noise. The host
 * forwards console arguments unformatted (mocha's reporter logs "%s" templates), so they are formatted here.
 */
export function formatAutomationLog(type: string, args: unknown): string | undefined {
  const text = format(...(Array.isArray(args) ? args : [args]));
  if (WORKBENCH_NOISE.some((pattern) => pattern.test(text))) return undefined;
  return type === 'error' || type === 'warn' ? `[${type}] ${text}` : text;
}

/**
 * Whether a line from formatAutomationLog is VS Code refusing part of an extension's manifest: the
 * workbench reports a bad contribution as an error or warning that starts with the extension's id, and
 * goes on without it.
 */
export function isManifestProblem(line: string, extensionId: string): boolean {
  return line.startsWith(`[error] [${extensionId}]:`) || line.startsWith(`[warn] [${extensionId}]:`);
}
