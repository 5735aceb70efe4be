import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { Task } from '../../../src/api/types';
import { ROW_CONTEXT } from '../../../src/core/contributions';
import type { TaskTracking } from '../../../src/views/taskTracking';
import type { ChangeSubject, TaskEnd, TaskPoller } from '../../../src/loaders/taskPoller';
import type { Log } from '../../../src/logging/log';
import { containerChange } from '../../../src/models/containers/container';
import { TaskHistory } from '../../../src/state/taskHistory';
import type { PromptUi } from '../../../src/ui/promptUi';
import type { ChangeKind, ChangeKinds } from '../../../src/views/changeKinds';
import { containerChangeKind } from '../../../src/views/containers/containerChangeKind';
import type { ChangeWords } from '../../../src/views/presentation/changeWords';
import { runningUpdatesText, taskRowView } from '../../../src/views/tasks/presentation/taskView';
import { sectionNode, type TreeNode } from '../../../src/views/treeNodes';
import { CONTAINERS_SECTION } from '../../../src/views/containers/containerNodes';
import { TASKS_SECTION } from '../../../src/views/tasks/taskNodes';
import { FakeClock } from '../support/fakeClock';
import { CountingMemento, NotedUi, trackingRig } from '../support/trackingFakes';
import { unescapeMarkdown } from './markdownReading';

const LOCATION = { projectId: 1, regionId: 76 };
const SUBJECT = containerChange(LOCATION, 'web-app', 'update');

const WIDGETS_SECTION = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);

/** The words of a made-up change: polishing a widget. */
const POLISH: ChangeWords = {
  following: (name) => `Polishing widget ${name}`,
  stopped: (name) => `Stopped watching widget ${name}`,
  failed: (name, reason) => `Widget ${name} could not be polished: ${reason}`,
  keyRefused: (name) => `Key refused while polishing widget ${name}`,
  stillRunning: (name, minutes, ids) => `Widget ${name} is still being polished after ${minutes} min (${ids})`,
  cannotFollow: (name, ids) => `The polishing of widget ${name} cannot be followed (${ids})`,
  inProgress: () => 'Polishing…',
  counted: (count) => (count === 1 ? '1 widget polishing' : `${count} widget polishings`),
};

/** A kind of resource the tracking has never heard of, noting what the tracking asks of it. */
function widgetKind(noted: string[]): ChangeKind {
  return {
    kind: 'widget',
    noun: 'Widget',
    actions: new Map([['polish', POLISH]]),
    taskTypes: new Map([['polish_widget', 'polishing']]),
    section: WIDGETS_SECTION,
    changed: (subject: ChangeSubject, end: TaskEnd) => void noted.push(`changed ${subject.name}: ${end.kind}`),
    failureActions: (subject) => [{ title: 'Show Widget Log', run: async () => noted.push(`log of ${subject.name}`) }],
    announce: async (ui, subject, ids) => {
      noted.push(`announced ${subject.name} (${ids})`);
      await ui.notify('info', `Widget ${subject.name} shines`);
    },
  };
}

const SPROCKET: ChangeSubject = { kind: 'widget', ...LOCATION, name: 'sprocket', action: 'polish' };

