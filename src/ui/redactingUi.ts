import { redactSessionSecrets } from '../logging/redaction';
import type {
  Back,
  ChooseRequest,
  ConfirmRequest,
  FileRequest,
  InputRequest,
  PickItem,
  PickRequest,
  PromptUi,
  ProgressTask,
  Severity,
} from './promptUi';

/**
 * The prompts as every part of the extension reaches them: whatever text a message, a question, a list
 * or the clipboard gets passes the session's secret redaction first. Texts from Gcore (a request ID, a
 * task's error, a container's fields) reach people through many messages; one edge keeps them all clean.
 */
export class RedactingUi implements PromptUi {
  constructor(readonly inner: PromptUi) {}

  input(request: InputRequest): Promise<string | Back> {
    return this.inner.input({ ...request, prompt: clean(request.prompt), placeholder: clean(request.placeholder) });
  }

  pick<T>(request: PickRequest<T>): Promise<T | Back> {
    return this.inner.pick(cleanPick(request));
  }

  pickMany<T>(request: PickRequest<T>): Promise<T[] | Back> {
    return this.inner.pickMany(cleanPick(request));
  }

  confirm(request: ConfirmRequest): Promise<boolean> {
    return this.inner.confirm({ ...request, message: redactSessionSecrets(request.message), detail: clean(request.detail) });
  }

  async choose(request: ChooseRequest): Promise<string | undefined> {
    return this.inner.choose({ ...request, message: redactSessionSecrets(request.message), detail: clean(request.detail) });
  }

  notify(severity: Severity, message: string, ...actions: string[]): Promise<string | undefined> {
    return this.inner.notify(severity, redactSessionSecrets(message), ...actions);
  }

  withProgress<T>(task: ProgressTask<T>): Promise<T> {
    return this.inner.withProgress({
      ...task,
      title: redactSessionSecrets(task.title),
      run: (signal, report) => task.run(signal, (message) => report(redactSessionSecrets(message))),
    });
  }

  chooseFile(request: FileRequest): Promise<string | undefined> {
    return this.inner.chooseFile({ ...request, title: redactSessionSecrets(request.title) });
  }

  copyToClipboard(text: string, options?: { secretAsked?: boolean }): Promise<void> {
    return this.inner.copyToClipboard(options?.secretAsked ? text : redactSessionSecrets(text), options);
  }

  openExternal(url: string): Promise<void> {
    return this.inner.openExternal(url);
  }

  openWindow(uri: string): Promise<boolean> {
    return this.inner.openWindow(uri);
  }
}

function clean(text: string | undefined): string | undefined {
  return text === undefined ? undefined : redactSessionSecrets(text);
}

function cleanPick<T>(request: PickRequest<T>): PickRequest<T> {
  const items = request.items.map((item): PickItem<T> => ({
    ...item,
    label: redactSessionSecrets(item.label),
    description: clean(item.description),
    detail: clean(item.detail),
  }));
  return { ...request, items };
}
