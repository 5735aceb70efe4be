import * as vscode from 'vscode';
import { loadOnce, type LoadOnce } from '../core/loadOnce';
import type { CommandId } from '../core/contributions';
import type { CheckedDocuments } from './documentDiagnostics';
import type { UnsentChanges } from './unsentChangesLens';

/** What the documents of one kind are to VS Code, its diagnostics and its lens: a ResourceFileSystem. */
type Documents = vscode.FileSystemProvider & CheckedDocuments & UnsentChanges & vscode.Disposable;

/**
 * The documents of one kind whose code loads when VS Code first asks for one of them (opening or restoring
 * an editor) or a command needs their editor: registered for their scheme at start-up, as VS Code requires,
 * without compiling their reader, writer and review then. Until then no document of the kind is open, so it
 * has no problems and nothing unsent. A load that failed fails that read, and the next one tries again.
 */
export class LazyDocuments<Editor extends Documents> implements Documents {
  /** The editor, loaded on first need. */
  readonly editor: LoadOnce<Editor>;
  private readonly fileChanges = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  private readonly baseChanges = new vscode.EventEmitter<void>();
  private readonly forwarded: vscode.Disposable[] = [];
  readonly onDidChangeFile = this.fileChanges.event;
  readonly onDidChangeBase = this.baseChanges.event;

  constructor(
    readonly resource: { readonly scheme: string; readonly applyCommand: CommandId },
    load: () => Promise<Editor>,
  ) {
    this.editor = loadOnce(async () => {
      const editor = await load();
      if (editor.resource.scheme !== resource.scheme) {
        // not user text: a mistake of the build, for the developer who broke it
        throw new Error(`Lazily loaded documents of ${editor.resource.scheme} registered for ${resource.scheme}`);
      }
      this.forwarded.push(
        editor,
        editor.onDidChangeFile((changes) => this.fileChanges.fire(changes)),
        editor.onDidChangeBase(() => this.baseChanges.fire()),
      );
      // Editors restored before the code was there are checked and counted now.
      this.baseChanges.fire();
      return editor;
    });
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return (await this.editor()).stat(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.editor()).readFile(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    return (await this.editor()).writeFile(uri, content, options);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    return (await this.editor()).readDirectory(uri);
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    return (await this.editor()).createDirectory(uri);
  }

  async delete(uri: vscode.Uri, options: { readonly recursive: boolean }): Promise<void> {
    return (await this.editor()).delete(uri, options);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): Promise<void> {
    return (await this.editor()).rename(oldUri, newUri, options);
  }

  problemsIn(uri: vscode.Uri, text: string): ReturnType<Documents['problemsIn']> {
    return this.editor.loaded?.problemsIn(uri, text);
  }

  unsentFields(uri: vscode.Uri, text: string): string[] {
    return this.editor.loaded?.unsentFields(uri, text) ?? [];
  }

  dispose(): void {
    for (const disposable of this.forwarded) disposable.dispose();
    this.fileChanges.dispose();
    this.baseChanges.dispose();
  }
}
