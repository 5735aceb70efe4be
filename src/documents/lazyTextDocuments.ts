import * as vscode from 'vscode';
import { loadOnce, type LoadOnce } from '../core/loadOnce';

type Provider = vscode.TextDocumentContentProvider & Partial<vscode.Disposable>;

/**
 * Read-only documents of one scheme whose code loads when VS Code first asks for one (opening or restoring
 * an editor) or a command needs them: registered at start-up, as VS Code requires, without running their
 * code then. A load that failed fails that read, and the next one tries again.
 */
export class LazyTextDocuments<Documents extends Provider> implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** The documents' code, loaded on first need. */
  readonly documents: LoadOnce<Documents>;
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  private forwarded: vscode.Disposable[] = [];
  readonly onDidChange = this.changes.event;

  constructor(load: () => Promise<Documents>) {
    this.documents = loadOnce(async () => {
      const documents = await load();
      this.forwarded = [
        new vscode.Disposable(() => documents.dispose?.()),
        ...(documents.onDidChange ? [documents.onDidChange((uri) => this.changes.fire(uri))] : []),
      ];
      return documents;
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string | undefined | null> {
    return (await this.documents()).provideTextDocumentContent(uri, token);
  }

  dispose(): void {
    for (const disposable of this.forwarded) disposable.dispose();
    this.changes.dispose();
  }
}
