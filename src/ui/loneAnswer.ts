import { BACK, UserCancelledError, type Back } from './promptUi';

/** The answer of a prompt asked on its own: with no step before it, its Back button cancels. */
export function orCancel<T>(answer: T | Back): T {
  if (answer === BACK) throw new UserCancelledError();
  return answer;
}
