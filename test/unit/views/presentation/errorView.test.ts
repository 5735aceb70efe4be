import * as assert from 'node:assert/strict';
import { errorView } from '../../../../src/views/presentation/errorView';
import { unescapeMarkdown, unescapedPunctuation } from '../markdownReading';

describe('errorView', () => {
  it('shows the title, the message, and every detail in the tooltip', () => {
    const view = errorView('Failed to load flavors', {
      message: 'Authentication credentials were not provided.',
      status: 401,
      requestId: 'req-5c1e',
      hint: 'Run "Gcore: Set API Key".',
    });
    assert.equal(view.label, 'Failed to load flavors');
    assert.equal(view.description, 'Authentication credentials were not provided.');
    assert.deepEqual(view.icon, { id: 'error', color: 'errorForeground' });
    assert.equal(view.contextValue, 'error');
    const tooltip = unescapeMarkdown(view.tooltip!);
    assert.match(tooltip, /Failed to load flavors/);
    assert.match(tooltip, /Authentication credentials were not provided\./);
    assert.match(tooltip, /HTTP status: 401/);
    assert.match(tooltip, /Request ID: req-5c1e/);
    assert.match(tooltip, /Run "Gcore: Set API Key"\./);
    assert.match(tooltip, /Click to retry\.$/);
  });

  it('leaves out details that are not known', () => {
    const view = errorView('Failed to load flavors', { message: 'connect ECONNREFUSED' });
    assert.doesNotMatch(view.tooltip!, /HTTP status|Request ID/);
    assert.match(view.tooltip!, /Click to retry\./);
  });

  it('escapes Markdown in the message, request id and hint', () => {
    const view = errorView('Failed', {
      message: '[click](https://evil.example) *now*\n# owned',
      requestId: '<img src=x>',
      hint: '`rm -rf` | table',
    });
    const blocks = view.tooltip!.split('\n\n');
    assert.deepEqual(unescapedPunctuation(blocks[1]), []);
    assert.equal(unescapeMarkdown(blocks[1]), '[click](https://evil.example) *now* # owned');
    assert.ok(view.tooltip!.includes('Request ID: \\<img src\\=x\\>'));
    assert.ok(view.tooltip!.includes('\\`rm \\-rf\\` \\| table'));
  });
});
