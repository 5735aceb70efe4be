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

/** A region's pods: its `scale.min` once rolled out (none while stopped), ready one after another meanwhile. */
export function regionProgress(record: DeploymentRecord, index: number, now: number): RegionProgress {
  const region = record.containers[index];
  if (record.stopped) return { total: 0, ready: 0, error: null };
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
  return record.containers.every((region) => region.scale.min === 0) ? 'PENDING' : 'ACTIVE';
}

/** A short stable hash, as Gcore's generated host names and Kubernetes' pod names carry. */
export function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

export function deploymentAddress(record: Pick<DeploymentRecord, 'projectId' | 'name'>): string {
  return `https://${record.name}-${shortHash(`${record.projectId}/${record.name}`)}.ai.gcore.dev`;
}

function regionAddress(record: DeploymentRecord, region: RegionContainer): string {
  return `https://${record.name}-${shortHash(`${record.projectId}/${record.name}`)}.${regionSlug(region.region_id)}.ai.gcore.dev`;
}

/** A deployment as `GET /cloud/v3/inference/{project_id}/deployments/{name}` answers it. */
export function deploymentView(record: DeploymentRecord, now: number): Record<string, unknown> {
  return {
    name: record.name,
    project_id: record.projectId,
    status: deploymentStatus(record, now),
    image: record.image,
    listening_port: record.listeningPort,
    flavor_name: record.flavorName,
    address: deploymentAddress(record),
    containers: record.containers.map((region, index) => {
      const progress = regionProgress(record, index, now);
      return {
        region_id: region.region_id,
        scale: region.scale,
        deploy_status: { total: progress.total, ready: progress.ready },
        error_message: progress.error,
        address: regionAddress(record, region),
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
