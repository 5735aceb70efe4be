import * as assert from 'node:assert/strict';
import { COMMAND, ROW_CONTEXT } from '../../../../src/core/contributions';
import type { ProjectRegion } from '../../../../src/models/projectRegion';
import { failedRow, gapRows, locationRows, quietRow } from '../../../../src/views/kit/rows';
import type { ListGapWords } from '../../../../src/views/presentation/listGapsView';
import { hintNode, sectionNode, type TreeNode } from '../../../../src/views/treeNodes';
import { SERVER_ERROR, ids, labels } from '../../support/fakeSectionView';

/** A list's words, as an area gives them. */
const WIDGET_GAPS: ListGapWords = {
  unreadable: (count) => `${count} widgets could not be read`,
  missing: (count, reported) => `${count} of ${reported} widgets did not arrive`,
  incomplete: () => 'Gcore may have more widgets than these',
};

const ROOT = sectionNode('widgets', 'Widgets', 'beaker', ROW_CONTEXT.containersSection);
const LOCATION: ProjectRegion = { projectId: 1, regionId: 76 };
const locationRow = (location: ProjectRegion): TreeNode => hintNode(ROOT, `${location.projectId}/${location.regionId}`, { label: 'here' });

describe('the rows every section shows', () => {
  it('failedRow: one row in place of what failed, its key telling two failures under one row apart', () => {
    assert.equal(failedRow(ROOT, 'Failed', SERVER_ERROR).id, 'widgets/error');
    assert.equal(failedRow(ROOT, 'Failed', SERVER_ERROR, 'baremetal').id, 'widgets/error-baremetal');
    assert.equal(failedRow(ROOT, 'Failed', SERVER_ERROR).retry, ROOT);
  });

  it('gapRows: a warning row for each gap of the list, its key prefixed', () => {
    const rows = gapRows(ROOT, { unreadableCount: 2, incomplete: true }, WIDGET_GAPS, 'virtual-');
    assert.deepEqual(ids(rows), ['widgets/virtual-gaps:unreadable', 'widgets/virtual-gaps:incomplete']);
    assert.deepEqual(labels(rows), ['2 widgets could not be read', 'Gcore may have more widgets than these']);
    assert.deepEqual(gapRows(ROOT, {}, WIDGET_GAPS), []);
  });

  it('quietRow: a row that says what this API lacks, without an error’s icon', () => {
    const row = quietRow(ROOT, 'unavailable', 'Widgets are not available from this API', 'No widget list.');
    assert.equal(row.id, 'widgets/unavailable');
    assert.deepEqual(row.view.icon, { id: 'circle-slash' });
    assert.equal(row.view.tooltip, 'No widget list.');
    assert.equal(row.view.contextValue, ROW_CONTEXT.hint);
  });

  it('locationRows: a row per location, or the row that adds the first', () => {
    assert.deepEqual(labels(locationRows(ROOT, { locations: [LOCATION], problems: [] }, locationRow)), ['here']);
    const [add] = locationRows(ROOT, { locations: [], problems: [] }, locationRow);
    assert.equal(add.id, 'widgets/add-location');
    assert.equal(add.view?.command?.id, COMMAND.addLocation);
  });

  it('locationRows: counts the skipped entries of gcore.locations only when asked to', () => {
    const reading = { locations: [LOCATION], problems: ['one', 'two'] };
    assert.deepEqual(labels(locationRows(ROOT, reading, locationRow)), ['here']);
    const rows = locationRows(ROOT, reading, locationRow, true);
    assert.deepEqual(labels(rows), ['here', '2 invalid entries in gcore.locations skipped']);
    assert.equal(rows[1].view?.command?.id, 'workbench.action.openSettingsJson');
  });
});
