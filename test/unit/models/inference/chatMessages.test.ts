import * as assert from 'node:assert/strict';
import { openAiMessages, openAiTools, type ChatMessage } from '../../../../src/models/inference/chatMessages';

const IMAGE = { kind: 'image' as const, mimeType: 'image/png', data: Uint8Array.of(1, 2, 3) };

describe('openAiMessages', () => {
  const chat: ChatMessage[] = [
    { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
    { role: 'user', parts: [{ kind: 'text', text: 'Weather in ' }, { kind: 'text', text: 'Riga?' }, IMAGE] },
    { role: 'assistant', parts: [{ kind: 'toolCall', callId: 'c1', name: 'get_weather', input: { city: 'Riga' } }] },
    {
      role: 'user',
      parts: [
        { kind: 'toolResult', callId: 'c1', text: 'sunny' },
        { kind: 'text', text: 'And so?' },
      ],
    },
    { role: 'assistant', parts: [{ kind: 'text', text: 'Sunny.' }] },
  ];

  it('sends tool calls as tool_calls and tool results as tool messages right after them', () => {
    assert.deepEqual(openAiMessages(chat, false), {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Riga?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Riga"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
        { role: 'user', content: 'And so?' },
        { role: 'assistant', content: 'Sunny.' },
      ],
      imagesLeftOut: 1,
    });
  });

  it('sends images as data URLs to a model that sees them', () => {
    const { messages, imagesLeftOut } = openAiMessages([chat[1]], true);
    assert.equal(imagesLeftOut, 0);
    assert.deepEqual(messages, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in ' },
          { type: 'text', text: 'Riga?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
        ],
      },
    ]);
  });

  it('offers the tools as OpenAI function tools', () => {
    assert.deepEqual(
      openAiTools([
        { name: 't', description: 'd', inputSchema: { type: 'object' } },
        { name: 'u', description: '' },
      ]),
      [
        { type: 'function', function: { name: 't', description: 'd', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'u', description: '' } },
      ],
    );
  });
});
