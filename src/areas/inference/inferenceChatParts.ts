import type * as vscode from 'vscode';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { CHAT_VENDOR, GcoreChatProvider } from '../../chat/inference/gcoreChatProvider';
import { chatProviderHost } from '../../chat/inference/languageModelChatApi';
import type { InferenceChatParts } from '../../commands/inference/inferenceChatCommands';
import { loadOnce } from '../../core/loadOnce';
import { ChatDeploymentStore } from '../../state/inference/chatDeployments';
import type { Core } from '../core';

/**
 * The deployments offered to VS Code's chat: their store, the keys' secrets, the endpoint client (its code loads
 * with the first answer or Use in Chat) and the provider, registered only where the host has the API (1.104+).
 * Registering reads nothing and sends nothing: the models were read when each deployment was added.
 */
export function inferenceChatParts(core: Core, keys: InferenceKeySecrets): { parts: InferenceChatParts; disposables: vscode.Disposable[] } {
  const store = new ChatDeploymentStore(core.context.globalState);
  const version = String(core.context.extension.packageJSON.version ?? '0.0.0');
  const endpoint = loadOnce(
    async () =>
      new (await import('../../api/inference/endpointClient.js')).InferenceEndpointClient({ userAgent: `gcore-vscode/${version}` }),
  );
  const host = chatProviderHost();
  const registration = host?.registerLanguageModelChatProvider(
    CHAT_VENDOR,
    new GcoreChatProvider({ store, keys, endpoint, inference: () => core.client.inference }),
  );
  return {
    parts: { available: registration !== undefined, store, keys, endpoint },
    disposables: [store, ...(registration ? [registration] : [])],
  };
}
