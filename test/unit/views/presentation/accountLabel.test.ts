import * as assert from 'node:assert/strict';
import type { Account } from '../../../../src/api/types';
import { accountLabel } from '../../../../src/views/presentation/accountLabel';

describe('accountLabel', () => {
  it('names an account by its e-mail and company, then its name, then its id', () => {
    assert.equal(accountLabel({ id: 7, email: 'dev@example.com', companyName: 'Example GmbH' }), 'dev@example.com (Example GmbH)');
    assert.equal(accountLabel({ id: 7, name: 'Dev Example' }), 'Dev Example');
    assert.equal(accountLabel({ id: 7 }), 'account 7');
  });

  it('names any account, whatever its fields hold', () => {
    const odd = [{ id: null }, { email: 42 }, { email: {} }, { id: 'x', email: [], name: false, companyName: {} }] as unknown as Account[];
    assert.deepEqual(odd.map(accountLabel), ['the account', 'the account', 'the account', 'the account']);
    assert.equal(accountLabel({ id: 7, email: 42 } as unknown as Account), 'account 7');
  });
});
