import { createHash } from 'node:crypto';
import { regionSlug } from './account-endpoints';
import type { DeploymentRecord, RegionContainer } from './inference-state';

/** An image whose name says `failing` starts in every region but its first, which keeps crashing. */
export function isFailingImage(image: string): boolean {
  return image.includes('failing');
}

const CRASH_MESSAGE = 'Back-off restarting failed container: the model server exited with code 1 (CUDA out of memory)';

export interface RegionProgress {
  total: number;
  ready: number;
  error: string | null;
}

/** How far the rollout is, from 0 to 1. */
function rolloutShare(record: DeploymentRecord, now: number): number {
  const { startMs, durationMs } = record.rollout;
  return durationMs <= 0 ? 1 : Math.min(1, Math.max(0, (now - startMs) / durationMs));
}

/** A deployment at zero that a request woke: its pod is starting or running. */
function wokenPod(record: DeploymentRecord, now: number): { ready: boolean } | undefined {
  const awake = record.awake;
  return awake !== null && now < awake.untilMs ? { ready: now >= awake.readyAtMs } : undefined;
}

/** A region's pods: its `scale.min` once rolled out (none while stopped), ready one after another meanwhile. */
export function regionProgress(record: DeploymentRecord, index: number, now: number): RegionProgress {
  const region = record.containers[index];
  if (record.stopped) return { total: 0, ready: 0, error: null };
  const woken = index === 0 ? wokenPod(record, now) : undefined;
  if (woken) return { total: 1, ready: woken.ready ? 1 : 0, error: null };
  const share = rolloutShare(record, now);
  if (index === 0 && record.failing) {
    return { total: Math.max(1, region.scale.min), ready: 0, error: share < 1 ? null : CRASH_MESSAGE };
  }
  return { total: region.scale.min, ready: Math.floor(share * region.scale.min), error: null };
}

export function deploymentStatus(record: DeploymentRecord, now: number): string {
  if (record.deletionTaskId !== null) return 'DELETING';
  if (record.stopped) return 'DISABLED';
  if (rolloutShare(record, now) < 1) return 'DEPLOYING';
  if (record.failing) return 'PARTIALLYDEPLOYED';
  if (!record.containers.every((region) => region.scale.min === 0)) return 'ACTIVE';
  return wokenPod(record, now)?.ready ? 'ACTIVE' : 'PENDING';
}

/** A short stable hash, as Gcore's generated host names and Kubernetes' pod names carry. */
export function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Where the emulator serves the deployments of one account (its own URL: inference-endpoint.ts). */
export interface EndpointSite {
  base: string;
  accountId: number;
}

/** The first path segment of every deployment's address. */
export const ENDPOINTS_SEGMENT = 'inference-endpoints';

/** What the address of a deployment depends on: its account, project and name, and which of that name it is. */
export type AddressedDeployment = Pick<DeploymentRecord, 'projectId' | 'name' | 'creation'>;

/**
 * A deployment's part of its addresses: unique per account, project, name and creation, opaque as Gcore's host
 * names. The first of a name hashes as it always did, so the seeded deployments keep their addresses.
 */
export function endpointToken(accountId: number, record: AddressedDeployment): string {
  const made = record.creation === 0 ? '' : `#${record.creation}`;
  return `${record.name}-${shortHash(`${accountId}/${record.projectId}/${record.name}${made}`)}`;
}

export function regionToken(deploymentToken: string, regionId: number): string {
  return `${deploymentToken}-${regionSlug(regionId)}`;
}

/**
 * A deployment's address: Gcore's is `https://<name>-<hash>.ai.gcore.dev`; the emulator's is its own URL (http to
 * loopback, which the contract allows) with the deployment's token, so that it answers there itself.
 */
export function deploymentAddress(site: EndpointSite, record: AddressedDeployment): string {
  return `${site.base}/${ENDPOINTS_SEGMENT}/${endpointToken(site.accountId, record)}`;
}

function regionAddress(site: EndpointSite, record: DeploymentRecord, region: RegionContainer): string {
  return `${site.base}/${ENDPOINTS_SEGMENT}/${regionToken(endpointToken(site.accountId, record), region.region_id)}`;
}

/** A deployment as `GET /cloud/v3/inference/{project_id}/deployments/{name}` answers it. */
export function deploymentView(record: DeploymentRecord, now: number, site: EndpointSite): Record<string, unknown> {
  return {
    name: record.name,
    project_id: record.projectId,
    status: deploymentStatus(record, now),
    image: record.image,
    listening_port: record.listeningPort,
    flavor_name: record.flavorName,
    address: deploymentAddress(site, record),
    containers: record.containers.map((region, index) => {
      const progress = regionProgress(record, index, now);
      return {
        region_id: region.region_id,
        scale: region.scale,
        deploy_status: { total: progress.total, ready: progress.ready },
        error_message: progress.error,
        address: regionAddress(site, record, region),
      };
    }),
    credentials_name: record.credentialsName,
    envs: record.envs,
    // Gcore takes a list of arguments and answers them joined (inference-notes.md, trap 2).
    command: record.command === null || record.command.length === 0 ? null : record.command.join(' '),
    api_keys: record.apiKeys,
    auth_enabled: record.apiKeys.length > 0,
    ...record.settings,
    object_references: record.objectReferences,
    created_at: record.createdAt,
  };
}
