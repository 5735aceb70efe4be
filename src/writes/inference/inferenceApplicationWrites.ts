import type { CallOptions } from '../../api/callOptions';
import type { InferenceNamedRef, InferenceTaskAnswer } from '../../api/inference/inferenceTypes';
import { inferenceApplicationChange } from '../../models/inference/inferenceKinds';
import { inferenceOf, loggedInferenceChange, type InferenceWritesDeps, type SentInferenceChange } from './inferenceDeploymentWrites';

/*
 * The write path of a catalogue application's deployment once it exists; its components change with it, and are
 * offered no change of their own. The create is inferenceCreates.ts.
 */

/** Gcore changes only the fields given; a component set to null is disabled. */
export async function sendInferenceApplicationUpdate(
  deps: InferenceWritesDeps,
  ref: InferenceNamedRef,
  changes: Record<string, unknown>,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  return sent(deps, ref, 'update', await deps.client.inference.updateApplication(ref, changes, options));
}

export async function sendInferenceApplicationDelete(
  deps: InferenceWritesDeps,
  ref: InferenceNamedRef,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  return sent(deps, ref, 'delete', await deps.client.inference.deleteApplication(ref, options));
}

function sent(deps: InferenceWritesDeps, ref: InferenceNamedRef, action: 'update' | 'delete', result: InferenceTaskAnswer) {
  const change = inferenceApplicationChange(ref, action);
  return loggedInferenceChange(deps.log, 'inference application', { result, change, stale: inferenceOf(ref) }); // not user text: a line of the log
}
