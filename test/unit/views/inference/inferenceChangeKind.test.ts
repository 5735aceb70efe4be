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

/** NotedUi that also keeps what each progress reported. */
class ReportingUi extends NotedUi {
  readonly reports: string[] = [];
  override async withProgress<T>(task: {
    title: string;
    run: (signal: AbortSignal, report: (message: string) => void) => Promise<T>;
  }): Promise<T> {
    this.titles.push(task.title);
    return task.run(new AbortController().signal, (message) => void this.reports.push(message));
  }
}

/** A deployment rising in Luxembourg-2 (7) and region 9, whose names the account does not give, `ready` pods each. */
function rising(status: string, ready: number): InferenceDeployment {
  return {
    name: 'llama',
    status,
    address: 'https://llama.ai.example',
    containers: [
      { region_id: 7, scale: { min: 1, max: 1 }, deploy_status: { ready, total: 1 } },
      { region_id: 9, scale: { min: 1, max: 1 }, deploy_status: { ready, total: 1 } },
    ],
  };
}

/** Each read answers the next of `answers`, then the last again. */
function readings(...answers: InferenceDeployment[]): () => Promise<InferenceDeployment> {
  return async () => (answers.length > 1 ? answers.shift()! : answers[0]);
}

describe('the inference kinds of change', () => {
  let clock: FakeClock;
  let poller: TaskPoller;
  let tracking: TaskTracking;
  let kinds: ChangeKinds;
  let history: TaskHistory;
  let refreshed: TreeNode[];
  let changed: number[];
  let warned: string[];
  let logsOpened: string[];

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
      regionNames: async () => new Map([[7, 'Luxembourg-2']]),
      openLogs: async (ref) => void logsOpened.push(`${ref.projectId}/${ref.name}`),
      log: { warn: (line: string) => void warned.push(line) },
      clock,
      readyFollow: { intervalMs: 5_000, maxMs: 60_000 },
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

  before(async () => {
    // The ends load with the first change that ends; loaded here, they do not race the fake clock.
    await import('../../../../src/views/inference/inferenceChangeEnds.js');
  });

  beforeEach(() => {
    clock = new FakeClock();
    refreshed = [];
    changed = [];
    warned = [];
    logsOpened = [];
  });

  afterEach(() => {
    tracking.dispose();
    poller.dispose();
  });

  it('follows a create as Deploying… on the Inference section, then until ready, and ends naming the address', async () => {
    const halfway = rising('DEPLOYING', 0);
    halfway.containers![0].deploy_status = { ready: 1, total: 1 };
    follow(
      (id) => [
        { id, state: 'RUNNING', task_type: 'create_inference_instance' },
        { id, state: 'FINISHED', task_type: 'create_inference_instance' },
      ],
      { deployment: readings(rising('DEPLOYING', 0), halfway, rising('ACTIVE', 1)) },
    );
    const subject = inferenceDeploymentChange(REF, 'create');
    const ui = new ReportingUi('Copy Address');
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
    assert.deepEqual(ui.titles, ['Deploying inference deployment llama', 'Inference deployment llama is getting ready']);
    assert.deepEqual(ui.notifications, [], 'nothing is said before it is ready');
    await clock.advance(5_000);
    await clock.advance(5_000);
    await following;
    assert.deepEqual(ui.reports.slice(-2), ['Luxembourg-2 0/1 ready · region 9 0/1 ready', 'Luxembourg-2 1/1 ready · region 9 0/1 ready']);
    assert.deepEqual(ui.notifications, ['Inference deployment llama is ready: active, at https://llama.ai.example']);
    assert.deepEqual(ui.buttons, [['Copy Address', 'Open Logs']]);
    assert.deepEqual(ui.clipboard, ['https://llama.ai.example']);
    assert.deepEqual(changed, [482]);
    assert.equal(refreshed.filter((node) => node === INFERENCE_SECTION).length, 2);
    const row = taskRowView(history.all()[0], clock.now(), kinds);
    assert.equal(row.label, 'llama');
    assert.match(String(row.description), /^Finished · creation · /);
  });

  it("ends a create that rose partly deployed with Gcore's error of each region, and opens its logs", async () => {
    const partial: InferenceDeployment = {
      ...rising('PARTIALLYDEPLOYED', 1),
      containers: [
        {
          region_id: 7,
          scale: { min: 1, max: 1 },
          deploy_status: { ready: 0, total: 1 },
          error_message: 'Back-off restarting failed container',
        },
        { region_id: 9, scale: { min: 1, max: 1 }, deploy_status: { ready: 1, total: 1 } },
      ],
    };
    follow((id) => [{ id, state: 'FINISHED', task_type: 'create_inference_instance' }], {
      deployment: readings(rising('DEPLOYING', 0), partial),
    });
    const ui = new ReportingUi('Open Logs');
    const following = tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'create'), ['t6'], async () => undefined);
    await clock.advance(3_000);
    await clock.advance(5_000);
    await following;
    assert.deepEqual(ui.notifications, [
      'Inference deployment llama is partly deployed: Luxembourg-2: Back-off restarting failed container',
    ]);
    assert.deepEqual(ui.buttons, [['Open Logs']]);
    assert.deepEqual(logsOpened, ['482/llama']);
  });

  it('says a create that is not ready in time as it stands, with its logs', async () => {
    follow((id) => [{ id, state: 'FINISHED', task_type: 'create_inference_instance' }], {
      deployment: readings(rising('DEPLOYING', 0)),
    });
    const ui = new ReportingUi();
    const following = tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'create'), ['t7'], async () => undefined);
    await clock.advance(3_000);
    for (let round = 0; round < 13; round++) await clock.advance(5_000);
    await following;
    assert.deepEqual(ui.notifications, [
      'Inference deployment llama is not ready after 1 min: Luxembourg-2 0/1 ready · region 9 0/1 ready.',
    ]);
    assert.deepEqual(ui.buttons, [['Open Logs']]);
  });

  it('offers Open Logs when a create or an update fails at Gcore, not a delete', async () => {
    follow((id) => [{ id, state: 'ERROR', task_type: 'create_inference_instance', error: 'Image pull failed' }], {});
    const ui = new ReportingUi('Open Logs');
    await Promise.all([
      tracking.follow(ui as unknown as PromptUi, inferenceDeploymentChange(REF, 'create'), ['t8'], async () => undefined),
      clock.advance(3_000),
    ]);
    assert.match(ui.notifications[0], /could not be created at Gcore: Image pull failed/);
    assert.deepEqual(ui.buttons, [['Retry', 'Open Logs', 'Copy Task ID']]);
    assert.deepEqual(logsOpened, ['482/llama']);
    const kind = kinds.of(inferenceDeploymentChange(REF, 'delete'));
    assert.deepEqual(kind.failureActions(inferenceDeploymentChange(REF, 'delete')), []);
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
