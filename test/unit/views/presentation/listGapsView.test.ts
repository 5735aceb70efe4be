import * as assert from 'node:assert/strict';
import type { ContainerList } from '../../../../src/api/containers/containerTypes';
import { CONTAINER_GAPS } from '../../../../src/views/containers/presentation/containerGaps';
import { ZONE_GAPS } from '../../../../src/views/dns/presentation/dnsGaps';
import { GPU_CLUSTER_GAPS } from '../../../../src/views/gpu/presentation/gpuGaps';
import { listGapViews } from '../../../../src/views/presentation/listGapsView';

describe('listGapViews', () => {
  it('says nothing of a list that lost nothing', () => {
    const whole: ContainerList = { count: 3, results: [] };
    assert.deepEqual(listGapViews(whole, CONTAINER_GAPS), []);
  });

  it('warns of containers that could not be read and of those that never came, each in a row of its own', () => {
    const rows = listGapViews({ unreadableCount: 2, missing: { count: 1500, reportedTotal: 2500 } }, CONTAINER_GAPS);
    assert.deepEqual(
      rows.map((row) => row.view.label),
      ['2 containers could not be read', '1500 of the 2500 containers Gcore reported did not arrive'],
    );
    assert.ok(rows.every((row) => row.view.icon?.id === 'warning' && row.view.tooltip !== undefined));
    assert.equal(new Set(rows.map((row) => row.key)).size, 2);
    assert.equal(listGapViews({ unreadableCount: 1 }, CONTAINER_GAPS)[0].view.label, '1 container could not be read');
  });

  it('speaks of zones in the zone list', () => {
    const rows = listGapViews({ unreadableCount: 1, missing: { count: 4, reportedTotal: 300 } }, ZONE_GAPS);
    assert.deepEqual(
      rows.map((row) => row.view.label),
      ['1 zone could not be read', '4 of the 300 zones Gcore reported did not arrive'],
    );
    assert.equal(listGapViews({ unreadableCount: 7 }, ZONE_GAPS)[0].view.label, '7 zones could not be read');
  });

  it('says, of a list without a total that stopped before its end, that Gcore may have more', () => {
    const [row, ...more] = listGapViews({ incomplete: true }, GPU_CLUSTER_GAPS);
    assert.deepEqual(more, []);
    assert.equal(row.view.label, 'Gcore may have more GPU clusters than these');
    assert.equal(row.view.icon?.id, 'warning');
    assert.match(row.view.tooltip ?? '', /gave no total/);
  });

  it('keys its rows so that no container or zone name can share their id', () => {
    const keys = listGapViews({ unreadableCount: 1, missing: { count: 1, reportedTotal: 2 }, incomplete: true }, ZONE_GAPS).map(
      (row) => row.key,
    );
    const containerName = /^[a-z0-9]+(?:-+[a-z0-9]+)*(?:\.[a-z0-9]+(?:-+[a-z0-9]+)*)*$/;
    assert.ok(
      keys.every((key) => !containerName.test(key)),
      keys.join(', '),
    );
  });
});
