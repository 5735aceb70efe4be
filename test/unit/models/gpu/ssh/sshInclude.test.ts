import * as assert from 'node:assert/strict';
import { hasInclude, includeLines, withInclude } from '../../../../../src/models/gpu/ssh/sshInclude';

const FOLDER = '/home/ann/.ssh/gcore';
const LINES = includeLines(FOLDER);

describe('the Include line of the user’s SSH config', () => {
  it('goes at the very top, above the first Host, with the user’s bytes after it exactly', () => {
    const original = Buffer.concat([
      Buffer.from('Host old\n  HostName example.org\n  # caf'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('\nMatch all'),
    ]);
    const changed = withInclude(original, FOLDER);
    const added = Buffer.from(`${LINES.join('\n')}\n\n`);
    assert.deepEqual(changed.subarray(0, added.length), added);
    assert.deepEqual(changed.subarray(added.length), original);
    assert.equal(LINES[1], 'Include /home/ann/.ssh/gcore/*.conf');
  });

  it('keeps a byte-order mark first and the file’s CRLF line ends', () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Host a\r\n  User b\r\n')]);
    const changed = withInclude(original, FOLDER);
    assert.deepEqual(changed.subarray(0, 3), Buffer.from([0xef, 0xbb, 0xbf]));
    assert.equal(changed.subarray(3).toString('utf8'), `${LINES.join('\r\n')}\r\n\r\nHost a\r\n  User b\r\n`);
  });

  it('makes an empty file hold just the lines', () => {
    assert.equal(withInclude(Buffer.alloc(0), FOLDER).toString('utf8'), `${LINES.join('\n')}\n`);
  });

  it('quotes a folder with spaces', () => {
    assert.equal(includeLines('/home/ann lee/.ssh/gcore')[1], 'Include "/home/ann lee/.ssh/gcore/*.conf"');
  });

  it('finds the Include wherever it is, written with ~, quoted or as key=value, and no other', () => {
    const home = '/home/ann';
    assert.equal(hasInclude(withInclude(Buffer.from('Host a\n'), FOLDER), FOLDER, home), true);
    assert.equal(hasInclude(Buffer.from('Host a\n  User b\ninclude ~/.ssh/gcore/*.conf other.conf\n'), FOLDER, home), true);
    assert.equal(hasInclude(Buffer.from('Include="/home/ann/.ssh/gcore/*.conf"\n'), FOLDER, home), true);
    assert.equal(hasInclude(Buffer.from('Include ~/.ssh/other/*.conf\n# Include /home/ann/.ssh/gcore/*.conf\n'), FOLDER, home), false);
    assert.equal(hasInclude(Buffer.alloc(0), FOLDER, home), false);
  });
});
