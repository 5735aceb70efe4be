import * as assert from 'node:assert/strict';
import type { CallOptions } from '../../../../src/api';
import type { InferenceApi, InferenceDeployment } from '../../../../src/api/inference/inferenceTypes';
import type { CloudList } from '../../../../src/api/types';
import { ConcurrencyLimit } from '../../../../src/loaders/concurrencyLimit';
import { InferenceReads } from '../../../../src/loaders/inference/inferenceReads';

/** An inference client counting each call by its name and project, answering lists of one item named after the call. */
function countingClient(options: { fail?: string } = {}) {
  const calls: string[] = [];
  const list =
    (what: string, projectId?: number) =>
    async (...args: unknown[]) => {
      const call = projectId === undefined ? what : `${what} ${projectId}`;
      calls.push(call);
      const gate = (args.find((arg) => typeof arg === 'object' && arg !== null && 'gate' in arg) as CallOptions | undefined)?.gate;
      const answer = async (): Promise<CloudList<{ name: string }>> => {
        if (options.fail === what) throw new Error(`${what} failed`);
        return { count: 1, results: [{ name: `${call} #${calls.length}` }] };
      };
      return gate ? gate(answer) : answer();
    };
  const client = {
    listDeployments: (ref: { projectId: number }, call?: CallOptions) => list('deployments', ref.projectId)(call),
    listApplications: (ref: { projectId: number }, call?: CallOptions) => list('applications', ref.projectId)(call),
    listRegistryCredentials: (ref: { projectId: number }, call?: CallOptions) => list('credentials', ref.projectId)(call),
    flavors: (call?: CallOptions) => list('flavors')(call),
    capacity: (call?: CallOptions) => list('capacity')(call),
    catalog: (call?: CallOptions) => list('catalog')(call),
    quota: async () => {
      calls.push('quota');
      return { limits: { inference_gpu_h100_count_limit: 2 }, usage: { inference_gpu_h100_count_usage: 1 } };
    },
  };
  return { client: client as unknown as InferenceApi, calls };
}

function reads(options: { fail?: string } = {}) {
  const { client, calls } = countingClient(options);
  return { reads: new InferenceReads(client, new ConcurrencyLimit(6)), calls };
}

function names(result: { state: string; value?: CloudList<InferenceDeployment | { name: string }> }): string[] {
  assert.equal(result.state, 'loaded');
  return result.value!.results.map((item) => item.name);
}

describe('the inference reads', () => {
  it('reads each project’s lists once, shared by loads at once and remembered after', async () => {
    const { reads: inference, calls } = reads();
    const [first, second] = await Promise.all([inference.deployments(1), inference.deployments(1)]);
    assert.equal(first, second);
    await inference.deployments(1);
    await inference.deployments(2);
    await inference.applications(1);
    await inference.registryCredentials(1);
    assert.deepEqual(calls, ['deployments 1', 'deployments 2', 'applications 1', 'credentials 1']);
  });

  it('reads the account-wide lists once for every project', async () => {
    const { reads: inference, calls } = reads();
    await Promise.all([inference.flavors(), inference.flavors(), inference.capacity(), inference.catalog(), inference.quota()]);
    await inference.quota();
    assert.deepEqual(calls.sort(), ['capacity', 'catalog', 'flavors', 'quota']);
    assert.deepEqual(inference.settledQuota(), {
      state: 'loaded',
      value: { limits: { inference_gpu_h100_count_limit: 2 }, usage: { inference_gpu_h100_count_usage: 1 } },
    });
  });

  it('reads one project’s deployments again after their invalidation, and no other project’s', async () => {
    const { reads: inference, calls } = reads();
    await inference.deployments(1);
    await inference.deployments(2);
    inference.invalidateDeployments(1);
    assert.deepEqual(names(await inference.deployments(1)), ['deployments 1 #3']);
    assert.deepEqual(names(await inference.deployments(2)), ['deployments 2 #2']);
    assert.deepEqual(calls, ['deployments 1', 'deployments 2', 'deployments 1']);
  });

  it('takes a remembered list only as young as asked', async () => {
    const { reads: inference, calls } = reads();
    await inference.registryCredentials(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await inference.registryCredentials(1, 60_000);
    await inference.registryCredentials(1, 0);
    assert.deepEqual(calls, ['credentials 1', 'credentials 1']);
  });

  it('answers a failure without throwing, and remembers it until invalidated', async () => {
    const { reads: inference, calls } = reads({ fail: 'applications' });
    const result = await inference.applications(3);
    assert.equal(result.state, 'failed');
    assert.match(String((result as { error: unknown }).error), /applications failed/);
    await inference.applications(3);
    inference.invalidateApplications();
    await inference.applications(3);
    assert.deepEqual(calls, ['applications 3', 'applications 3']);
  });

  it('forgets the quota and capacity together, and everything on a new key', async () => {
    const { reads: inference, calls } = reads();
    await Promise.all([inference.quota(), inference.capacity(), inference.flavors(), inference.deployments(1)]);
    inference.invalidateQuota();
    await Promise.all([inference.quota(), inference.capacity(), inference.flavors(), inference.deployments(1)]);
    assert.equal(calls.filter((call) => call === 'quota').length, 2);
    assert.equal(calls.filter((call) => call === 'capacity').length, 2);
    assert.equal(calls.filter((call) => call === 'flavors').length, 1);
    inference.invalidate();
    assert.equal(inference.settledQuota(), undefined);
    await Promise.all([inference.flavors(), inference.deployments(1), inference.catalog()]);
    assert.equal(calls.filter((call) => call === 'flavors').length, 2);
    assert.equal(calls.filter((call) => call === 'deployments 1').length, 2);
  });
});
