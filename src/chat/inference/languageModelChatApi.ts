import * as vscode from 'vscode';

/**
 * The part of VS Code 1.104's language model chat provider API this extension uses, declared as
 * `@types/vscode` 1.104 declares it: the project's types stay at 1.101, the oldest VS Code it installs on, which
 * lacks it. Only `chatProviderHost` reaches for it, and finds it only where the host has it.
 */

export interface LanguageModelChatInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly tooltip?: string;
  readonly detail?: string;
  readonly version: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: { readonly imageInput?: boolean; readonly toolCalling?: boolean | number };
}

export interface LanguageModelChatRequestMessage {
  readonly role: vscode.LanguageModelChatMessageRole;
  readonly content: ReadonlyArray<
    vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart | vscode.LanguageModelToolCallPart | unknown
  >;
  readonly name: string | undefined;
}

export type LanguageModelResponsePart =
  vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart | vscode.LanguageModelToolCallPart;

export interface ProvideLanguageModelChatResponseOptions {
  readonly modelOptions?: { readonly [name: string]: unknown };
  readonly tools?: readonly vscode.LanguageModelChatTool[];
  readonly toolMode: vscode.LanguageModelChatToolMode;
}

export interface LanguageModelChatProvider<T extends LanguageModelChatInformation = LanguageModelChatInformation> {
  readonly onDidChangeLanguageModelChatInformation?: vscode.Event<void>;
  provideLanguageModelChatInformation(options: { readonly silent: boolean }, token: vscode.CancellationToken): vscode.ProviderResult<T[]>;
  provideLanguageModelChatResponse(
    model: T,
    messages: readonly LanguageModelChatRequestMessage[],
    options: ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Thenable<void>;
  provideTokenCount(model: T, text: string | LanguageModelChatRequestMessage, token: vscode.CancellationToken): Thenable<number>;
}

/** `vscode.lm` where the host can take a chat provider (VS Code 1.104 and later). */
export interface ChatProviderHost {
  registerLanguageModelChatProvider(vendor: string, provider: LanguageModelChatProvider): vscode.Disposable;
}

/** The host's registration of chat providers, or undefined in an editor without it. */
export function chatProviderHost(lm: object | undefined = vscode.lm): ChatProviderHost | undefined {
  const candidate = lm as Partial<ChatProviderHost> | undefined;
  return typeof candidate?.registerLanguageModelChatProvider === 'function' ? (candidate as ChatProviderHost) : undefined;
}
