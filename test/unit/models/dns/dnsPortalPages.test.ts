import * as assert from 'node:assert/strict';
import { DNS_ZONES_PORTAL_PAGE } from '../../../../src/models/dns/dnsPortalPages';

describe('portal pages of DNS zones', () => {
  it('opens a zone on the DNS zone list (the portal documents no page per zone)', () => {
    assert.equal(DNS_ZONES_PORTAL_PAGE, 'https://dns.gcore.com/zones');
  });
});
