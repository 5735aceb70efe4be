import * as assert from 'node:assert/strict';
import { ROW_CONTEXT } from '../../../../src/core/contributions';
import { MissingList } from '../../../../src/views/kit/missingList';
import { quietRow } from '../../../../src/views/kit/rows';
import { rowKind, sectionOf } from '../../../../src/views/kit/sectionOf';
import { hintNode, nodeGuard, sectionNode, type TreeNode } from '../../../../src/views/treeNodes';
import { FakeSectionView, labels } from '../../support/fakeSectionView';

const ROOT = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);

interface ShelfNode extends TreeNode {
  readonly nodeType: 'shelf';
  readonly shelf: string;
}
interface GadgetNode extends TreeNode {
  readonly nodeType: 'gadget';
  readonly parent: ShelfNode;
}
const isShelf = nodeGuard<ShelfNode>('shelf');
const isGadget = nodeGuard<GadgetNode>('gadget');
const shelf = (name: string): ShelfNode => ({ nodeType: 'shelf', id: `widgets/${name}`, section: 'widgets', parent: ROOT, shelf: name });
const gadget = (parent: ShelfNode): GadgetNode => ({ nodeType: 'gadget', id: `${parent.id}/g`, section: 'widgets', parent });

function widgets() {
  const forgotten: string[] = [];
  const missing = new MissingList(new FakeSectionView(), (parent) => quietRow(parent, 'unavailable', 'x', 'y'));
  const section = sectionOf({
    root: ROOT,
    rows: () => [shelf('top'), shelf('bottom')],
    forget: () => forgotten.push('everything'),
    missing: [missing],
    kinds: [
      rowKind(isShelf, {
        children: async (node) => [gadget(node)],
        invalidate: (node) => {
          forgotten.push(node.shelf);
          return node;
        },
        tooltip: (node) => `The ${node.shelf} shelf`,
      }),
      rowKind(isGadget, { invalidate: (node) => node.parent }),
    ],
  });
  return { section, forgotten, missing };
}

describe('sectionOf', () => {
  it('answers the root with its rows and each row with its kind’s children; a kind without children is a leaf', async () => {
    const { section } = widgets();
    assert.equal(section.id, 'widgets');
    const shelves = await section.children(ROOT);
    assert.deepEqual(
      shelves.map((node) => node.id),
      ['widgets/top', 'widgets/bottom'],
    );
    const [child] = await section.children(shelves[0]);
    assert.equal(child.id, 'widgets/top/g');
    assert.deepEqual(await section.children(child), []);
    assert.deepEqual(await section.children(hintNode(ROOT, 'note', { label: 'a row of no kind' })), []);
  });

  it('forgets the whole section, its missing lists too, on a Refresh of the root', () => {
    const { section, forgotten, missing } = widgets();
    missing.mark(shelf('top'));
    assert.equal(section.invalidate(ROOT), ROOT);
    assert.deepEqual(forgotten, ['everything']);
    assert.ok(!missing.known);
  });

  it('asks a row’s kind what to forget and what to draw again; a kind with nothing to forget gives nothing', () => {
    const { section, forgotten } = widgets();
    const top = shelf('top');
    assert.equal(section.invalidate(top), top);
    assert.equal(section.invalidate(gadget(top)), top);
    assert.equal(section.invalidate(hintNode(ROOT, 'note', { label: 'a row of no kind' })), undefined);
    assert.deepEqual(forgotten, ['top']);
  });

  it('builds a tooltip on hover from the row’s kind', () => {
    const { section } = widgets();
    assert.equal(section.resolveTooltip?.(shelf('top')), 'The top shelf');
    assert.equal(section.resolveTooltip?.(gadget(shelf('top'))), undefined);
  });

  it('draws rows without a view of their own only when a kind does, and refuses a row no kind draws', () => {
    assert.equal(widgets().section.view, undefined);
    const drawn = sectionOf({
      root: ROOT,
      rows: () => [],
      kinds: [rowKind(isShelf, { view: (node) => ({ label: node.shelf, contextValue: ROW_CONTEXT.hint }) })],
    });
    assert.deepEqual(labels([{ ...shelf('top'), view: drawn.view?.(shelf('top')) }]), ['top']);
    assert.throws(() => drawn.view?.(gadget(shelf('top'))), /widgets\/top\/g draws itself/);
  });
});
