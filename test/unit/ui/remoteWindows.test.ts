import * as assert from 'node:assert/strict';
import { REMOTE_SSH_WINDOWS } from '../../../src/models/gpu/ssh/remoteSsh';
import { RemoteWindowKinds } from '../../../src/ui/remoteWindows';

describe('the kinds of remote window', () => {
  it('name the extensions a window needs by its authority, as its area registered them, and none for another', () => {
    const kinds = new RemoteWindowKinds();
    assert.equal(kinds.resolversOf('ssh-remote+gcore-train'), undefined, 'no area registered Remote-SSH yet');
    kinds.register(REMOTE_SSH_WINDOWS);
    assert.deepEqual(kinds.resolversOf('ssh-remote+gcore-train'), [
      'ms-vscode-remote.remote-ssh',
      'anysphere.remote-ssh',
      'jeanp413.open-remote-ssh',
    ]);
    assert.equal(kinds.resolversOf('wsl+Ubuntu'), undefined);
  });
});
