import type { InvalidFields } from './replies';

export interface CloudLocation {
  projectId: number;
  regionId: number;
}

export type CloudLocationResult = { ok: true; location: CloudLocation } | { ok: false; invalidFields: InvalidFields };

/** Project and region path segments must be positive integers, as the real Cloud API requires. */
export function parseCloudLocation(projectSegment: string, regionSegment: string): CloudLocationResult {
  const invalidFields: InvalidFields = {};
  const projectId = parsePositiveId(projectSegment, 'project_id', invalidFields);
  const regionId = parsePositiveId(regionSegment, 'region_id', invalidFields);
  if (projectId === undefined || regionId === undefined) return { ok: false, invalidFields };
  return { ok: true, location: { projectId, regionId } };
}

/** A project path segment alone: SSH keys belong to a project, not to a region. */
export function parseProjectId(segment: string): { ok: true; projectId: number } | { ok: false; invalidFields: InvalidFields } {
  const invalidFields: InvalidFields = {};
  const projectId = parsePositiveId(segment, 'project_id', invalidFields);
  return projectId === undefined ? { ok: false, invalidFields } : { ok: true, projectId };
}

function parsePositiveId(segment: string, field: string, invalidFields: InvalidFields): number | undefined {
  if (!/^\d+$/.test(segment) || !Number.isSafeInteger(Number(segment))) {
    invalidFields[field] = ['Not a valid integer.'];
    return undefined;
  }
  const id = Number(segment);
  if (id < 1) {
    invalidFields[field] = ['Must be greater than or equal to 1.'];
    return undefined;
  }
  return id;
}
