import * as assert from 'node:assert/strict';
import { decodeAccount } from '../../../src/api/decodeItems';

describe('decodeAccount', () => {
  it('keeps the account as Gcore sent it when its fields have their types', () => {
    const account = {
      id: 1_186_668,
      email: 'dev@example.com',
      name: 'Dev Example',
      status: 'active',
      companyName: 'Example GmbH',
      currentUser: 42,
      capabilities: ['CLOUD'],
    };
    assert.deepEqual(decodeAccount(account), account);
  });

  it('leaves out an id, e-mail, name, company or status that is not what it should be, and keeps the rest', () => {
    assert.deepEqual(decodeAccount({ id: null }), {});
    assert.deepEqual(decodeAccount({ email: 42, capabilities: ['DNS'] }), { capabilities: ['DNS'] });
    assert.deepEqual(decodeAccount({ email: {}, name: null, companyName: '', status: 3, id: -1 }), {});
    assert.equal(decodeAccount([]), undefined);
  });
});
