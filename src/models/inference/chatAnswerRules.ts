import type { EndpointErrorKind } from '../../api/inference/endpointTypes';

/**
 * The chat's rules for an answer that starts late or ends early, as plain functions of what the provider knows.
 */

/**
 * A slow start is said as a deployment waking from zero when its status is PENDING (scaled to zero) or could not be
 * read; a running deployment that is slow is only slow, and a stopped one fails on its own.
 */
export function saysWaking(status: string | undefined): boolean {
  return status === undefined || status === 'PENDING';
}

/**
 * A failure after part of the answer was shown ends the answer with a note instead of an error: VS Code drops the
 * parts still on their way to the chat when an answer ends in an error, so an error would take the text with it.
 * Before any text, or for a failure that is not mid-answer, the error is the answer.
 */
export function endsWithNote(failure: { kind: EndpointErrorKind; midStream?: boolean }, received: number): boolean {
  return received > 0 && failure.midStream === true && failure.kind !== 'cancelled';
}

/**
 * A deployment deleted and made again under its name can get a new address: an answer that could not start because
 * nothing answers at the kept one (unreachable, or 404 at the address) is worth asking Gcore where it is now. A
 * refusal of the key (401/403) is never taken elsewhere, nor any answer the deployment itself gave.
 */
export function mayHaveMoved(kind: EndpointErrorKind): boolean {
  return kind === 'network' || kind === 'notFound';
}
