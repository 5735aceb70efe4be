import * as l10n from '@vscode/l10n';

/**
 * Everything a command asks of the user goes through this interface, so the extension-host tests can
 * script the answers of interactive flows. The sentinel and the error are recognised by name, not by
 * identity, because test code and the bundled extension are different module instances.
 */
export const BACK: unique symbol = Symbol.for('gcore.prompt.back') as never;
export type Back = typeof BACK;

export class UserCancelledError extends Error {
  readonly userCancelled = true;
  constructor() {
    super(l10n.t('Cancelled by the user.'));
    this.name = 'UserCancelledError';
  }
}

export function isUserCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { userCancelled?: unknown }).userCancelled === true;
}

export interface StepPosition {
  title: string;
  step?: number;
  totalSteps?: number;
  /** Shows a Back button; choosing it resolves to BACK. */
  canGoBack?: boolean;
}

export interface InputRequest extends StepPosition {
  prompt?: string;
  value?: string;
  placeholder?: string;
  password?: boolean;
  /** Returns the message to show under the box, or undefined when the value is fine. */
  validate?: (value: string) => string | undefined;
}

export interface PickItem<T> {
  label: string;
  description?: string;
  detail?: string;
  value: T;
  picked?: boolean;
}

export interface PickRequest<T> extends StepPosition {
  placeholder?: string;
  items: PickItem<T>[];
  /** Lets the user type a value that is not in the list; `toValue` turns the text into one. */
  custom?: { label: (text: string) => string; validate?: (text: string) => string | undefined; toValue: (text: string) => T };
  matchOnDescription?: boolean;
}

export interface ConfirmRequest {
  message: string;
  detail?: string;
  confirmLabel: string;
}

/** A modal question with several answers; dismissing it answers none of them. */
export interface ChooseRequest {
  message: string;
  detail?: string;
  choices: string[];
}

/** A file chosen in the system's dialog: one to read (`open`) or where to write (`save`). */
export interface FileRequest {
  kind: 'open' | 'save';
  title: string;
  /** The URI (as a string) the dialog starts at: for `save`, the file offered. */
  defaultUri?: string;
  /** Label → extensions without the dot, as the dialog filters files. */
  filters: Record<string, string[]>;
}

export type Severity = 'info' | 'warning' | 'error';

export interface ProgressTask<T> {
  title: string;
  cancellable?: boolean;
  /** `report` replaces the line under the title (where a long wait stands). */
  run: (signal: AbortSignal, report: (message: string) => void) => Promise<T>;
}

export interface PromptUi {
  /** Resolves to the accepted text or BACK; throws UserCancelledError when dismissed. */
  input(request: InputRequest): Promise<string | Back>;
  pick<T>(request: PickRequest<T>): Promise<T | Back>;
  pickMany<T>(request: PickRequest<T>): Promise<T[] | Back>;
  /** A modal confirmation; false when declined or dismissed. */
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** A modal with several buttons; resolves to the chosen label, or undefined when dismissed. */
  choose(request: ChooseRequest): Promise<string | undefined>;
  /** A notification; resolves to the chosen action's label, or undefined when dismissed. */
  notify(severity: Severity, message: string, ...actions: string[]): Promise<string | undefined>;
  withProgress<T>(task: ProgressTask<T>): Promise<T>;
  /** The file chosen, as a URI string; undefined when the dialog was dismissed. */
  chooseFile(request: FileRequest): Promise<string | undefined>;
  /**
   * `secretAsked`: the text holds a secret the person asked to copy (a key's secret, client code with it written
   * in), which the redaction of every other text must then leave as it is.
   */
  copyToClipboard(text: string, options?: { secretAsked?: boolean }): Promise<void>;
  /** Opens a web address outside the editor (VS Code may first ask whether to trust its site). */
  openExternal(url: string): Promise<void>;
  /**
   * Opens a folder in a new window (a `vscode-remote://ssh-remote+…` one through the Remote-SSH extension
   * installed); false, and nothing opened, when no installed extension can open it.
   */
  openWindow(uri: string): Promise<boolean>;
}
