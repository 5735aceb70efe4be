import * as l10n from '@vscode/l10n';
import { typeOfPresent, type FieldType, type Json } from '../decode';
import type { ApiRequest, RequestPipeline } from '../http/requestPipeline';
import { CLOUD_LIST, fetchAllPages, readListPage, type PagedListMessages } from '../paging';
import type { CallOptions } from '../callOptions';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { GpuKind } from './gpuClusterTypes';
import type { FlavorList, GpuBaremetalFlavor, GpuBaremetalFlavorList, GpuFlavor, GpuFlavorList, UnreadableFlavor } from './gpuFlavorTypes';

/** The API's largest page of flavors. */
const FLAVOR_PAGE_LIMIT = 1000;

const FLAVOR_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the flavor list is not an object'),
  noItems: (field) => l10n.t('the flavor list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} GPU flavors, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

export interface FlavorQuery extends ProjectRegionRef {
  hideDisabled?: boolean;
  includePrices?: boolean;
}

/** GPU flavors, virtual (`/cloud/v3/gpu/virtual/…`) and bare metal (`/cloud/v3/gpu/baremetal/…`). */
export class GpuClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * All flavors of a project and region. The API answers at most 1,000 per page (its `limit` cap), so when
   * `count` says there are more, the rest is fetched page by page with `offset`; the first request carries
   * only the two filters. Flavors that cannot be read are left out and listed in `unreadable`.
   */
  async listFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    return this.allFlavors<GpuFlavor>('virtual', query, flavorProblem, options);
  }

  /**
   * The bare-metal GPU flavors of a project and region, paged as the virtual ones. Their hardware is described
   * in words (`"2TB RAM"`), and `reserved_capacity` counts what the customer's reservations hold.
   */
  async listBaremetalFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuBaremetalFlavorList> {
    return this.allFlavors<GpuBaremetalFlavor>('baremetal', query, baremetalFlavorProblem, options);
  }

  private async allFlavors<F extends { name: string }>(
    kind: GpuKind,
    query: FlavorQuery,
    problemOf: (value: unknown, index: number) => string | undefined,
    options: CallOptions,
  ): Promise<FlavorList<F>> {
    let first: FlavorList<F> | undefined;
    const unreadable: UnreadableFlavor[] = [];
    const all = await fetchAllPages<F>({
      tooMany: FLAVOR_LIST.tooMany,
      pageLimit: FLAVOR_PAGE_LIMIT,
      keyOf: (flavor) => flavor.name,
      fetchPage: async (offset) => {
        const { page, total } = decodeFlavorList<F>(
          (await this.pipeline.send(flavorPageRequest(kind, query, offset, options))).body,
          problemOf,
        );
        first ??= page;
        unreadable.push(...(page.unreadable ?? []));
        return { total, items: page.results, unreadable: page.unreadable ?? [] };
      },
    });
    const answer: FlavorList<F> = { ...(first as FlavorList<F>), results: all.items };
    if (unreadable.length > 0) answer.unreadable = unreadable;
    else if (answer.unreadable !== undefined) delete answer.unreadable;
    return answer;
  }
}

/** The request for a page of flavors (built here rather than in an async method of its own: a layer of awaiting fewer per request). */
function flavorPageRequest(kind: GpuKind, query: FlavorQuery, offset: number | undefined, options: CallOptions): ApiRequest {
  return {
    method: 'GET',
    segments: ['cloud', 'v3', 'gpu', kind, query.projectId, query.regionId, 'flavors'],
    query: {
      hide_disabled: query.hideDisabled ? 'true' : undefined,
      include_prices: query.includePrices ? 'true' : undefined,
      limit: offset === undefined ? undefined : String(FLAVOR_PAGE_LIMIT),
      offset: offset === undefined ? undefined : String(offset),
    },
    signal: options.signal,
    gate: options.gate,
  };
}

/**
 * Why a flavor cannot be shown, or undefined when it can: what the tree reads of it, each field present with
 * the type it reads or absent. Each field is read by its name where it is checked: a table of names read
 * through `object[name]` cost about 270 ns a flavor (a property lookup by a key that varies is V8's slow
 * path), a sixth of the client's own time per request. A region can list thousands of flavors: the path in
 * the message is only built for the one that fails.
 */
