import { API_KEY_ENV } from '../state/apiKeyStore';
import type { Services } from '../services';
import { BACK, UserCancelledError } from '../prompts/promptUi';
import { apiKeyTextProblem, validateApiKeyArg } from '../models/commandArgs';
import { unwrap } from './arguments';
import type { CommandSpec } from './commandRunner';

const KEY_HELP = 'Create a permanent API token in the Gcore Customer Portal: Profile → API Tokens.';

export function apiKeyCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.setApiKey',
      what: 'Set API key',
      handler: async ({ ui, programmatic }, arg) => {
        let key: string;
        if (programmatic) {
          key = unwrap(validateApiKeyArg(arg));
        } else {
          const answer = await ui.input({
            title: 'Gcore: Set API Key',
            prompt: `Paste your Gcore API key. It is kept in VS Code's secret storage only. ${KEY_HELP}`,
            placeholder: 'API key',
            password: true,
            validate: apiKeyTextProblem,
          });
          if (answer === BACK) throw new UserCancelledError();
          key = answer.trim();
        }
        await services.apiKey.store(key);
        services.log.info('API key stored in secret storage');
        if (!programmatic) void ui.notify('info', 'Gcore API key saved in VS Code secret storage.');
        return undefined;
      },
    },
    {
      id: 'gcore.signOut',
      what: 'Sign out',
      isProgrammatic: () => false,
      handler: async ({ ui }) => {
        await services.apiKey.delete();
        services.log.info('API key removed from secret storage');
        const stillFromEnv = services.apiKey.environmentKey() !== undefined;
        void ui.notify(
          'info',
          stillFromEnv
            ? `Gcore API key removed from secret storage. The ${API_KEY_ENV} environment variable is still set, so its key stays in use.`
            : 'Gcore API key removed from secret storage.',
        );
        return undefined;
      },
    },
  ];
}
