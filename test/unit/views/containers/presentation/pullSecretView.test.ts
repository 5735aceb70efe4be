import * as assert from 'node:assert/strict';
import type { PullSecret } from '../../../../../src/api/containers/containerTypes';
import { pullSecretRowView } from '../../../../../src/views/containers/presentation/pullSecretView';
import { tableRows, unescapedPunctuation, unescapeMarkdown } from '../../markdownReading';

/** A pull secret as Gcore lists it. */
const LISTED: PullSecret = { name: 'ghcr-deploy', registry: 'ghcr.io', login: 'deploy-bot', updated_at: '2026-11-20T09:30:12Z' };

describe('pullSecretRowView', () => {
  it('shows the name, then registry · login · when it was updated', () => {
    const view = pullSecretRowView(LISTED);
    assert.equal(view.label, 'ghcr-deploy');
    assert.equal(view.description, 'ghcr.io · deploy-bot · updated 2026-11-20 09:30 UTC');
    assert.equal(view.contextValue, 'pullSecret');
    assert.deepEqual(view.icon, { id: 'key' });
  });

  it('reads a time without a zone as UTC, and shows a time it cannot read as it came', () => {
    assert.equal(
      pullSecretRowView({ ...LISTED, updated_at: '2026-11-20T09:30:12' }).description,
      'ghcr.io · deploy-bot · updated 2026-11-20 09:30 UTC',
    );
    assert.equal(pullSecretRowView({ ...LISTED, updated_at: 'yesterday' }).description, 'ghcr.io · deploy-bot · updated yesterday');
  });

  it('leaves out what Gcore did not send, or sent empty', () => {
    assert.equal(pullSecretRowView({ name: 'bare' }).description, '');
    assert.equal(pullSecretRowView({ name: 'half', registry: ' ', login: 'bot', updated_at: null }).description, 'bot');
    assert.deepEqual(
      tableRows(pullSecretRowView({ name: 'half', registry: ' ', login: 'bot', updated_at: null }).tooltip ?? '').map((row) => [
        row.label,
        row.value,
      ]),
      [['Login', 'bot']],
    );
  });

  it('tells registry, login and last update in the hover, and that the password is never shown', () => {
    const tooltip = pullSecretRowView(LISTED).tooltip ?? assert.fail('no tooltip');
    assert.equal(tooltip.split('\n')[0], '### ghcr\\-deploy');
    assert.deepEqual(
      tableRows(tooltip).map((row) => [row.label, row.value]),
      [
        ['Registry', 'ghcr.io'],
        ['Login', 'deploy-bot'],
        ['Last updated', '2026-11-20 09:30 UTC'],
      ],
    );
    assert.match(unescapeMarkdown(tooltip), /The password is kept by Gcore and never shown\.$/);
  });

  it('shows no password anywhere, even when the API object carries one', () => {
    const password = 'ghp_Zx9-very-secret-token';
    const view = pullSecretRowView({ ...LISTED, password, secret: { password } });
    const shown = JSON.stringify(view);
    assert.ok(!shown.includes(password), shown);
    assert.ok(!unescapeMarkdown(view.tooltip ?? '').includes(password));
    assert.ok(!shown.includes('ghp_Zx9'), shown);
  });

  it('escapes Markdown in names, registries and logins coming from the API', () => {
    const name = '**team** [click](https://evil.example) | x';
    const registry = 'evil.io/<img src=x>';
    const login = '`bot`_$(alert)';
    const view = pullSecretRowView({ name, registry, login });
    assert.equal(view.label, name, 'the label is plain text, shown as it came');
    const tooltip = view.tooltip ?? assert.fail('no tooltip');
    const heading = tooltip.split('\n')[0];
    assert.deepEqual(unescapedPunctuation(heading.slice('### '.length)), []);
    assert.equal(unescapeMarkdown(heading), `### ${name}`);
    const rows = tableRows(tooltip);
    assert.deepEqual(
      rows.map((row) => [row.label, row.value]),
      [
        ['Registry', registry],
        ['Login', login],
      ],
    );
    for (const row of rows) assert.deepEqual(unescapedPunctuation(row.rawValue), [], row.rawValue);
  });

  it('keeps a name with a line break on one line of the hover', () => {
    const tooltip = pullSecretRowView({ ...LISTED, name: 'two\nlines' }).tooltip ?? assert.fail('no tooltip');
    assert.equal(tooltip.split('\n')[0], '### two lines');
  });
});
