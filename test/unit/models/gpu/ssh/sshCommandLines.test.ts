import * as assert from 'node:assert/strict';
import { remoteSshToInstall } from '../../../../../src/models/gpu/ssh/remoteSsh';
import {
  checkGpusArgs,
  connectionTestArgs,
  forwardArgs,
  homeFolder,
  remoteWindowUri,
  shellQuote,
  standaloneSshCommand,
  terminalArgs,
} from '../../../../../src/models/gpu/ssh/sshCommandLines';
import { hostAddress, loginName, sshAlias } from '../../../support/sshValues';

const ALIAS = sshAlias('gcore-train-h100-1');

describe('the ssh command lines of a GPU server', () => {
  it('tests the connection without asking anything and running nothing', () => {
    assert.deepEqual(connectionTestArgs({ alias: ALIAS }), ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10', ALIAS, 'true']);
    assert.deepEqual(connectionTestArgs({ alias: ALIAS, configFile: '/tmp/a b/config' }).slice(0, 2), ['-F', '/tmp/a b/config']);
  });

  it('opens a terminal, runs nvidia-smi then the login shell, and forwards a port from the loopback only', () => {
    assert.deepEqual(terminalArgs({ alias: ALIAS, configFile: '/c' }), ['-F', '/c', ALIAS]);
    assert.deepEqual(checkGpusArgs({ alias: ALIAS }), ['-t', ALIAS, 'nvidia-smi; exec "${SHELL:-/bin/sh}" -l']);
    assert.deepEqual(forwardArgs({ alias: ALIAS }, 18888, 8888), [
      '-N',
      '-o',
      'ExitOnForwardFailure=yes',
      '-L',
      '127.0.0.1:18888:localhost:8888',
      ALIAS,
    ]);
  });

  it('copies a command that works without the entry, quoted for a POSIX shell', () => {
    assert.equal(standaloneSshCommand(loginName('ubuntu'), hostAddress('85.234.66.234'), undefined, []), 'ssh ubuntu@85.234.66.234');
    assert.equal(
      standaloneSshCommand(loginName('ubuntu'), hostAddress('10.0.0.5'), '/home/ann lee/.ssh/key', [
        ['ProxyJump', 'bastion'],
        ['Port', '2222'],
      ]),
      "ssh -i '/home/ann lee/.ssh/key' -o ProxyJump=bastion -o Port=2222 ubuntu@10.0.0.5",
    );
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
  });

  it('opens the user’s home in a window whose authority is the alias', () => {
    assert.equal(remoteWindowUri(ALIAS, homeFolder(loginName('ubuntu'))), `vscode-remote://ssh-remote+${ALIAS}/home/ubuntu`);
    assert.equal(remoteWindowUri(ALIAS, homeFolder(loginName('root'))), `vscode-remote://ssh-remote+${ALIAS}/root`);
    assert.equal(remoteWindowUri(ALIAS, '/data/my runs'), `vscode-remote://ssh-remote+${ALIAS}/data/my%20runs`);
  });

  it('offers the Remote-SSH extension the editor’s marketplace has', () => {
    assert.equal(remoteSshToInstall('Visual Studio Code'), 'ms-vscode-remote.remote-ssh');
    assert.equal(remoteSshToInstall('Visual Studio Code - Insiders'), 'ms-vscode-remote.remote-ssh');
    assert.equal(remoteSshToInstall('Cursor'), 'anysphere.remote-ssh');
    assert.equal(remoteSshToInstall('VSCodium'), 'jeanp413.open-remote-ssh');
    assert.equal(remoteSshToInstall('code-server'), 'jeanp413.open-remote-ssh');
  });
});
