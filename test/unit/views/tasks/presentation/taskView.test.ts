import * as assert from 'node:assert/strict';
import type { TrackedTask } from '../../../../../src/loaders/taskPoller';
import { containerChange } from '../../../../../src/models/containers/container';
import type { TaskRecord } from '../../../../../src/state/taskHistory';
import { ChangeKinds } from '../../../../../src/views/changeKinds';
import { containerChangeKind } from '../../../../../src/views/containers/containerChangeKind';
import { containerRowView } from '../../../../../src/views/containers/presentation/containerView';
import { runningUpdatesText as countedText, taskRowView as rowView } from '../../../../../src/views/tasks/presentation/taskView';
import { unescapeMarkdown } from '../../markdownReading';

const STARTED = Date.UTC(2026, 10, 23, 14, 5, 0);
const LOCATION = { projectId: 1, regionId: 76 };
const SUBJECT = containerChange(LOCATION, 'web-app', 'update');

/** The kinds of change as the extension registers them: containers' (what they read and open is not asked here). */
const KINDS = new ChangeKinds();
KINDS.register(containerChangeKind({} as Parameters<typeof containerChangeKind>[0]));

const taskRowView = (record: TaskRecord, nowMs: number) => rowView(record, nowMs, KINDS);
const runningUpdatesText = (unfinished: Pick<TrackedTask, 'id' | 'subject'>[]) => countedText(unfinished, KINDS);

function record(extra: Partial<TaskRecord>): TaskRecord {
  return { id: 'd5c7-task', subject: SUBJECT, startedAtMs: STARTED, taskType: 'patch_caas_container', ...extra };
}

describe('task rows', () => {
  it('name the container, then the state, what the task does, start and how long it has run while followed', () => {
    const view = taskRowView(record({ state: 'RUNNING' }), STARTED + 75_000);
    assert.equal(view.label, 'web-app');
    assert.equal(view.description, 'Running · update · started 14:05 UTC · 1 min 15 s');
    assert.equal(view.icon?.id, 'sync~spin');
    assert.equal(view.contextValue, 'task.following');
  });

  it('say how a task ended, a failure with its error, and how long it took', () => {
    const failed = taskRowView(
      record({ state: 'ERROR', end: 'error', error: 'Failed to pull image "x": not found', endedAtMs: STARTED + 9_000 }),
      STARTED + 600_000,
    );
    assert.equal(failed.description, 'Failed · Failed to pull image "x": not found · update · started 14:05 UTC · 9 s');
    assert.equal(failed.icon?.id, 'error');
    assert.equal(failed.contextValue, 'task');
    const tooltip = unescapeMarkdown(failed.tooltip ?? '');
    assert.match(tooltip, /\| Task ID \| d5c7-task \|/);
    assert.match(tooltip, /\| Type \| patch_caas_container \|/, "the hover keeps Gcore's name of the task type");
    assert.match(tooltip, /\| Container \| web-app \(project 1, region 76\) \|/);
    assert.match(tooltip, /\| Took \| 9 s \|/);

    const words = (end: TaskRecord['end']) => String(taskRowView(record({ end, endedAtMs: STARTED }), STARTED).description).split(' · ')[0];
    assert.deepEqual((['finished', 'timedOut', 'stopped', 'notFound', 'unauthorized'] as const).map(words), [
      'Finished',
      'No longer followed (timed out)',
      'No longer followed',
      'Unknown to Gcore',
      'Key rejected',
    ]);
  });

  it("say a container's creation and deletion in words, and any other task type as Gcore names it", () => {
    const doing = (taskType: string) => String(taskRowView(record({ state: 'RUNNING', taskType }), STARTED).description).split(' · ')[1];
    assert.deepEqual(['create_caas_container', 'delete_caas_container', 'create_vm', 'constructor'].map(doing), [
      'creation',
      'deletion',
      'create_vm',
      'constructor',
    ]);
  });

  it('name a resource by its label where its subject carries one (a GPU cluster by name, not by id)', () => {
    const subject = {
      kind: 'gpuCluster',
      ...LOCATION,
      name: 'virtual:058e03b4-c44b-4684-9075-810cb0354467',
      label: 'train-h100',
      action: 'stop',
    };
    const view = taskRowView(record({ state: 'RUNNING', subject }), STARTED + 1_000);
    assert.equal(view.label, 'train-h100');
    assert.match(unescapeMarkdown(String(view.tooltip)), /train-h100 \(project 1, region 76\)/);
    assert.deepEqual(KINDS.readStored(JSON.parse(JSON.stringify(subject))), subject, 'the label survives the task history');
  });

  it('show the task id when the task was not started for a container (gcore.waitForTasks)', () => {
    const view = taskRowView({ id: 'abc', startedAtMs: STARTED }, STARTED + 1_000);
    assert.equal(view.label, 'abc');
    assert.equal(view.description, 'Waiting for Gcore · started 14:05 UTC · 1 s');
  });

  it('shorten a 100 KB error to one line in the row and in its hover', () => {
    const error = `Build failed:\n${'step output '.repeat(8_500)}`;
    const view = taskRowView(record({ state: 'ERROR', end: 'error', error, endedAtMs: STARTED + 9_000 }), STARTED + 60_000);
    const description = String(view.description);
    assert.match(description, /^Failed · Build failed: step output .*… · update · started 14:05 UTC · 9 s$/);
    assert.ok(description.length <= 300, `${description.length} characters`);
    const tooltip = unescapeMarkdown(view.tooltip ?? '');
    assert.match(tooltip, /\| Error \| Build failed: step output .*… \|/);
    assert.ok(tooltip.length <= 1_500, `${tooltip.length} characters`);
  });
});

