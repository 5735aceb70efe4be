import type * as vscode from 'vscode';

const MAX_RECENT = 10;

/** Recently used values for a prompt (container names), most recent first, kept across sessions. */
export class RecentValues {
  constructor(
    private readonly memento: vscode.Memento,
    private readonly key: string,
  ) {}

  list(): string[] {
    const stored = this.memento.get<unknown>(this.key, []);
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  }

  async remember(value: string): Promise<void> {
    const next = [value, ...this.list().filter((item) => item !== value)].slice(0, MAX_RECENT);
    await this.memento.update(this.key, next);
  }
}
