import * as assert from 'node:assert/strict';
import { validateLookupNameArgs } from '../../../../src/models/dns/lookupNameArgs';
import { validateRecordRefArgs, validateRecordSetArgs } from '../../../../src/models/dns/recordSetArgs';
import { describeProblems, InvalidArgumentError, unwrap } from '../../../../src/validation/problems';
import { validatorRows } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

const A = (ip: string) => ({ content: [ip] });

validatorRows('validateRecordRefArgs', validateRecordRefArgs, {
  valid: [
    {
      input: { zoneName: 'Example.com.', name: 'www', type: 'a' },
      expected: { zoneName: 'example.com', name: 'www.example.com', type: 'A' },
    },
    { input: { zoneName: 'example.com', name: '@', type: 'MX' }, expected: { zoneName: 'example.com', name: 'example.com', type: 'MX' } },
    {
      input: { zoneName: 'example.com', name: 'www.example.com.', type: 'cname' },
      expected: { zoneName: 'example.com', name: 'www.example.com', type: 'CNAME' },
    },
    {
      input: { zoneName: 'bücher.de', name: '_dmarc', type: 'TXT' },
      expected: { zoneName: 'xn--bcher-kva.de', name: '_dmarc.xn--bcher-kva.de', type: 'TXT' },
    },
    // Any type the API names can be read and deleted.
    { input: { zoneName: 'example.com', name: '@', type: 'soa' }, expected: { zoneName: 'example.com', name: 'example.com', type: 'SOA' } },
  ],
  invalid: [
    { input: 'example.com', problems: [p('', /the arguments must be an object with zoneName, name, type$/)] },
    { input: {}, problems: [p('zoneName', /is required/), p('name', /is required/), p('type', /is required/)] },
    { input: { zoneName: 'example', name: 'www', type: 'A' }, problems: [p('zoneName', /at least two labels/)] },
    {
      input: { zoneName: 'example.com', name: 'www.other.com.', type: 'A' },
      problems: [p('name', /^www\.other\.com\. is not inside the zone example\.com$/)],
    },
    { input: { zoneName: 'example.com', name: '', type: 'A' }, problems: [p('name', /must not be empty/)] },
    { input: { zoneName: 'example.com', name: 5, type: 'A' }, problems: [p('name', /must be a string/)] },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'SPF' },
      problems: [p('type', /^must be one of A, AAAA, CNAME, MX, TXT, SRV, CAA, NS, PTR, HTTPS, SVCB, SOA, DS$/)],
    },
    { input: { zoneName: 'example.com', name: 'www', type: 'A', ttl: 60 }, problems: [p('ttl', /unknown field/)] },
  ],
});

