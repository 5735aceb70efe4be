import * as vscode from 'vscode';
import { hideSecret } from '../../logging/redaction';

/** A deployment API key of a project, by the name Gcore knows it by (names hold no dot). */
export interface InferenceKeyRef {
  projectId: number;
  name: string;
}

/**
 * The secrets of Everywhere Inference's API keys. Gcore answers a key's secret once, when it is created; this
 * is the only place it is kept (VS Code's SecretStorage), the only place it is read back (for each request to a
 * deployment's address) and the only place it is removed. Every secret it touches is hidden from logs and
 * messages for the session.
 */
export class InferenceKeySecrets {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  /** Fires when a secret is stored or removed, in this window or another. */
  readonly onDidChange = (listener: () => void): vscode.Disposable =>
    this.secrets.onDidChange((event) => {
      if (event.key.startsWith(ENTRY_PREFIX)) listener();
    });

  async get(ref: InferenceKeyRef): Promise<string | undefined> {
    const secret = await this.attempt('read', () => this.secrets.get(entryName(ref)));
    hideSecret(secret);
    return secret || undefined;
  }

  /** Whether this machine holds the key's secret: a key made elsewhere has none here. */
  async has(ref: InferenceKeyRef): Promise<boolean> {
    return (await this.get(ref)) !== undefined;
  }

  async store(ref: InferenceKeyRef, secret: string): Promise<void> {
    hideSecret(secret);
    await this.attempt('store', () => this.secrets.store(entryName(ref), secret));
  }

  async delete(ref: InferenceKeyRef): Promise<void> {
    await this.attempt('delete', () => this.secrets.delete(entryName(ref)));
  }

  private async attempt<T>(action: 'read' | 'store' | 'delete', run: () => Thenable<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new Error(unavailable(action, error instanceof Error ? error.message : String(error)), { cause: error });
    }
  }
}

const ENTRY_PREFIX = 'gcore.inference.apiKey/';

function entryName(ref: InferenceKeyRef): string {
  return `${ENTRY_PREFIX}${ref.projectId}/${ref.name}`;
}

/** What could not be done, as a whole sentence per action so that each translates as one. */
function unavailable(action: 'read' | 'store' | 'delete', reason: string): string {
  switch (action) {
    case 'read':
      return vscode.l10n.t('VS Code could not read the inference API key in its secret storage ({0}).', reason);
    case 'store':
      return vscode.l10n.t('VS Code could not store the inference API key in its secret storage ({0}).', reason);
    case 'delete':
      return vscode.l10n.t('VS Code could not delete the inference API key in its secret storage ({0}).', reason);
  }
}
