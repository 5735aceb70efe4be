import { GcoreClient } from '../../src/api';
import type { Emulator } from '../emulator/server';

export const BENCH_API_KEY = 'bench-key-0123456789';
export const BENCH_USER_AGENT = 'gcore-vscode-bench/1.0';
/** The client's deadline per attempt (the default of `gcore.requestTimeoutSeconds`). */
export const BENCH_TIMEOUT_MS = 30_000;

/** The extension's client as activate() builds it (default retries and timeout), pointed at an emulator. */
export function benchClient(emulator: Pick<Emulator, 'url'>): GcoreClient {
  return new GcoreClient({
    settings: () => ({ baseUrl: emulator.url, timeoutMs: BENCH_TIMEOUT_MS }),
    apiKey: () => BENCH_API_KEY,
    userAgent: BENCH_USER_AGENT,
  });
}

export function flavorsPath(location: { projectId: number; regionId: number }): string {
  return `/cloud/v3/gpu/virtual/${location.projectId}/${location.regionId}/flavors`;
}
