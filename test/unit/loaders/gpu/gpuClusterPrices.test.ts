import * as assert from 'node:assert/strict';
import type { CallOptions } from '../../../../src/api';
import type { GpuCluster, GpuClusterCost, GpuClusterRef } from '../../../../src/api/gpu/gpuClusterTypes';
import { ConcurrencyLimit } from '../../../../src/loaders/concurrencyLimit';
import { GpuClusterReads, MAX_CONCURRENT_PRICE_READS } from '../../../../src/loaders/gpu/gpuClusterReads';

const LOCATION = { projectId: 1, regionId: 76 };

function cluster(index: number, changes: Partial<GpuCluster> = {}): GpuCluster {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `c${index}`,
    status: 'active',
    flavor: 'f',
    servers_count: 2,
    ...changes,
  };
}

function refOf(of: GpuCluster): GpuClusterRef {
  return { ...LOCATION, kind: 'virtual', clusterId: of.id };
}

/** A price client whose answers the test releases by hand, so timing never decides the outcome. */
class PriceClient {
  readonly asked: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly pending: (() => void)[] = [];

  readonly gpuClusters = {
    price: (ref: GpuClusterRef, options: CallOptions = {}): Promise<GpuClusterCost> => {
      const attempt = (): Promise<GpuClusterCost> => {
        this.asked.push(ref.clusterId);
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        return new Promise((resolve) =>
          this.pending.push(() => {
            this.inFlight--;
            resolve({ currency_code: 'EUR', price_per_hour: 1.5, price_status: 'show' });
          }),
        );
      };
      return options.gate ? options.gate(attempt) : attempt();
    },
  };

  releaseAll(): void {
    for (const release of this.pending.splice(0)) release();
  }
}

function readsWith(client: PriceClient): GpuClusterReads {
  return new GpuClusterReads(client as never, new ConcurrencyLimit(6));
}

/** Lets the settled reads hand their slots on. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GpuClusterReads: prices', () => {
  it('reads at most four prices at once, each cluster once', async () => {
    const client = new PriceClient();
    const reads = readsWith(client);
    const clusters = Array.from({ length: 10 }, (_, index) => cluster(index));
    const all = Promise.all(clusters.map((each) => reads.price(refOf(each), each)));
    void reads.price(refOf(clusters[0]), clusters[0]);
    while (client.asked.length < clusters.length) {
      assert.ok(client.inFlight <= MAX_CONCURRENT_PRICE_READS);
      client.releaseAll();
      await settle();
    }
    client.releaseAll();
    await all;
    assert.equal(MAX_CONCURRENT_PRICE_READS, 4);
    assert.equal(client.maxInFlight, 4);
    assert.equal(client.asked.length, 10, 'a price asked for twice at once is read once');
    assert.deepEqual(reads.settledPrice(refOf(clusters[3]), clusters[3]), {
      state: 'loaded',
      value: { currency_code: 'EUR', price_per_hour: 1.5, price_status: 'show' },
    });
  });

  it("keeps a price through a moving kind's next read, and reads it again when the flavor, size or stop changes, or the location reloads", async () => {
    const client = new PriceClient();
    const reads = readsWith(client);
    const train = cluster(1);
    const load = async (of: GpuCluster) => {
      const read = reads.price(refOf(of), of);
      client.releaseAll();
      return read;
    };
    await load(train);
    // A poll of the moving kind reads its list again, not the price; a move on the way changes nothing billed.
    reads.invalidateClusters(LOCATION, ['virtual'], true);
    await load({ ...train, status: 'rebooting' });
    assert.equal(client.asked.length, 1);
    await load({ ...train, servers_count: 3 });
    await load({ ...train, flavor: 'g' });
    await load({ ...train, status: 'shutoff' });
    assert.equal(client.asked.length, 4);
    reads.invalidateClusters(LOCATION);
    assert.equal(reads.settledPrice(refOf(train), train), undefined);
    await load(train);
    assert.equal(client.asked.length, 5);
  });
});
