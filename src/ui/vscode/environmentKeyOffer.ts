import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { API_KEY_ENV, type ApiKeyStore } from '../../auth/apiKeyStore';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import type { PromptUi } from '../promptUi';

const OFFERED = 'gcore.environmentKeyOffered';
const STORE = l10n.t('Store Key');

/**
 * A key from `GCORE_API_KEY` is used as it is and never stored on its own: the first time it is in use, the
 * user is asked once whether to keep it in SecretStorage, so that Gcore works when VS Code starts without the
 * variable. The answer is not asked again, whatever it was.
 */
export class EnvironmentKeyOffer {
  private asked = false;

  constructor(
    private readonly state: vscode.Memento,
    private readonly apiKey: Pick<ApiKeyStore, 'environmentKey' | 'store'>,
    private readonly ui: () => PromptUi,
    private readonly log: Log,
  ) {}

  async offer(): Promise<void> {
    if (this.asked || this.state.get<boolean>(OFFERED) === true) return;
    this.asked = true;
    await this.state.update(OFFERED, true);
    const key = this.apiKey.environmentKey();
    if (!key) return;
    const ui = this.ui();
    const choice = await ui.notify(
      'info',
      l10n.t(
        "Gcore is using the API key from the {0} environment variable. Store it in VS Code's secret storage, so that it works when VS Code starts without the variable?",
        API_KEY_ENV,
      ),
      STORE,
      l10n.t('Not Now'),
    );
    if (choice !== STORE) return;
    try {
      await this.apiKey.store(key);
      void ui.notify('info', l10n.t("The API key from {0} is stored in VS Code's secret storage.", API_KEY_ENV));
    } catch (error) {
      this.log.error('the key from the environment could not be stored', error);
      void ui.notify('error', l10n.t('The API key could not be stored: {0}', failureReason(error)));
    }
  }
}
