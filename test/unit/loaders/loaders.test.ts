import * as assert from 'node:assert/strict';
import type { CallOptions, ProjectRegionRef } from '../../../src/api';
import { AccountReads } from '../../../src/loaders/accountReads';
import { ContainerReads } from '../../../src/loaders/containers/containerReads';
import { DnsReads } from '../../../src/loaders/dns/dnsReads';
import { FlavorLoader, MAX_CONCURRENT_FLAVOR_REQUESTS } from '../../../src/loaders/gpu/flavorLoader';
import { KeyedLoader } from '../../../src/loaders/keyedLoader';
import { Loaders } from '../../../src/loaders/loaders';

/** Every read of every area as one client whose answers the test releases by hand; a cancelled signal ends an attempt. */
class HeldClient {
  readonly sent: string[] = [];
  private readonly pending: { what: string; answer: () => void }[] = [];

  private read<T>(what: string, value: T, options: CallOptions = {}): Promise<T> {
    const attempt = () =>
      new Promise<T>((resolve, reject) => {
        this.sent.push(what);
        const entry = { what, answer: () => resolve(value) };
        this.pending.push(entry);
        options.signal?.addEventListener('abort', () => {
          this.pending.splice(this.pending.indexOf(entry), 1);
          reject(new Error('cancelled'));
        });
      });
    return options.gate ? options.gate(attempt) : attempt();
  }

  get waiting(): string[] {
    return this.pending.map((entry) => entry.what);
  }

  answerAll(): void {
    for (const entry of this.pending.splice(0)) entry.answer();
  }

  readonly account = {
    me: (options?: CallOptions) => this.read('account', { id: 1 }, options),
    listProjects: (options?: CallOptions) => this.read('projects', { count: 0, results: [] }, options),
    listRegions: (_product: unknown, options?: CallOptions) => this.read('regions', { count: 0, results: [] }, options),
  };
  readonly containers = {
    list: (ref: ProjectRegionRef, options?: CallOptions) => this.read(`containers ${ref.regionId}`, { count: 0, results: [] }, options),
    flavors: (ref: ProjectRegionRef, options?: CallOptions) => this.read(`sizes ${ref.regionId}`, { count: 0, results: [] }, options),
  };
  readonly pullSecrets = {
    list: (ref: ProjectRegionRef, options?: CallOptions) => this.read(`secrets ${ref.regionId}`, { count: 0, results: [] }, options),
  };
  readonly dns = {
    listZones: (options?: CallOptions) => this.read('zones', { total_amount: 0, zones: [] }, options),
    getDnssec: (zone: string, options?: CallOptions) => this.read(`dnssec ${zone}`, {}, options),
    listRecords: (zone: string, options?: CallOptions) => this.read(`records ${zone}`, { rrsets: [] }, options),
  };
  readonly gpu = {
    listFlavors: (query: ProjectRegionRef, options?: CallOptions) =>
      this.read(`flavors ${query.regionId}`, { count: 0, results: [] }, options),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The hub and each area's loader registered with it, as the areas build them. */
function build(client: HeldClient) {
  const loaders = new Loaders();
  const asClient = client as never;
  return {
    loaders,
    account: loaders.register(new AccountReads(asClient, loaders.limit)),
    containers: loaders.register(new ContainerReads(asClient, loaders.limit)),
    dns: loaders.register(new DnsReads(asClient, loaders.limit)),
    flavors: loaders.register(new FlavorLoader(client.gpu as never, () => ({ hideDisabled: true, includePrices: false }))),
  };
}

describe('Loaders', () => {
  it('lets the areas that take its limit share six requests, while the flavors keep six of their own', async () => {
    const client = new HeldClient();
    const { account, containers, dns, flavors } = build(client);
    const reads = [
      account.account(),
      account.projects(),
      containers.containers({ projectId: 1, regionId: 1 }),
      containers.containerSizes({ projectId: 1, regionId: 1 }),
      containers.pullSecrets({ projectId: 1, regionId: 1 }),
      dns.zones(),
      dns.records('example.com'),
      dns.dnssec('example.com'),
    ];
    const flavorLoads = Array.from({ length: MAX_CONCURRENT_FLAVOR_REQUESTS }, (_, index) =>
      flavors.load({ projectId: 1, regionId: index }),
    );
    await tick();
    assert.deepEqual(
      client.waiting.filter((what) => !what.startsWith('flavors')),
      ['account', 'projects', 'containers 1', 'sizes 1', 'secrets 1', 'zones'],
      'the seventh and eighth reads wait for a slot of the six the areas share',
    );
    assert.equal(client.waiting.filter((what) => what.startsWith('flavors')).length, MAX_CONCURRENT_FLAVOR_REQUESTS);
    client.answerAll();
    await tick();
    client.answerAll();
    const settled = await Promise.all([...reads, ...flavorLoads]);
    assert.ok(settled.every((loaded) => loaded.state === 'loaded'));
  });

  it('makes every registered loader forget what it loaded, and cancels what is in flight', async () => {
    const client = new HeldClient();
    const { loaders, account, containers, dns, flavors } = build(client);
    const here = { projectId: 1, regionId: 1 };
    const loadEach = () =>
      Promise.all([
        account.account(),
        account.regions('containers'),
        containers.containers(here),
        containers.containerSizes(here),
        dns.zones(),
        dns.records('example.com'),
        flavors.load(here),
      ]);
    const first = loadEach();
    await tick();
    client.answerAll();
    await first;
    assert.equal(account.loadedAccount()?.id, 1);

    const inFlight = Promise.all([containers.pullSecrets(here), dns.dnssec('example.com')]);
    await tick();
    const sentBefore = client.sent.length;
    loaders.invalidateAll();
    assert.deepEqual(
      (await inFlight).map((loaded) => loaded.state),
      ['failed', 'failed'],
      'a load in flight is cancelled, not cached',
    );
    assert.equal(client.waiting.length, 0);
    assert.equal(account.loadedAccount(), undefined);

    const again = loadEach();
    await tick();
    client.answerAll();
    await again;
    assert.deepEqual(client.sent.slice(sentBefore), [
      'account',
      'regions',
      'containers 1',
      'sizes 1',
      'zones',
      'records example.com',
      'flavors 1',
    ]);
  });

  it('makes the loader of an area it knows nothing of forget too, once the area registered it', async () => {
    const loaders = new Loaders();
    const widgets = loaders.register(new KeyedLoader<number>(loaders.limit));
    let reads = 0;
    const load = async () => {
      const loaded = await widgets.load('widgets', async () => ++reads);
      return loaded.state === 'loaded' ? loaded.value : undefined;
    };
    assert.equal(await load(), 1);
    assert.equal(await load(), 1, 'read once, then remembered');
    loaders.invalidateAll();
    assert.equal(await load(), 2);
  });
});
