import * as assert from 'node:assert/strict';
import { EndpointError, type EndpointErrorKind } from '../../../../src/api/inference/endpointTypes';
import type { InferenceDeployment, InferenceDeploymentRef } from '../../../../src/api/inference/inferenceTypes';
import { openFollowingMove, type MovedDeploymentDeps } from '../../../../src/chat/inference/movedDeployments';
import type { ChatDeployment } from '../../../../src/state/inference/chatDeployments';

const OLD = 'https://llama-chat-1a2b3c4d.ai.gcore.dev';
const NEW = 'https://llama-chat-5e6f7a8b.ai.gcore.dev';
const KEPT: ChatDeployment = { projectId: 1, name: 'llama-chat', address: OLD, apiKeyName: 'team-key', models: [{ id: 'llama' }] };

/** A store holding what it was given, a Gcore API answering the deployment's address (or failing), and what each was asked. */
function fakes(gcore: { address?: string | null; fails?: boolean }, held: ChatDeployment[] = [KEPT]) {
  const reads: InferenceDeploymentRef[] = [];
  const kept = [...held];
  const deps: MovedDeploymentDeps = {
    store: {
      find: (ref) => kept.find((entry) => entry.projectId === ref.projectId && entry.name === ref.name),
      put: async (deployment) => {
        kept.splice(0, kept.length, ...kept.filter((entry) => entry.name !== deployment.name), deployment);
      },
    },
    inference: () => ({
      getDeployment: async (ref: InferenceDeploymentRef): Promise<InferenceDeployment> => {
        reads.push(ref);
        if (gcore.fails) throw new Error('Gcore is unreachable');
        return { name: ref.name, address: gcore.address };
      },
    }),
  };
  return { deps, reads, kept };
}

/** An address-taking open that fails at each address as told, and answers elsewhere; it records the addresses asked. */
function opener(failures: Record<string, EndpointErrorKind>) {
  const asked: string[] = [];
  const open = async (address: string) => {
    asked.push(address);
    const kind = failures[address];
    if (kind) throw new EndpointError(kind, `${kind} at ${address}`);
    return `answer from ${address}`;
  };
  return { asked, open };
}

describe('following a chat deployment to its new address', () => {
  it('opens at the kept address and reads nothing when it answers', async () => {
    const { deps, reads } = fakes({ address: NEW });
    const { asked, open } = opener({});
    assert.equal(await openFollowingMove(deps, KEPT, open), `answer from ${OLD}`);
    assert.deepEqual(asked, [OLD]);
    assert.deepEqual(reads, []);
  });

  for (const kind of ['notFound', 'network'] as const) {
    it(`follows a ${kind} failure to the address Gcore now gives, keeps it, and opens there once`, async () => {
      const { deps, reads, kept } = fakes({ address: NEW });
      const { asked, open } = opener({ [OLD]: kind });
      assert.equal(await openFollowingMove(deps, KEPT, open), `answer from ${NEW}`);
      assert.deepEqual(asked, [OLD, NEW]);
      assert.deepEqual(reads, [{ projectId: 1, name: 'llama-chat' }]);
      assert.deepEqual(kept, [{ ...KEPT, address: NEW }]);
    });
  }

  it('says the first failure when Gcore gives the same address, none, or cannot be read', async () => {
    for (const gcore of [{ address: OLD }, { address: null }, { address: '  ' }, { fails: true }]) {
      const { deps, kept } = fakes(gcore);
      const { asked, open } = opener({ [OLD]: 'notFound' });
      await assert.rejects(openFollowingMove(deps, KEPT, open), { kind: 'notFound', message: `notFound at ${OLD}` });
      assert.deepEqual(asked, [OLD], JSON.stringify(gcore));
      assert.deepEqual(kept, [KEPT]);
    }
  });

  it('never takes a refused key, or any other answer of the deployment, elsewhere', async () => {
    for (const kind of ['unauthorized', 'modelNotFound', 'unavailable', 'server', 'badAddress', 'cancelled'] as const) {
      const { deps, reads } = fakes({ address: NEW });
      const { asked, open } = opener({ [OLD]: kind });
      await assert.rejects(openFollowingMove(deps, KEPT, open), { kind });
      assert.deepEqual(asked, [OLD], kind);
      assert.deepEqual(reads, [], kind);
    }
  });

  it('tries the new address once: its failure is the answer, and the new address stays kept', async () => {
    const { deps, reads, kept } = fakes({ address: NEW });
    const { asked, open } = opener({ [OLD]: 'notFound', [NEW]: 'network' });
    await assert.rejects(openFollowingMove(deps, KEPT, open), { kind: 'network', message: `network at ${NEW}` });
    assert.deepEqual(asked, [OLD, NEW]);
    assert.equal(reads.length, 1);
    assert.deepEqual(kept, [{ ...KEPT, address: NEW }]);
  });

  it('answers from the new address without adding back a deployment removed from the chat meanwhile', async () => {
    const { deps, kept } = fakes({ address: NEW }, []);
    const { open } = opener({ [OLD]: 'notFound' });
    assert.equal(await openFollowingMove(deps, KEPT, open), `answer from ${NEW}`);
    assert.deepEqual(kept, []);
  });

  it('lets a failure that is not the endpoint’s through untouched', async () => {
    const { deps, reads } = fakes({ address: NEW });
    const failure = new TypeError('not an endpoint failure');
    await assert.rejects(
      openFollowingMove(deps, KEPT, async () => {
        throw failure;
      }),
      (error) => error === failure,
    );
    assert.deepEqual(reads, []);
  });
});
