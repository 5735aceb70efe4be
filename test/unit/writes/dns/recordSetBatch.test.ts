import * as assert from 'node:assert/strict';
import type { DnsClient } from '../../../../src/api/dns/dnsClient';
import { applyRecordSetChanges, isPartlyApplied, RECORD_SET_WRITES_IN_FLIGHT } from '../../../../src/writes/dns/recordSetBatch';
import type { RecordSetChange } from '../../../../src/models/dns/zoneFileChanges';

function create(name: string): RecordSetChange {
  return {
    kind: 'create',
    name: `${name}.example.com`,
    type: 'A',
    body: { ttl: 300, resource_records: [{ content: ['203.0.113.1'] }] },
    line: 1,
  };
}

function remove(name: string): RecordSetChange {
  return {
    kind: 'delete',
    name: `${name}.example.com`,
    type: 'A',
    current: { name: `${name}.example.com`, type: 'A', resource_records: [] },
  };
}

/** A DNS client that records each write and its concurrency, and refuses the names in `refuse`. */
function fakeDns(refuse: string[] = []) {
  const sent: string[] = [];
  let inFlight = 0;
  let most = 0;
  const write = async (method: string, name: string): Promise<never> => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight--;
    sent.push(`${method} ${name}`);
    if (refuse.includes(name)) throw new Error(`Gcore refused ${name}`);
    return {} as never;
  };
  const dns = {
    replaceRecord: (_zone: string, name: string) => write('PUT', name),
    deleteRecord: (_zone: string, name: string) => write('DELETE', name),
  } as unknown as DnsClient;
  return { dns, sent, most: () => most };
}

describe('record set batches: one request per set, a few at a time, stopping at the first refusal', () => {
  it('sends deletions first, then the rest, never more than the limit at once', async () => {
    const { dns, sent, most } = fakeDns();
    const changes = [...Array.from({ length: 20 }, (_, index) => create(`host-${index}`)), remove('old')];
    const applied = await applyRecordSetChanges(dns, 'example.com', changes);
    assert.equal(applied.length, 21);
    assert.equal(sent[0], 'DELETE old.example.com');
    assert.equal(sent.length, 21);
    assert.equal(most(), RECORD_SET_WRITES_IN_FLIGHT);
  });

  it('after a refusal sends nothing more and says what was applied, what was refused and what was not applied', async () => {
    const { dns, sent } = fakeDns(['host-3.example.com']);
    const changes = Array.from({ length: 30 }, (_, index) => create(`host-${index}`));
    const error = await applyRecordSetChanges(dns, 'example.com', changes).then(
      () => assert.fail('the batch must fail'),
      (failure: unknown) => failure,
    );
    assert.ok(isPartlyApplied(error));
    assert.equal(error.failed?.change.name, 'host-3.example.com');
    assert.equal(error.applied.length + error.notApplied.length + 1, 30);
    assert.ok(sent.length < 30, `not every change was sent (${sent.length})`);
    assert.match(error.message, /\d+ of the 30 changes to example\.com were applied \(host-0 A/);
    assert.match(error.message, /host-3 A was refused: Gcore refused host-3\.example\.com\./);
    assert.match(error.message, /\d+ more were not applied \(/);
  });

  it('a cancelled batch sends nothing more and says so', async () => {
    const { dns, sent } = fakeDns();
    const controller = new AbortController();
    controller.abort();
    const error = await applyRecordSetChanges(dns, 'example.com', [create('a'), create('b')], controller.signal).catch(
      (failure: unknown) => failure,
    );
    assert.ok(isPartlyApplied(error));
    assert.deepEqual(sent, []);
    assert.match(error.message, /None of the 2 changes to example\.com was applied\. Cancelled\./);
  });
});
