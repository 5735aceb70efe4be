import type * as vscode from 'vscode';

/** globalState that counts its writes. */
export class CountingMemento implements Pick<vscode.Memento, 'get' | 'update'> {
  writes = 0;
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.writes += 1;
    this.values.set(key, value);
  }
}

/** The notifications a followed change ends with, and their buttons; its progress runs until the tasks end. */
export class NotedUi {
  readonly titles: string[] = [];
  readonly notifications: string[] = [];
  readonly buttons: string[][] = [];
  readonly clipboard: string[] = [];
  /** The button the user clicks in every notification that offers it. */
  constructor(private readonly click?: string) {}
  async copyToClipboard(text: string): Promise<void> {
    this.clipboard.push(text);
  }
  async withProgress<T>(task: { title: string; run: (signal: AbortSignal, report: (message: string) => void) => Promise<T> }): Promise<T> {
    this.titles.push(task.title);
    return task.run(new AbortController().signal, () => undefined);
  }
  async notify(_severity: string, message: string, ...actions: string[]): Promise<string | undefined> {
    this.notifications.push(message);
    this.buttons.push(actions);
    return actions.find((action) => action === this.click);
  }
}
