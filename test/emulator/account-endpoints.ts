import type { ApiRequest } from './api-request';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const CLIENT_ID = 1_186_668;

/** The account behind the emulator's key, as `/iam/clients/me` answers (camelCase keys, as the real one). */
export const ACCOUNT = {
  id: CLIENT_ID,
  email: 'dev@example.com',
  name: 'Dev Example',
  status: 'active',
  companyName: 'Example GmbH',
  currentUser: 42,
  capabilities: ['CLOUD', 'DNS', 'CDN'],
};

/**
 * The account of the emulator's second key (`newAccountApiKey`): a new one, whose inference quota is zero and
 * whose projects hold no inference resources; it sees the same projects, regions and other resources.
 */
export const NEW_ACCOUNT = {
  ...ACCOUNT,
  id: 1_190_204,
  email: 'new@example.com',
  name: 'New Example',
  companyName: 'New Example Ltd',
  currentUser: 77,
};

const PROJECTS = [
  {
    id: 1,
    client_id: CLIENT_ID,
    name: 'Default',
    description: null,
    is_default: true,
    state: 'ACTIVE',
    created_at: '2024-02-01T09:00:00Z',
    deleted_at: null,
    task_id: null,
  },
  {
    id: 482,
    client_id: CLIENT_ID,
    name: 'Production',
    description: 'Customer-facing services',
    is_default: false,
    state: 'ACTIVE',
    created_at: '2024-03-12T10:30:00Z',
    deleted_at: null,
    task_id: null,
  },
  {
    id: 7,
    client_id: CLIENT_ID,
    name: 'Staging',
    description: null,
    is_default: false,
    state: 'ACTIVE',
    created_at: '2024-03-12T10:31:00',
    deleted_at: null,
    task_id: null,
  },
  {
    id: 913,
    client_id: CLIENT_ID,
    name: 'Archive',
    description: 'Being deleted',
    is_default: false,
    state: 'DELETING',
    created_at: '2023-01-05T08:00:00Z',
    deleted_at: null,
    task_id: 'a1b2c3d4-0000-4000-8000-000000000913',
  },
];

/**
 * Regions as `/cloud/v1/regions` lists them; `containers` says whether `product=containers` lists it, `has_ai`
 * whether `product=inference` does, `volumeTypes`
 * what `available_volume_types` says when asked with `show_volume_types` (gpu-notes.md §2.1: not every region has
 * every type).
 */
const REGIONS = [
  {
    id: 76,
    display_name: 'Luxembourg-2',
    slug: 'luxembourg-2',
    state: 'ACTIVE',
    country: 'LU',
    zone: 'EMEA',
    has_ai: true,
    has_ai_gpu: true,
    coordinates: { latitude: '49.6116', longitude: '6.1319' },
    containers: true,
    volumeTypes: ['cold', 'ssd_hiiops', 'ssd_lowlatency', 'standard'],
  },
  {
    id: 8,
    display_name: 'Frankfurt',
    slug: 'frankfurt',
    state: 'ACTIVE',
    country: 'DE',
    zone: 'EMEA',
    has_ai: true,
    has_ai_gpu: false,
    coordinates: { latitude: 50.1109, longitude: 8.6821 },
    containers: true,
    volumeTypes: ['ssd_hiiops', 'standard'],
  },
  {
    id: 38,
    display_name: 'Manassas',
    slug: 'manassas',
    state: 'ACTIVE',
    country: 'US',
    zone: 'AMERICAS',
    has_ai: true,
    has_ai_gpu: true,
    coordinates: { latitude: 38.7509, longitude: -77.4753 },
    containers: true,
    volumeTypes: ['ssd_hiiops', 'ssd_lowlatency', 'standard', 'ultra'],
  },
  {
    id: 116,
    display_name: 'Singapore-2',
    slug: 'singapore-2',
    state: 'MAINTENANCE',
    country: 'SG',
    zone: 'APAC',
    has_ai: false,
    has_ai_gpu: false,
    coordinates: null,
    containers: true,
    volumeTypes: ['standard'],
  },
  {
    id: 20,
    display_name: 'Paris-2',
    slug: 'paris-2',
    state: 'ACTIVE',
    country: 'FR',
    zone: 'EMEA',
    has_ai: false,
    has_ai_gpu: false,
    coordinates: null,
    containers: false,
    volumeTypes: ['ssd_hiiops', 'standard'],
  },
];

/** GET /iam/clients/me: the account behind the key. */
export function getAccount(request: ApiRequest): Reply {
  return { status: 200, body: request.accountId === NEW_ACCOUNT.id ? { ...NEW_ACCOUNT } : { ...ACCOUNT } };
}

/** GET /cloud/v1/projects?limit=&offset=&order_by=name.asc */
export function listProjects(request: ApiRequest): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const ordered = request.query.get('order_by') === 'name.asc' ? [...PROJECTS].sort((a, b) => a.name.localeCompare(b.name)) : PROJECTS;
  return { status: 200, body: { count: ordered.length, results: pageOf(ordered, page) } };
}

/** GET /cloud/v1/regions?limit=&offset=&product= */
export function listRegions(request: ApiRequest): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  const product = request.query.get('product');
  if (product !== null && product !== 'containers' && product !== 'inference') {
    invalidFields.product = ['Must be one of: containers, inference.'];
  }
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const showVolumeTypes = request.query.get('show_volume_types') === 'true';
  const listed = REGIONS.filter((region) => (product === 'inference' ? region.has_ai : product === null || region.containers)).map(
    (region) => regionView(region, showVolumeTypes),
  );
  return { status: 200, body: { count: listed.length, results: pageOf(listed, page) } };
}

/** GET /cloud/v1/regions/{region_id}?show_volume_types= */
export function getRegion(request: ApiRequest, regionId: string): Reply {
  const region = REGIONS.find((candidate) => String(candidate.id) === regionId);
  if (!region) return cloudError(request.requestId, 404, 'NotFoundError', `Region ${regionId} not found.`);
  return { status: 200, body: regionView(region, request.query.get('show_volume_types') === 'true') };
}

/** The volume types a region offers; undefined for a region the emulator does not list (any type goes there). */
export function regionVolumeTypes(regionId: number): readonly string[] | undefined {
  return REGIONS.find((region) => region.id === regionId)?.volumeTypes;
}

/** The regions that run inference deployments (`has_ai`). */
export function aiRegionIds(): number[] {
  return REGIONS.filter((region) => region.has_ai).map((region) => region.id);
}

/** A region's slug, for the addresses of what runs there. */
export function regionSlug(regionId: number): string {
  return REGIONS.find((region) => region.id === regionId)?.slug ?? `region-${regionId}`;
}

/** A region as Gcore answers it: `available_volume_types` null unless asked for with `show_volume_types`. */
function regionView({ containers: _containers, volumeTypes, ...region }: (typeof REGIONS)[number], showVolumeTypes: boolean) {
  return { ...region, available_volume_types: showVolumeTypes ? volumeTypes : null };
}
