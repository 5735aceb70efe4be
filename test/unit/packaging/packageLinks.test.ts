import * as assert from 'node:assert/strict';
import {
  editProse,
  linkTargets,
  manifestProblems,
  packageLinkProblems,
  placeholderReason,
  readmeWithoutPictures,
} from '../../packaging/packageLinks';

describe('package links: what the details page of the .vsix would show broken', () => {
  it('finds Markdown links and images and HTML img/a targets, not what code shows', () => {
    const markdown = [
      'See [Gcore](https://gcore.com) and ![a picture](docs/images/a.png "title").',
      '<img src="docs/images/b.png" width="400"> <a href=\'https://portal.gcore.com\'>portal</a>',
      'Inline `[not](https://example.com/code)` and a fence:',
      '```md',
      '![not an image](docs/images/missing.png)',
      '```',
    ].join('\n');
    assert.deepEqual(linkTargets(markdown), ['https://gcore.com', 'docs/images/a.png', 'docs/images/b.png', 'https://portal.gcore.com']);
  });

  it('refuses relative targets the package does not ship, and placeholder hosts', () => {
    const markdown =
      '![ok](docs/images/a.png) ![gone](docs/images/gone.png) [doc](docs/guide.md#part) [x](https://example.com/x) [anchor](#install)';
    const problems = packageLinkProblems('README.md', markdown, new Set(['README.md', 'docs/images/a.png']));
    assert.deepEqual(
      problems.map((problem) => [problem.link, problem.reason.split(' (')[0]]),
      [
        ['docs/images/gone.png', 'is not in the package'],
        ['docs/guide.md#part', 'is not in the package'],
        ['https://example.com/x', 'is on the placeholder host example.com'],
      ],
    );
  });

  it('tells placeholder addresses from real ones', () => {
    assert.equal(placeholderReason('https://gcore.com'), undefined);
    assert.equal(placeholderReason('mailto:security@gcore.com'), undefined);
    assert.match(
      placeholderReason('https://github.com/gcore-vscode/gcore-vscode/raw/HEAD/docs/images/a.png') ?? '',
      /placeholder repository/,
    );
    assert.match(placeholderReason('https://api.example/x') ?? '', /placeholder host api\.example/);
    assert.match(placeholderReason('http://localhost:8080/') ?? '', /placeholder host localhost/);
    assert.match(placeholderReason('ftp://gcore.com/') ?? '', /uses ftp:/);
  });

  it('refuses a manifest whose repository, bugs or homepage is a placeholder, and accepts one without them', () => {
    assert.deepEqual(manifestProblems({ name: 'x' }), []);
    const problems = manifestProblems({
      repository: { type: 'git', url: 'https://github.com/gcore-vscode/gcore-vscode.git' },
      bugs: { url: 'https://github.com/gcore-vscode/gcore-vscode/issues' },
      homepage: 'https://gcore.com',
    });
    assert.deepEqual(
      problems.map((problem) => problem.link.split(':')[0]),
      ['repository', 'bugs'],
    );
  });

  it('edits prose and keeps code, fenced or inline, as it is', () => {
    const markdown = ['a `a` a', '```', 'a', '```', 'a'].join('\n');
    assert.equal(
      editProse(markdown, (prose) => prose.replace(/a/g, 'b')),
      ['b `a` b', '```', 'a', '```', 'b'].join('\n'),
    );
  });
});

describe('the README as packaged: without the pictures the details page cannot show', () => {
  it('drops a picture on its own line with the blank line after it, and keeps an inline picture’s alt text', () => {
    const source = [
      '# Title',
      '',
      'Intro.',
      '',
      '![A picture](docs/images/a.png)',
      '',
      '## Next',
      'See ![the icon](media/icon.png) here.',
      '![last](x.png "t")',
    ].join('\n');
    assert.equal(readmeWithoutPictures(source), ['# Title', '', 'Intro.', '', '## Next', 'See the icon here.'].join('\n'));
    assert.deepEqual(linkTargets(readmeWithoutPictures(source)), []);
  });
});
