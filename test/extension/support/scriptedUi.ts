import * as assert from 'node:assert/strict';
import {
  BACK,
  type Back,
  type ChooseRequest,
  type ConfirmRequest,
  type FileRequest,
  type InputRequest,
  type PickRequest,
  type ProgressTask,
  type PromptUi,
  type Severity,
} from '../../../src/ui/promptUi';

/** Dismissing a prompt (Escape). */
export const CANCEL = Symbol('cancel');

/**
 * One scripted answer: text for an input box, a label (or labels) for a pick, true/false for a
 * confirmation, BACK, or CANCEL.
 */
export type Answer = string | string[] | boolean | Back | typeof CANCEL;

export interface ShownPrompt {
  kind: 'input' | 'pick' | 'pickMany' | 'confirm' | 'choose' | 'file';
  title: string;
  step?: number;
  totalSteps?: number;
  canGoBack?: boolean;
  /** The value the box was opened with (what the user typed before going back, for example). */
  value?: string;
  /** The text under an input box that says what to type. */
  prompt?: string;
  /** An input box that hides what is typed (a secret's). */
  password?: boolean;
  labels?: string[];
  /** A pick's items' descriptions, in the order of their labels. */
  descriptions?: (string | undefined)[];
  message?: string;
  detail?: string;
  /** Validation messages the scripted text produced; the next answer is then typed as a correction. */
  validationMessages: string[];
}

export interface Notification {
  severity: Severity;
  message: string;
  actions: string[];
}

/**
 * A PromptUi that answers from a script and records everything shown, so interactive flows are tested
 * without clicking. Cancellation is signalled like the real UI: an error with `userCancelled`.
 */
export class ScriptedUi implements PromptUi {
  readonly shown: ShownPrompt[] = [];
  readonly notifications: Notification[] = [];
  readonly clipboard: string[] = [];
  /** Web addresses opened outside the editor, in order. */
  readonly opened: string[] = [];
  /** The URIs handed to VS Code to open in a new window, in order. */
  readonly windows: string[] = [];
  /** Whether a Remote-SSH extension would open a `vscode-remote://ssh-remote+…` window (none is installed in the tests' code-server). */
  remoteSshInstalled = true;
  readonly progressTitles: string[] = [];
  /** What long waits reported under their title, in order. */
  readonly progressMessages: string[] = [];
  private readonly answers: Answer[];
  /** Button to press on the next notification whose message matches. */
  private readonly notificationAnswers: { match: RegExp; action: string | RegExp }[] = [];
  /** Presses the progress notification's Cancel this long after the next task starts. */
  private cancelAfterMs: number | undefined;
  /** Only a progress task whose title matches is cancelled (undefined: the next one). */
  private cancelTitle: RegExp | undefined;
  private readonly progressHooks: { match: RegExp; before: () => void }[] = [];

  constructor(answers: Answer[]) {
    this.answers = [...answers];
  }

  /** Runs `before` as the next progress task whose title matches starts (time passing at the emulator, say). */
  beforeProgress(match: RegExp, before: () => void): this {
    this.progressHooks.push({ match, before });
    return this;
  }

  /** Presses `action` (a label, or the first label it matches) on the next notification whose message matches. */
  answerNotification(match: RegExp, action: string | RegExp): this {
    this.notificationAnswers.push({ match, action });
    return this;
  }

  cancelProgressAfter(ms: number, title?: RegExp): this {
    this.cancelAfterMs = ms;
    this.cancelTitle = title;
    return this;
  }

  assertAllAnswersUsed(): void {
    assert.deepEqual(this.answers, [], 'not every scripted answer was asked for');
  }

  async input(request: InputRequest): Promise<string | Back> {
    const shown = this.record('input', request, {
      value: request.value,
      prompt: request.prompt,
      ...(request.password ? { password: true } : {}),
    });
    for (;;) {
      const answer = this.next(shown);
      if (answer === BACK) return BACK;
      if (typeof answer !== 'string') throw new Error(`input "${request.title}" got a non-text answer ${String(answer)}`);
      const problem = request.validate?.(answer);
      if (problem === undefined) return answer;
      shown.validationMessages.push(problem);
    }
  }

  async pick<T>(request: PickRequest<T>): Promise<T | Back> {
    const shown = this.record('pick', request, {
      labels: request.items.map((item) => item.label),
      descriptions: request.items.map((item) => item.description),
    });
    for (;;) {
      const answer = this.next(shown);
      if (answer === BACK) return BACK;
      if (typeof answer !== 'string') throw new Error(`pick "${request.title}" got ${String(answer)}`);
      const item = request.items.find((candidate) => candidate.label === answer || stripIcon(candidate.label) === answer);
      if (item) return item.value;
      if (!request.custom) throw new Error(`pick "${request.title}" has no item "${answer}" (items: ${shown.labels?.join(' | ')})`);
      const problem = request.custom.validate?.(answer);
      if (problem === undefined) return request.custom.toValue(answer);
      shown.validationMessages.push(problem);
    }
  }

