import * as assert from 'node:assert/strict';
import type { TaskRecord } from '../../../../src/state/taskHistory';
import { ChangeKinds } from '../../../../src/views/changeKinds';
import { TASKS_SECTION } from '../../../../src/views/tasks/taskNodes';
import { tasksSection } from '../../../../src/views/tasks/tasksSection';
import { ids, labels } from '../../support/fakeSectionView';

describe('the Tasks section', () => {
  it('says there are no tasks yet', async () => {
    const section = tasksSection({ all: () => [] }, new ChangeKinds());
    assert.deepEqual(labels(await section.children(TASKS_SECTION)), ['No tasks yet']);
  });

  it('shows the recorded tasks, newest first as recorded, timed from now', async () => {
    const records: TaskRecord[] = [
      { id: 'task-2', startedAtMs: 1_000, state: 'RUNNING' },
      { id: 'task-1', startedAtMs: 500, state: 'FINISHED', end: 'finished', endedAtMs: 900 },
    ];
    const section = tasksSection({ all: () => records }, new ChangeKinds(), () => 61_000);
    const rows = await section.children(TASKS_SECTION);
    assert.deepEqual(ids(rows), ['tasks/task-2', 'tasks/task-1']);
    assert.match(rows[0].view?.description ?? '', /1 min/);
    assert.deepEqual(await section.children(rows[0]), []);
  });

  it('draws itself again on a Refresh, and reloads the tree for a task row', () => {
    const section = tasksSection({ all: () => [] }, new ChangeKinds());
    assert.equal(section.invalidate(TASKS_SECTION), TASKS_SECTION);
    assert.equal(section.invalidate({ nodeType: 'task', id: 'tasks/x', section: 'tasks', parent: TASKS_SECTION }), undefined);
  });
});
