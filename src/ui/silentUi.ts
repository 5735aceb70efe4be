import * as l10n from '@vscode/l10n';
import type {
  Back,
  ChooseRequest,
  ConfirmRequest,
  FileRequest,
  InputRequest,
  PickRequest,
  ProgressTask,
  PromptUi,
  Severity,
} from './promptUi';

/**
 * The UI of a programmatic call: it announces nothing and shows no progress, and a prompt is a bug (a
 * programmatic call has all it needs in its argument). What a caller asks for still happens: Copy DS
 * Record puts the record on the clipboard, an Open command opens its page or window.
 */
export class SilentUi implements PromptUi {
  constructor(private readonly outside: Pick<PromptUi, 'copyToClipboard' | 'openExternal' | 'openWindow'>) {}

  input(request: InputRequest): Promise<string | Back> {
    return refuse(request.title);
  }

  pick<T>(request: PickRequest<T>): Promise<T | Back> {
    return refuse(request.title);
  }

  pickMany<T>(request: PickRequest<T>): Promise<T[] | Back> {
    return refuse(request.title);
  }

  confirm(request: ConfirmRequest): Promise<boolean> {
    return refuse(request.message);
  }

  choose(request: ChooseRequest): Promise<string | undefined> {
    return refuse(request.message);
  }

  async notify(_severity: Severity, _message: string): Promise<string | undefined> {
    return undefined;
  }

  withProgress<T>(task: ProgressTask<T>): Promise<T> {
    return task.run(new AbortController().signal, () => undefined);
  }

  chooseFile(request: FileRequest): Promise<string | undefined> {
    return refuse(request.title);
  }

  copyToClipboard(text: string, options?: { secretAsked?: boolean }): Promise<void> {
    return this.outside.copyToClipboard(text, options);
  }

  openExternal(url: string): Promise<void> {
    return this.outside.openExternal(url);
  }

  openWindow(uri: string): Promise<boolean> {
    return this.outside.openWindow(uri);
  }
}

function refuse(what: string): Promise<never> {
  return Promise.reject(new Error(l10n.t('A programmatic call cannot ask the user ("{0}"); pass everything in its argument.', what)));
}
