import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, ProjectRegionRef } from '../../api';
import type { ContainersClient } from '../../api/containersClient';
import { isGcoreApiError } from '../../api/errors';

/**
 * Deletes a container, as Delete Container and gcore_deleteContainer send it. A 404 for a container the list
 * no longer holds says it may be gone already; any other failure is Gcore's as it came (a 404 while the list
 * holds the container is the endpoint's, which the command says it does not offer).
 */
export async function sendContainerDelete(
  containers: Pick<ContainersClient, 'delete' | 'containerGone'>,
  ref: ProjectRegionRef & { containerName: string },
  signal?: AbortSignal,
): Promise<ContainerUpdateResult> {
  try {
    return await containers.delete(ref, ref.containerName, { signal });
  } catch (error) {
    if (isGcoreApiError(error) && error.status === 404 && (await containers.containerGone(ref, ref.containerName, { signal }))) {
      throw new Error(
        l10n.t(
          'Container {0} is not in project {1}, region {2} (Gcore answered 404): it may have been deleted already.',
          ref.containerName,
          ref.projectId,
          ref.regionId,
        ),
        { cause: error },
      );
    }
    throw error;
  }
}
