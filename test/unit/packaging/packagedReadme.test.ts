import * as assert from 'node:assert/strict';
import { linkTargets, packageLinkProblems } from '../../packaging/packageLinks';
import { anchorProblems, demoteHeadings, headingAnchors, headingSlug, packagedReadme } from '../../packaging/packagedReadme';

describe('the packaged README: the README and the guides it links, on one page', () => {
  const readme = {
    path: 'README.md',
    text: [
      '# Title',
      '',
      'Read [the DNS guide](docs/guide/dns.md), then [GPU leases](docs/guide/gpu.md#leases) and [DNS again](docs/guide/dns.md).',
      'Build it as [DEVELOPMENT.md](DEVELOPMENT.md) says; see [the log](docs/missing.md) and [Gcore](https://gcore.com).',
      '',
      '![A picture](docs/images/a.png)',
      '',
      '## License',
    ].join('\n'),
  };
  const gpu = {
    path: 'docs/guide/gpu.md',
    text: [
      '# GPU',
      '',
      '![Clusters](../images/b.png)',
      '',
      '## Leases',
      '',
      'Tasks are in [DNS](dns.md#records); see [the changes](../../CHANGELOG.md).',
    ].join('\n'),
  };
  const dns = {
    path: 'docs/guide/dns.md',
    text: ['# DNS zones', '', '## Records', '', '```', '# a comment, not a heading', '```'].join('\n'),
  };
  const sourceOnly = (file: string) => file === 'DEVELOPMENT.md';

  it('appends each guide once, in the order the README first links them, one heading level down and after a rule', () => {
    const { text, problems } = packagedReadme(readme, [gpu, dns], sourceOnly);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('#') || line === '---'),
      ['# Title', '## License', '---', '## DNS zones', '### Records', '# a comment, not a heading', '---', '## GPU', '### Leases'],
    );
  });

  it('turns links to guides into links to their place on the page, and drops the links and pictures the page cannot follow', () => {
    const { text } = packagedReadme(readme, [gpu, dns], sourceOnly);
    assert.deepEqual(linkTargets(text), [
      '#dns-zones',
      '#leases',
      '#dns-zones',
      'docs/missing.md',
      'https://gcore.com',
      '#records',
      'CHANGELOG.md',
    ]);
    assert.match(text, /Build it as DEVELOPMENT\.md says/);
    assert.deepEqual(anchorProblems('README.md', text), []);
    assert.deepEqual(
      packageLinkProblems('README.md', text, new Set(['CHANGELOG.md'])).map((problem) => problem.link),
      ['docs/missing.md'],
    );
  });

  it('names a guide the README does not link, and a link into a guide that names none of its headings', () => {
    const unlinked = { path: 'docs/guide/tasks.md', text: '# Tasks\n' };
    const wrongHeading = { ...gpu, text: gpu.text.replace('dns.md#records', 'dns.md#zones') };
    const { text, problems } = packagedReadme(readme, [wrongHeading, dns, unlinked], sourceOnly);
    assert.deepEqual(
      problems.map((problem) => [problem.file, problem.link, problem.reason.split(',')[0]]),
      [
        ['README.md', 'docs/guide/tasks.md', 'is a guide the README does not link'],
        ['docs/guide/gpu.md', 'dns.md#zones', 'names no heading of docs/guide/dns.md'],
      ],
    );
    assert.doesNotMatch(text, /# Tasks/);
  });
});

describe('headings and in-page links', () => {
  it('gives a heading the anchor the details page and GitHub give it', () => {
    assert.equal(headingSlug('GPU clusters and flavors'), 'gpu-clusters-and-flavors');
    assert.equal(headingSlug('Tasks: knowing whether it worked'), 'tasks-knowing-whether-it-worked');
    assert.equal(headingSlug('Edit, delete and remove a value'), 'edit-delete-and-remove-a-value');
    assert.equal(headingSlug('`gcore.logs` and [the log](log.md)'), 'gcorelogs-and-the-log');
    assert.equal(headingSlug('Café — Zürich_2'), 'café--zürich_2');
  });

  it('reads and demotes headings outside code only', () => {
    const markdown = ['# A', 'text # not a heading', '## B', '~~~', '# code', '~~~', '###### F'].join('\n');
    assert.deepEqual(headingAnchors(markdown), ['a', 'b', 'f']);
    assert.equal(demoteHeadings(markdown), ['## A', 'text # not a heading', '### B', '~~~', '# code', '~~~', '###### F'].join('\n'));
  });

  it('refuses an in-page link to no heading or to a heading with a twin, and ignores pictures and code', () => {
    const markdown = ['# One', '## Twin', '### Twin', '[ok](#one) [gone](#none) [twin](#twin) ![picture](#none)', '`[code](#none)`'].join(
      '\n',
    );
    assert.deepEqual(
      anchorProblems('README.md', markdown).map((problem) => [problem.link, problem.reason.split(':')[0]]),
      [
        ['#none', 'leads to no heading on the page'],
        ['#twin', 'leads to 2 headings of that name'],
      ],
    );
  });
});
