import { randomUUID } from 'node:crypto';
import { fingerprintOf } from './ssh-key-pair';

export interface SshKeyRecord {
  id: string;
  name: string;
  publicKey: string;
  fingerprint: string;
  projectId: number;
  sharedInProject: boolean;
  createdAt: string;
}

/** Every project starts with this key, so that a cluster can be created (and the seeded ones name it). */
export const SEEDED_SSH_KEY_NAME = 'dev-laptop';
const SEEDED_PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIjxL6g1II8NsO8odvBwGKvq2Dx/h/xrvsV9b9LVIYKm dev@laptop';

/** The SSH keys of each project, oldest first; a project's seeded key appears on its first use. */
export class SshKeyStore {
  private readonly projects = new Map<number, SshKeyRecord[]>();

  keys(projectId: number): readonly SshKeyRecord[] {
    let keys = this.projects.get(projectId);
    if (!keys) {
      keys = [
        {
          id: '8a3c6d1e-2b4f-4e5a-9c7d-0f1e2d3c4b5a',
          name: SEEDED_SSH_KEY_NAME,
          publicKey: SEEDED_PUBLIC_KEY,
          fingerprint: fingerprintOf(SEEDED_PUBLIC_KEY)!,
          projectId,
          sharedInProject: true,
          createdAt: '2026-02-01T09:00:00Z',
        },
      ];
      this.projects.set(projectId, keys);
    }
    return keys;
  }

  find(projectId: number, name: string): SshKeyRecord | undefined {
    return this.keys(projectId).find((key) => key.name === name);
  }

  /** Adds a key whose name the caller has checked is free in the project, and whose public key it has checked. */
  add(projectId: number, fields: { name: string; publicKey: string; sharedInProject: boolean }): SshKeyRecord {
    const record: SshKeyRecord = {
      id: randomUUID(),
      ...fields,
      fingerprint: fingerprintOf(fields.publicKey)!,
      projectId,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    (this.keys(projectId) as SshKeyRecord[]).push(record);
    return record;
  }

  remove(projectId: number, id: string): void {
    this.projects.set(
      projectId,
      this.keys(projectId).filter((key) => key.id !== id),
    );
  }

  reset(): void {
    this.projects.clear();
  }
}

/** A key as `GET /cloud/v1/ssh_keys/{project_id}` lists it: never with a private key. */
export function sshKeyView(key: SshKeyRecord): Record<string, unknown> {
  return {
    id: key.id,
    name: key.name,
    public_key: key.publicKey,
    fingerprint: key.fingerprint,
    state: 'ACTIVE',
    project_id: key.projectId,
    shared_in_project: key.sharedInProject,
    created_at: key.createdAt,
  };
}
