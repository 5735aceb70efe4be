import * as assert from 'node:assert/strict';
import { LOOKUP_SERVERS, type LookupAnswer, type RecordSet } from '../../../../../src/api/dns/dnsTypes';
import {
  agreementOf,
  comparedAnswers,
  RESOLVER_ORDER,
  resolutionReport,
  type ResolutionInput,
} from '../../../../../src/views/dns/presentation/resolutionReport';

const A: RecordSet = {
  name: 'www.example.com.',
  type: 'A',
  ttl: 300,
  resource_records: [{ content: ['192.0.2.1'] }, { content: ['192.0.2.2'] }, { content: ['192.0.2.9'], enabled: false }],
};
const GEO: RecordSet = { ...A, name: 'cdn.example.com', pickers: [{ type: 'geodns' }] };

const answer = (content: string, name = 'www.example.com', type = 'A', ttl = 300): LookupAnswer => ({
  name,
  type,
  ttl,
  content: [content],
});
const www: Pick<ResolutionInput, 'name' | 'type' | 'held'> = { name: 'www.example.com', type: 'A', held: [A] };

describe('the resolution report', () => {
  it("asks every resolver Gcore can query, Gcore's own first", () => {
    assert.deepEqual([...RESOLVER_ORDER].sort(), [...LOOKUP_SERVERS].sort());
    assert.deepEqual(RESOLVER_ORDER.slice(0, 2), ['authoritative_dns', 'gcore']);
  });

  it("tells an answer the same as the zone's enabled values, in any order and case, from one that differs or has not come", () => {
    assert.equal(agreementOf(www, { server: 'google', answers: [answer('192.0.2.2'), answer('192.0.2.1', 'WWW.example.com.')] }), 'same');
    assert.equal(agreementOf(www, { server: 'google', answers: [answer('192.0.2.1')] }), 'differs');
    assert.equal(
      agreementOf(www, { server: 'google', answers: [answer('192.0.2.1'), answer('192.0.2.9')] }),
      'differs',
      'a disabled record is not answered',
    );
    assert.equal(agreementOf(www, { server: 'google', answers: [] }), 'none');
    assert.equal(agreementOf({ ...www, held: [] }, { server: 'google', answers: [] }), 'same', 'nothing held, nothing answered');
    assert.equal(agreementOf({ ...www, held: undefined }, { server: 'google', answers: [answer('192.0.2.1')] }), 'unknown');
    assert.equal(agreementOf(www, { server: 'google', error: 'timeout' }), 'failed');
  });

  it("reads a part of a dynamic set's values as its pickers' selection", () => {
    const cdn = { name: 'cdn.example.com', type: 'A', held: [GEO] };
    assert.equal(agreementOf(cdn, { server: 'quad9', answers: [answer('192.0.2.2', 'cdn.example.com')] }), 'selection');
    assert.equal(agreementOf(cdn, { server: 'quad9', answers: [answer('203.0.113.1', 'cdn.example.com')] }), 'differs');
  });

  it('compares only the answers at the name, of the type checked or the types the zone holds there', () => {
    const chased = [answer('target.example.net.', 'alias.example.com', 'CNAME'), answer('198.51.100.1', 'target.example.net')];
    assert.deepEqual(comparedAnswers({ name: 'alias.example.com', type: 'CNAME' }, chased), [chased[0]]);
    const mx: RecordSet = { name: 'example.com', type: 'MX', resource_records: [{ content: [10, 'mail.example.com.'] }] };
    const apex = [{ name: 'example.com', type: 'MX', ttl: 60, content: [10, 'MAIL.example.com'] }, answer('192.0.2.1', 'example.com')];
    assert.deepEqual(comparedAnswers({ name: 'example.com', held: [mx] }, apex), [apex[0]]);
    assert.equal(agreementOf({ name: 'example.com', held: [mx] }, { server: 'google', answers: apex }), 'same');
  });

  it('writes what the zone holds, then one table row per resolver, as markdown that reads as text', () => {
    const text = resolutionReport({
      name: 'www.example.com',
      type: 'A',
      zoneName: 'example.com',
      held: [A],
      resolvers: [
        { server: 'google', answers: [answer('192.0.2.1', 'www.example.com', 'A', 120)] },
        { server: 'authoritative_dns', answers: [answer('192.0.2.1'), answer('192.0.2.2')] },
        { server: 'cloudflare', error: 'Gcore answered 502 | bad gateway' },
      ],
      checkedAt: new Date(Date.UTC(2026, 10, 24, 9, 30, 5)),
    });
    assert.equal(
      text,
      [
        '# Resolution of www.example.com A',
        '',
        'Checked 2026-11-24 09:30:05 UTC. Run Gcore: Check Resolution again to see whether a change has spread; resolvers keep an old answer for up to its TTL.',
        '',
        '## In the zone example.com',
        '',
        '- **www A** · TTL 5 min',
        '  - `192.0.2.1`',
        '  - `192.0.2.2`',
        '  - `192.0.2.9` (disabled: not answered)',
        '',
        '## What resolvers answer',
        '',
        '| Resolver | Answer | TTL (s) | Against the zone |',
        '|---|---|---|---|',
        '| Gcore name servers (authoritative) | `192.0.2.1`, `192.0.2.2` | 300 | ✓ as the zone |',
        '| Google Public DNS | `192.0.2.1` | 120 | ✗ differs from the zone |',
        '| Cloudflare | failed: Gcore answered 502 \\| bad gateway | | ⚠ not asked |',
        '',
      ].join('\n'),
    );
  });

  it('says when no zone of the account holds the name, and when the zone has no such set', () => {
    const outside = resolutionReport({ name: 'example.org', resolvers: [{ server: 'google', answers: [] }], checkedAt: new Date(0) });
    assert.match(outside, /None of the zones of this account holds example\.org: resolvers are asked all the same\./);
    assert.match(outside, /\| Google Public DNS \| no answer \| +\| — \|/);
    const none = resolutionReport({
      name: 'x.example.com',
      type: 'TXT',
      zoneName: 'example.com',
      held: [],
      resolvers: [],
      checkedAt: new Date(0),
    });
    assert.match(none, /The zone has no TXT record set at x\.example\.com\./);
    const failed = resolutionReport({
      name: 'x.example.com',
      zoneName: 'example.com',
      heldError: 'Gcore answered 500',
      resolvers: [],
      checkedAt: new Date(0),
    });
    assert.match(failed, /The zone could not be read: Gcore answered 500/);
  });

  it('keeps a value with a backtick inside its code span', () => {
    const text = resolutionReport({
      name: 't.example.com',
      resolvers: [{ server: 'gcore', answers: [answer('a`b', 't.example.com', 'TXT')] }],
      checkedAt: new Date(0),
    });
    assert.match(text, /\| Gcore Public DNS \| TXT `` a`b `` \|/);
  });
});
