import * as assert from 'node:assert/strict';
import { ROW_CONTEXT } from '../../../../src/core/contributions';
import { MissingList } from '../../../../src/views/kit/missingList';
import { quietRow } from '../../../../src/views/kit/rows';
import { sectionNode, type TreeNode } from '../../../../src/views/treeNodes';
import { FakeSectionView } from '../../support/fakeSectionView';

const ROOT = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);
const SHELF: TreeNode = { nodeType: 'shelf', id: 'widgets/shelf', section: 'widgets', parent: ROOT };

describe('MissingList', () => {
  it('is known once marked, draws the marked row’s parent again, and is asked again once forgotten', () => {
    const view = new FakeSectionView();
    const missing = new MissingList(view, (parent) => quietRow(parent, 'unavailable', 'Widgets are not available', 'No widget list.'));
    assert.ok(!missing.known);
    missing.mark(SHELF);
    assert.ok(missing.known);
    assert.deepEqual(view.refreshed, [ROOT]);
    assert.equal(missing.row(ROOT).id, 'widgets/unavailable');
    missing.forget();
    assert.ok(!missing.known);
  });

  it('draws nothing again when the marked row is a root', () => {
    const view = new FakeSectionView();
    new MissingList(view, (parent) => quietRow(parent, 'unavailable', 'x', 'y')).mark(ROOT);
    assert.deepEqual(view.refreshed, []);
  });
});
