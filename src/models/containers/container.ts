import * as l10n from '@vscode/l10n';
import type { Container } from '../../api/containers/containerTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';

/** A container's status as it came, or "Unknown"; the API documents no list of statuses. */
export function containerStatus(container: Container): string {
  return typeof container.status === 'string' && container.status.trim() !== '' ? container.status.trim() : l10n.t('Unknown');
}

/** The kind of resource a container's changes are followed as (the `kind` of their tasks' subjects). */
export const CONTAINER_KIND = 'container';

/** What a change made here does to a container. */
export type ContainerAction = 'update' | 'create' | 'delete';

/** A change of a container as its tasks' subject names it, so that its row, the Tasks section and its end can say it. */
export function containerChange(location: ProjectRegionRef, containerName: string, action: ContainerAction) {
  return { kind: CONTAINER_KIND, projectId: location.projectId, regionId: location.regionId, name: containerName, action };
}
