/** The stored configuration of a container: the seeded settings with every accepted update merged in. */
export type ContainerConfig = Record<string, unknown>;

export interface ContainerRecord {
  name: string;
  projectId: number;
  regionId: number;
  config: ContainerConfig;
  /** Successful PATCH requests applied to this container. */
  updates: number;
}

/** Every project/region pair has these containers, so any location works in tests and the playground. */
const SEEDED_CONFIGS: Record<string, () => ContainerConfig> = {
  'web-app': () => ({
    image: 'nginx:1.27-alpine',
    flavor: '250mCPU-512MiB',
    listening_port: 80,
    timeout: 60,
    scale: { min: 1, max: 3 },
    envs: { NGINX_PORT: '80' },
    description: 'Public web front end',
    is_api_key_auth: false,
    is_disabled: false,
    logging: { enabled: false },
  }),
  'inference-api': () => ({
    image: 'ghcr.io/example/inference-api:2.4.1',
    flavor: '1000mCPU-2048MiB',
    listening_port: 8080,
    timeout: 120,
    scale: { min: 0, max: 5 },
    envs: { MODEL_NAME: 'llama-3.1-8b-instruct', LOG_LEVEL: 'info' },
    description: 'Text generation endpoint',
    is_api_key_auth: true,
    is_disabled: false,
    logging: { enabled: true, destination_region_id: 76, topic_name: 'inference.api', retention_policy: { period: 30 } },
  }),
  'batch-worker': () => ({
    image: 'registry.example.com/batch/worker:1.9.0',
    flavor: '500mCPU-1024MiB',
    listening_port: 9000,
    timeout: 180,
    scale: { min: 0, max: 10 },
    envs: { QUEUE: 'default' },
    commands: 'worker --queue default',
    pull_secret: 'registry-example',
    description: 'Background jobs',
    is_api_key_auth: false,
    is_disabled: false,
    logging: { enabled: false },
  }),
};

export const SEEDED_CONTAINER_NAMES: readonly string[] = Object.keys(SEEDED_CONFIGS);

export class ContainerStore {
  private readonly touched = new Map<string, ContainerRecord>();

  /** A container that exists at this location, or undefined. Seeded containers are materialised on first access. */
  find(projectId: number, regionId: number, name: string): ContainerRecord | undefined {
    const key = `${projectId}/${regionId}/${name}`;
    const existing = this.touched.get(key);
    if (existing) return existing;
    const seed = Object.hasOwn(SEEDED_CONFIGS, name) ? SEEDED_CONFIGS[name] : undefined;
    if (!seed) return undefined;
    const record: ContainerRecord = { name, projectId, regionId, config: seed(), updates: 0 };
    this.touched.set(key, record);
    return record;
  }

  reset(): void {
    this.touched.clear();
  }
}
