import * as vscode from 'vscode';
import { apiKeyProblem } from '../api/http/apiKeyText';
import type { Account } from '../api/types';
import { API_KEY_ENV, type ApiKeyStore } from '../auth/apiKeyStore';
import type { Loaded } from '../loaders/keyedLoader';
import { accountLabel } from './presentation/accountLabel';

const API_KEY_STATE_CONTEXT = 'gcore.apiKeyState';

export type KeyState = { kind: 'none' | 'secretStorage' | 'environment' } | { kind: 'unavailable'; error: unknown };

/**
 * Where the key comes from, as the view shows it: the `gcore.apiKeyState` context key (the welcome view
 * and the Sign Out menu read it) and the message above the tree. It is read when the tree first asks,
 * never at activation, and again whenever the key changes.
 */
export class KeyStatus {
  constructor(
    private readonly apiKey: ApiKeyStore,
    private readonly showMessage: (message: string | undefined) => void,
    /** Names the account beside the view's title, once Gcore has said whose key it is. */
    private readonly account?: { read: () => Promise<Loaded<Account>>; show: (label: string | undefined) => void },
  ) {}

  async read(): Promise<KeyState> {
    let state: KeyState;
    let message: string | undefined;
    try {
      const key = await this.apiKey.get();
      state = { kind: key?.source ?? 'none' };
      if (key?.source === 'environment') {
        const problem = apiKeyProblem(key.key);
        message =
          problem === undefined
            ? `Using the API key from the ${API_KEY_ENV} environment variable (read-only). Run "Gcore: Set API Key" to store your own.`
            : `The API key in the ${API_KEY_ENV} environment variable cannot be used: it ${problem}. Fix the variable, or run "Gcore: Set API Key" to store a key.`;
      }
    } catch (error) {
      state = { kind: 'unavailable', error };
    }
    await vscode.commands.executeCommand('setContext', API_KEY_STATE_CONTEXT, state.kind);
    this.showMessage(message);
    if (this.account) {
      if (state.kind === 'secretStorage' || state.kind === 'environment') void this.showAccount(this.account);
      else this.account.show(undefined);
    }
    return state;
  }

  /** Not awaited by the tree: the rows do not wait for the account's name. */
  private async showAccount(account: NonNullable<KeyStatus['account']>): Promise<void> {
    const loaded = await account.read();
    account.show(loaded.state === 'loaded' ? accountLabel(loaded.value) : undefined);
  }
}