function flavorProblem(value: unknown, index: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return l10n.t('{0} is not an object', `results[${index}]`);
  const flavor = value as Json;
  if (typeof flavor.name !== 'string' || flavor.name === '') return l10n.t('{0} is missing', `results[${index}].name`);
  const own =
    fieldProblem(index, '', 'capacity', flavor.capacity, 'number') ??
    fieldProblem(index, '', 'disabled', flavor.disabled, 'boolean') ??
    fieldProblem(index, '', 'architecture', flavor.architecture, 'string') ??
    fieldProblem(index, '', 'hardware_description', flavor.hardware_description, 'object') ??
    fieldProblem(index, '', 'hardware_properties', flavor.hardware_properties, 'object') ??
    fieldProblem(index, '', 'price', flavor.price, 'object');
  if (own !== undefined) return own;
  const description = flavor.hardware_description as Json | null | undefined;
  if (description) {
    const problem =
      fieldProblem(index, 'hardware_description', 'gpu', description.gpu, 'string') ??
      fieldProblem(index, 'hardware_description', 'ram', description.ram, 'number') ??
      fieldProblem(index, 'hardware_description', 'vcpus', description.vcpus, 'number');
    if (problem !== undefined) return problem;
  }
  const properties = flavor.hardware_properties as Json | null | undefined;
  if (properties) {
    const problem =
      fieldProblem(index, 'hardware_properties', 'gpu_count', properties.gpu_count, 'number') ??
      fieldProblem(index, 'hardware_properties', 'gpu_model', properties.gpu_model, 'string') ??
      fieldProblem(index, 'hardware_properties', 'gpu_manufacturer', properties.gpu_manufacturer, 'string');
    if (problem !== undefined) return problem;
  }
  const price = flavor.price as Json | null | undefined;
  if (!price) return undefined;
  return (
    fieldProblem(index, 'price', 'price_per_hour', price.price_per_hour, 'number') ??
    fieldProblem(index, 'price', 'price_per_month', price.price_per_month, 'number') ??
    fieldProblem(index, 'price', 'currency_code', price.currency_code, 'string') ??
    fieldProblem(index, 'price', 'price_status', price.price_status, 'string')
  );
}

/** A field of `results[index]` (or of its object `objectName`) present with another type than `type`, said. */
function fieldProblem(index: number, objectName: string, field: string, read: unknown, type: FieldType): string | undefined {
  const actual = typeOfPresent(read);
  if (actual === undefined || actual === type) return undefined;
  const where = objectName === '' ? `results[${index}].` : `results[${index}].${objectName}.`;
  return l10n.t('{0} is {1}, expected {2}', `${where}${field}`, actual, type);
}

/** Why a bare-metal flavor cannot be shown: its hardware is in words, its capacities are numbers. */
function baremetalFlavorProblem(value: unknown, index: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return l10n.t('{0} is not an object', `results[${index}]`);
  const flavor = value as Json;
  if (typeof flavor.name !== 'string' || flavor.name === '') return l10n.t('{0} is missing', `results[${index}].name`);
  const own =
    fieldProblem(index, '', 'capacity', flavor.capacity, 'number') ??
    fieldProblem(index, '', 'reserved_capacity', flavor.reserved_capacity, 'number') ??
    fieldProblem(index, '', 'disabled', flavor.disabled, 'boolean') ??
    fieldProblem(index, '', 'hardware_description', flavor.hardware_description, 'object') ??
    fieldProblem(index, '', 'hardware_properties', flavor.hardware_properties, 'object') ??
    fieldProblem(index, '', 'price', flavor.price, 'object');
  if (own !== undefined) return own;
  const description = (flavor.hardware_description ?? {}) as Json;
  for (const field of ['cpu', 'ram', 'disk', 'network', 'gpu']) {
    const problem = fieldProblem(index, 'hardware_description', field, description[field], 'string');
    if (problem !== undefined) return problem;
  }
  const properties = (flavor.hardware_properties ?? {}) as Json;
  return (
    fieldProblem(index, 'hardware_properties', 'gpu_count', properties.gpu_count, 'number') ??
    fieldProblem(index, 'hardware_properties', 'gpu_model', properties.gpu_model, 'string')
  );
}

/**
 * One page of flavors, and the total it reports (undefined when it reports none: the page's `count` is then
 * its own length, which says nothing of the pages after it). A flavor the extension cannot read is left out
 * and described in `unreadable` (one bad entry must not hide a region's whole list); a page it cannot read at
 * all is an error.
 */
function decodeFlavorList<F>(
  value: unknown,
  problemOf: (value: unknown, index: number) => string | undefined,
): { page: FlavorList<F>; total: number | undefined } {
  const { body, total, entries } = readListPage(value, CLOUD_LIST, FLAVOR_LIST);
  const unreadable: UnreadableFlavor[] = [];
  for (let index = 0; index < entries.length; index++) {
    const problem = problemOf(entries[index], index);
    if (problem !== undefined) unreadable.push({ name: nameOf(entries[index]), problem });
  }
  const count = total ?? entries.length;
  if (unreadable.length === 0) return { page: { ...body, count, results: entries as F[] }, total };
  const results = entries.filter((entry, index) => problemOf(entry, index) === undefined) as F[];
  return { page: { ...body, count, results, unreadable }, total };
}

function nameOf(entry: unknown): string | undefined {
  const name = typeof entry === 'object' && entry !== null ? (entry as Json).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
