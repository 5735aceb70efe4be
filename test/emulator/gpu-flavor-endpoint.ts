import type { ApiRequest } from './api-request';
import { parseCloudLocation, type CloudLocation } from './cloud-location';
import type { FlavorCatalogue } from './gpu-flavor-catalogue';
import { booleanParameter } from './query-flags';
import { cloudValidationError, type InvalidFields, type Reply } from './replies';

const MAX_LIMIT = 1000;

interface FlavorQuery {
  hideDisabled: boolean;
  includePrices: boolean;
  limit: number;
  offset: number;
}

type FlavorQueryResult = { ok: true; query: FlavorQuery } | { ok: false; invalidFields: InvalidFields };

function integerParameter(
  query: URLSearchParams,
  name: string,
  bounds: { min: number; max?: number; fallback: number },
  invalidFields: InvalidFields,
): number {
  const value = query.get(name);
  if (value === null) return bounds.fallback;
  if (!/^-?\d+$/.test(value)) {
    invalidFields[name] = ['Not a valid integer.'];
    return bounds.fallback;
  }
  const number = Number(value);
  if (number < bounds.min || (bounds.max !== undefined && number > bounds.max)) {
    invalidFields[name] = [
      bounds.max === undefined
        ? `Must be greater than or equal to ${bounds.min}.`
        : `Must be greater than or equal to ${bounds.min} and less than or equal to ${bounds.max}.`,
    ];
    return bounds.fallback;
  }
  return number;
}

function parseFlavorQuery(query: URLSearchParams): FlavorQueryResult {
  const invalidFields: InvalidFields = {};
  const parsed: FlavorQuery = {
    hideDisabled: booleanParameter(query, 'hide_disabled', invalidFields),
    includePrices: booleanParameter(query, 'include_prices', invalidFields),
    limit: integerParameter(query, 'limit', { min: 1, max: MAX_LIMIT, fallback: MAX_LIMIT }, invalidFields),
    offset: integerParameter(query, 'offset', { min: 0, fallback: 0 }, invalidFields),
  };
  return Object.keys(invalidFields).length > 0 ? { ok: false, invalidFields } : { ok: true, query: parsed };
}

/**
 * GET /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/flavors: the kind's catalogue. `settle` first
 * ends the location's due cluster tasks, whose servers take and give back capacity.
 */
export function listGpuFlavors(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
  catalogue: FlavorCatalogue,
  settle: (location: CloudLocation) => void,
): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  const query = parseFlavorQuery(request.query);
  if (!location.ok || !query.ok) {
    return cloudValidationError(request.requestId, {
      ...(location.ok ? {} : location.invalidFields),
      ...(query.ok ? {} : query.invalidFields),
    });
  }
  settle(location.location);
  const { hideDisabled, includePrices, limit, offset } = query.query;
  const visible = catalogue.entries(location.location).filter((entry) => !hideDisabled || !entry.flavor.disabled);
  const page = visible.slice(offset, offset + limit);
  const results = includePrices ? page.map(({ flavor, price }) => ({ ...flavor, price })) : page.map(({ flavor }) => flavor);
  return { status: 200, body: { count: visible.length, results } };
}
