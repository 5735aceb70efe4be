import type { ContainerConfig } from './container-store';

/**
 * Why the service would fail to pull a container's image, or undefined when it can. By this emulator's
 * convention an image whose name says "does-not-exist" is missing from its registry; a pull secret the
 * location does not have fails first, as no pull is tried without its credentials.
 */
export function imagePullFailure(config: ContainerConfig, hasPullSecret: (name: string) => boolean): string | undefined {
  const image = String(config.image ?? '');
  const secret = config.pull_secret;
  if (typeof secret === 'string' && !hasPullSecret(secret)) return `Failed to pull image "${image}": pull secret "${secret}" not found`;
  if (image.includes('does-not-exist')) return `Failed to pull image "${image}": not found`;
  return undefined;
}
