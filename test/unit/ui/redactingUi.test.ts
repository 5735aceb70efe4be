import * as assert from 'node:assert/strict';
import { hideSecret } from '../../../src/logging/redaction';
import type { PromptUi } from '../../../src/ui/promptUi';
import { RedactingUi } from '../../../src/ui/redactingUi';

const KEY = 'redacting-ui-key-0123456789';

/** A UI that records what reaches it and answers with the first choice offered. */
function recordingUi(seen: string[]): PromptUi {
  const note = (...texts: (string | undefined)[]) => seen.push(texts.filter((text) => text !== undefined).join(' | '));
  return {
    input: async (request) => (note(request.prompt, request.placeholder), 'typed'),
    pick: async (request) => (
      note(...request.items.flatMap((item) => [item.label, item.description, item.detail])),
      request.items[0].value
    ),
    pickMany: async (request) => (note(...request.items.map((item) => item.label)), request.items.map((item) => item.value)),
    confirm: async (request) => (note(request.message, request.detail), true),
    choose: async (request) => (note(request.message, request.detail), request.choices[0]),
    notify: async (_severity, message, ...actions) => (note(message), actions[0]),
    withProgress: (task) => (note(task.title), task.run(new AbortController().signal, (message) => note(message))),
    chooseFile: async (request) => (note(request.title), 'file:///chosen.zone'),
    copyToClipboard: async (text) => void note(text),
    openExternal: async (url) => void note(url),
    openWindow: async (uri) => (note(uri), true),
  };
}

describe('RedactingUi: no key reaches a person through a prompt', () => {
  before(() => hideSecret(KEY));

  it('removes the key from notifications, questions, lists, progress, file dialogs and the clipboard, and keeps the answers', async () => {
    const seen: string[] = [];
    const ui = new RedactingUi(recordingUi(seen));
    assert.equal(await ui.notify('error', `failed (request ID ${KEY})`, 'Copy Request ID'), 'Copy Request ID');
    await ui.copyToClipboard(`req-${KEY}`);
    assert.equal(await ui.choose({ message: `m ${KEY}`, detail: `d ${KEY}`, choices: ['A'] }), 'A');
    assert.equal(await ui.confirm({ message: KEY, confirmLabel: 'OK' }), true);
    assert.equal(await ui.pick({ title: 't', items: [{ label: KEY, description: KEY, detail: KEY, value: 42 }] }), 42);
    assert.equal(await ui.withProgress({ title: `t ${KEY}`, run: async (_signal, report) => (report(`r ${KEY}`), 'done') }), 'done');
    assert.equal(await ui.chooseFile({ kind: 'save', title: `t ${KEY}`, filters: {} }), 'file:///chosen.zone');
    assert.equal(seen.length, 8);
    for (const text of seen) assert.ok(!text.includes(KEY), text);
    assert.equal(seen[1], 'req-***');
  });

  it('leaves a secret on the clipboard only when the person asked to copy it', async () => {
    const seen: string[] = [];
    const ui = new RedactingUi(recordingUi(seen));
    await ui.copyToClipboard(`code with ${KEY}`, { secretAsked: true });
    await ui.copyToClipboard(`code with ${KEY}`, { secretAsked: false });
    assert.deepEqual(seen, [`code with ${KEY}`, 'code with ***']);
  });
});
