import * as assert from 'node:assert/strict';
import { oneLine } from '../../../../../src/core/wellFormedText';
import { checkClusterId, checkHostAddress, checkLoginName, shownValue } from '../../../../../src/models/gpu/ssh/sshValues';

/*
 * The checks every value of Gcore's answers passes before an SSH entry, a file name, a command line or a window is
 * made of it, against what a hostile answer holds.
 */

/** What hostile answers put in an address, an id or a user: each would write, run or reach something if used raw. */
const HOSTILE: readonly string[] = [
  '203.0.113.10\n  ProxyCommand touch /tmp/pwned',
  '203.0.113.10\r\nHost *',
  '"\nHost *\n  ProxyCommand sh -c "id > /tmp/pwned"\n#',
  '$(touch /tmp/pwned)',
  '`id`',
  'a;b',
  "203.0.113.10'",
  '"203.0.113.10"',
  '../../x',
  '..',
  '/etc/passwd',
  '-oProxyCommand=id',
  '203.0.113.10 -oProxyCommand=id',
  ' 203.0.113.10',
  '203.0.113.10 ',
  'host name',
  'fe80::1%eth0',
  '%h',
  '${HOME}',
  'ex\u00e4mple.com',
  'example.com\u2028Host *',
  'example\u0000.com',
  '',
];

describe('the SSH values of an API answer', () => {
  it('takes IPv4 and IPv6 literals and host names by the DNS rules as addresses', () => {
    for (const address of ['203.0.113.10', '10.0.0.5', '2001:db8::1', '::1', '::ffff:192.0.2.1', 'gpu-1.example.com', 'localhost']) {
      assert.deepEqual(checkHostAddress(address), { ok: true, value: address }, address);
    }
  });

  it('refuses as an address what is neither, quoting it on one line', () => {
    const refused = [
      ...HOSTILE,
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3',
      '999.1.1.1',
      '-bad.example.com',
      'bad-.example.com',
      'a..b',
      `${'a'.repeat(64)}.com`,
    ];
    for (const address of refused) {
      const checked = checkHostAddress(address);
      assert.equal(checked.ok, false, JSON.stringify(address));
      if (!checked.ok) {
        assert.match(checked.reason, /^".*" is neither an IP address nor a host name$/s);
        assert.equal(checked.reason, oneLine(checked.reason), 'the reason is one line');
      }
    }
    assert.equal(checkHostAddress(undefined).ok, false);
    assert.equal(checkHostAddress(['203.0.113.10']).ok, false);
    assert.equal(checkHostAddress(`${'a.'.repeat(126)}com`).ok, false, 'longer than 253 characters');
  });

  it('takes a cluster id only when it is a UUID', () => {
    assert.deepEqual(checkClusterId('0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d11'), { ok: true, value: '0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d11' });
    assert.equal(checkClusterId('0DD60286-1C3A-4BD1-9A4F-5B0F2C9E7D11').ok, true);
    for (const id of [...HOSTILE, '0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d11\n', '0dd60286-1c3a-4bd1-9a4f-5b0f2c9e7d1', 'train-h100', 42]) {
      const checked = checkClusterId(id);
      assert.equal(checked.ok, false, JSON.stringify(id));
      if (!checked.ok) assert.match(checked.reason, /^its ID ".*" is not a UUID$/);
    }
  });

  it('takes a user only when it is a login name', () => {
    assert.equal(checkLoginName('ubuntu').ok, true);
    assert.equal(checkLoginName('ec2-user').ok, true);
    for (const user of [...HOSTILE, 'ubuntu\n', 'root@host', 'ubuntu -oProxyCommand=id', 'a'.repeat(33), '1root']) {
      assert.equal(checkLoginName(user).ok, false, JSON.stringify(user));
    }
  });

  it('quotes a refused value on one line, cut when long', () => {
    assert.equal(shownValue('a\nb'), '"a\\nb"');
    assert.equal(shownValue('x'.repeat(70)), `"${'x'.repeat(64)}…"`);
    assert.equal(shownValue(12), '"12"');
    assert.equal(shownValue(undefined), '"undefined"');
  });

  it('writes a value on one line: control characters and line separators as their escapes', () => {
    assert.equal(oneLine('train\n- evil: ACTIVE'), 'train\\n- evil: ACTIVE');
    assert.equal(oneLine('a\r\nb\tc\u2028d\u2029e\u0000f\u0085g'), 'a\\r\\nb\\tc\\u2028d\\u2029e\\u0000f\\u0085g');
    assert.equal(oneLine('plain · ünïcode'), 'plain · ünïcode');
  });
});
