import type { PromptUi } from './promptUi';
import { RedactingUi } from './redactingUi';
import type { RemoteWindowKinds } from './remoteWindows';
import { VscodePromptUi } from './vscode/vscodePromptUi';

/**
 * The prompts every part of the extension asks through: VS Code's, or a scripted one the extension's own
 * tests put in place. Whichever it is, every text passes the session's secret redaction.
 */
export class ActiveUi {
  private current: PromptUi;

  /** `remoteWindows`: the kinds of remote window the areas open, which VS Code's prompts open only with their resolver. */
  constructor(private readonly remoteWindows: Pick<RemoteWindowKinds, 'resolversOf'>) {
    this.current = new RedactingUi(new VscodePromptUi(remoteWindows));
  }

  /** The prompts as of now: read at each use, so that a test's scripted prompts reach what was built before. */
  readonly get = (): PromptUi => this.current;

  /** Puts scripted prompts in place (undefined: VS Code's again). */
  use(ui: PromptUi | undefined): void {
    this.current = new RedactingUi(ui ?? new VscodePromptUi(this.remoteWindows));
  }
}
