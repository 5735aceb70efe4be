import * as assert from 'node:assert/strict';
import { escapeMarkdown } from '../../../../src/views/presentation/itemView';
import { unescapeMarkdown, unescapedPunctuation } from '../markdownReading';

describe('escapeMarkdown', () => {
  const samples = [
    'plain text 123',
    '*bold* _em_ `code` ~~strike~~',
    '[x](y) ![img](https://evil.example/p.png)',
    'a | b | c',
    '<img src=x onerror=alert(1)> &amp; &#60;',
    '# heading\n- item\n1. item',
    'visit https://evil.example or www.evil.example',
    '$(zap) theme icon',
    'back\\slash \\* already escaped',
    'Zürich — ünïcödé 🚀',
  ];

  for (const sample of samples) {
    it(`leaves no Markdown syntax active in ${JSON.stringify(sample)}`, () => {
      const escaped = escapeMarkdown(sample);
      assert.deepEqual(unescapedPunctuation(escaped), []);
      assert.ok(!escaped.includes('\n'), 'stays on one line');
      assert.equal(unescapeMarkdown(escaped), sample.replace(/\n/g, ' '));
    });
  }

  it('escapes link syntax character by character', () => {
    assert.equal(escapeMarkdown('[x](y)'), '\\[x\\]\\(y\\)');
  });

  it('breaks GFM autolinks by escaping the scheme separator and dots', () => {
    assert.equal(escapeMarkdown('https://a.b'), 'https\\:\\/\\/a\\.b');
  });

  it('turns every kind of line break into a space', () => {
    assert.equal(escapeMarkdown('a\r\nb\rc\nd\u2028e\u2029f'), 'a b c d e f');
  });

  it('leaves letters, digits, spaces and non-ASCII text alone', () => {
    assert.equal(escapeMarkdown('GPU 4 Zürich 🚀'), 'GPU 4 Zürich 🚀');
  });
});
