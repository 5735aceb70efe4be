import * as l10n from '@vscode/l10n';
import { failureReason } from '../logging/failureMessage';

/** What a confirmation read of the state a write changes: the value, or why it could not be read. */
export type Current<T> = { known: true; value: T } | { known: false; reason: string };

/** A confirmation never fails on its read: what could not be read is said to be unknown. */
export async function readCurrent<T>(read: () => Promise<T>): Promise<Current<T>> {
  try {
    return { known: true, value: await read() };
  } catch (error) {
    return { known: false, reason: failureReason(error) };
  }
}

/** The line a confirmation shows when the current state could not be read. */
export function currentUnknownLine(current: { reason: string }): string {
  return l10n.t('Current value unknown (it could not be read: {0})', current.reason.replace(/\.$/, ''));
}
