import * as vscode from 'vscode';

/**
 * Read-only texts under a scheme of their own, so they cannot be edited or saved by mistake: the left sides
 * of diffs (the container at Gcore, as opened), Check Resolution's reports.
 */
export class Snapshots implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;

  constructor(private readonly scheme: string) {}

  /** Keeps `text` under `path` (a later text replaces it in an open diff) and returns its URI. */
  put(path: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path });
    const key = uri.toString();
    const known = this.texts.has(key);
    this.texts.set(key, text);
    if (known) this.changes.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changes.dispose();
  }
}
