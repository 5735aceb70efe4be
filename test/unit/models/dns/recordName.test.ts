import * as assert from 'node:assert/strict';
import { domainNameKey } from '../../../../src/core/domainNameKey';
import { recordNameForDisplay, relativeRecordName, resolveRecordName } from '../../../../src/models/dns/recordName';
import { assertProblems, assertValid, label } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (message: RegExp, field = 'name'): ExpectedProblem => ({ field, message });
const ZONE = 'example.com';

describe('resolveRecordName', () => {
  const valid: { input: string; zone?: string; expected: string }[] = [
    // @ is the apex.
    { input: '@', expected: 'example.com' },
    { input: ' @ ', expected: 'example.com' },
    // Relative, dots included.
    { input: 'www', expected: 'www.example.com' },
    { input: 'WWW', expected: 'www.example.com' },
    { input: 'selector1._domainkey', expected: 'selector1._domainkey.example.com' },
    { input: '_sip._tcp', expected: '_sip._tcp.example.com' },
    { input: '_dmarc', expected: '_dmarc.example.com' },
    { input: 'a.b.c', expected: 'a.b.c.example.com' },
    // Ends with the zone's name: taken as full.
    { input: 'www.example.com', expected: 'www.example.com' },
    { input: 'Mail.Example.COM', expected: 'mail.example.com' },
    { input: 'example.com', expected: 'example.com' },
    // Absolute with the trailing dot, inside the zone.
    { input: 'www.example.com.', expected: 'www.example.com' },
    { input: 'example.com.', expected: 'example.com' },
    { input: 'EXAMPLE.com.', expected: 'example.com' },
    // The wildcard as the first label.
    { input: '*', expected: '*.example.com' },
    { input: '*.dev', expected: '*.dev.example.com' },
    { input: '*.example.com.', expected: '*.example.com' },
    // Unicode labels become punycode, in the name and in the zone.
    { input: 'bücher', expected: 'xn--bcher-kva.example.com' },
    { input: 'www', zone: 'bücher.de', expected: 'www.xn--bcher-kva.de' },
    { input: 'www.bücher.de.', zone: 'xn--bcher-kva.de', expected: 'www.xn--bcher-kva.de' },
    { input: '@', zone: 'Example.com.', expected: 'example.com' },
    // A label of 63 characters.
    { input: 'a'.repeat(63), expected: `${'a'.repeat(63)}.example.com` },
    // A name that only looks like the zone's ends relative.
    { input: 'ample.com', expected: 'ample.com.example.com' },
  ];
  for (const row of valid) {
    it(`reads ${label(row.input)} in ${row.zone ?? ZONE} as ${row.expected}`, () =>
      assertValid(resolveRecordName(row.input, row.zone ?? ZONE), row.expected));
  }

  const invalid: { input: unknown; problems: ExpectedProblem[] }[] = [
    { input: 'www.other.com.', problems: [p(/^www\.other\.com\. is not inside the zone example\.com$/)] },
    { input: 'ample.com.', problems: [p(/is not inside the zone example\.com/)] },
    { input: 'com.', problems: [p(/is not inside the zone/)] },
    { input: '.', problems: [p(/is not inside the zone/)] },
    { input: '', problems: [p(/must not be empty/)] },
    { input: '   ', problems: [p(/must not be empty/)] },
    { input: 42, problems: [p(/must be a record name such as www, @ or www\.example\.com\./)] },
    { input: 'a..b', problems: [p(/empty label/)] },
    { input: '.www', problems: [p(/empty label/)] },
    { input: 'a'.repeat(64), problems: [p(/at most 63 characters \(has 64\)/)] },
    { input: 'www!', problems: [p(/may contain only letters, digits, hyphens and underscores/)] },
    { input: 'my host', problems: [p(/may contain only letters, digits, hyphens and underscores/)] },
    { input: '-www', problems: [p(/must not start with a hyphen/)] },
    { input: 'www.*', problems: [p(/'\*' may only be the whole first label/)] },
    { input: '*www', problems: [p(/'\*' may only be the whole first label/)] },
    { input: '@.www', problems: [p(/may contain only letters, digits, hyphens and underscores/)] },
  ];
  for (const row of invalid) {
    it(`refuses ${label(row.input)}`, () => assertProblems(resolveRecordName(row.input, ZONE), row.problems));
  }

  it('refuses a name longer than 253 characters once the zone is added', () => {
    // 61 + 1 + 61 + 1 + 61 + 1 + 55 = 241, and '.example.com' makes 253; one more character makes 254.
    const fits = ['a'.repeat(61), 'b'.repeat(61), 'c'.repeat(61), 'd'.repeat(55)].join('.');
    assertValid(resolveRecordName(fits, ZONE), `${fits}.example.com`);
    assertProblems(resolveRecordName(`${fits}d`, ZONE), [p(/at most 253 characters \(has 254\)/)]);
  });

  it('names the field it is given', () => {
    assertProblems(resolveRecordName('www.other.com.', ZONE, 'records[2].name'), [p(/not inside the zone/, 'records[2].name')]);
  });
});

describe('relativeRecordName and recordNameForDisplay', () => {
  const rows: { full: string; zone?: string; relative: string; shown?: string }[] = [
    { full: 'example.com', relative: '@' },
    { full: 'example.com.', relative: '@' },
    { full: 'EXAMPLE.COM.', relative: '@' },
    { full: 'www.example.com', relative: 'www' },
    { full: 'www.example.com.', relative: 'www' },
    { full: 'selector1._domainkey.example.com.', relative: 'selector1._domainkey' },
    { full: '_sip._tcp.example.com', relative: '_sip._tcp' },
    { full: '*.example.com.', relative: '*' },
    { full: 'xn--bcher-kva.example.com', relative: 'xn--bcher-kva', shown: 'bücher' },
    { full: 'www.xn--bcher-kva.de.', zone: 'bücher.de', relative: 'www' },
    // Outside the zone (Gcore should never send it): absolute, so that it cannot pass for a name inside.
    { full: 'www.other.com.', relative: 'www.other.com.' },
    // Its relative part would read as full: absolute, so that it reads back as the same name.
    { full: 'www.example.com.example.com', relative: 'www.example.com.example.com.' },
  ];
  for (const row of rows) {
    const zone = row.zone ?? ZONE;
    it(`writes ${row.full} in ${zone} as ${row.relative}`, () => {
      assert.equal(relativeRecordName(row.full, zone), row.relative);
      assert.equal(recordNameForDisplay(row.full, zone), row.shown ?? row.relative);
    });
    if (row.relative !== 'www.other.com.') {
      it(`reads ${row.relative} back as ${row.full}`, () => assertValid(resolveRecordName(row.relative, zone), domainNameKey(row.full)));
    }
  }
});
