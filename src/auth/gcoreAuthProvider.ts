import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';

export const AUTH_PROVIDER_ID = 'gcore';
export const AUTH_PROVIDER_LABEL = 'Gcore';
/** One key, one session: its id stays the same while the key is set, so VS Code's consent sticks to it. */
const SESSION_ID = 'gcore-api-key';

export interface GcoreAuthDeps {
  apiKey: Pick<ApiKeyStore, 'get' | 'delete' | 'onDidChange'>;
  /** The account's e-mail, when it was read already (the view reads it): VS Code asks at start-up, when nothing may be sent. */
  accountEmail(): string | undefined;
  /** Asks for a key the way Set API Key does (checked with Gcore, stored in SecretStorage). */
  signIn(): Promise<unknown>;
}

/**
 * The API key as an account of VS Code's Accounts menu. Signing in there runs Set API Key; signing out
 * there removes the key. Other extensions get the key through `vscode.authentication.getSession('gcore')`
 * only with the consent VS Code asks for; the key itself stays in SecretStorage.
 */
export class GcoreAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  private readonly subscription: vscode.Disposable;
  /** The session last announced, to tell VS Code what was added, removed or changed; read when first needed. */
  private announced: Promise<vscode.AuthenticationSession | undefined> | undefined;
  readonly onDidChangeSessions = this.changes.event;

  constructor(private readonly deps: GcoreAuthDeps) {
    this.subscription = deps.apiKey.onDidChange(() => void this.refresh());
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const session = await this.session();
    this.announced ??= Promise.resolve(session);
    return session ? [session] : [];
  }

  /** The key or what is known of its account changed: VS Code hears what became of the session. */
  async refresh(): Promise<void> {
    const before = await this.announced;
    this.announced = this.session();
    const after = await this.announced;
    if (!before && !after) return;
    if (before && after && before.account.label === after.account.label && before.accessToken === after.accessToken) return;
    this.changes.fire({
      added: !before && after ? [after] : [],
      removed: before && !after ? [before] : [],
      changed: before && after ? [after] : [],
    });
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    await this.deps.signIn();
    const session = await this.session();
    if (!session) throw new Error(vscode.l10n.t('No Gcore API key was set.'));
    return session;
  }

  async removeSession(): Promise<void> {
    await this.deps.apiKey.delete();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changes.dispose();
  }

  private async session(): Promise<vscode.AuthenticationSession | undefined> {
    const key = await this.deps.apiKey.get().catch(() => undefined);
    if (!key) return undefined;
    const label = this.deps.accountEmail() ?? accountLabelForKey(key.key);
    return { id: SESSION_ID, accessToken: key.key, account: { id: label, label }, scopes: [] };
  }
}

/** How the Accounts menu names a key whose account Gcore could not tell: by its last four characters. */
export function accountLabelForKey(key: string): string {
  return vscode.l10n.t('API key …{0}', key.slice(-4));
}
