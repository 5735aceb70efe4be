import * as l10n from '@vscode/l10n';
import type { InferenceApiKey, InferenceDeployment } from '../../api/inference/inferenceTypes';
import { expiryProblem, ISO_TIME } from './inferenceArgs';

/*
 * Deployment API keys (docs/gcore-api.md, "Everywhere Inference"): what a person types as a key's expiry, and the
 * whole list of keys a deployment's PATCH sends when one is attached or detached.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A key's expiry as typed: empty for never, a date (the key works through that day, UTC) or a full ISO 8601 time;
 * Gcore takes an ISO time. A problem says what is wrong, before anything is sent.
 */
export function expiryOfText(text: string, nowMs: number): { value: string | undefined } | { problem: string } {
  const typed = text.trim();
  if (typed === '') return { value: undefined };
  const value = DATE_ONLY.test(typed) ? `${typed}T23:59:59Z` : typed;
  if (!ISO_TIME.test(value)) {
    return { problem: l10n.t('must be a date such as 2027-01-31, or an ISO 8601 time such as 2027-01-31T12:00:00Z') };
  }
  const problem = expiryProblem(value, nowMs);
  return problem ? { problem } : { value };
}

/** The deployments a key is attached to, as Gcore lists them. */
export function deploymentsUsing(key: InferenceApiKey): string[] {
  return (key.deployment_names ?? []).filter((name): name is string => typeof name === 'string' && name !== '');
}

/** Whether a deployment asks for an API key: any key attached (`auth_enabled` where Gcore says it). */
export function authEnabled(deployment: InferenceDeployment): boolean {
  return deployment.auth_enabled ?? (deployment.api_keys?.length ?? 0) > 0;
}

/**
 * The deployment's whole list of keys after `key` is attached or detached: a PATCH's `api_keys` replaces the list,
 * and an empty one turns auth off.
 */
export function keysAfter(deployment: InferenceDeployment, key: string, action: 'attach' | 'detach'): string[] {
  const held = (deployment.api_keys ?? []).filter((name) => name !== key);
  return action === 'attach' ? [...held, key] : held;
}
