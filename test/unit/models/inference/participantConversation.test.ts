import * as assert from 'node:assert/strict';
import { participantConversation, type ParticipantTurn } from '../../../../src/models/inference/participantConversation';

const ME = 'gcore.inference';

describe('participantConversation', () => {
  it('sends the earlier questions and answers, then the prompt', () => {
    const history: ParticipantTurn[] = [
      { kind: 'request', participant: ME, prompt: 'Hi' },
      { kind: 'response', participant: ME, text: 'Hello.', answered: true },
      { kind: 'request', participant: ME, prompt: 'And you?' },
      { kind: 'response', participant: ME, text: 'Fine.', answered: true },
    ];
    assert.deepEqual(participantConversation(history, ME, 'Bye'), [
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello.' },
      { role: 'user', text: 'And you?' },
      { role: 'assistant', text: 'Fine.' },
      { role: 'user', text: 'Bye' },
    ]);
  });

  it("leaves out other participants' turns", () => {
    const history: ParticipantTurn[] = [
      { kind: 'request', participant: 'github.copilot.default', prompt: 'Fix it' },
      { kind: 'response', participant: 'github.copilot.default', text: 'Done.', answered: true },
    ];
    assert.deepEqual(participantConversation(history, ME, 'Hi'), [{ role: 'user', text: 'Hi' }]);
  });

  it('leaves out a question no model answered, with what was said instead', () => {
    const history: ParticipantTurn[] = [
      { kind: 'request', participant: ME, prompt: 'Hi' },
      { kind: 'response', participant: ME, text: 'No Gcore model is in the chat yet.', answered: false },
      { kind: 'request', participant: ME, prompt: 'Hi again' },
      { kind: 'response', participant: ME, text: '', answered: true },
      { kind: 'request', participant: ME, prompt: 'Still there?' },
    ];
    assert.deepEqual(participantConversation(history, ME, 'Hello?'), [{ role: 'user', text: 'Hello?' }]);
  });
});
