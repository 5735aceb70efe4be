import * as vscode from 'vscode';
import { apiKeyProblem } from '../api/http/apiKeyText';
import type { Account } from '../api/types';
import { API_KEY_ENV, type ApiKeyStore } from '../auth/apiKeyStore';
import type { Loaded } from '../loaders/keyedLoader';
import { CONTEXT_KEY } from '../core/contributions';
import { accountLabel } from './presentation/accountLabel';

export type KeyState = { kind: 'none' | 'secretStorage' | 'environment' } | { kind: 'unavailable'; error: unknown };

/**
 * Where the key comes from and whose account it opens, as the view shows it: the `gcore.apiKeyState`
 * context key (the welcome view and the Sign Out menu read it) and the message above the tree. It is read
 * when the tree first asks, never at activation, and again whenever the key changes.
 */
export class KeyStatus implements vscode.Disposable {
  /** Counts reads, so that an account answer that arrives after the key changed is dropped. */
  private generation = 0;
  private readonly messages = new vscode.EventEmitter<string | undefined>();
  /** The message above the tree changed (undefined: none). */
  readonly onDidChangeMessage = this.messages.event;

  constructor(
    private readonly apiKey: ApiKeyStore,
    /**
     * Whose account the key opens. Shown in the message above the tree, not beside the view's title: VS Code
     * hides a view's description when the view is merged into the side bar's title, as this one is.
     */
    private readonly readAccount?: () => Promise<Loaded<Account>>,
    /** Told when a usable key comes from the environment (the extension offers, once, to store it). */
    private readonly onEnvironmentKey?: () => void,
  ) {}

  async read(): Promise<KeyState> {
    const generation = ++this.generation;
    let state: KeyState;
    let message: string | undefined;
    try {
      const key = await this.apiKey.get();
      state = { kind: key?.source ?? 'none' };
      if (key?.source === 'environment') {
        const problem = apiKeyProblem(key.key);
        message =
          problem === undefined
            ? vscode.l10n.t(
                'Using the API key from the {0} environment variable (read-only). Run "Gcore: Set API Key" to store your own.',
                API_KEY_ENV,
              )
            : vscode.l10n.t(
                'The API key in the {0} environment variable cannot be used: it {1}. Fix the variable, or run "Gcore: Set API Key" to store a key.',
                API_KEY_ENV,
                problem,
              );
        if (problem === undefined) this.onEnvironmentKey?.();
      }
    } catch (error) {
      state = { kind: 'unavailable', error };
    }
    await vscode.commands.executeCommand('setContext', CONTEXT_KEY.apiKeyState, state.kind);
    this.messages.fire(message);
    if (this.readAccount && (state.kind === 'secretStorage' || state.kind === 'environment')) {
      void this.showAccount(this.readAccount, message, generation);
    }
    return state;
  }

  /** Not awaited by the tree: the rows do not wait for the account's name. */
  private async showAccount(
    readAccount: () => Promise<Loaded<Account>>,
    keyMessage: string | undefined,
    generation: number,
  ): Promise<void> {
    const loaded = await readAccount();
    if (loaded.state !== 'loaded' || generation !== this.generation) return;
    const signedIn = vscode.l10n.t('Signed in to {0}.', accountLabel(loaded.value));
    this.messages.fire(keyMessage ? `${signedIn} ${keyMessage}` : signedIn);
  }

  dispose(): void {
    this.messages.dispose();
  }
}
