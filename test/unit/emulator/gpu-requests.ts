import * as assert from 'node:assert/strict';
import type { Emulator } from '../../emulator/server';
import { rawRequest, UUID_PATTERN, type RawResponse } from './raw-http';

export type Json = Record<string, unknown>;

export interface Cluster {
  id: string;
  name: string;
  status: string;
  flavor: string;
  servers_count: number;
  servers_ids: string[];
  servers_settings: { interfaces: Json[]; volumes: Json[]; ssh_key_name: string | null };
  tags: { key: string; value: string; read_only: boolean }[];
  created_at: string;
  updated_at: string | null;
  has_pending_changes: boolean;
  image_id?: string | null;
  managed_by?: string;
}

export interface Server {
  id: string;
  name: string;
  status: string;
  flavor: string;
  image_id: string | null;
  ip_addresses: string[];
  task_id: string | null;
}

export interface Task {
  id: string;
  task_type: string;
  state: string;
  error: string | null;
  created_resources: Record<string, string[]> | null;
  data: Json | null;
  detailed_state: string | null;
}

export interface List<T> {
  count: number;
  results: T[];
}

export type Kind = 'virtual' | 'baremetal';

/** The location the GPU tests use (seeded as every location is). */
export const LOCATION = '7/76';

export function v3(kind: Kind, location = LOCATION): string {
  return `/cloud/v3/gpu/${kind}/${location}`;
}

export function answer<T = Json>(response: RawResponse, status = 200): T {
  assert.equal(response.status, status, response.text);
  return response.json as T;
}

export async function get<T = Json>(emulator: Emulator, path: string, status = 200): Promise<T> {
  return answer<T>(await rawRequest(emulator, 'GET', path), status);
}

/** The one task id of a `{tasks}` answer. */
export function taskOf(response: RawResponse): string {
  const { tasks } = answer<{ tasks: string[] }>(response);
  assert.equal(tasks.length, 1);
  assert.match(tasks[0], UUID_PATTERN);
  return tasks[0];
}

/** A seeded (or created) cluster found by name in its kind's list, whoever manages it. */
export async function clusterNamed(emulator: Emulator, kind: Kind, name: string, location = LOCATION): Promise<Cluster> {
  const list = await get<List<Cluster>>(emulator, `${v3(kind, location)}/clusters?limit=1000&managed_by=user&managed_by=k8s`);
  const cluster = list.results.find((candidate) => candidate.name === name);
  assert.ok(cluster, `no ${kind} cluster named ${name}`);
  return cluster;
}

export async function clusterById(emulator: Emulator, kind: Kind, id: string, location = LOCATION): Promise<Cluster> {
  return get<Cluster>(emulator, `${v3(kind, location)}/clusters/${id}`);
}

export async function serversOf(emulator: Emulator, kind: Kind, id: string, location = LOCATION): Promise<Server[]> {
  return (await get<List<Server>>(emulator, `${v3(kind, location)}/clusters/${id}/servers?limit=1000`)).results;
}

export async function task(emulator: Emulator, id: string): Promise<Task> {
  return get<Task>(emulator, `/cloud/v1/tasks/${id}`);
}

export async function action(emulator: Emulator, kind: Kind, id: string, body: Json, location = LOCATION): Promise<RawResponse> {
  return rawRequest(emulator, 'POST', `${v3(kind, location)}/clusters/${id}/action`, { body });
}

export interface CloudError {
  exception_class: string;
  message: string;
  request_id: string;
  invalid_fields?: Record<string, string[]>;
  info?: Record<string, number>;
}

/** Gcore's error body, after checking the status and that it carries a request id. */
export function cloudError(response: RawResponse, status: number): CloudError {
  const body = answer<CloudError>(response, status);
  assert.match(body.request_id, UUID_PATTERN);
  return body;
}

/** The fields a 400 ValidationError names, sorted. */
export function invalidFieldNames(response: RawResponse): string[] {
  const refused = cloudError(response, 400);
  assert.equal(refused.exception_class, 'ValidationError');
  return Object.keys(refused.invalid_fields ?? {}).sort();
}