describe('a followed update', () => {
  it('puts "Updating…" first on the container\'s row, with a spinning icon', () => {
    const container = { name: 'web-app', status: 'Ready', deploy_status: { ready: 2, total: 2 }, image: 'nginx:1.27' };
    assert.equal(containerRowView(container).description, 'Ready · 2/2 · nginx:1.27');
    const updating = containerRowView(container, 'update');
    assert.equal(updating.description, 'Updating… · Ready · 2/2 · nginx:1.27');
    assert.equal(updating.icon?.id, 'sync~spin');
  });
});

describe('the status bar while tasks are followed', () => {
  const web = containerChange(LOCATION, 'web-app', 'update');
  const api = containerChange(LOCATION, 'inference-api', 'update');

  it('counts updates, not tasks: an update of image and scale starts two', () => {
    assert.equal(
      runningUpdatesText([
        { id: 'a', subject: web },
        { id: 'b', subject: web },
      ]),
      'Gcore: 1 update running',
    );
    assert.equal(
      runningUpdatesText([
        { id: 'a', subject: web },
        { id: 'b', subject: api },
      ]),
      'Gcore: 2 updates running',
    );
  });

  it('counts a container created or deleted here in its own words, not as an update', () => {
    const created = containerChange(LOCATION, 'hello-api', 'create');
    const deleted = containerChange(LOCATION, 'inference-api', 'delete');
    assert.equal(runningUpdatesText([{ id: 'a', subject: created }]), 'Gcore: 1 container creation running');
    assert.equal(
      runningUpdatesText([
        { id: 'a', subject: web },
        { id: 'b', subject: created },
        { id: 'c', subject: deleted },
      ]),
      'Gcore: 1 update, 1 container creation, 1 container deletion running',
    );
    assert.equal(
      runningUpdatesText([
        { id: 'a', subject: deleted },
        { id: 'b', subject: containerChange(LOCATION, 'batch-worker', 'delete') },
      ]),
      'Gcore: 2 container deletions running',
    );
  });

  it('counts tasks waited for without a container on their own, and says nothing when none is followed', () => {
    assert.equal(runningUpdatesText([{ id: 'a', subject: web }, { id: 'c' }, { id: 'd' }]), 'Gcore: 1 update, 2 tasks running');
    assert.equal(runningUpdatesText([{ id: 'c' }]), 'Gcore: 1 task running');
    assert.equal(runningUpdatesText([]), undefined);
  });
});
