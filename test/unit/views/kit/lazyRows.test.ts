import * as assert from 'node:assert/strict';
import { ROW_CONTEXT } from '../../../../src/core/contributions';
import { loadOnce } from '../../../../src/core/loadOnce';
import { lazyRows } from '../../../../src/views/kit/lazyRows';
import { hintNode, sectionNode, type ErrorNode } from '../../../../src/views/treeNodes';
import { labels } from '../../support/fakeSectionView';

const ROOT = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);

describe('lazyRows', () => {
  it('loads the rows’ code once, with the first row that needs it', async () => {
    let loads = 0;
    const code = loadOnce(async () => {
      loads += 1;
      return { label: 'made by the code' };
    });
    const rows = lazyRows(
      code,
      () => 'Failed to load widgets',
      (loaded, node) => [hintNode(node, 'x', { label: loaded.label })],
    );
    assert.equal(loads, 0);
    assert.deepEqual(labels(await rows(ROOT)), ['made by the code']);
    await rows(ROOT);
    assert.equal(loads, 1);
  });

  it('shows a code that fails to load as an error row under the node, and loads it again on the next ask', async () => {
    let attempt = 0;
    const code = loadOnce(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('dist/features.js is unreadable');
      return 'loaded';
    });
    const rows = lazyRows(
      code,
      () => 'Failed to load widgets',
      (loaded, node) => [hintNode(node, 'x', { label: loaded })],
    );
    const [failure] = (await rows(ROOT)) as ErrorNode[];
    assert.equal(failure.view.label, 'Failed to load widgets');
    assert.equal(failure.retry, ROOT);
    assert.match(failure.view.description ?? '', /unreadable/);
    assert.deepEqual(labels(await rows(ROOT)), ['loaded']);
  });
});
