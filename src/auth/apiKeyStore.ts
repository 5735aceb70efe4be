import * as vscode from 'vscode';
import { hideSecret } from '../logging/redaction';

export const API_KEY_SECRET = 'gcore.apiKey';
export const API_KEY_ENV = 'GCORE_API_KEY';

export type ApiKeySource = 'secretStorage' | 'environment';
export interface ApiKey {
  key: string;
  source: ApiKeySource;
}

/** SecretStorage could not be used, typically Linux without an unlocked keyring. */
export class SecretStorageUnavailableError extends Error {
  constructor(action: 'read' | 'store' | 'delete', cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const hint = vscode.l10n.t(
      'On Linux this usually means no keyring is running or unlocked: install and unlock one (e.g. gnome-keyring), or set {0} in the environment that starts VS Code.',
      API_KEY_ENV,
    );
    super(`${unavailable(action, reason)} ${hint}`);
    this.name = 'SecretStorageUnavailableError';
  }
}

/** What could not be done, as a whole sentence per action so that each translates as one. */
function unavailable(action: 'read' | 'store' | 'delete', reason: string): string {
  switch (action) {
    case 'read':
      return vscode.l10n.t('VS Code could not read the API key in its secret storage ({0}).', reason);
    case 'store':
      return vscode.l10n.t('VS Code could not store the API key in its secret storage ({0}).', reason);
    case 'delete':
      return vscode.l10n.t('VS Code could not delete the API key in its secret storage ({0}).', reason);
  }
}

/**
 * The only place the API key is read or written. The key stays in SecretStorage; when none is stored,
 * `GCORE_API_KEY` from the environment is used read-only. Reads are cached and the cache follows
 * SecretStorage's change events, which also fire when another window changes the key.
 */
export class ApiKeyStore implements vscode.Disposable {
  private cachedSecret: Promise<string | undefined> | undefined;
  /** What the cached read gave, once it has given it: the key is then at hand without a wait. */
  private settledSecret: { stored: string | undefined } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key !== API_KEY_SECRET) return;
      this.cachedSecret = undefined;
      this.settledSecret = undefined;
      this.changed.fire();
    });
  }

  async get(): Promise<ApiKey | undefined> {
    const reading = (this.cachedSecret ??= this.readSecret());
    const stored = await reading;
    if (this.cachedSecret === reading) this.settledSecret = { stored };
    return this.keyInUse(stored);
  }

  /**
   * The key in use without waiting, once `get` has read it (every request asks for the key); undefined when
   * it has not been read since the last change, or when there is none: then `get` says.
   */
  keyIfRead(): string | undefined {
    const settled = this.settledSecret;
    return settled ? this.keyInUse(settled.stored)?.key : undefined;
  }

  /** The stored key, else the environment's. */
  private keyInUse(stored: string | undefined): ApiKey | undefined {
    // Whichever key is in use, no log line or message may show it.
    hideSecret(stored);
    if (stored) return { key: stored, source: 'secretStorage' };
    const fromEnv = this.environmentKey();
    hideSecret(fromEnv);
    return fromEnv ? { key: fromEnv, source: 'environment' } : undefined;
  }

  async store(key: string): Promise<void> {
    hideSecret(key);
    try {
      await this.secrets.store(API_KEY_SECRET, key);
    } catch (error) {
      throw new SecretStorageUnavailableError('store', error);
    }
    this.cachedSecret = Promise.resolve(key);
    this.settledSecret = { stored: key };
    this.changed.fire();
  }

  async delete(): Promise<void> {
    try {
      await this.secrets.delete(API_KEY_SECRET);
    } catch (error) {
      throw new SecretStorageUnavailableError('delete', error);
    }
    this.cachedSecret = Promise.resolve(undefined);
    this.settledSecret = { stored: undefined };
    this.changed.fire();
  }

  environmentKey(): string | undefined {
    const key = this.env[API_KEY_ENV]?.trim();
    return key ? key : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async readSecret(): Promise<string | undefined> {
    try {
      return await this.secrets.get(API_KEY_SECRET);
    } catch (error) {
      this.cachedSecret = undefined;
      this.settledSecret = undefined;
      throw new SecretStorageUnavailableError('read', error);
    }
  }
}
