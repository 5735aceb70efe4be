import * as assert from 'node:assert/strict';
import {
  sendInferenceApplicationDelete,
  sendInferenceApplicationUpdate,
} from '../../../../src/writes/inference/inferenceApplicationWrites';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

const REF = { projectId: 7, name: 'chat1' };
const APPLICATION = '/cloud/v3/inference/applications/7/deployments/chat1';

describe("a catalogue application's write path", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  it('sends an update as given and a delete, each followed as the application by its tasks', async () => {
    h.emulator.inject({ method: 'PATCH', path: APPLICATION, status: 200, body: { tasks: ['t-update'] } });
    h.emulator.inject({ method: 'DELETE', path: APPLICATION, status: 200, body: { tasks: ['t-delete'] } });
    const deps = { client: h.client, log: recordedLog() };
    const updated = await sendInferenceApplicationUpdate(deps, REF, { components_configuration: { ui: null } });
    const deleted = await sendInferenceApplicationDelete(deps, REF);
    assert.deepEqual(
      [updated, deleted].map((sent) => [sent.change.kind, sent.change.action, sent.result.tasks, sent.stale]),
      [
        ['inferenceApplication', 'update', ['t-update'], { projectId: 7 }],
        ['inferenceApplication', 'delete', ['t-delete'], { projectId: 7 }],
      ],
    );
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.method, request.json]),
      [
        ['PATCH', { components_configuration: { ui: null } }],
        ['DELETE', undefined],
      ],
    );
  });
});
