import * as l10n from '@vscode/l10n';
import { projectRegionKey, type ProjectRegionRef } from '../../core/projectRegion';
import type { ProjectRegion } from '../../models/projectRegion';

/** `project 482 · region 76`: a location by its IDs, as a labelled location's row says them beside its label. */
export function locationIds(location: ProjectRegionRef): string {
  return l10n.t('project {0} · region {1}', location.projectId, location.regionId);
}

/**
 * A location as the tree names it: its label (its own, or the one `gcore.locations` gives its IDs in
 * `configured`), else its IDs.
 */
export function locationName(location: ProjectRegion, configured: readonly ProjectRegion[]): string {
  return (
    location.label ?? configured.find((known) => projectRegionKey(known) === projectRegionKey(location))?.label ?? locationIds(location)
  );
}
