/** An image of the emulator's virtual catalogue (Ubuntu 24.04, driver 580, CUDA 13), verbatim from Gcore's guide. */
export const IMAGE_24_04 = '2a818d08-a9d3-4477-9966-2663d46f6a27';

/**
 * A virtual GPU cluster's create payload as Gcore's guide sends it, with the image in the boot volume only and the
 * emulator's seeded SSH key; `overrides` replace top-level fields, `settings` those of `servers_settings`.
 */
export function virtualClusterBody(
  overrides: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: 'my-gpu-cluster',
    flavor: 'g3-ai-24-232-1000-h100-80-1',
    servers_count: 2,
    servers_settings: {
      interfaces: [{ type: 'external' }],
      volumes: [{ boot_index: 0, name: 'boot-disk', size: 120, source: 'image', type: 'ssd_hiiops', image_id: IMAGE_24_04 }],
      credentials: { ssh_key_name: 'dev-laptop' },
      ...settings,
    },
    ...overrides,
  };
}
