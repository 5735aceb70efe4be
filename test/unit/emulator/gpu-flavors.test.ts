import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest, type RawResponse } from './raw-http';

interface Flavor {
  name: string;
  architecture: string;
  capacity: number;
  disabled: boolean;
  hardware_description: { gpu: string; ram: number; vcpus: number; local_storage: number };
  hardware_properties: { gpu_count: number; gpu_manufacturer: string; gpu_model: string };
  supported_features: { security_groups: boolean };
  price?: { currency_code: string | null; price_per_hour: number | null; price_per_month: number | null; price_status: string };
}

interface FlavorList {
  count: number;
  results: Flavor[];
}

async function list(emulator: Emulator, query = '', location = '1/1'): Promise<FlavorList> {
  const response = await rawRequest(emulator, 'GET', `/cloud/v3/gpu/virtual/${location}/flavors${query}`);
  assert.equal(response.status, 200, response.text);
  return response.json as FlavorList;
}

function invalidFieldNames(response: RawResponse): string[] {
  assert.equal(response.status, 400, response.text);
  const body = response.json as Record<string, unknown>;
  assert.equal(body.exception_class, 'ValidationError');
  return Object.keys(body.invalid_fields as object);
}

describe('emulator GPU flavor list', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  after(() => emulator.close());

  it('lists about eight realistic flavors, some disabled and some out of stock, without prices', async () => {
    const { count, results } = await list(emulator);
    assert.equal(count, results.length);
    assert.ok(count >= 6 && count <= 10, String(count));
    assert.ok(results.some((flavor) => flavor.disabled));
    assert.ok(results.some((flavor) => !flavor.disabled && flavor.capacity === 0));
    assert.ok(results.some((flavor) => !flavor.disabled && flavor.capacity > 0));
    for (const flavor of results) {
      assert.equal(flavor.architecture, 'x86_64');
      assert.equal('price' in flavor, false);
      assert.equal(flavor.hardware_properties.gpu_manufacturer, 'nvidia');
      assert.ok(['l40s', 'a100', 'h100'].includes(flavor.hardware_properties.gpu_model));
      assert.match(flavor.hardware_description.gpu, /^NVIDIA (L40S|A100|H100)-\d+GPU \(\d+GB\)$/);
      assert.ok(flavor.hardware_description.ram >= 1024 && flavor.hardware_description.vcpus > 0);
      assert.equal(flavor.supported_features.security_groups, true);
    }
    assert.equal(new Set(results.map((flavor) => flavor.name)).size, count);
  });

  it('is deterministic per location and differs between regions', async () => {
    assert.deepEqual(await list(emulator, '', '5/2'), await list(emulator, '', '5/2'));
    const names = async (location: string) => (await list(emulator, '', location)).results.map((flavor) => flavor.name);
    assert.notDeepEqual(await names('5/1'), await names('5/2'));
  });

  it('removes disabled flavors with hide_disabled=true and counts what remains', async () => {
    const all = await list(emulator, '?hide_disabled=false');
    const enabled = await list(emulator, '?hide_disabled=true');
    assert.equal(enabled.count, all.results.filter((flavor) => !flavor.disabled).length);
    assert.ok(enabled.count < all.count);
    assert.ok(enabled.results.every((flavor) => !flavor.disabled));
  });

  it('adds show, hide and error prices with include_prices=true', async () => {
    const { results } = await list(emulator, '?include_prices=true');
    const statuses = results.map((flavor) => flavor.price?.price_status);
    assert.ok(statuses.includes('show') && statuses.includes('hide') && statuses.includes('error'));
    for (const flavor of results) {
      const price = flavor.price;
      assert.ok(price);
      if (price.price_status === 'show') {
        assert.equal(price.currency_code, 'EUR');
        assert.ok(typeof price.price_per_hour === 'number' && price.price_per_hour > 0);
        assert.ok(typeof price.price_per_month === 'number' && price.price_per_month > price.price_per_hour);
      } else {
        assert.equal(price.price_per_hour, null);
        assert.equal(price.price_per_month, null);
      }
    }
  });

  it('pages with limit and offset while count stays the filtered total', async () => {
    const all = await list(emulator);
    const page = await list(emulator, '?limit=2&offset=3');
    assert.equal(page.count, all.count);
    assert.deepEqual(page.results, all.results.slice(3, 5));
    assert.deepEqual((await list(emulator, `?offset=${all.count}`)).results, []);
  });

  it('rejects malformed query parameters, naming each one', async () => {
    const query = async (q: string) => invalidFieldNames(await rawRequest(emulator, 'GET', `/cloud/v3/gpu/virtual/1/1/flavors?${q}`));
    assert.deepEqual(await query('hide_disabled=1'), ['hide_disabled']);
    assert.deepEqual(await query('include_prices=True'), ['include_prices']);
    assert.deepEqual(await query('limit=0'), ['limit']);
    assert.deepEqual(await query('limit=1001'), ['limit']);
    assert.deepEqual(await query('limit=ten'), ['limit']);
    assert.deepEqual(await query('offset=-1'), ['offset']);
    assert.deepEqual((await query('hide_disabled=yes&offset=x')).sort(), ['hide_disabled', 'offset']);
  });

  it('rejects location ids that are not positive integers', async () => {
    const response = await rawRequest(emulator, 'GET', '/cloud/v3/gpu/virtual/x/-1/flavors');
    assert.deepEqual(invalidFieldNames(response).sort(), ['project_id', 'region_id']);
  });
});

describe('emulator GPU flavor list with a generated catalogue', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY, flavorsPerLocation: 5000 });
  });
  after(() => emulator.close());

  it('serves that many uniquely named flavors, 1000 per page by default', async () => {
    const first = await list(emulator, '?include_prices=true');
    assert.equal(first.count, 5000);
    assert.equal(first.results.length, 1000);
    const names = new Set<string>();
    for (let offset = 0; offset < 5000; offset += 1000) {
      for (const flavor of (await list(emulator, `?offset=${offset}`)).results) names.add(flavor.name);
    }
    assert.equal(names.size, 5000);
    const enabled = await list(emulator, '?hide_disabled=true&limit=1');
    assert.ok(enabled.count > 0 && enabled.count < 5000);
  });
});
