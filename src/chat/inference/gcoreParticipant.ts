import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { failureReason } from '../../logging/failureMessage';
import { participantConversation, type ParticipantTurn } from '../../models/inference/participantConversation';
import { CHAT_VENDOR } from './gcoreChatProvider';

/** The chat participant @gcore (package.json's `chatParticipants`). */
export const PARTICIPANT_ID = 'gcore.inference';

export interface ParticipantDeps {
  /** The host's Gcore chat models (`vscode.lm.selectChatModels` for the vendor): @gcore answers with the first. */
  gcoreModels: () => Thenable<readonly vscode.LanguageModelChat[]>;
}

/** Set on a result a model answered, so the next request sends that exchange as conversation. */
interface ParticipantMetadata {
  answered?: boolean;
}

function turnOf(turn: vscode.ChatRequestTurn | vscode.ChatResponseTurn): ParticipantTurn {
  if (turn instanceof vscode.ChatRequestTurn) return { kind: 'request', participant: turn.participant, prompt: turn.prompt };
  const text = turn.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
  const metadata = turn.result.metadata as ParticipantMetadata | undefined;
  return { kind: 'response', participant: turn.participant, text, answered: metadata?.answered === true };
}

/**
 * @gcore's answers: the model picked in the chat when it is a Gcore one, else the first Gcore model, so the chat view
 * answers with a deployment without any other chat agent. The model's provider says each failure with its next step.
 */
export function gcoreParticipantHandler(deps: ParticipantDeps): vscode.ChatRequestHandler {
  return async (request, context, response, token): Promise<vscode.ChatResult> => {
    const model = request.model.vendor === CHAT_VENDOR ? request.model : (await deps.gcoreModels())[0];
    // Reached with another vendor's model picked: with no model at all, VS Code answers "Language model
    // unavailable" without asking the participant.
    if (model === undefined) {
      response.markdown(
        vscode.l10n.t('No Gcore model is in the chat yet. Run **Use in Chat** on a ready inference deployment, then ask @gcore again.'),
      );
      response.button({ command: COMMAND.addInferenceChatModels, title: vscode.l10n.t('Use in Chat') });
      return {};
    }
    const messages = participantConversation(context.history.map(turnOf), PARTICIPANT_ID, request.prompt).map((message) =>
      message.role === 'user'
        ? vscode.LanguageModelChatMessage.User(message.text)
        : vscode.LanguageModelChatMessage.Assistant(message.text),
    );
    try {
      const answer = await model.sendRequest(messages, {}, token);
      for await (const text of answer.text) response.markdown(text);
    } catch (error) {
      if (token.isCancellationRequested) return {};
      return { errorDetails: { message: failureReason(error) } };
    }
    const metadata: ParticipantMetadata = { answered: !token.isCancellationRequested };
    return { metadata };
  };
}