describe('TaskTracking', () => {
  let clock: FakeClock;
  let poller: TaskPoller;
  let tracking: TaskTracking;
  let memento: CountingMemento;
  let history: TaskHistory;
  let kinds: ChangeKinds;
  let refreshed: TreeNode[];

  function follow(answers: (id: string) => Task[]): void {
    ({ poller, kinds, history, tracking } = trackingRig({
      answers,
      clock,
      memento,
      refresh: (node) => void refreshed.push(node),
      kind: containerChangeKind({
        client: { containers: { get: async () => ({ name: 'web-app', status: 'Ready', deploy_status: { ready: 1, total: 1 } }) } } as never,
        reads: { invalidateContainers: () => undefined },
        log: { warn: () => undefined } as unknown as Log,
        showLogs: async () => undefined,
        refreshDocuments: () => undefined,
      }),
    }));
  }

  beforeEach(() => {
    clock = new FakeClock();
    memento = new CountingMemento();
    refreshed = [];
  });

  afterEach(() => {
    tracking.dispose();
    poller.dispose();
  });

  it('stores the task history once per round and redraws the tree once, with 100 tasks ending together', async () => {
    follow((id) => [
      { id, state: 'RUNNING' },
      { id, state: 'FINISHED' },
    ]);
    tracking.start(
      SUBJECT,
      Array.from({ length: 100 }, (_, i) => `t${i}`),
    );
    await history.stored();
    assert.equal(memento.writes, 1, 'following 100 tasks is one write');
    await clock.advance(3_000);
    await history.stored();
    assert.equal(memento.writes, 2, 'a round that reads 100 tasks is one write');
    await clock.advance(3_000);
    await history.stored();
    assert.equal(memento.writes, 3, 'a round that ends 100 tasks is one write');
    assert.equal(history.unfinished().length, 0);
    assert.equal(refreshed.filter((node) => node === TASKS_SECTION).length, 3);
    assert.equal(refreshed.filter((node) => node === CONTAINERS_SECTION).length, 2, 'when the rows start and stop saying "Updating…"');
  });

  it("says why an update failed in a notification of a readable length when Gcore's error is 100 KB", async () => {
    follow((id) => [{ id, state: 'ERROR', error: `Build failed:\n${'step output '.repeat(8_500)}` }]);
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, SUBJECT, ['a'], async () => undefined);
    await clock.advance(3_000);
    await following;
    const [message] = ui.notifications;
    assert.match(message, /^The update of container web-app failed at Gcore: Build failed: step output step output .*…$/);
    assert.ok(message.length <= 600, `${message.length} characters`);
    assert.ok((history.all()[0].error ?? '').length <= 1_000);
  });

  it('follows the change of a kind an area registers, from its start to its last word, knowing nothing of the kind', async () => {
    follow((id) => [
      { id, state: 'RUNNING', task_type: 'polish_widget' },
      { id, state: 'FINISHED', task_type: 'polish_widget' },
    ]);
    const noted: string[] = [];
    kinds.register(widgetKind(noted));
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, SPROCKET, ['w1'], async () => undefined);
    assert.deepEqual(ui.titles, ['Polishing widget sprocket']);
    assert.deepEqual([...tracking.changesAt('widget', LOCATION)], [['sprocket', SPROCKET]]);
    assert.equal(tracking.changesAt('container', LOCATION).size, 0);
    assert.deepEqual(refreshed, [TASKS_SECTION, WIDGETS_SECTION], 'its row says "Polishing…" at once');
    assert.equal(runningUpdatesText(poller.unfinished(), kinds), 'Gcore: 1 widget polishing running');
    await clock.advance(3_000);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(noted, ['changed sprocket: finished', 'announced sprocket (w1)']);
    assert.deepEqual(ui.notifications, ['Widget sprocket shines']);
    assert.equal(refreshed.filter((node) => node === WIDGETS_SECTION).length, 2, 'when its row starts and stops saying "Polishing…"');
    assert.equal(tracking.changesAt('widget', LOCATION).size, 0);
    const row = taskRowView(history.all()[0], clock.now(), kinds);
    assert.equal(row.label, 'sprocket');
    assert.match(String(row.description), /^Finished · polishing · /);
    assert.match(unescapeMarkdown(row.tooltip ?? ''), /\| Widget \| sprocket \(project 1, region 76\) \|/);
  });

  it("offers a failed change's actions of its kind between Retry and Copy Task ID, and runs the one chosen", async () => {
    follow((id) => [{ id, state: 'ERROR', error: 'scratched' }]);
    const noted: string[] = [];
    kinds.register(widgetKind(noted));
    const ui = new NotedUi('Show Widget Log');
    const following = tracking.follow(ui as unknown as PromptUi, SPROCKET, ['w1'], async () => undefined);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, ['Widget sprocket could not be polished: scratched']);
    assert.deepEqual(ui.buttons, [['Retry', 'Show Widget Log', 'Copy Task ID']]);
    assert.deepEqual(noted, ['changed sprocket: error', 'log of sprocket']);
  });

  it('follows the change of a kind no area registered in neutral words, and keeps its record', async () => {
    follow((id) => [{ id, state: 'FINISHED' }]);
    const gadget: ChangeSubject = { kind: 'gadget', ...LOCATION, name: 'g-1', action: 'tune' };
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, gadget, ['g1'], async () => undefined);
    assert.equal(runningUpdatesText(poller.unfinished(), kinds), 'Gcore: 1 change running');
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.titles, ['Changing g-1']);
    assert.deepEqual(ui.notifications, ['The change of g-1 finished at Gcore (task g1).']);
    assert.deepEqual(refreshed, [TASKS_SECTION, TASKS_SECTION], 'no section of its own is redrawn');
    await history.stored();
    const [record] = new TaskHistory(memento as unknown as vscode.Memento, (stored) => kinds.readStored(stored)).all();
    assert.deepEqual(record.subject, gadget);
    const row = taskRowView(record, clock.now(), kinds);
    assert.equal(row.label, 'g-1');
    assert.match(unescapeMarkdown(row.tooltip ?? ''), /\| Resource \| g-1 \(project 1, region 76\) \|/);
  });

  it('reads the tasks an earlier version stored by container name as changes of those containers, and follows them again', () => {
    follow((id) => [{ id, state: 'RUNNING' }]);
    memento.values.set('gcore.tasks', [
      { id: 'old-update', startedAtMs: clock.now() - 60_000, subject: { projectId: 1, regionId: 76, containerName: 'web-app' } },
      {
        id: 'old-create',
        startedAtMs: clock.now() - 30_000,
        subject: { projectId: 1, regionId: 76, containerName: 'new-app', action: 'create' },
      },
    ]);
    tracking.resume();
    assert.deepEqual(poller.get('old-update')?.subject, containerChange(LOCATION, 'web-app', 'update'));
    assert.deepEqual(poller.get('old-create')?.subject, containerChange(LOCATION, 'new-app', 'create'));
    const changes = tracking.changesAt('container', LOCATION);
    assert.deepEqual(
      ['web-app', 'new-app'].map((name) => changes.get(name)?.action),
      ['update', 'create'],
    );
    assert.equal(runningUpdatesText(poller.unfinished(), kinds), 'Gcore: 1 update, 1 container creation running');
    const row = taskRowView(
      history.all().find((record) => record.id === 'old-update')!,
      clock.now(),
      kinds,
    );
    assert.equal(row.label, 'web-app');
    assert.match(unescapeMarkdown(row.tooltip ?? ''), /\| Container \| web-app \(project 1, region 76\) \|/);
  });
});
