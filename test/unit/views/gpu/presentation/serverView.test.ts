import * as assert from 'node:assert/strict';
import type { GpuServer } from '../../../../../src/api/gpu/gpuClusterTypes';
import { reachableAddress, serverAddressToCopy, serverRowView } from '../../../../../src/views/gpu/presentation/serverView';
import { tableRows } from '../../markdownReading';

const SERVER: GpuServer = {
  id: '0fce6b19-e523-42cf-a74c-571429009735',
  name: 'train-h100-1',
  status: 'ACTIVE',
  image_id: 'img-1',
  ip_addresses: ['10.0.0.5', '192.168.200.5', '203.0.113.10'],
  public_ip: '203.0.113.10',
};

describe('serverRowView', () => {
  it('shows the status in words and the public address, and offers to copy that address', () => {
    const view = serverRowView(SERVER);
    assert.equal(view.label, 'train-h100-1');
    assert.equal(view.description, 'running · 203.0.113.10');
    assert.equal(view.contextValue, 'gpuServer.withAddress');
    assert.deepEqual(serverAddressToCopy(SERVER), { address: '203.0.113.10', isPublic: true });
  });

  it('says "private only" without a public address and copies the first private one; without any, offers no Copy Address', () => {
    const server = { ...SERVER, status: 'SHELVED_OFFLOADED', public_ip: undefined };
    assert.equal(serverRowView(server).description, 'shelved · private only');
    assert.equal(serverRowView(server).contextValue, 'gpuServer.withAddress');
    assert.deepEqual(serverAddressToCopy(server), { address: '10.0.0.5', isPublic: false });
    const unreachable = { ...server, ip_addresses: [] };
    assert.equal(serverAddressToCopy(unreachable), undefined);
    assert.equal(serverRowView(unreachable).contextValue, 'gpuServer');
  });

  it('names private addresses and the image with its driver and CUDA versions in the hover', () => {
    const tooltip =
      serverRowView(SERVER, { id: 'img-1', name: 'ubuntu-22.04-nvidia', gpu_driver_version: '550.90', cuda_toolkit_version: '12.4' })
        .tooltip ?? assert.fail('no tooltip');
    const rows = new Map(tableRows(tooltip).map((row) => [row.label, row.value]));
    assert.equal(rows.get('Private addresses'), '10.0.0.5, 192.168.200.5');
    assert.equal(rows.get('Image'), 'ubuntu-22.04-nvidia (driver 550.90, CUDA 12.4)');
    assert.equal(new Map(tableRows(serverRowView(SERVER).tooltip ?? '').map((row) => [row.label, row.value])).get('Image'), 'img-1');
  });

  it('uses no address Gcore gives that is not one: the row says it is refused and why, and copies and reaches none of it', () => {
    const hostile = '203.0.113.10\n  ProxyCommand touch /tmp/pwned';
    const server = { ...SERVER, ip_addresses: ['$(id)', hostile], public_ip: hostile };
    const view = serverRowView(server);
    assert.equal(view.description, 'running · public address refused');
    assert.equal(view.contextValue, 'gpuServer', 'no Copy Address');
    assert.equal(serverAddressToCopy(server), undefined);
    assert.equal(reachableAddress(server, [['ProxyJump', 'bastion']]), undefined);
    const rows = new Map(tableRows(view.tooltip ?? '').map((row) => [row.label, row.value]));
    assert.equal(rows.get('Public address'), undefined);
    assert.equal(rows.get('Private addresses'), undefined);
    assert.equal(
      rows.get('Addresses not used'),
      '"203.0.113.10\\n  ProxyCommand touch /tmp/pwned" is neither an IP address nor a host name; "$(id)" is neither an IP address nor a host name',
    );

    const privateOnly = { ...server, ip_addresses: ['$(id)', '10.0.0.5'] };
    assert.deepEqual(serverAddressToCopy(privateOnly), { address: '10.0.0.5', isPublic: false }, 'the private address that is one');
    assert.equal(reachableAddress(privateOnly, [['ProxyJump', 'bastion']]), '10.0.0.5');
    assert.equal(reachableAddress(privateOnly, []), undefined);
  });
});
