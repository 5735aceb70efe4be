import * as l10n from '@vscode/l10n';
import type { Services } from './services';
import { command, type Command } from './command';

export function logCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<undefined, undefined>({
      id: 'gcore.showLog',
      what: () => l10n.t('Show log'),
      run: async () => {
        services.log.show();
        return undefined;
      },
    }),
  ];
}