validatorRows('validateRecordSetArgs', validateRecordSetArgs, {
  valid: [
    {
      input: { zoneName: 'example.com', name: 'www', type: 'a', resource_records: [A(' 203.0.113.1 ')] },
      expected: { zoneName: 'example.com', name: 'www.example.com', type: 'A', resource_records: [A('203.0.113.1')] },
    },
    {
      input: {
        zoneName: 'example.com',
        name: '@',
        type: 'MX',
        ttl: 3600,
        resource_records: [{ content: ['10', 'Mail.example.com.'] }, { content: [20, 'mx2.example.com.'], enabled: false }],
      },
      expected: {
        zoneName: 'example.com',
        name: 'example.com',
        type: 'MX',
        ttl: 3600,
        resource_records: [{ content: [10, 'mail.example.com.'] }, { content: [20, 'mx2.example.com.'], enabled: false }],
      },
    },
    {
      input: {
        zoneName: 'example.com',
        name: 'cdn',
        type: 'CNAME',
        ttl: 0,
        meta: { geodns_link: 'cdn-42' },
        pickers: [
          { type: 'geodns', strict: true },
          { type: 'first_n', limit: 1 },
        ],
        resource_records: [
          { content: ['eu.cdn.example.net.'], meta: { continents: ['EU'] } },
          { content: ['us.cdn.example.net.'], meta: { continents: ['NA'] } },
        ],
      },
      expected: {
        zoneName: 'example.com',
        name: 'cdn.example.com',
        type: 'CNAME',
        ttl: 0,
        meta: { geodns_link: 'cdn-42' },
        pickers: [
          { type: 'geodns', strict: true },
          { type: 'first_n', limit: 1 },
        ],
        resource_records: [
          { content: ['eu.cdn.example.net.'], meta: { continents: ['EU'] } },
          { content: ['us.cdn.example.net.'], meta: { continents: ['NA'] } },
        ],
      },
    },
    {
      input: {
        zoneName: 'example.com',
        name: 'selector1._domainkey',
        type: 'TXT',
        ttl: 2147483647,
        resource_records: [{ content: ['"v=DKIM1; k=rsa; " "p=MIIB"'] }],
      },
      expected: {
        zoneName: 'example.com',
        name: 'selector1._domainkey.example.com',
        type: 'TXT',
        ttl: 2147483647,
        resource_records: [{ content: ['v=DKIM1; k=rsa; p=MIIB'] }],
      },
    },
    {
      input: {
        zoneName: 'example.com',
        name: '_sip._tcp',
        type: 'SRV',
        resource_records: [{ content: [10, 60, 5060, 'sip.example.com.'] }],
      },
      expected: {
        zoneName: 'example.com',
        name: '_sip._tcp.example.com',
        type: 'SRV',
        resource_records: [{ content: [10, 60, 5060, 'sip.example.com.'] }],
      },
    },
  ],
  invalid: [
    { input: null, problems: [p('', /the arguments must be an object with zoneName, name, type, resource_records$/)] },
    {
      input: {},
      problems: [p('zoneName', /is required/), p('name', /is required/), p('type', /is required/), p('resource_records', /is required/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', resource_records: [A('203.0.113.1'), A('300.1.1.1')] },
      problems: [p('resource_records[1].content[0]', /^300\.1\.1\.1 is not an IPv4 address$/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'AAAA', resource_records: [A('203.0.113.1')] },
      problems: [p('resource_records[0].content[0]', /is an IPv4 address: an AAAA record holds an IPv6 address \(use A\)/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'SOA', resource_records: [A('x')] },
      problems: [p('type', /^must be one of A, AAAA, CNAME, MX, TXT, SRV, CAA, NS, PTR, HTTPS, SVCB$/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', ttl: -1, resource_records: [A('203.0.113.1')] },
      problems: [p('ttl', /must be between 0 and 2147483647/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', ttl: 2147483648, resource_records: [A('203.0.113.1')] },
      problems: [p('ttl', /must be between 0 and 2147483647/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', ttl: '60', resource_records: [A('203.0.113.1')] },
      problems: [p('ttl', /whole number/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', meta: 'x', resource_records: [A('203.0.113.1')] },
      problems: [p('meta', /must be an object/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', resource_records: [] },
      problems: [p('resource_records', /non-empty list of records/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', resource_records: [{ content: ['203.0.113.1'], enabled: 1 }] },
      problems: [p('resource_records[0].enabled', /true or false/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', resource_records: [A('203.0.113.1')], pickers: [{ limit: 1 }] },
      problems: [p('pickers[0].type', /is required/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'A', resource_records: [A('203.0.113.1')], updated_at: 1 },
      problems: [p('updated_at', /unknown field/)],
    },
    {
      input: { zoneName: 'example.com', name: 'x.other.org.', type: 'A', resource_records: [A('203.0.113.1')] },
      problems: [p('name', /not inside the zone example\.com/)],
    },
    {
      input: {
        zoneName: 'example.com',
        name: 'www',
        type: 'CNAME',
        resource_records: [{ content: ['a.example.net.'] }, { content: ['b.example.net.'] }],
      },
      problems: [p('resource_records', /a CNAME set holds exactly one record \(has 2\)/)],
    },
    {
      input: { zoneName: 'example.com', name: '@', type: 'CNAME', resource_records: [{ content: ['a.example.net.'] }] },
      problems: [p('name', /a CNAME cannot be at the zone's apex/)],
    },
    {
      input: {
        zoneName: 'example.com',
        name: 'www',
        type: 'MX',
        resource_records: [{ content: [-1, 'mail.example.com.'] }, { content: ['ten', 'mail'] }],
      },
      problems: [
        p('resource_records[0].content[0]', /^-1 is not a valid priority/),
        p('resource_records[1].content[0]', /^ten is not a valid priority/),
        p('resource_records[1].content[1]', /^mail is not a host name/),
      ],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'CAA', resource_records: [{ content: [0, 'foo', 'letsencrypt.org'] }] },
      problems: [p('resource_records[0].content[1]', /^foo is not a CAA tag/)],
    },
    {
      input: { zoneName: 'example.com', name: 'www', type: 'TXT', resource_records: [{ content: [''] }] },
      problems: [p('resource_records[0].content[0]', /^must not be empty$/)],
    },
    {
      input: { zoneName: 'example.com', name: 'sip', type: 'SRV', resource_records: [{ content: [10, 60, 70000, 'sip.example.com.'] }] },
      problems: [p('resource_records[0].content[2]', /^70000 is not a valid port/)],
    },
  ],
});

describe('the contract’s example of a refused record', () => {
  it('names the record and the part', () => {
    const result = validateRecordSetArgs({
      zoneName: 'example.com',
      name: 'www',
      type: 'A',
      resource_records: [A('203.0.113.1'), A('300.1.1.1')],
    });
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(describeProblems(result.problems), 'resource_records[1].content[0]: 300.1.1.1 is not an IPv4 address');
    assert.throws(
      () => unwrap(result),
      (error: unknown) =>
        error instanceof InvalidArgumentError &&
        error.message === 'Invalid argument: resource_records[1].content[0]: 300.1.1.1 is not an IPv4 address',
    );
  });
});

validatorRows('validateLookupNameArgs', validateLookupNameArgs, {
  valid: [
    { input: { name: 'WWW.Example.com.' }, expected: { name: 'www.example.com', server: 'authoritative_dns' } },
    { input: { name: '_dmarc.example.com', server: 'google' }, expected: { name: '_dmarc.example.com', server: 'google' } },
    { input: { name: '*.example.com', server: 'quad9' }, expected: { name: '*.example.com', server: 'quad9' } },
    { input: { name: 'bücher.de', server: 'gcore' }, expected: { name: 'xn--bcher-kva.de', server: 'gcore' } },
  ],
  invalid: [
    { input: 'example.com', problems: [p('', /the arguments must be an object with name$/)] },
    { input: {}, problems: [p('name', /is required/)] },
    { input: { name: 'localhost' }, problems: [p('name', /at least two labels/)] },
    { input: { name: 'a..example.com' }, problems: [p('name', /empty label/)] },
    {
      input: { name: 'example.com', server: '8.8.8.8' },
      problems: [p('server', /^must be one of authoritative_dns, google, cloudflare, open_dns, quad9, gcore$/)],
    },
    { input: { name: 'example.com', server: 'Google' }, problems: [p('server', /must be one of/)] },
    { input: { name: 'example.com', type: 'A' }, problems: [p('type', /unknown field/)] },
  ],
});
