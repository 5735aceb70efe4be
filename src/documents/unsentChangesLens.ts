import * as vscode from 'vscode';
import type { CommandId } from '../core/contributions';

/** How many changed fields (or record sets) the lens names. */
const NAMED = 5;

/** Documents whose unsent changes the lens counts. */
export interface UnsentChanges {
  readonly resource: { readonly applyCommand: CommandId };
  unsentFields(uri: vscode.Uri, text: string): string[];
  readonly onDidChangeBase: vscode.Event<void>;
}

/**
 * A line above a document while it holds changes not sent to Gcore (typed, or kept by Auto Save): which
 * fields, and the Review and Apply that sends them. One provider for every kind of document, given the
 * kind a document is of and when any kind's base changes.
 */
export class UnsentChangesLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeCodeLenses = this.changes.event;

  constructor(
    private readonly documentsOf: (document: vscode.TextDocument) => UnsentChanges | undefined,
    baseChanges: readonly vscode.Event<void>[],
  ) {
    this.subscriptions = baseChanges.map((event) => event(() => this.changes.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const documents = this.documentsOf(document);
    const fields = documents?.unsentFields(document.uri, document.getText()) ?? [];
    if (!documents || fields.length === 0) return [];
    // A zone file may change thousands of sets: the lens names a few and counts the rest.
    const named =
      fields.length > NAMED
        ? vscode.l10n.t('{0} and {1} more', fields.slice(0, NAMED).join(', '), fields.length - NAMED)
        : fields.join(', ');
    const title = `$(cloud-upload) ${vscode.l10n.t('Not sent to Gcore: {0} · Review and Apply', named)}`;
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title,
        command: documents.resource.applyCommand,
        arguments: [document.uri],
      }),
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changes.dispose();
  }
}
