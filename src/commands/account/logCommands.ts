import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import type { Services } from '../services';
import { command, type Command } from '../flow/command';

export function logCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<undefined, undefined>({
      id: COMMAND.showLog,
      what: () => l10n.t('Show log'),
      run: async () => {
        services.log.show();
        return undefined;
      },
    }),
  ];
}
