import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { Log } from '../../logging/log';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { containerChange, type ContainerAction } from '../../models/containers/container';
import type { ContainerCreate } from '../../models/containers/containerCreate';
import type { ContainerUpdate } from '../../models/containers/containerUpdate';
import { sentLine, type SentChange } from '../sentChange';

export interface ContainerWritesDeps {
  client: Pick<GcoreClient, 'containers'>;
  log: Log;
}

export type ContainerRef = ProjectRegionRef & { containerName: string };

/** A change of a container Gcore took; what it made stale is its location's containers. */
export type SentContainerChange = SentChange<ProjectRegionRef>;

/*
 * The one write path of every change to a container, for its commands and documents (Update, New and Delete
 * Container, a container's JSON, New Container from JSON; the agent tools in VS Code through the commands) and for
 * the agent tools in the MCP server. An update that disables or enables goes as a request of its own, which the
 * client splits off; an endpoint this API lacks is said as such, naming the command.
 */

export async function sendContainerUpdate(
  deps: ContainerWritesDeps,
  ref: ContainerRef,
  changes: ContainerUpdate,
  options: CallOptions = {},
): Promise<SentContainerChange> {
  const location = { projectId: ref.projectId, regionId: ref.regionId };
  return sent(
    deps,
    location,
    ref.containerName,
    'update',
    await deps.client.containers.update(location, ref.containerName, changes, options),
  );
}

export async function sendContainerCreate(
  deps: ContainerWritesDeps,
  location: ProjectRegionRef,
  container: ContainerCreate,
  options: CallOptions = {},
): Promise<SentContainerChange> {
  let result: ContainerUpdateResult;
  try {
    result = await deps.client.containers.create(location, container, options);
  } catch (error) {
    // The collection exists wherever containers do: a 404 or 405 here is the endpoint's, not the container's.
    if (mayBeMissingEndpoint(error)) throw notOffered(l10n.t('New Container'), error, true);
    throw error;
  }
  return sent(deps, location, container.name, 'create', result);
}

export async function sendContainerDelete(
  deps: ContainerWritesDeps,
  ref: ContainerRef,
  options: CallOptions = {},
): Promise<SentContainerChange> {
  const { containers } = deps.client;
  let result: ContainerUpdateResult;
  try {
    result = await containers.delete(ref, ref.containerName, options);
  } catch (error) {
    if (!mayBeMissingEndpoint(error)) throw error;
    throw (
      (await containers.deleteFailedAsGone(ref, ref.containerName, error, options)) ?? notOffered(l10n.t('Delete Container'), error, true)
    );
  }
  return sent(deps, ref, ref.containerName, 'delete', result);
}

function sent(
  deps: ContainerWritesDeps,
  location: ProjectRegionRef,
  containerName: string,
  action: ContainerAction,
  result: ContainerUpdateResult,
): SentContainerChange {
  const stale = { projectId: location.projectId, regionId: location.regionId };
  const sent = { result, change: containerChange(location, containerName, action), stale };
  // An update's notification names its tasks; a create's and a delete's are named in the log.
  if (action !== 'update') deps.log.info(sentLine('container', sent));
  return sent;
}
