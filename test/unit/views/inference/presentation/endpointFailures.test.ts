import * as assert from 'node:assert/strict';
import { endpointFailure, type EndpointFailureInput } from '../../../../../src/views/inference/presentation/endpointFailures';

const BASE: Pick<EndpointFailureInput, 'deployment' | 'message'> = { deployment: 'llama-chat', message: 'words' };

describe('inference endpoint failures', () => {
  it('offers Start for a stopped deployment, by its code or its status', () => {
    for (const input of [
      { ...BASE, kind: 'unavailable', code: 'deployment_disabled' },
      { ...BASE, kind: 'unavailable', status: 'DISABLED' },
    ] as EndpointFailureInput[]) {
      const failure = endpointFailure(input);
      assert.equal(failure.next, 'start');
      assert.match(failure.message, /^Inference deployment llama-chat is stopped: start it, then send the request again\.$/);
    }
    assert.deepEqual(endpointFailure({ ...BASE, kind: 'unavailable', code: 'no_healthy_upstream' }).next, 'retry');
  });

  it('says a deployment at zero is still waking when it did not answer in time', () => {
    const failure = endpointFailure({ ...BASE, kind: 'network', status: 'PENDING' });
    assert.match(failure.message, /still waking from zero pods/);
    assert.equal(failure.next, 'retry');
    assert.match(endpointFailure({ ...BASE, kind: 'network', status: 'ACTIVE' }).message, /^words Check the network/);
  });

  it('points a refused key at its secret, and a deployment that asks for a key at attaching one', () => {
    const refused = endpointFailure({ ...BASE, kind: 'unauthorized', keyName: 'team-key' });
    assert.match(refused.message, /refused API key team-key: it may be detached/);
    assert.equal(refused.next, 'pasteKey');
    assert.match(endpointFailure({ ...BASE, kind: 'unauthorized' }).message, /asks for an API key now: refresh it, attach a key/);
  });

  it('names a model gone, an address that answers nothing, and how much came before a break', () => {
    assert.match(endpointFailure({ ...BASE, kind: 'modelNotFound', model: 'm-1' }).message, /no longer serves model m-1: try again/);
    assert.equal(endpointFailure({ ...BASE, kind: 'notFound' }).next, 'refresh');
    assert.match(endpointFailure({ ...BASE, kind: 'broken', received: 42 }).message, /broke off after 42 characters: try again/);
    assert.match(endpointFailure({ ...BASE, kind: 'server', received: 0 }).message, /failed to answer: try again/);
    assert.equal(endpointFailure({ ...BASE, kind: 'badAddress' }).next, undefined);
  });

  it('says each failure in the chat in the same words, with the chat’s next step', () => {
    const kinds: EndpointFailureInput[] = [
      { ...BASE, kind: 'unavailable', status: 'DISABLED' },
      { ...BASE, kind: 'unavailable' },
      { ...BASE, kind: 'network', status: 'PENDING' },
      { ...BASE, kind: 'network' },
      { ...BASE, kind: 'unauthorized', keyName: 'team-key' },
      { ...BASE, kind: 'unauthorized' },
      { ...BASE, kind: 'modelNotFound', model: 'm-1' },
      { ...BASE, kind: 'notFound' },
      { ...BASE, kind: 'broken', received: 42 },
      { ...BASE, kind: 'server' },
      { ...BASE, kind: 'rateLimited' },
      { ...BASE, kind: 'badAddress' },
      { ...BASE, kind: 'badResponse' },
    ];
    for (const input of kinds) {
      const button = endpointFailure(input);
      const chat = endpointFailure({ ...input, surface: 'chat' });
      const failure = (message: string) => message.split(/: (?=[a-z])|, then |; (?=try|ask)/)[0];
      assert.equal(failure(chat.message), failure(button.message), `${input.kind}: ${chat.message} / ${button.message}`);
      assert.equal(chat.next, button.next);
    }
    const chat = (input: EndpointFailureInput) => endpointFailure({ ...input, surface: 'chat' }).message;
    assert.match(
      chat({ ...BASE, kind: 'unavailable', status: 'DISABLED' }),
      /is stopped: start it \("Gcore: Start Inference Deployment"\), then ask again\.$/,
    );
    assert.match(
      chat({ ...BASE, kind: 'modelNotFound', model: 'm-1' }),
      /no longer serves model m-1: run "Gcore: Use in Chat" on it again/,
    );
    assert.match(
      chat({ ...BASE, kind: 'unauthorized', keyName: 'team-key' }),
      /refused API key team-key: .*"Gcore: Paste Inference API Key Secret"/,
    );
    assert.match(chat({ ...BASE, kind: 'broken', received: 42 }), /broke off after 42 characters: ask again\.$/);
    assert.match(chat({ ...BASE, kind: 'network' }), /^words Check the network and the deployment, then ask again\.$/);
  });
});
