import type { InferenceDeployment } from '../../api/inference/inferenceTypes';
import { powerShown, type AwaitedPower } from '../../models/inference/inferenceStatus';

/** How long a start or stop is waited for before its row stops saying so: Gcore may never show it (a failure says nothing). */
export const STATUS_WAIT_MS = 10 * 60_000;

/**
 * The starts and stops sent here that the deployments' status does not show yet. Gcore answers them with no task,
 * so the row says Starting… or Stopping… and its project is read again until the status moves: to DISABLED for a
 * stop, away from it for a start.
 */
export class StatusWaits {
  private readonly waits = new Map<string, { action: AwaitedPower; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  expect(ref: { projectId: number; name: string }, action: AwaitedPower): void {
    this.waits.set(keyOf(ref.projectId, ref.name), { action, since: this.now() });
  }

  /** The start or stop the deployment waits for, forgotten once its status shows it (or after STATUS_WAIT_MS). */
  changeOf(projectId: number, deployment: InferenceDeployment): AwaitedPower | undefined {
    const key = keyOf(projectId, deployment.name);
    const wait = this.waits.get(key);
    if (!wait) return undefined;
    if (powerShown(wait.action, deployment.status) || this.now() - wait.since > STATUS_WAIT_MS) {
      this.waits.delete(key);
      return undefined;
    }
    return wait.action;
  }

  /** Whether a deployment of the project waits for a start or stop to show. */
  pending(projectId: number): boolean {
    const prefix = `${projectId}/`;
    return [...this.waits.keys()].some((key) => key.startsWith(prefix));
  }

  /** A deployment gone from its list waits for nothing. */
  forgetUnlisted(projectId: number, listed: ReadonlySet<string>): void {
    const prefix = `${projectId}/`;
    for (const key of [...this.waits.keys()]) if (key.startsWith(prefix) && !listed.has(key.slice(prefix.length))) this.waits.delete(key);
  }
}

function keyOf(projectId: number, name: string): string {
  return `${projectId}/${name}`;
}
