import { NotOfferedError } from '../logging/notOffered';
import type { PromptUi } from '../ui/promptUi';
import { reported } from './flow/flowRunner';

/** A command's onFailure: an endpoint missing is said once, as a warning without Retry; every other failure is the runner's. */
export async function sayNotOffered(ui: PromptUi, error: unknown): Promise<undefined> {
  if (!(error instanceof NotOfferedError)) return undefined;
  void ui.notify('warning', error.message);
  throw reported(error);
}
