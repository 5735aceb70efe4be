import { apiKeyProblem } from '../api/http/apiKeyText';
import { API_KEY_FIELD, validateApiKeyArg } from '../models/commandArgs';
import type { Services } from './services';
import { API_KEY_ENV } from '../auth/apiKeyStore';
import { promptField } from '../ui/fieldInput';
import { BACK, UserCancelledError } from '../ui/promptUi';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';

const KEY_HELP = 'Create a permanent API token in the Gcore Customer Portal: Profile → API Tokens.';

export function apiKeyCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<string, undefined>({
      id: 'gcore.setApiKey',
      what: () => 'Set API key',
      parse: (arg) => unwrap(validateApiKeyArg(arg)),
      ask: async (ui) => {
        const answer = await promptField(ui, API_KEY_FIELD, { title: 'Gcore: Set API Key' }, undefined, {
          prompt: `Paste your Gcore API key. It is kept in VS Code's secret storage only. ${KEY_HELP}`,
          placeholder: 'API key',
          password: true,
          check: (text) => apiKeyProblem(text.trim()),
        });
        if (answer === BACK || answer === undefined) throw new UserCancelledError();
        return String(answer);
      },
      run: async (key) => {
        await services.apiKey.store(key);
        services.log.info('API key stored in secret storage');
        return undefined;
      },
      report: (ui) => void ui.notify('info', 'Gcore API key saved in VS Code secret storage.'),
    }),
    command<undefined, undefined>({
      id: 'gcore.signOut',
      what: () => 'Sign out',
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
            ? `Gcore API key removed from secret storage. The ${API_KEY_ENV} environment variable is still set, so its key stays in use.`
            : 'Gcore API key removed from secret storage.',
        );
      },
    }),
  ];
}
