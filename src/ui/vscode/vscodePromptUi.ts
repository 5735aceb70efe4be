import * as vscode from 'vscode';
import {
  BACK,
  UserCancelledError,
  type Back,
  type ChooseRequest,
  type ConfirmRequest,
  type FileRequest,
  type InputRequest,
  type PickItem,
  type PickRequest,
  type ProgressTask,
  type PromptUi,
  type Severity,
  type StepPosition,
} from '../promptUi';
import type { RemoteWindowKinds } from '../remoteWindows';

type QuickItem<T> = vscode.QuickPickItem & { value?: T; custom?: string };

/** The real prompts: quick inputs with a step counter, Back button, inline validation and progress. */
export class VscodePromptUi implements PromptUi {
  /** `remoteWindows`: which extensions a remote window needs, as the areas that open them registered. */
  constructor(private readonly remoteWindows: Pick<RemoteWindowKinds, 'resolversOf'>) {}

  input(request: InputRequest): Promise<string | Back> {
    const box = vscode.window.createInputBox();
    applyPosition(box, request);
    box.prompt = request.prompt;
    box.value = request.value ?? '';
    box.placeholder = request.placeholder;
    box.password = request.password ?? false;
    box.ignoreFocusOut = true;
    const validate = () => {
      box.validationMessage = request.validate?.(box.value);
    };
    // An empty box says what to type (the prompt); a message appears once there is something to judge.
    if (box.value !== '') validate();
    return settle<string | Back>(box, (resolve, disposables) => {
      disposables.push(
        box.onDidChangeValue(validate),
        box.onDidAccept(() => {
          validate();
          if (!box.validationMessage) resolve(box.value);
        }),
        box.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) resolve(BACK);
        }),
      );
    });
  }

  async pick<T>(request: PickRequest<T>): Promise<T | Back> {
    const chosen = await this.showPick(request, false);
    return chosen === BACK ? BACK : chosen[0];
  }

  pickMany<T>(request: PickRequest<T>): Promise<T[] | Back> {
    return this.showPick(request, true);
  }

  async confirm(request: ConfirmRequest): Promise<boolean> {
    const answer = await vscode.window.showWarningMessage(request.message, { modal: true, detail: request.detail }, request.confirmLabel);
    return answer === request.confirmLabel;
  }

  choose(request: ChooseRequest): Promise<string | undefined> {
    return Promise.resolve(vscode.window.showWarningMessage(request.message, { modal: true, detail: request.detail }, ...request.choices));
  }

  notify(severity: Severity, message: string, ...actions: string[]): Promise<string | undefined> {
    const show =
      severity === 'error'
        ? vscode.window.showErrorMessage
        : severity === 'warning'
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    return Promise.resolve(show(message, ...actions));
  }

  withProgress<T>(task: ProgressTask<T>): Promise<T> {
    return Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: task.title, cancellable: task.cancellable ?? true },
        (progress, token) => {
          const controller = new AbortController();
          const subscription = token.onCancellationRequested(() => controller.abort());
          return task.run(controller.signal, (message) => progress.report({ message })).finally(() => subscription.dispose());
        },
      ),
    );
  }

  async chooseFile(request: FileRequest): Promise<string | undefined> {
    const defaultUri = request.defaultUri === undefined ? undefined : vscode.Uri.parse(request.defaultUri);
    if (request.kind === 'save') {
      return (await vscode.window.showSaveDialog({ title: request.title, defaultUri, filters: request.filters }))?.toString();
    }
    const [chosen] =
      (await vscode.window.showOpenDialog({ title: request.title, defaultUri, filters: request.filters, canSelectMany: false })) ?? [];
    return chosen?.toString();
  }

  async copyToClipboard(text: string): Promise<void> {
    await vscode.env.clipboard.writeText(text);
  }

  async openExternal(url: string): Promise<void> {
    await vscode.env.openExternal(vscode.Uri.parse(url));
  }

  async openWindow(uri: string): Promise<boolean> {
    const parsed = vscode.Uri.parse(uri);
    // VS Code starts the resolver of a remote authority in the new window; without one installed that window fails.
    const resolvers = parsed.scheme === 'vscode-remote' ? this.remoteWindows.resolversOf(parsed.authority) : undefined;
    if (resolvers && !resolvers.some((id) => vscode.extensions.getExtension(id) !== undefined)) return false;
    await vscode.commands.executeCommand('vscode.openFolder', parsed, { forceNewWindow: true });
    return true;
  }

  private showPick<T>(request: PickRequest<T>, many: boolean): Promise<T[] | Back> {
    const picker = vscode.window.createQuickPick<QuickItem<T>>();
    applyPosition(picker, request);
    picker.placeholder = request.placeholder;
    picker.canSelectMany = many;
    picker.matchOnDescription = request.matchOnDescription ?? true;
    picker.ignoreFocusOut = true;
    const listed: QuickItem<T>[] = request.items.map((item: PickItem<T>) => ({
      label: item.label,
      description: item.description,
      detail: item.detail,
      value: item.value,
      picked: item.picked,
    }));
    picker.items = listed;
    if (many) picker.selectedItems = listed.filter((item) => item.picked);
    // Only a pick that accepts typed values rewrites its items while the user types: replacing the items
    // of a multi-select would drop the ticks the user has set.
    const custom = request.custom;
    const offerTypedValue = () => {
      if (!custom) return;
      const text = picker.value.trim();
      if (text === '' || listed.some((item) => item.label === text)) {
        picker.items = listed;
        return;
      }
      const problem = custom.validate?.(text);
      picker.items = [
        { label: custom.label(text), description: problem ? `⚠ ${problem}` : undefined, custom: text, alwaysShow: true },
        ...listed,
      ];
    };
    return settle<T[] | Back>(picker, (resolve, disposables) => {
      disposables.push(
        picker.onDidChangeValue(offerTypedValue),
        picker.onDidAccept(() => {
          const selected = many ? picker.selectedItems : picker.activeItems.slice(0, 1);
          if (!many && selected.length === 0) return;
          const customText = selected.find((item) => item.custom !== undefined)?.custom;
          if (customText !== undefined && request.custom) {
            if (request.custom.validate?.(customText)) return;
            resolve([request.custom.toValue(customText)]);
            return;
          }
          resolve(selected.map((item) => item.value as T));
        }),
        picker.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) resolve(BACK);
        }),
      );
    });
  }
}

function applyPosition(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, request: StepPosition): void {
  input.title = request.title;
  input.step = request.step;
  input.totalSteps = request.totalSteps;
  input.buttons = request.canGoBack ? [vscode.QuickInputButtons.Back] : [];
}

/** Shows the input and settles once: with a value, BACK, or UserCancelledError when hidden. */
function settle<T>(input: vscode.QuickInput, wire: (resolve: (value: T) => void, disposables: vscode.Disposable[]) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const disposables: vscode.Disposable[] = [];
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      disposables.forEach((disposable) => disposable.dispose());
      input.dispose();
      outcome();
    };
    wire((value) => finish(() => resolve(value)), disposables);
    disposables.push(input.onDidHide(() => finish(() => reject(new UserCancelledError()))));
    input.show();
  });
}
