import * as assert from 'node:assert/strict';
import { forgetHostKey, sshKeygenBeside, testConnection, type Clock, type ProgramRun } from '../../../../src/machine/gpu/sshConnection';

/** A clock that moves only when the test sleeps on it. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

/** ssh that answers the runs given in turn. */
function scriptedSsh(...runs: ProgramRun[]) {
  const calls: { program: string; args: readonly string[] }[] = [];
  return {
    calls,
    run: async (program: string, args: readonly string[]) => {
      calls.push({ program, args });
      const next = runs.shift();
      assert.ok(next, 'ssh ran more often than scripted');
      return next;
    },
  };
}

const REFUSED = { code: 255, stderr: 'ssh: connect to host 10.0.0.5 port 22: Connection refused\n' };
const DENIED = { code: 255, stderr: 'ubuntu@10.0.0.5: Permission denied (publickey).\n' };
const CHANGED = {
  code: 255,
  stderr: 'Host key for 10.0.0.5 has changed and you have requested strict checking.\nHost key verification failed.\n',
};
const OK = { code: 0, stderr: '' };

describe('the SSH connection test', () => {
  it('passes on ssh’s exit 0, with the arguments given', async () => {
    const ssh = scriptedSsh(OK);
    assert.equal(await testConnection({ run: ssh.run, ssh: '/usr/bin/ssh', args: ['a', 'true'], bootWindowMs: 0 }), undefined);
    assert.deepEqual(ssh.calls, [{ program: '/usr/bin/ssh', args: ['a', 'true'] }]);
  });

  it('tries once outside a boot, and says why it failed', async () => {
    const ssh = scriptedSsh(REFUSED);
    const failure = await testConnection({ run: ssh.run, ssh: 'ssh', args: [], bootWindowMs: 0, clock: fakeClock() });
    assert.equal(failure?.kind, 'connectionRefused');
    assert.equal(ssh.calls.length, 1);
  });

  it('tries again while a server boots, telling each retry, until it answers', async () => {
    const clock = fakeClock();
    const ssh = scriptedSsh(REFUSED, DENIED, OK);
    const retries: [number, string][] = [];
    const failure = await testConnection({
      run: ssh.run,
      ssh: 'ssh',
      args: [],
      bootWindowMs: 120_000,
      clock,
      onRetry: (attempt, seen) => retries.push([attempt, seen.kind]),
    });
    assert.equal(failure, undefined);
    assert.deepEqual(retries, [
      [1, 'connectionRefused'],
      [2, 'refusedKey'],
    ]);
    assert.deepEqual(clock.slept, [2_000, 3_000]);
  });

  it('gives up when the window ends, with the last failure', async () => {
    const clock = fakeClock();
    const ssh = scriptedSsh(...Array.from({ length: 20 }, () => REFUSED));
    const failure = await testConnection({ run: ssh.run, ssh: 'ssh', args: [], bootWindowMs: 30_000, clock });
    assert.equal(failure?.kind, 'connectionRefused');
    assert.deepEqual(clock.slept, [2_000, 3_000, 5_000, 8_000, 10_000]);
  });

  it('never tries again on a changed host key', async () => {
    const ssh = scriptedSsh(CHANGED);
    assert.equal(
      (await testConnection({ run: ssh.run, ssh: 'ssh', args: [], bootWindowMs: 120_000, clock: fakeClock() }))?.kind,
      'hostKeyChanged',
    );
  });

  it('forgets an old host key with the ssh-keygen beside ssh, and says when it cannot', async () => {
    assert.equal(sshKeygenBeside('ssh'), 'ssh-keygen');
    assert.equal(sshKeygenBeside('/opt/ssh/bin/ssh'), '/opt/ssh/bin/ssh-keygen');
    const keygen = scriptedSsh(OK, { code: 1, stderr: 'cannot read /x\n' });
    await forgetHostKey(keygen.run, '/opt/ssh/bin/ssh', '/k', '[127.0.0.1]:2299');
    assert.deepEqual(keygen.calls[0], { program: '/opt/ssh/bin/ssh-keygen', args: ['-R', '[127.0.0.1]:2299', '-f', '/k'] });
    await assert.rejects(forgetHostKey(keygen.run, 'ssh', '/k', 'x'), /cannot read \/x/);
  });
});
