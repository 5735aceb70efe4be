import * as l10n from '@vscode/l10n';
import type { ListGaps } from '../../api/types';
import { COMMAND } from '../../core/contributions';
import type { ProjectRegion } from '../../models/projectRegion';
import type { LocationsReading } from '../../state/settings';
import { listGapViews, type ListGapWords } from '../presentation/listGapsView';
import { errorNode, hintNode, type ErrorNode, type HintNode, type SectionNode, type TreeNode } from '../treeNodes';

/**
 * The row in place of what failed to load under `node`; its click loads it again (a rejected key's: Set API Key).
 * `key` tells apart two failures under one row (a location's virtual and bare-metal lists).
 */
export function failedRow(node: TreeNode, title: string, error: unknown, key?: string): ErrorNode {
  const row = errorNode(node, node.section, title, error, node);
  return key === undefined ? row : { ...row, id: `${row.id}-${key}` };
}

/** The warning rows of what a list left out, under its rows; `keyPrefix` tells apart two lists under one row. */
export function gapRows(node: TreeNode, gaps: ListGaps, words: ListGapWords, keyPrefix = ''): HintNode[] {
  return listGapViews(gaps, words).map(({ key, view }) => hintNode(node, `${keyPrefix}${key}`, view));
}

/** A row that says, without alarm, that this API lacks something the section would show. */
export function quietRow(parent: TreeNode, key: string, label: string, tooltip: string): HintNode {
  return hintNode(parent, key, { label, icon: { id: 'circle-slash' }, tooltip });
}

/**
 * The configured locations' rows under a section's root, or the row that adds the first; `sayProblems`: a row
 * counting the entries of gcore.locations that were skipped, which opens the settings.
 */
export function locationRows(
  root: SectionNode,
  reading: LocationsReading,
  row: (location: ProjectRegion) => TreeNode,
  sayProblems = false,
): TreeNode[] {
  const { locations, problems } = reading;
  const rows = locations.map(row);
  if (sayProblems && problems.length > 0) {
    rows.push(
      hintNode(root, 'invalid-locations', {
        label:
          problems.length === 1
            ? l10n.t('1 invalid entry in gcore.locations skipped')
            : l10n.t('{0} invalid entries in gcore.locations skipped', problems.length),
        icon: { id: 'warning' },
        command: { id: 'workbench.action.openSettingsJson', title: l10n.t('Open Settings') },
      }),
    );
  }
  if (locations.length === 0) {
    rows.push(
      hintNode(root, 'add-location', {
        label: l10n.t('Add Project and Region…'),
        icon: { id: 'add' },
        command: { id: COMMAND.addLocation, title: l10n.t('Add Project and Region') },
      }),
    );
  }
  return rows;
}
