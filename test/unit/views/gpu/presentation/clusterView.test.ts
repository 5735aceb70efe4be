import * as assert from 'node:assert/strict';
import type { GpuCluster } from '../../../../../src/api/gpu/gpuClusterTypes';
import { clusterRowView } from '../../../../../src/views/gpu/presentation/clusterView';
import { formatHourlyPrice } from '../../../../../src/views/gpu/presentation/flavorPrice';
import { tableRows, unescapeMarkdown } from '../../markdownReading';

/** A running virtual cluster as Gcore lists it. */
const RUNNING: GpuCluster = {
  id: '058e03b4-c44b-4684-9075-810cb0354467',
  name: 'train-h100',
  status: 'active',
  flavor: 'g3-ai-24-232-1000-h100-80-1',
  servers_count: 2,
  tags: [{ key: 'env', value: 'production' }],
  created_at: '2026-06-17T18:52:19Z',
};

describe('clusterRowView', () => {
  it('shows the status in words, the GPUs as flavor rows say them and the servers, with a green icon', () => {
    const view = clusterRowView(RUNNING, { nowMs: 0, kind: 'virtual', busy: false, gpus: '1× H100 80 GB' });
    assert.equal(view.label, 'train-h100');
    assert.equal(view.description, 'running · 1× H100 80 GB · 2 servers');
    assert.equal(view.contextValue, 'gpuCluster.active');
    assert.deepEqual(view.icon, { id: 'pass-filled', color: 'testing.iconPassed' });
  });

  it("names the flavor when its GPUs are not known, and marks bare metal and Kubernetes' pools", () => {
    const view = clusterRowView(
      { ...RUNNING, name: 'k8s-a100-pool', flavor: 'bm2-ai-1xlarge-a100-80-8', servers_count: 1, managed_by: 'k8s' },
      { nowMs: 0, kind: 'baremetal', busy: false },
    );
    assert.equal(view.description, 'running · bm2-ai-1xlarge-a100-80-8 · 1 server · bare metal · managed by Kubernetes');
  });

  it('says which fields Gcore sent in a shape it cannot read, in the row and its hover', () => {
    const { tags: _tags, ...untagged } = RUNNING;
    const view = clusterRowView({ ...untagged, unreadable_fields: ['tags', 'servers_ids'] }, { nowMs: 0, kind: 'virtual', busy: false });
    assert.equal(view.description, 'running · tags, servers_ids unreadable · g3-ai-24-232-1000-h100-80-1 · 2 servers');
    assert.match(
      unescapeMarkdown(String(view.tooltip)),
      /Gcore sent tags, servers_ids in a shape this extension cannot read: left out here\./,
    );
  });

  it('offers by status: Start when stopped, only Delete while busy, nothing while deleting', () => {
    assert.equal(
      clusterRowView({ ...RUNNING, status: 'shutoff' }, { nowMs: 0, kind: 'virtual', busy: false }).contextValue,
      'gpuCluster.shutoff',
    );
    const creating = clusterRowView({ ...RUNNING, status: 'creating' }, { nowMs: 0, kind: 'virtual', busy: true });
    assert.equal(creating.contextValue, 'gpuCluster.busy');
    assert.deepEqual(creating.icon, { id: 'sync~spin' });
    assert.equal(
      clusterRowView({ ...RUNNING, status: 'deleting' }, { nowMs: 0, kind: 'virtual', busy: true }).contextValue,
      'gpuCluster.deleting',
    );
    assert.equal(
      clusterRowView({ ...RUNNING, status: 'error' }, { nowMs: 0, kind: 'virtual', busy: false }).contextValue,
      'gpuCluster.other',
    );
  });

  it('says a change in progress first, and shows a status it does not know as it comes', () => {
    const view = clusterRowView(RUNNING, { nowMs: 0, kind: 'virtual', busy: true, change: 'stop' });
    assert.equal(view.description, 'Stopping… · running · g3-ai-24-232-1000-h100-80-1 · 2 servers');
    assert.equal(
      clusterRowView({ ...RUNNING, status: 'MIGRATING' }, { nowMs: 0, kind: 'virtual', busy: false }).description?.split(' · ')[0],
      'migrating',
    );
    assert.equal(
      clusterRowView({ ...RUNNING, status: null }, { nowMs: 0, kind: 'virtual', busy: false }).description?.split(' · ')[0],
      'status unknown',
    );
  });

  it('says a status once when the change in progress says it already, and both when they differ', () => {
    const pairs = [
      ['creating', 'create', 'Creating…'],
      ['deleting', 'delete', 'Deleting…'],
      ['rebooting', 'soft_reboot', 'Rebooting…'],
      ['rebooting', 'hard_reboot', 'Rebooting…'],
      ['resizing', 'resize', 'Resizing…'],
      ['rebuilding', 'rebuild', 'Rebuilding…'],
    ] as const;
    for (const [status, change, word] of pairs) {
      const view = clusterRowView({ ...RUNNING, status }, { nowMs: 0, kind: 'virtual', busy: true, change });
      assert.equal(view.description, `${word} · g3-ai-24-232-1000-h100-80-1 · 2 servers`, `${change} while ${status}`);
    }
    const deletingWhileStopped = clusterRowView(
      { ...RUNNING, status: 'shutoff' },
      { nowMs: 0, kind: 'virtual', busy: true, change: 'delete' },
    );
    assert.equal(deletingWhileStopped.description, 'Deleting… · stopped · g3-ai-24-232-1000-h100-80-1 · 2 servers');
  });

  it("shows Gcore's price per hour last, as flavor rows do, only when its price status is show", () => {
    const cost = {
      currency_code: 'EUR',
      price_per_hour: 4.12,
      price_per_month: 3007.6,
      price_status: 'show' as const,
      discount_percent: 0,
    };
    const shown = clusterRowView(RUNNING, { nowMs: 0, kind: 'virtual', busy: false, price: cost });
    assert.equal(shown.description, `running · g3-ai-24-232-1000-h100-80-1 · 2 servers · ${formatHourlyPrice(cost)}`);
    assert.match(shown.description ?? '', / · €4\.12\/h$/);
    assert.ok(tableRows(shown.tooltip ?? '').some((row) => row.label === 'Price' && row.value === '€4.12/h'));
    for (const price_status of ['hide', 'error', null] as const) {
      const view = clusterRowView(RUNNING, { nowMs: 0, kind: 'virtual', busy: false, price: { ...cost, price_status } });
      assert.equal(view.description, 'running · g3-ai-24-232-1000-h100-80-1 · 2 servers', `price_status ${String(price_status)}`);
    }
  });

  it('tells the facts in the hover, and why only Delete is offered while busy', () => {
    const tooltip = clusterRowView(RUNNING, { nowMs: 0, kind: 'baremetal', busy: true }).tooltip ?? assert.fail('no tooltip');
    const rows = new Map(tableRows(tooltip).map((row) => [row.label, row.value]));
    assert.equal(rows.get('Kind'), 'bare metal');
    assert.equal(rows.get('Tags'), 'env=production');
    assert.equal(rows.get('ID'), RUNNING.id);
    assert.match(tooltip, /only Delete is offered/);
  });

  it('shows the time left of its lease after the price, and in the hover when it ends and what happens then', () => {
    const end = Date.parse('2026-11-27T15:00:00Z');
    const leased = (value: string): GpuCluster => ({
      ...RUNNING,
      tags: [...RUNNING.tags!, { key: 'gcore-vscode-lease', value }],
    });
    const cost = { currency_code: 'EUR', price_per_hour: 2.5, price_per_month: 1800, price_status: 'show' as const, discount_percent: 0 };
    const view = clusterRowView(leased('until=2026-11-27T15:00:00Z;stop=auto'), {
      nowMs: end - (3 * 60 + 12) * 60_000 - 30_000,
      kind: 'virtual',
      busy: false,
      price: cost,
    });
    assert.equal(view.description, `running · g3-ai-24-232-1000-h100-80-1 · 2 servers · ${formatHourlyPrice(cost)} · lease 3 h 12 min`);
    assert.match((view.tooltip ?? '').replaceAll('\\', ''), /is stopped at .+ without asking\. This happens while VS Code runs/);
    const at = (nowMs: number, value = 'until=2026-11-27T15:00:00Z;stop=ask') =>
      clusterRowView(leased(value), { nowMs, kind: 'virtual', busy: false }).description?.split(' · ').at(-1);
    assert.equal(at(end - 45 * 60_000), 'lease 45 min');
    assert.equal(at(end - 2 * 3_600_000), 'lease 2 h');
    assert.equal(at(end - 20_000), 'lease under a minute');
    assert.equal(at(end), 'lease over');
    assert.equal(at(end, 'in two hours'), 'lease unreadable');
    assert.match(clusterRowView(leased('in two hours'), { nowMs: end, kind: 'virtual', busy: false }).tooltip ?? '', /cannot read/);
  });
});
