/**
 * What @gcore sends its model: the chat view's earlier turns with @gcore, as the chat API hands them, then the new
 * prompt. A turn that got no answer from a model (no model yet, a failure, a cancel) is left out with its question:
 * a model's chat template may refuse two user messages in a row, and the model never saw that exchange.
 */

export type ParticipantTurn =
  { kind: 'request'; participant: string; prompt: string } | { kind: 'response'; participant: string; text: string; answered: boolean };

export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

export function participantConversation(history: readonly ParticipantTurn[], participant: string, prompt: string): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  let question: string | undefined;
  for (const turn of history) {
    if (turn.participant !== participant) continue;
    if (turn.kind === 'request') {
      question = turn.prompt;
      continue;
    }
    if (question !== undefined && turn.answered && turn.text !== '') {
      messages.push({ role: 'user', text: question }, { role: 'assistant', text: turn.text });
    }
    question = undefined;
  }
  messages.push({ role: 'user', text: prompt });
  return messages;
}
