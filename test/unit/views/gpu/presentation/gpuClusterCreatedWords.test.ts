import * as assert from 'node:assert/strict';
import {
  copyAddressesLabel,
  createdClusterText,
  publicAddresses,
  serversInOrder,
} from '../../../../../src/views/gpu/presentation/gpuClusterCreatedWords';

const server = (index: number, public_ip?: string) => ({ id: `s-${index}`, name: `train-${index}`, ...(public_ip ? { public_ip } : {}) });

describe("a new GPU cluster's end", () => {
  it('names each server with its public address, or says it has none', () => {
    assert.equal(
      createdClusterText('train', 'running', [server(1, '85.234.66.2')]),
      'GPU cluster train is running now, with 1 server: train-1 at 85.234.66.2.',
    );
    assert.equal(
      createdClusterText('train', 'running', [server(1), server(2, '85.234.66.3')]),
      'GPU cluster train is running now, with 2 servers: train-1 (private only), train-2 at 85.234.66.3.',
    );
    assert.equal(createdClusterText('train', 'running', []), 'GPU cluster train is running now; Gcore lists no server of it yet.');
  });

  it('names four servers and counts the rest', () => {
    const servers = [1, 2, 3, 4, 5, 6].map((index) => server(index, `85.234.66.${index}`));
    assert.equal(
      createdClusterText('big', 'running', servers),
      'GPU cluster big is running now, with 6 servers: train-1 at 85.234.66.1, train-2 at 85.234.66.2, train-3 at 85.234.66.3, train-4 at 85.234.66.4 and 2 more.',
    );
  });

  it('names the servers as people count them, not newest first', () => {
    assert.deepEqual(
      serversInOrder([server(10), server(2), server(1)]).map((listed) => listed.name),
      ['train-1', 'train-2', 'train-10'],
    );
  });

  it('copies every public address, one a line, under a label that counts them', () => {
    assert.deepEqual(publicAddresses([server(1, '85.234.66.1'), server(2), server(3, '2a03:90c0::3')]), ['85.234.66.1', '2a03:90c0::3']);
    assert.equal(copyAddressesLabel(1), 'Copy Address');
    assert.equal(copyAddressesLabel(2), 'Copy Addresses');
  });
});
