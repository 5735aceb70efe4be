import * as assert from 'node:assert/strict';
import { classifySshFailure, mayPassAfterBoot, nextAttemptDelay } from '../../../../../src/models/gpu/ssh/sshFailures';

/** OpenSSH 9's own words for each failure, as `ssh -o BatchMode=yes … true` writes them. */
const HOST_KEY_CHANGED = [
  '@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@',
  '@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @',
  'Offending ED25519 key in /home/ann/.ssh/gcore/c.known_hosts:1',
  '  remove with:',
  '  ssh-keygen -f "/home/ann/.ssh/gcore/c.known_hosts" -R "[127.0.0.1]:2299"',
  'Host key for [127.0.0.1]:2299 has changed and you have requested strict checking.',
  'Host key verification failed.',
].join('\n');

describe('a failed SSH connection test, read', () => {
  it('tells each of OpenSSH’s failures apart', () => {
    const cases: [string, string][] = [
      ['ubuntu@85.234.66.234: Permission denied (publickey).', 'refusedKey'],
      ['Received disconnect from 1.2.3.4 port 22:2: Too many authentication failures', 'refusedKey'],
      ['ssh: connect to host 10.0.0.5 port 22: No route to host', 'noRoute'],
      ['ssh: connect to host 10.0.0.5 port 22: Network is unreachable', 'noRoute'],
      ['ssh: connect to host 127.0.0.1 port 2298: Connection refused', 'connectionRefused'],
      ['ssh: connect to host 85.234.66.234 port 22: Connection timed out', 'timedOut'],
      ['Connection timed out during banner exchange', 'timedOut'],
      ['kex_exchange_identification: read: Connection reset by peer', 'timedOut'],
      ['ssh: Could not resolve hostname nowhere.invalid: Name or service not known', 'unresolved'],
      ['channel 0: open failed: administratively prohibited', 'other'],
    ];
    for (const [stderr, kind] of cases) assert.equal(classifySshFailure(stderr).kind, kind, stderr);
  });

  it('names what the known-hosts file holds the changed key under', () => {
    assert.deepEqual(classifySshFailure(HOST_KEY_CHANGED), {
      kind: 'hostKeyChanged',
      detail: 'Host key verification failed.',
      knownHostsName: '[127.0.0.1]:2299',
    });
  });

  it('keeps SSH’s last line, not its note about a newly added host key', () => {
    const failure = classifySshFailure(
      "Warning: Permanently added '1.2.3.4' (ED25519) to the list of known hosts.\nroot@1.2.3.4: Permission denied (publickey).\n",
    );
    assert.equal(failure.detail, 'root@1.2.3.4: Permission denied (publickey).');
  });

  it('says that ssh is missing when it could not be started', () => {
    assert.equal(classifySshFailure('', 'ENOENT').kind, 'sshMissing');
  });

  it('tries again on what a booting server explains, never on a changed host key', () => {
    assert.deepEqual(
      (['refusedKey', 'noRoute', 'connectionRefused', 'timedOut', 'hostKeyChanged', 'unresolved', 'sshMissing', 'other'] as const).filter(
        mayPassAfterBoot,
      ),
      ['refusedKey', 'noRoute', 'connectionRefused', 'timedOut'],
    );
  });

  it('waits 2, 3, 5, 8, then 10 seconds between attempts, and none that would start after the window', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((attempt) => nextAttemptDelay(attempt, 0, 120_000)),
      [2_000, 3_000, 5_000, 8_000, 10_000, 10_000],
    );
    assert.equal(nextAttemptDelay(6, 111_000, 120_000), undefined);
    assert.equal(nextAttemptDelay(1, 0, 0), undefined);
  });
});