  async pickMany<T>(request: PickRequest<T>): Promise<T[] | Back> {
    const shown = this.record('pickMany', request, { labels: request.items.map((item) => item.label) });
    const answer = this.next(shown);
    if (answer === BACK) return BACK;
    if (!Array.isArray(answer)) throw new Error(`pickMany "${request.title}" needs a list of labels`);
    return answer.map((label) => {
      const item = request.items.find((candidate) => candidate.label === label || stripIcon(candidate.label) === label);
      if (!item) throw new Error(`pickMany "${request.title}" has no item "${label}"`);
      return item.value;
    });
  }

  async confirm(request: ConfirmRequest): Promise<boolean> {
    const shown = this.record('confirm', { title: request.confirmLabel }, { message: request.message, detail: request.detail });
    const answer = this.next(shown);
    if (typeof answer !== 'boolean') throw new Error(`confirmation "${request.message}" needs true or false`);
    return answer;
  }

  /** A modal with several buttons: the answer is a button's label, or CANCEL to dismiss it. */
  async choose(request: ChooseRequest): Promise<string | undefined> {
    const shown = this.record(
      'choose',
      { title: request.choices.join(' | ') },
      { message: request.message, detail: request.detail, labels: request.choices },
    );
    if (this.answers[0] === CANCEL) {
      this.answers.shift();
      return undefined;
    }
    const answer = this.next(shown);
    if (typeof answer !== 'string' || !request.choices.includes(answer)) {
      throw new Error(`"${request.message}" has no button ${String(answer)} (has: ${request.choices.join(', ')})`);
    }
    return answer;
  }

  async notify(severity: Severity, message: string, ...actions: string[]): Promise<string | undefined> {
    this.notifications.push({ severity, message, actions });
    const index = this.notificationAnswers.findIndex((answer) => answer.match.test(message));
    if (index < 0) return undefined;
    const [{ action }] = this.notificationAnswers.splice(index, 1);
    const chosen = typeof action === 'string' ? action : actions.find((label) => action.test(label));
    assert.ok(
      chosen !== undefined && actions.includes(chosen),
      `notification "${message}" has no action "${String(action)}" (has: ${actions.join(', ')})`,
    );
    return chosen;
  }

  async withProgress<T>(task: ProgressTask<T>): Promise<T> {
    this.progressTitles.push(task.title);
    const hook = this.progressHooks.findIndex((candidate) => candidate.match.test(task.title));
    if (hook >= 0) this.progressHooks.splice(hook, 1)[0].before();
    const controller = new AbortController();
    const chosen = this.cancelTitle === undefined || this.cancelTitle.test(task.title);
    const cancelAfter = chosen ? this.cancelAfterMs : undefined;
    if (chosen) this.cancelAfterMs = undefined;
    const timer = cancelAfter === undefined ? undefined : setTimeout(() => controller.abort(), cancelAfter);
    try {
      return await task.run(controller.signal, (message) => this.progressMessages.push(message));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every text shown to the user: prompts, their details and validation messages, notifications. */
  shownTexts(): string[] {
    return [
      ...this.shown.flatMap((shown) => [
        shown.title,
        shown.message ?? '',
        shown.detail ?? '',
        shown.prompt ?? '',
        ...(shown.labels ?? []),
        ...shown.validationMessages,
      ]),
      ...this.notifications.flatMap((notification) => [notification.message, ...notification.actions]),
      ...this.progressTitles,
    ];
  }

  /** A file dialog: the scripted answer is the chosen URI as a string; CANCEL dismisses it. */
  async chooseFile(request: FileRequest): Promise<string | undefined> {
    const shown = this.record('file', request, { value: request.defaultUri });
    if (this.answers[0] === CANCEL) {
      this.answers.shift();
      return undefined;
    }
    const answer = this.next(shown);
    assert.equal(typeof answer, 'string', `file dialog "${request.title}" needs a URI string as its answer`);
    return answer as string;
  }

  async copyToClipboard(text: string): Promise<void> {
    this.clipboard.push(text);
  }

  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }

  async openWindow(uri: string): Promise<boolean> {
    if (uri.startsWith('vscode-remote://ssh-remote+') && !this.remoteSshInstalled) return false;
    this.windows.push(uri);
    return true;
  }

  private record(
    kind: ShownPrompt['kind'],
    request: { title: string; step?: number; totalSteps?: number; canGoBack?: boolean },
    extra: Partial<ShownPrompt>,
  ): ShownPrompt {
    const shown: ShownPrompt = {
      kind,
      title: request.title,
      step: request.step,
      totalSteps: request.totalSteps,
      canGoBack: request.canGoBack,
      validationMessages: [],
      ...extra,
    };
    this.shown.push(shown);
    return shown;
  }

  private next(shown: ShownPrompt): Exclude<Answer, typeof CANCEL> {
    if (this.answers.length === 0) throw new Error(`no scripted answer left for ${shown.kind} "${shown.title}"`);
    const answer = this.answers.shift() as Answer;
    if (answer === CANCEL) throw Object.assign(new Error('Cancelled by the user.'), { userCancelled: true });
    return answer;
  }
}

function stripIcon(label: string): string {
  return label.replace(/^\$\([a-z-]+\)\s*/, '');
}
