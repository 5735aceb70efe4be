import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { InferenceApplication, InferenceDeployment } from '../../../../src/api/inference/inferenceTypes';
import type { Task } from '../../../../src/api/types';
import { TaskPoller } from '../../../../src/loaders/taskPoller';
import {
  inferenceApplicationChange,
  inferenceDeploymentChange,
  PROJECT_WIDE_REGION,
} from '../../../../src/models/inference/inferenceKinds';
import { TaskHistory } from '../../../../src/state/taskHistory';
import type { PromptUi } from '../../../../src/ui/promptUi';
import { ChangeKinds } from '../../../../src/views/changeKinds';
import { inferenceChangeKinds } from '../../../../src/views/inference/inferenceChangeKind';
import { INFERENCE_SECTION } from '../../../../src/views/inference/inferenceNodes';
import { runningUpdatesText, taskRowView } from '../../../../src/views/tasks/presentation/taskView';
import { TaskTracking } from '../../../../src/views/taskTracking';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { FakeClock } from '../../support/fakeClock';
import { CountingMemento, NotedUi } from '../../support/trackingFakes';

const REF = { projectId: 482, name: 'llama' };

describe('the inference kinds of change', () => {
  let clock: FakeClock;
  let poller: TaskPoller;
  let tracking: TaskTracking;
  let kinds: ChangeKinds;
  let history: TaskHistory;
  let refreshed: TreeNode[];
  let changed: number[];
  let warned: string[];

  function follow(
    answers: (id: string) => Task[],
    read: { deployment?: () => Promise<InferenceDeployment>; application?: () => Promise<InferenceApplication> },
  ): void {
    poller = new TaskPoller({
      fetchTask: async (id) => {
        const queue = answers(id);
        return queue[Math.min(Math.floor(clock.now() / 3_000) - 1, queue.length - 1)];
      },
      settings: () => ({ intervalMs: 3_000, timeoutMs: 30 * 60_000 }),
      clock,
    });
    kinds = new ChangeKinds();
    for (const kind of inferenceChangeKinds({
      inference: () => ({
        getDeployment: read.deployment ?? (async () => assert.fail('no deployment is read')),
        getApplication: read.application ?? (async () => assert.fail('no application is read')),
      }),
      changed: (projectId) => void changed.push(projectId),
      log: { warn: (line: string) => void warned.push(line) },
    })) {
      kinds.register(kind);
    }
    history = new TaskHistory(new CountingMemento() as unknown as vscode.Memento, (stored) => kinds.readStored(stored));
    tracking = new TaskTracking({
      poller,
      history,
      kinds,
      tree: { refresh: (node?: TreeNode) => void refreshed.push(node!) },
      now: () => clock.now(),
      setApiKey: async () => undefined,
    });
  }

  beforeEach(() => {
    clock = new FakeClock();
    refreshed = [];
    changed = [];
    warned = [];
  });

  afterEach(() => {
    tracking.dispose();
    poller.dispose();
  });

  it('follows a create as Deploying… on the Inference section, and ends naming the address with Copy Address', async () => {
    follow(
      (id) => [
        { id, state: 'RUNNING', task_type: 'create_inference_instance' },
        { id, state: 'FINISHED', task_type: 'create_inference_instance' },
      ],
      { deployment: async () => ({ name: 'llama', status: 'DEPLOYING', address: 'https://llama.ai.example' }) },
    );
    const subject = inferenceDeploymentChange(REF, 'create');
    const ui = new NotedUi('Copy Address');
    const following = tracking.follow(ui as unknown as PromptUi, subject, ['t1'], async () => undefined);
    assert.deepEqual(ui.titles, ['Deploying inference deployment llama']);
    assert.equal(kinds.wordsOf(subject).inProgress(), 'Deploying…');
    assert.equal(
      tracking.changesAt('inferenceDeployment', { projectId: 482, regionId: PROJECT_WIDE_REGION }).get('llama')?.action,
      'create',
    );
    assert.deepEqual(refreshed, [INFERENCE_SECTION]);
    assert.equal(runningUpdatesText(poller.unfinished(), kinds), 'Gcore: 1 inference deployment running');
    await clock.advance(3_000);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, ['Inference deployment llama is created: deploying, at https://llama.ai.example']);
    assert.deepEqual(ui.clipboard, ['https://llama.ai.example']);
    assert.deepEqual(changed, [482]);
    assert.equal(refreshed.filter((node) => node === INFERENCE_SECTION).length, 2);
    const row = taskRowView(history.all()[0], clock.now(), kinds);
    assert.equal(row.label, 'llama');
    assert.match(String(row.description), /^Finished · creation · /);
  });

  it('says an update’s end in the row’s words, and a delete’s without reading anything', async () => {
    follow((id) => [{ id, state: 'FINISHED', task_type: id === 't2' ? 'update_inference_instance' : 'delete_inference_instance' }], {
      deployment: async () => ({ name: 'llama', status: 'PENDING' }),
    });
    const ui = new NotedUi();
    const updating = tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'update'), ['t2'], async () => undefined);
    const deleting = tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'delete'), ['t3'], async () => undefined);
    assert.deepEqual(ui.titles, ['Updating inference deployment llama', 'Deleting inference deployment llama']);
    await clock.advance(3_000);
    await Promise.all([updating, deleting]);
    assert.deepEqual(ui.notifications.sort(), [
      'Deleted inference deployment llama.',
      'Inference deployment llama is updated: scaled to zero.',
    ]);
    assert.deepEqual(changed, [482, 482]);
  });

  it('says a create whose deployment cannot be read by its task, and logs why', async () => {
    follow((id) => [{ id, state: 'FINISHED', task_type: 'create_inference_instance' }], {
      deployment: async () => {
        throw new Error('Internal Server Error');
      },
    });
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'create'), ['t4'], async () => undefined);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, [
      'The change of inference deployment llama finished at Gcore (task t4); its state could not be read.',
    ]);
    assert.equal(warned.length, 1);
  });

  it('follows an application’s create and ends naming the address it exposes', async () => {
    follow((id) => [{ id, state: 'FINISHED', task_type: 'create_inference_application' }], {
      application: async () => ({
        name: 'chat',
        status: { consolidated_status: 'Active', expose_addresses: { ui: { address: 'https://chat.ai.example' } } },
      }),
    });
    const ui = new NotedUi();
    const following = tracking.follow(
      ui as unknown as PromptUi,
      inferenceApplicationChange({ projectId: 482, name: 'chat' }, 'create'),
      ['t5'],
      async () => undefined,
    );
    assert.deepEqual(ui.titles, ['Deploying application chat']);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, ['Application chat is deployed: active, at https://chat.ai.example']);
    assert.deepEqual(ui.buttons, [['Copy Address']]);
    assert.equal(kinds.taskType('delete_inference_application'), 'deletion');
  });
});
