import * as assert from 'node:assert/strict';
import { classifySshFailure } from '../../../../../src/models/gpu/ssh/sshFailures';
import { noPublicAddressWords, sshFailureWords, unreachableServerWords } from '../../../../../src/views/gpu/presentation/sshWords';

const ATTEMPT = { serverName: 'train-h100-1', address: '85.234.66.234', clusterName: 'train-h100' };

describe('a failed SSH connection test, in words', () => {
  it('names the key the cluster was made with, and whether this machine holds its private half', () => {
    const refused = classifySshFailure('ubuntu@85.234.66.234: Permission denied (publickey).');
    const missing = sshFailureWords(refused, { ...ATTEMPT, keyName: 'dev-laptop' });
    assert.match(missing, /^Server train-h100-1 \(85\.234\.66\.234\) refused the SSH key\./);
    assert.match(missing, /created with the key dev-laptop, and no private key of it is on this machine/);
    assert.match(missing, /copy that private key into ~\/\.ssh, or add it to ssh-agent/);
    const offered = sshFailureWords(refused, { ...ATTEMPT, keyName: 'dev-laptop', identityFile: '/home/ann/.ssh/dev' });
    assert.match(offered, /\/home\/ann\/\.ssh\/dev, its private key here, was offered/);
    assert.match(sshFailureWords(refused, ATTEMPT), /Gcore does not say which key/);
  });

  it('says what to do about no route, a changed host key and a server not up yet', () => {
    assert.match(
      sshFailureWords(classifySshFailure('No route to host'), ATTEMPT),
      /no route .* jump host \(ProxyJump in gcore\.gpu\.sshOptions\)/,
    );
    assert.match(
      sshFailureWords(classifySshFailure('Host key verification failed.'), ATTEMPT),
      /another host key .* if the cluster was made again, forget the old key/,
    );
    assert.match(sshFailureWords(classifySshFailure('Connection refused'), ATTEMPT), /may still be starting/);
    assert.match(sshFailureWords(classifySshFailure('', 'ENOENT'), ATTEMPT), /install the OpenSSH client/);
    assert.match(sshFailureWords(classifySshFailure('weird: thing'), ATTEMPT), /failed: weird: thing$/);
  });

  it('says a server without a public address is reached on its private network, through a jump host or the console', () => {
    assert.match(
      noPublicAddressWords('eval-1', '10.0.0.5'),
      /no public address: .* at 10\.0\.0\.5\. .*jump host.*console in the Gcore Portal/,
    );
    assert.match(noPublicAddressWords('eval-1', undefined), /no address at all yet/);
  });

  it('says why a server whose public address Gcore gives is not one is not reached, quoting it on one line', () => {
    const hostile = { id: 's', name: 'eval-1', public_ip: '1.2.3.4\nProxyCommand id', ip_addresses: ['10.0.0.5'] };
    assert.equal(
      unreachableServerWords(hostile),
      'Server eval-1 has no public address SSH may use: the one Gcore gives it is refused, as "1.2.3.4\\nProxyCommand id" is neither an IP address nor a host name. It is reachable on its private network, at 10.0.0.5, through a jump host (ProxyJump in gcore.gpu.sshOptions) or the console in the Gcore Portal.',
    );
    assert.match(
      unreachableServerWords({ ...hostile, ip_addresses: ['$(id)'] }),
      /^Server eval-1 has no address SSH may use: .*console in the Gcore Portal\.$/,
    );
    assert.match(unreachableServerWords({ ...hostile, public_ip: undefined }), /^Server eval-1 has no public address: .* at 10\.0\.0\.5\./);
  });
});
