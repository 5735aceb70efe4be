/**
 * Waits until `check` passes: it is called again every 50 ms while it throws, and its value is returned
 * once it does not. After `timeoutMs` its last error is thrown. For what arrives asynchronously: settings
 * and secret events, what the emulator saw, the workbench catching up.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** For `eventually`: the value, or an error naming what has not arrived yet. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Timed out waiting for ${what}.`);
  return value;
}
