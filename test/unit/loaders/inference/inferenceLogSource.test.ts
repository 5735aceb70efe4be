import * as assert from 'node:assert/strict';
import type { InferenceApi, InferenceLogLine, InferenceLogQuery } from '../../../../src/api/inference/inferenceTypes';
import { inferenceLogSource } from '../../../../src/loaders/inference/inferenceLogSource';

function line(second: number, message = `line ${second}`): InferenceLogLine {
  return { time: new Date(Date.UTC(2026, 10, 29, 9, 0, second)).toISOString(), region_id: 7, pod: 'p', message };
}

/** A client whose log answers `pages` in turn, recording what each read asked. */
function fakeLogs(pages: InferenceLogLine[][]): { inference: Pick<InferenceApi, 'logs'>; asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    inference: {
      logs: async (ref, query: InferenceLogQuery) => {
        asked.push({ ...ref, ...query });
        const results = pages.shift() ?? [];
        return { count: results.length, results };
      },
    },
  };
}

describe('an inference deployment log source', () => {
  it("reads the newest page, one region's when asked, at most 1000 lines", async () => {
    const { inference, asked } = fakeLogs([[line(2), line(1)]]);
    const source = inferenceLogSource(inference);
    const page = await source.newest({ projectId: 1, name: 'llama-chat', regionId: 7 }, 5000, undefined);
    assert.deepEqual(page, [line(2), line(1)]);
    assert.deepEqual(asked, [{ projectId: 1, name: 'llama-chat', order: 'time.desc', limit: 1000, regionId: 7 }]);
  });

  it('merges the pages: oldest first, then only the lines not shown', async () => {
    const { inference } = fakeLogs([
      [line(2), line(1)],
      [line(3), line(2), line(1)],
    ]);
    const source = inferenceLogSource(inference);
    const merge = source.merge();
    const address = { projectId: 1, name: 'llama-chat' };
    assert.deepEqual(merge.next(await source.newest(address, 10, undefined)).lines, [line(1), line(2)]);
    assert.deepEqual(merge.next(await source.newest(address, 10, undefined), 10), { lines: [line(3)], gap: false });
  });

  it("names a deployment's and a region's log documents apart, and reads the names back", () => {
    const source = inferenceLogSource(fakeLogs([]).inference);
    const all = source.path({ projectId: 1, name: 'llama-chat' });
    const region = source.path({ projectId: 1, name: 'llama-chat', regionId: 7 });
    assert.notEqual(all, region);
    assert.equal(source.nameAt(all), 'llama-chat');
    assert.equal(source.nameAt(region), source.name({ projectId: 1, name: 'llama-chat', regionId: 7 }));
    assert.equal(source.nameAt('/x.json'), undefined);
  });
});
