import type { GcoreClient, ProjectRegionRef } from '../../api';
import { CONTAINER_LIST_REUSE_MS, type ContainerReads } from '../../loaders/containers/containerReads';
import type { Log } from '../../logging/log';
import { validateContainerRefArgs, type ContainerRefArgs } from '../../models/containers/containerArgs';
import { promptContainerName } from '../../ui/containers/containerNamePicker';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import type { RecentValues } from '../../state/recentValues';
import type { PromptUi } from '../../ui/promptUi';
import type { UpdateSources } from '../../ui/containers/containerUpdateWizard';
import { unwrap } from '../../validation/problems';
import { isContainerNode } from '../../views/containers/containerNodes';

/** What the container prompts read: the containers' reads, the names used here, and the client for one container. */
interface ContainerSourceServices {
  readonly reads: ContainerReads;
  recentContainers: RecentValues;
  client: GcoreClient;
  log: Log;
}

/** Which container a command is about (its row, or asked), the same way for every container command. */
export function askContainer(
  services: ContainerSourceServices,
  title: string,
): (ui: PromptUi, draft: unknown, node: unknown) => Promise<ContainerRefArgs> {
  return async (ui, _draft, node) => {
    // A row's name came from a server's list: it is checked as a typed one is, before it goes into a path.
    if (isContainerNode(node)) {
      return unwrap(
        validateContainerRefArgs({
          projectId: node.location.projectId,
          regionId: node.location.regionId,
          containerName: node.container.name,
        }),
      );
    }
    const location = await pickProjectRegion(ui, title);
    const containerName = await promptContainerName(ui, { title }, updateSources(services).names, location);
    return { projectId: location.projectId, regionId: location.regionId, containerName };
  };
}

/** What the update prompts read of what exists; each answer is undefined when the API cannot tell. */
export function updateSources(services: ContainerSourceServices): UpdateSources {
  const listed = async (location: ProjectRegionRef) => {
    const loaded = await services.reads.containers(location, CONTAINER_LIST_REUSE_MS);
    return loaded.state === 'loaded' ? loaded.value.results : undefined;
  };
  return {
    names: { listed, recent: () => services.recentContainers.list() },
    current: async (location, name) => {
      const fromList = (await listed(location))?.find((container) => container.name === name);
      if (fromList) return fromList;
      try {
        return await services.client.containers.get(location, name);
      } catch (error) {
        services.log.debug(`the current values of ${name} could not be read: ${String(error)}`);
        return undefined;
      }
    },
    sizes: async (location) => {
      const loaded = await services.reads.containerSizes(location);
      return loaded.state === 'loaded' ? loaded.value.results : undefined;
    },
  };
}
