import { GcoreClient, type RequestEvent } from '../../../src/api';
import type { RetryOptions } from '../../../src/api/http/retryPolicy';
import { start, type Emulator, type EmulatorOptions } from '../../emulator/server';

export const TEST_KEY = 'test-key-$ecret-0123456789';

export interface Harness {
  emulator: Emulator;
  client: GcoreClient;
  events: RequestEvent[];
  settings: { baseUrl: string; timeoutMs: number };
}

/** An emulator on loopback and a client pointed at it; retries are fast unless a test asks otherwise. */
export async function startHarness(
  retry: Partial<RetryOptions> = { baseDelayMs: 5, maxDelayMs: 20 },
  emulatorOptions: Partial<EmulatorOptions> = {},
): Promise<Harness> {
  const emulator = await start({ ...emulatorOptions, apiKey: TEST_KEY });
  const settings = { baseUrl: emulator.url, timeoutMs: 5_000 };
  const events: RequestEvent[] = [];
  const client = new GcoreClient({
    settings: () => settings,
    apiKey: async () => TEST_KEY,
    userAgent: 'gcore-vscode-tests/1.0',
    retry,
    onRequest: (event) => events.push(event),
  });
  return { emulator, client, events, settings };
}

export async function stopHarness(harness: Harness | undefined): Promise<void> {
  harness?.client.dispose();
  await harness?.emulator.close();
}

export async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
