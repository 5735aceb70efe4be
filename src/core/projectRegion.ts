/**
 * A Gcore Cloud project and one of its regions: where containers run and GPU flavors are offered. The
 * API addresses both by number; the UI calls the pair "project and region".
 */
export interface ProjectRegionRef {
  projectId: number;
  regionId: number;
}

/** One string per pair, for maps and cache keys. */
export function projectRegionKey(ref: ProjectRegionRef): string {
  return `${ref.projectId}/${ref.regionId}`;
}
