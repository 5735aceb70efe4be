import type { ListGaps } from '../types';

/* Serverless containers and their pull secrets as the API sends them, typed as api/types.ts says. */

/** A serverless container as the API reads it back; only `name` is relied on, the rest may be absent or null. */
export interface Container {
  name: string;
  image?: string | null;
  flavor?: string | null;
  listening_port?: number | null;
  description?: string | null;
  envs?: Record<string, string> | null;
  timeout?: number | null;
  scale?: {
    min?: number | null;
    max?: number | null;
    cooldown_period?: number | null;
    triggers?: {
      cpu?: { threshold?: number | null } | null;
      memory?: { threshold?: number | null } | null;
      http?: { rate?: number | null; window?: number | null } | null;
    } | null;
  } | null;
  is_disabled?: boolean | null;
  is_api_key_auth?: boolean | null;
  pull_secret?: string | null;
  commands?: string | null;
  logging?: {
    enabled?: boolean | null;
    destination_region_id?: number | null;
    topic_name?: string | null;
    retention_policy?: { period?: number | null } | null;
  } | null;
  status?: string | null;
  status_message?: string | null;
  address?: string | null;
  created_at?: string | null;
  deploy_status?: { total?: number | null; ready?: number | null } | null;
  [extra: string]: unknown;
}

/** A registry login a container's `pull_secret` names; Gcore never returns its password. */
export interface PullSecret {
  name: string;
  registry?: string | null;
  login?: string | null;
  updated_at?: string | null;
  [extra: string]: unknown;
}

/**
 * What a container would use of the location's quota (`check_limits`): for containers, CPU and RAM, the
 * `…_limit`, `…_usage` and `…_requested` numbers as Gcore answers them (`caas_cpu_count_limit`, …).
 */
export type ContainerQuota = Record<string, unknown>;

/** What a container of a size and scale costs (`/cloud/v1/pricing/…/caas`); amounts may come as numbers or text. */
export interface ContainerPrice {
  currency_code?: string | null;
  price_per_hour?: number | string | null;
  price_per_month?: number | string | null;
  price_status?: string | null;
  [extra: string]: unknown;
}

/** `GET …/containers/{name}/logs`: lines as Gcore sends them (free-form objects). */
export interface ContainerLogs {
  logs: unknown[];
  [extra: string]: unknown;
}

/** `count` is how many `results` holds, as CloudList's is (api/types.ts). */
export interface ContainerList extends ListGaps {
  count: number;
  results: Container[];
  [extra: string]: unknown;
}

/** A container size of a region: `cpu` in millicores, `ram` in MiB. */
export interface ContainerFlavor {
  name: string;
  cpu?: number | null;
  ram?: number | null;
  [extra: string]: unknown;
}

export interface ContainerFlavorList {
  count: number;
  results: ContainerFlavor[];
  [extra: string]: unknown;
}
