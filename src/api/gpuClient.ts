import * as l10n from '@vscode/l10n';
import { wrongType, type FieldType, type Json } from './decode';
import type { RequestPipeline } from './http/requestPipeline';
import { CLOUD_LIST, fetchAllPages, readListPage, type PagedListMessages } from './paging';
import type { CallOptions } from './callOptions';
import type { ProjectRegionRef } from '../core/projectRegion';
import type { GpuFlavor, GpuFlavorList, UnreadableFlavor } from './types';

/** The API's largest page of flavors. */
const FLAVOR_PAGE_LIMIT = 1000;

const FLAVOR_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the flavor list is not an object'),
  noItems: (field) => l10n.t('the flavor list has no {0} array', field),
  tooMany: (total, max) => l10n.t('The Gcore API reports {0} GPU flavors, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

export interface FlavorQuery extends ProjectRegionRef {
  hideDisabled?: boolean;
  includePrices?: boolean;
}

/** Virtual GPU flavors (`/cloud/v3/gpu/virtual/…`). */
export class GpuClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * All flavors of a project and region. The API answers at most 1,000 per page (its `limit` cap), so when
   * `count` says there are more, the rest is fetched page by page with `offset`; the first request carries
   * only the two filters. Flavors that cannot be read are left out and listed in `unreadable`.
   */
  async listFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    let first: GpuFlavorList | undefined;
    const unreadable: UnreadableFlavor[] = [];
    const all = await fetchAllPages<GpuFlavor>({
      tooMany: FLAVOR_LIST.tooMany,
      pageLimit: FLAVOR_PAGE_LIMIT,
      keyOf: (flavor) => flavor.name,
      fetchPage: async (offset) => {
        const page = await this.flavorPage(query, offset, options);
        first ??= page;
        unreadable.push(...(page.unreadable ?? []));
        return { total: page.count, items: page.results, unreadable: page.unreadable ?? [] };
      },
    });
    const answer: GpuFlavorList = { ...(first as GpuFlavorList), results: all.items };
    if (unreadable.length > 0) answer.unreadable = unreadable;
    else if (answer.unreadable !== undefined) delete answer.unreadable;
    return answer;
  }

  private async flavorPage(query: FlavorQuery, offset: number | undefined, options: CallOptions): Promise<GpuFlavorList> {
    const answer = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v3', 'gpu', 'virtual', query.projectId, query.regionId, 'flavors'],
      query: {
        hide_disabled: query.hideDisabled ? 'true' : undefined,
        include_prices: query.includePrices ? 'true' : undefined,
        limit: offset === undefined ? undefined : String(FLAVOR_PAGE_LIMIT),
        offset: offset === undefined ? undefined : String(offset),
      },
      signal: options.signal,
      gate: options.gate,
    });
    return decodeFlavorList(answer.body);
  }
}

type FieldChecks = readonly (readonly [field: string, type: FieldType])[];

/** What the tree reads of a flavor, by the object it sits in ('' for the flavor itself). */
const FLAVOR_CHECKS: readonly (readonly [object: string, checks: FieldChecks])[] = [
  ['', [['capacity', 'number'], ['disabled', 'boolean'], ['architecture', 'string'], ['hardware_description', 'object'], ['hardware_properties', 'object'], ['price', 'object']]],
  ['hardware_description', [['gpu', 'string'], ['ram', 'number'], ['vcpus', 'number']]],
  ['hardware_properties', [['gpu_count', 'number'], ['gpu_model', 'string'], ['gpu_manufacturer', 'string']]],
  ['price', [['price_per_hour', 'number'], ['price_per_month', 'number'], ['currency_code', 'string'], ['price_status', 'string']]],
];

/**
 * Why a flavor cannot be shown, or undefined when it can. A region can list thousands of flavors: the
 * path in the message is only built for the one that fails.
 */
function flavorProblem(value: unknown, index: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return l10n.t('{0} is not an object', `results[${index}]`);
  const flavor = value as Json;
  if (typeof flavor.name !== 'string' || flavor.name === '') return l10n.t('{0} is missing', `results[${index}].name`);
  for (const [objectName, checks] of FLAVOR_CHECKS) {
    const object = objectName === '' ? flavor : (flavor[objectName] as Json | null | undefined);
    if (!object) continue;
    if (typeof object !== 'object' || Array.isArray(object)) return l10n.t('{0} is not an object', `results[${index}].${objectName}`);
    for (const [field, type] of checks) {
      const actual = wrongType(object, field, type);
      if (actual !== undefined) {
        const where = objectName === '' ? `results[${index}].` : `results[${index}].${objectName}.`;
        return l10n.t('{0} is {1}, expected {2}', `${where}${field}`, actual, type);
      }
    }
  }
  return undefined;
}

/**
 * One page of flavors. A flavor the extension cannot read is left out and described in `unreadable`
 * (one bad entry must not hide a region's whole list); a page it cannot read at all is an error.
 */
function decodeFlavorList(value: unknown): GpuFlavorList {
  const { body, total, entries } = readListPage(value, CLOUD_LIST, FLAVOR_LIST);
  const unreadable: UnreadableFlavor[] = [];
  for (let index = 0; index < entries.length; index++) {
    const problem = flavorProblem(entries[index], index);
    if (problem !== undefined) unreadable.push({ name: nameOf(entries[index]), problem });
  }
  const count = total ?? entries.length;
  if (unreadable.length === 0) return { ...body, count, results: entries as GpuFlavor[] };
  const results = entries.filter((entry, index) => flavorProblem(entry, index) === undefined) as GpuFlavor[];
  return { ...body, count, results, unreadable };
}

function nameOf(entry: unknown): string | undefined {
  const name = typeof entry === 'object' && entry !== null ? (entry as Json).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
