import * as assert from 'node:assert/strict';
import { BACK } from '../../../../src/ui/promptUi';
import {
  askClientCode,
  askRequestKey,
  askTestPrompt,
  endpointTarget,
  heldKeys,
  type EndpointTarget,
} from '../../../../src/prompts/inference/inferenceEndpointAsk';
import { RecordingUi } from '../../ui/recordingUi';

const TITLE = 'Gcore: Copy Client Code';
const WITH_KEYS: EndpointTarget = {
  projectId: 1,
  name: 'llama-chat',
  address: 'https://llama-chat.ai.gcore.dev',
  status: 'ACTIVE',
  apiKeys: ['team-key', 'ci-key'],
};
const OPEN: EndpointTarget = { ...WITH_KEYS, name: 'qwen-coder', apiKeys: [] };

describe('what the inference endpoint commands ask', () => {
  it("takes a deployment's address and keys, and refuses one without an address yet", () => {
    assert.deepEqual(endpointTarget(1, { name: 'llama-chat', status: 'ACTIVE', address: ' https://x.dev ', api_keys: ['k', ''] }), {
      projectId: 1,
      name: 'llama-chat',
      address: 'https://x.dev',
      status: 'ACTIVE',
      apiKeys: ['k'],
    });
    assert.throws(() => endpointTarget(1, { name: 'mistral-rag', address: null }), /no address for inference deployment mistral-rag yet/);
  });

  it('lists the keys whose secret this machine holds, in the deployment’s order', async () => {
    assert.deepEqual(await heldKeys(WITH_KEYS, async (name) => name === 'ci-key'), ['ci-key']);
    assert.deepEqual(await heldKeys(OPEN, async () => true), []);
  });

  it('asks only the language for a deployment without keys', async () => {
    const ui = new RecordingUi(['Python (OpenAI client)']);
    assert.deepEqual(await askClientCode(ui, TITLE, OPEN, []), { language: 'python', key: { kind: 'none' } });
    ui.assertAllAnswersUsed();
  });

  it('offers the environment variable first and a secret inline only for a key this machine holds, with Back', async () => {
    const ui = new RecordingUi(['curl', BACK, 'TypeScript (openai package)', 'The secret of key ci-key, written into the code']);
    assert.deepEqual(await askClientCode(ui, TITLE, WITH_KEYS, ['ci-key']), {
      language: 'typescript',
      key: { kind: 'held', keyName: 'ci-key' },
    });
    ui.assertAllAnswersUsed();
    const keyPick = ui.prompts()[1];
    assert.deepEqual(
      keyPick.items?.map((item) => item.label),
      ['From the environment variable GCORE_INFERENCE_API_KEY', 'The secret of key ci-key, written into the code'],
    );
    assert.equal(keyPick.step, 2);
    assert.equal(ui.prompts()[2].items?.find((item) => item.picked)?.label, 'curl', 'Back shows the language chosen before');
  });

  it('sends the one held key, picks among several, and says what to do when none is held', async () => {
    assert.deepEqual(await askRequestKey(new RecordingUi([]), TITLE, OPEN, []), { kind: 'none' });
    assert.deepEqual(await askRequestKey(new RecordingUi([]), TITLE, WITH_KEYS, ['team-key']), { kind: 'held', keyName: 'team-key' });
    const ui = new RecordingUi(['ci-key']);
    assert.deepEqual(await askRequestKey(ui, TITLE, WITH_KEYS, ['team-key', 'ci-key']), { kind: 'held', keyName: 'ci-key' });
    await assert.rejects(
      askRequestKey(new RecordingUi([]), TITLE, WITH_KEYS, []),
      /asks for an API key \(team-key, ci-key\), and this machine holds the secret of none of them: create a new key/,
    );
  });

  it('offers the sample prompt, editable, and refuses an empty one naming it', async () => {
    const ui = new RecordingUi(['  ', 'count to 5']);
    assert.equal(await askTestPrompt(ui, TITLE, OPEN), 'count to 5');
    assert.equal(ui.prompts()[0].value, 'Say hello in one sentence.');
    assert.match(ui.prompts()[0].validationMessages[0] ?? '', /^Prompt: /);
  });
});
