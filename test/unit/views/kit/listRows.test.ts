import * as assert from 'node:assert/strict';
import { COMMAND, ROW_CONTEXT } from '../../../../src/core/contributions';
import { listRows, shownLoad, wasCancelled } from '../../../../src/views/kit/listRows';
import { MissingList } from '../../../../src/views/kit/missingList';
import { quietRow } from '../../../../src/views/kit/rows';
import { hintNode, sectionNode, type ErrorNode, type TreeNode } from '../../../../src/views/treeNodes';
import {
  CANCELLED,
  FakeSectionView,
  MISSING,
  REJECTED_KEY,
  SERVER_ERROR,
  answers,
  failed,
  ids,
  labels,
  loaded,
} from '../../support/fakeSectionView';

const ROOT = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);
const SHELF: TreeNode = { nodeType: 'shelf', id: 'widgets/shelf', section: 'widgets', parent: ROOT };

type Widgets = { names: string[] };

function widgetRows(view: FakeSectionView, load: () => Promise<ReturnType<typeof loaded<Widgets>>>, extra: object = {}) {
  return listRows(view, {
    load: () => load(),
    failed: () => 'Failed to load widgets',
    rows: (node: TreeNode, value: Widgets) => value.names.map((name) => hintNode(node, name, { label: name })),
    empty: (node) => hintNode(node, 'empty', { label: 'No widgets here' }),
    ...extra,
  });
}

describe('listRows', () => {
  it('loads with the view’s progress bar, and makes the rows of what loaded', async () => {
    const view = new FakeSectionView();
    const rows = await widgetRows(view, answers(loaded({ names: ['a', 'b'] })))(SHELF);
    assert.deepEqual(labels(rows), ['a', 'b']);
    assert.equal(view.progressShown, 1);
  });

  it('asks again for a load a Refresh cancelled, each time with the progress bar', async () => {
    const view = new FakeSectionView();
    const load = answers<Widgets>(failed(CANCELLED), failed(CANCELLED), loaded({ names: ['a'] }));
    assert.deepEqual(labels(await widgetRows(view, load)(SHELF)), ['a']);
    assert.equal(load.calls, 3);
    assert.equal(view.progressShown, 3);
  });

  it('says when nothing is listed, with the row the list declares', async () => {
    const rows = await widgetRows(new FakeSectionView(), answers(loaded({ names: [] })))(SHELF);
    assert.deepEqual(ids(rows), ['widgets/shelf/empty']);
  });

  it('shows the lead rows before the list’s own once it loaded, and not in place of a failure', async () => {
    const lead = (node: TreeNode) => [hintNode(node, 'lead', { label: 'Lead' })];
    const view = new FakeSectionView();
    assert.deepEqual(labels(await widgetRows(view, answers(loaded({ names: [] })), { lead })(SHELF)), ['Lead', 'No widgets here']);
    assert.deepEqual(labels(await widgetRows(view, answers(failed(SERVER_ERROR)), { lead })(SHELF)), ['Failed to load widgets']);
  });

  it('turns a failure into an error row whose click reloads the row, and a rejected key into Set API Key', async () => {
    const [row] = (await widgetRows(new FakeSectionView(), answers(failed(SERVER_ERROR)))(SHELF)) as ErrorNode[];
    assert.equal(row.id, 'widgets/shelf/error');
    assert.equal(row.retry, SHELF);
    assert.deepEqual(row.view.command, { id: COMMAND.refresh, title: 'Retry', arguments: [SHELF] });
    assert.match(row.view.tooltip ?? '', /Request ID: req\\-1/);
    const [keyRow] = (await widgetRows(new FakeSectionView(), answers(failed(REJECTED_KEY)))(SHELF)) as ErrorNode[];
    assert.equal(keyRow.view.command?.id, COMMAND.setApiKey);
  });

  it('says a list this API lacks once for the section: marked, its parent drawn again, no row under the node', async () => {
    const view = new FakeSectionView();
    const missing = new MissingList(view, (parent) => quietRow(parent, 'unavailable', 'Widgets are not available', 'No widget list.'));
    const rows = await widgetRows(view, answers(failed(MISSING)), { missing })(SHELF);
    assert.deepEqual(rows, []);
    assert.ok(missing.known);
    assert.deepEqual(view.refreshed, [ROOT]);
  });

  it('says a list this API lacks under the node when the list declares rows for it', async () => {
    const missing = (node: TreeNode) => [quietRow(node, 'unavailable', 'No widgets from this API', 'No widget list.')];
    const rows = await widgetRows(new FakeSectionView(), answers(failed(MISSING)), { missing })(SHELF);
    assert.deepEqual(labels(rows), ['No widgets from this API']);
    assert.deepEqual(rows[0].view?.icon, { id: 'circle-slash' });
  });

  it('shows a missing list as an error row when the list declares nothing for it', async () => {
    assert.deepEqual(ids(await widgetRows(new FakeSectionView(), answers(failed(MISSING)))(SHELF)), ['widgets/shelf/error']);
  });
});

describe('shownLoad', () => {
  it('asks again while the results say they were cancelled', async () => {
    const view = new FakeSectionView();
    let calls = 0;
    const result = await shownLoad(
      view,
      async () => ++calls,
      (count) => count < 3,
    );
    assert.equal(result, 3);
    assert.equal(view.progressShown, 3);
  });

  it('takes only a cancelled failure for a cancelled load', () => {
    assert.ok(wasCancelled(failed(CANCELLED)));
    assert.ok(!wasCancelled(failed(SERVER_ERROR)));
    assert.ok(!wasCancelled(loaded(1)));
  });
});
