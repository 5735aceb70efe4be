import type { GcoreClient, ProjectRegionRef } from '../../api';
import type { ContainerPrice, ContainerQuota } from '../../api/containers/containerTypes';
import type { CallOptions } from '../../api/callOptions';
import type { Log } from '../../logging/log';
import { quotaRequest, type ContainerCreate } from '../../models/containers/containerCreate';

/**
 * Quota and price of a container as it would be created, each undefined when Gcore does not answer it (an addition:
 * never a stop). Sends no create. Shared by New Container's review, its JSON document's and the agent tool's
 * confirmation, which runs without VS Code (no log there).
 */
export async function forecastContainer(
  deps: { client: Pick<GcoreClient, 'containers'>; log?: Pick<Log, 'debug'> },
  location: ProjectRegionRef,
  container: ContainerCreate,
  options: CallOptions = {},
): Promise<{ quota?: ContainerQuota; price?: ContainerPrice }> {
  const quietly = async <T>(what: string, request: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await request();
    } catch (error) {
      deps.log?.debug(`the ${what} of a new container could not be read: ${String(error)}`);
      return undefined;
    }
  };
  const { containers } = deps.client;
  const [quota, price] = await Promise.all([
    quietly('quota', () => containers.checkLimits(location, quotaRequest(container), options)),
    quietly('price', () =>
      containers.price(location, { flavor: container.flavor, scale: { min: container.scale.min, max: container.scale.max } }, options),
    ),
  ]);
  return { quota, price };
}
