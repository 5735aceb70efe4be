import * as vscode from 'vscode';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { CHAT_VENDOR, GcoreChatProvider } from '../../chat/inference/gcoreChatProvider';
import { gcoreParticipantHandler, PARTICIPANT_ID } from '../../chat/inference/gcoreParticipant';
import { chatProviderHost } from '../../chat/inference/languageModelChatApi';
import type { InferenceChatParts } from '../../commands/inference/inferenceChatCommands';
import { loadOnce } from '../../core/loadOnce';
import { ChatDeploymentStore } from '../../state/inference/chatDeployments';
import type { Core } from '../core';

/**
 * The deployments offered to VS Code's chat: their store, the keys' secrets, the endpoint client (its code loads
 * with the first answer or Use in Chat), the provider and @gcore (the chat view's way to them without another chat
 * agent), registered only where the host has the provider API (1.104+). Registering reads nothing and sends nothing:
 * the models were read when each deployment was added.
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
  const participant = registration ? gcoreParticipant(core) : undefined;
  return {
    parts: { available: registration !== undefined, store, keys, endpoint },
    disposables: [store, ...(registration ? [registration] : []), ...(participant ? [participant] : [])],
  };
}

function gcoreParticipant(core: Core): vscode.ChatParticipant {
  const participant = vscode.chat.createChatParticipant(
    PARTICIPANT_ID,
    gcoreParticipantHandler({ gcoreModels: () => vscode.lm.selectChatModels({ vendor: CHAT_VENDOR }) }),
  );
  participant.iconPath = vscode.Uri.joinPath(core.context.extensionUri, 'media', 'icon.png');
  return participant;
}
