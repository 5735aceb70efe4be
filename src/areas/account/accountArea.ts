import * as vscode from 'vscode';
import { apiKeyCommands } from '../../commands/account/apiKeyCommands';
import { logCommands } from '../../commands/account/logCommands';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL } from '../../auth/gcoreAuthProvider';
import { changeFinishedStep } from '../../views/walkthroughEvents';
import type { Area } from '../area';
import type { Core } from '../core';

/** The API key, the Accounts menu, the log, and the walkthrough's progress. */
export function accountArea(core: Core): Area {
  return {
    commands: (services) => [...apiKeyCommands(services), ...logCommands(services)],
    disposables: [
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, core.accounts, {
        supportsMultipleAccounts: false,
      }),
      changeFinishedStep(core.taskPoller),
    ],
  };
}
