/** Registry credentials a container's `pull_secret` names; the password is write-only. */
export interface PullSecret {
  name: string;
  registry: string;
  login: string;
  password: string;
  updatedAt: string;
}

export type PullSecretFields = Pick<PullSecret, 'registry' | 'login' | 'password'>;

/** Every location has it from the start: the seeded containers batch-worker and nightly-report name it. */
const SEEDED_PULL_SECRET: PullSecret = {
  name: 'registry-example',
  registry: 'registry.example.com',
  login: 'deploy',
  password: 'seeded-registry-token',
  updatedAt: '2026-03-02T10:15:00Z',
};

/** The pull secrets of every location, each starting with the seeded one. */
export class PullSecretStore {
  /** By `project/region`, then by name in creation order; a location is seeded on first access. */
  private readonly locations = new Map<string, Map<string, PullSecret>>();

  list(projectId: number, regionId: number): PullSecret[] {
    return [...this.at(projectId, regionId).values()];
  }

  find(projectId: number, regionId: number, name: string): PullSecret | undefined {
    return this.at(projectId, regionId).get(name);
  }

  /** Adds a secret the caller has checked is new here. */
  create(projectId: number, regionId: number, name: string, fields: PullSecretFields): PullSecret {
    const secret: PullSecret = { name, ...fields, updatedAt: nowIso() };
    this.at(projectId, regionId).set(name, secret);
    return secret;
  }

  update(secret: PullSecret, changes: Partial<PullSecretFields>): void {
    Object.assign(secret, changes, { updatedAt: nowIso() });
  }

  remove(projectId: number, regionId: number, name: string): boolean {
    return this.at(projectId, regionId).delete(name);
  }

  reset(): void {
    this.locations.clear();
  }

  private at(projectId: number, regionId: number): Map<string, PullSecret> {
    const key = `${projectId}/${regionId}`;
    let secrets = this.locations.get(key);
    if (!secrets) {
      secrets = new Map([[SEEDED_PULL_SECRET.name, { ...SEEDED_PULL_SECRET }]]);
      this.locations.set(key, secrets);
    }
    return secrets;
  }
}

/** A secret as the API answers it: never with its password. */
export function pullSecretView({ name, registry, login, updatedAt }: PullSecret): Record<string, unknown> {
  return { name, registry, login, updated_at: updatedAt };
}

/** Gcore writes times to the second. */
function nowIso(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
