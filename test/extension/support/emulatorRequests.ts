import type { Emulator } from '../../emulator/server';
import { TEST_KEY } from './harness';

/** A zone created at the emulator without the extension, as if made in the portal. */
export async function rawCreateZone(emulator: Emulator, name: string): Promise<void> {
  const response = await fetch(`${emulator.url}/dns/v2/zones`, {
    method: 'POST',
    headers: { Authorization: `apikey ${TEST_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`creating ${name} at the emulator answered ${response.status}`);
}
