import * as vscode from 'vscode';
import type { InferenceEndpointClient } from '../../api/inference/endpointClient';
import { EndpointError } from '../../api/inference/endpointTypes';
import type { InferenceApi } from '../../api/inference/inferenceTypes';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { endsWithNote, saysWaking } from '../../models/inference/chatAnswerRules';
import { openAiMessages, openAiTools } from '../../models/inference/chatMessages';
import { chatModelInfo, seesImages, type ChatModelInfo } from '../../models/inference/chatModels';
import { estimateTokens } from '../../models/inference/tokenEstimate';
import { ToolCallJoiner } from '../../models/inference/toolCallFragments';
import type { ChatDeployment, ChatDeploymentStore } from '../../state/inference/chatDeployments';
import { endpointFailure } from '../../views/inference/presentation/endpointFailures';
import { countedText, neutralMessages } from './chatRequestMessages';
import { openFollowingMove } from './movedDeployments';
import type {
  LanguageModelChatProvider,
  LanguageModelChatRequestMessage,
  LanguageModelResponsePart,
  ProvideLanguageModelChatResponseOptions,
} from './languageModelChatApi';

/** The vendor VS Code's chat lists Gcore's models under (package.json's `languageModelChatProviders`). */
export const CHAT_VENDOR = 'gcore';

/** How long an answer may take to start before the chat says the deployment may be waking from zero. */
export const WAKING_NOTICE_MS = 2_500;

type GcoreChatModel = ChatModelInfo & { readonly deployment: ChatDeployment; readonly modelId: string };

export interface ChatProviderDeps {
  store: ChatDeploymentStore;
  keys: InferenceKeySecrets;
  endpoint: () => Promise<InferenceEndpointClient>;
  inference: () => InferenceApi;
  wakingNoticeMs?: number;
}

/** Every model of every deployment added with Use in Chat, as VS Code's chat lists it. */
export function chatModels(store: ChatDeploymentStore): GcoreChatModel[] {
  return store.list().flatMap((deployment) =>
    deployment.models.map((model) => ({
      ...chatModelInfo(
        { projectId: deployment.projectId, deployment: deployment.name, modelId: model.id, maxModelLength: model.maxModelLength },
        {
          detail: vscode.l10n.t('Gcore · project {0}', deployment.projectId),
          tooltip: vscode.l10n.t('{0}, served by inference deployment {1} of project {2}', model.id, deployment.name, deployment.projectId),
        },
      ),
      deployment,
      modelId: model.id,
    })),
  );
}

/**
 * Gcore's deployments as VS Code chat models. Nothing is read at a listing (the models were read when the deployment
 * was added); each answer reads the key's secret, streams from the deployment's address (following it once to the
 * one Gcore now gives, when nothing answers at the kept one), and says what went wrong with the next step to take.
 */
export class GcoreChatProvider implements LanguageModelChatProvider<GcoreChatModel> {
  readonly onDidChangeLanguageModelChatInformation: vscode.Event<void>;

  constructor(private readonly deps: ChatProviderDeps) {
    this.onDidChangeLanguageModelChatInformation = deps.store.onDidChange;
  }

  provideLanguageModelChatInformation(): GcoreChatModel[] {
    return chatModels(this.deps.store);
  }

  async provideTokenCount(_model: GcoreChatModel, text: string | LanguageModelChatRequestMessage): Promise<number> {
    return estimateTokens(countedText(text));
  }

  async provideLanguageModelChatResponse(
    model: GcoreChatModel,
    messages: readonly LanguageModelChatRequestMessage[],
    options: ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    // The kept entry, not the one VS Code listed: an answer may have followed the deployment to a new address since.
    const deployment = this.deps.store.find(model.deployment) ?? model.deployment;
    const secret = await this.secretOf(deployment);
    const chat = openAiMessages(neutralMessages(messages), seesImages(model.modelId));
    if (chat.imagesLeftOut > 0) {
      progress.report(
        new vscode.LanguageModelTextPart(
          vscode.l10n.t('_{0} does not take images: the {1} image(s) of this chat were left out._\n\n', model.modelId, chat.imagesLeftOut),
        ),
      );
    }
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    const waking = setTimeout(() => void this.sayIfWaking(deployment, progress, token), this.deps.wakingNoticeMs ?? WAKING_NOTICE_MS);
    let received = 0;
    try {
      const client = await this.deps.endpoint();
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const request = { model: model.modelId, messages: chat.messages, tools: openAiTools(options.tools ?? []) };
      const events = await openFollowingMove(this.deps, deployment, (address) =>
        client.openChatStream({ address, secret, signal: controller.signal }, request),
      );
      clearTimeout(waking);
      const calls = new ToolCallJoiner();
      for await (const batch of events) {
        // The text of a chunk as one part: a part a token would cost a message to the chat each.
        let text = '';
        for (const event of batch) {
          if (event.type === 'text') text += event.text;
          else if (event.type === 'toolCall') calls.add(event.fragment);
        }
        if (text === '') continue;
        received += text.length;
        progress.report(new vscode.LanguageModelTextPart(text));
      }
      for (const call of calls.finish()) progress.report(new vscode.LanguageModelToolCallPart(call.id, call.name, call.input));
    } catch (error) {
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      if (error instanceof EndpointError && endsWithNote({ kind: error.kind, midStream: error.details.midStream }, received)) {
        progress.report(new vscode.LanguageModelTextPart(`\n\n_${(await this.failureWords(error, model, secret, received)).trim()}_`));
        return;
      }
      throw error instanceof EndpointError ? new Error(await this.failureWords(error, model, secret, received)) : error;
    } finally {
      clearTimeout(waking);
      cancelled.dispose();
    }
  }

  private async secretOf(deployment: ChatDeployment): Promise<string | undefined> {
    if (deployment.apiKeyName === undefined) return undefined;
    const secret = await this.deps.keys.get({ projectId: deployment.projectId, name: deployment.apiKeyName });
    if (secret === undefined) {
      throw new Error(
        vscode.l10n.t(
          'The secret of API key {0} is no longer on this machine. Run "Gcore: Use in Chat" on inference deployment {1} again with a key whose secret this machine holds.',
          deployment.apiKeyName,
          deployment.name,
        ),
      );
    }
    return secret;
  }

  /** An answer slow to start: a deployment at zero is waking a pod. Said once, then the answer waits on. */
  private async sayIfWaking(
    deployment: ChatDeployment,
    progress: vscode.Progress<LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ) {
    const status = await this.statusOf(deployment);
    if (token.isCancellationRequested || !saysWaking(status)) return;
    progress.report(
      new vscode.LanguageModelTextPart(
        vscode.l10n.t(
          '_Waking inference deployment {0}: it was scaled to zero, and its first answer waits for a pod to start…_\n\n',
          deployment.name,
        ),
      ),
    );
  }

  private async statusOf(deployment: ChatDeployment): Promise<string | undefined> {
    try {
      return (await this.deps.inference().getDeployment({ projectId: deployment.projectId, name: deployment.name })).status ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** A failure as the chat says it, in Send Test Request's words: what happened and what to do next. */
  private async failureWords(error: EndpointError, model: GcoreChatModel, secret: string | undefined, received: number): Promise<string> {
    const status = error.kind === 'unavailable' || error.kind === 'network' ? await this.statusOf(model.deployment) : undefined;
    return endpointFailure({
      kind: error.kind,
      message: error.message,
      code: error.details.code,
      deployment: model.deployment.name,
      status,
      keyName: secret === undefined ? undefined : model.deployment.apiKeyName,
      model: model.modelId,
      received,
      surface: 'chat',
    }).message;
  }
}
