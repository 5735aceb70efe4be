import { jsonObject, nonBlankText } from '../decodeItems';
import type { Container, ContainerFlavor, PullSecret } from './containerTypes';

/* Item decoders of the container endpoints, as tolerant as the shared reads (decodeItems.ts): an entry without a name is left out. */

export function decodeContainer(value: unknown): Container | undefined {
  const container = jsonObject(value);
  return container && nonBlankText(container.name) ? (container as Container) : undefined;
}

export function decodeContainerFlavor(value: unknown): ContainerFlavor | undefined {
  const flavor = jsonObject(value);
  return flavor && nonBlankText(flavor.name) ? (flavor as ContainerFlavor) : undefined;
}

export function decodePullSecret(value: unknown): PullSecret | undefined {
  const secret = jsonObject(value);
  return secret && nonBlankText(secret.name) ? (secret as PullSecret) : undefined;
}
