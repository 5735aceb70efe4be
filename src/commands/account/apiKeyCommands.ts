import * as l10n from '@vscode/l10n';
import { validateNoArgs } from '../../validation/argumentObjects';
import { COMMAND } from '../../core/contributions';
import { apiKeyProblem } from '../../api/http/apiKeyText';
import { API_KEY_FIELD, validateApiKeyArg } from '../../models/account/apiKeyArgs';
import type { Services } from '../services';
import { API_KEY_ENV } from '../../auth/apiKeyStore';
import { promptField } from '../../ui/fieldInput';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import type { Account } from '../../api/types';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import { accountLabel } from '../../views/presentation/accountLabel';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';

const KEY_HELP = l10n.t('Create a permanent API token in the Gcore Customer Portal: Profile → API Tokens.');

export function apiKeyCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<KeyToStore, undefined>({
      id: COMMAND.setApiKey,
      what: () => l10n.t('Set API key'),
      // Programmatic callers store what they give; gcore.checkApiKey checks a key for them.
      parse: (arg) => ({ key: unwrap(validateApiKeyArg(arg)) }),
      ask: (ui) => askCheckedKey(ui, services),
      run: async ({ key }) => {
        await services.apiKey.store(key);
        services.log.info('API key stored in secret storage');
        return undefined;
      },
      report: (ui, _result, { account, notChecked }) => {
        if (account) {
          void ui.notify('info', l10n.t('Gcore API key saved in VS Code secret storage. It signs in to {0}.', accountLabel(account)));
        } else {
          void ui.notify(
            'warning',
            l10n.t(
              'Gcore API key saved in VS Code secret storage, but it could not be checked: {0}.',
              notChecked ?? l10n.t('Gcore did not say whose it is'),
            ),
          );
        }
      },
    }),
    command<undefined, undefined>({
      id: COMMAND.signOut,
      what: () => l10n.t('Sign out'),
      run: async () => {
        await services.apiKey.delete();
        services.log.info('API key removed from secret storage');
        return undefined;
      },
      report: (ui) => {
        const stillFromEnv = services.apiKey.environmentKey() !== undefined;
        void ui.notify(
          'info',
          stillFromEnv
            ? l10n.t(
                'Gcore API key removed from secret storage. The {0} environment variable is still set, so its key stays in use.',
                API_KEY_ENV,
              )
            : l10n.t('Gcore API key removed from secret storage.'),
        );
      },
    }),
    command<Record<string, never>, Account>({
      id: COMMAND.checkApiKey,
      programmaticWithoutArgument: true,
      what: () => l10n.t('Check API key'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => services.client.account.me({ signal }),
    }),
  ];
}

interface KeyToStore {
  key: string;
  /** The account the key signs in to, when Gcore could say. */
  account?: Account;
  /** Why the key could not be checked (no network, an API without the account endpoint). */
  notChecked?: string;
}

/**
 * The key box, then a check with Gcore (`/iam/clients/me`) before anything is saved. A key Gcore rejects
 * is not saved: the box opens again with it and says why. When the check cannot be made, the key is
 * saved and the report says so.
 */
async function askCheckedKey(ui: PromptUi, services: Services): Promise<KeyToStore> {
  let typed: string | undefined;
  let rejection: string | undefined;
  for (;;) {
    const answer = await promptField(ui, API_KEY_FIELD, { title: l10n.t('Gcore: Set API Key') }, typed, {
      prompt: rejection
        ? l10n.t('Gcore rejected this key ({0}). Paste a valid key. {1}', rejection, KEY_HELP)
        : l10n.t("Paste your Gcore API key. It is kept in VS Code's secret storage only. {0}", KEY_HELP),
      placeholder: l10n.t('API key'),
      password: true,
      check: (text) => apiKeyProblem(text.trim()),
    });
    const key = String(orCancel(answer));
    try {
      const account = await ui.withProgress({
        title: l10n.t('Checking the API key with Gcore…'),
        run: (signal) => services.client.account.me({ signal, apiKey: key }),
      });
      return { key, account };
    } catch (error) {
      if (isGcoreApiError(error) && error.kind === 'cancelled') throw new UserCancelledError();
      if (isGcoreApiError(error) && error.kind === 'unauthorized' && error.status !== undefined) {
        typed = key;
        rejection = failureReason(error).replace(/\.$/, '');
        continue;
      }
      return {
        key,
        notChecked: isEndpointMissing(error)
          ? l10n.t('the API at gcore.apiBaseUrl has no account endpoint')
          : failureReason(error).replace(/\.$/, ''),
      };
    }
  }
}
