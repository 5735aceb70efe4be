import * as assert from 'node:assert/strict';
import type { DnsZone } from '../../../../src/api/dns/dnsTypes';
import { BACK, isUserCancelled } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import { zoneSettingsPlan, type ZoneSettingsAnswers } from '../../../../src/ui/dns/zoneSettingsWizard';
import { CANCEL, type Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../recordingUi';

const CURRENT: DnsZone = {
  name: 'example.com',
  enabled: true,
  contact: 'hostmaster@example.com',
  serial: 1,
  refresh: 3600,
  retry: 3600,
  expiry: 1_209_600,
  nx_ttl: 3600,
  primary_server: 'ns1.gcorelabs.net',
  meta: {},
};

const TITLE = 'Gcore: Edit Zone Settings';

async function edit(answers: Answer[], current: DnsZone = CURRENT) {
  const ui = new RecordingUi(answers);
  const state: ZoneSettingsAnswers = { zoneName: 'example.com', current, fields: [], changes: {} };
  await runWizard(state, (answered) => zoneSettingsPlan(ui, answered));
  ui.assertAllAnswersUsed();
  return { state, ui };
}

describe('the zone settings wizard', () => {
  it('offers every setting but enabled with its current value, then asks each chosen one from it, within its bounds', async () => {
    const { state, ui } = await edit([['Refresh', 'Negative TTL'], '-5', '7200', '30', 'Save Settings']);
    const prompts = ui.prompts();
    assert.deepEqual(
      [prompts[0].kind, prompts[0].title, prompts[0].placeholder],
      ['pickMany', TITLE, 'Settings of example.com to change (the others are kept)'],
    );
    assert.deepEqual(prompts[0].items, [
      { label: 'Contact', description: 'now "hostmaster@example.com"' },
      { label: 'Primary server', description: 'now "ns1.gcorelabs.net"' },
      { label: 'Refresh', description: 'now 3600 (1 h)' },
      { label: 'Retry', description: 'now 3600 (1 h)' },
      { label: 'Expiry', description: 'now 1209600 (14 d)' },
      { label: 'Negative TTL', description: 'now 3600 (1 h)' },
      { label: 'Serial', description: 'now 1' },
      { label: 'Metadata', description: 'now {}' },
    ]);
    assert.deepEqual(
      prompts.slice(1).map((prompt) => [prompt.title, prompt.step, prompt.totalSteps, prompt.value, prompt.validationMessages]),
      [
        [`${TITLE}: Refresh`, 2, 4, '3600', ['Refresh: must be between 0 and 4294967295']],
        [`${TITLE}: Negative TTL`, 3, 4, '3600', []],
      ],
    );
    const summary = ui.shown.at(-1);
    assert.equal(summary?.kind, 'choose');
    assert.equal(summary?.message, 'Change the settings of example.com?');
    assert.equal(
      summary?.detail,
      "Refresh: 3600 (1 h) → 7200 (2 h)\nNegative TTL: 3600 (1 h) → 30 (30 s)\n\nGcore replaces the zone's settings as a whole: every other setting is sent as it is now, so it is kept.",
    );
    assert.deepEqual(state.changes, { refresh: 7200, nx_ttl: 30 });
  });

  it('goes Back from the summary and the prompts keeping what was typed, and drops a setting unticked', async () => {
    const { state, ui } = await edit([
      ['Contact', 'Serial'],
      'dns@example.com',
      '2',
      'Go Back',
      BACK,
      BACK,
      ['Serial'],
      '3',
      'Save Settings',
    ]);
    const inputs = ui.prompts().filter((prompt) => prompt.kind === 'input');
    assert.deepEqual(
      inputs.map((prompt) => [prompt.title, prompt.value]),
      [
        [`${TITLE}: Contact`, 'hostmaster@example.com'],
        [`${TITLE}: Serial`, '1'],
        [`${TITLE}: Serial`, '2'],
        [`${TITLE}: Contact`, 'dns@example.com'],
        [`${TITLE}: Serial`, '2'],
      ],
    );
    assert.deepEqual(
      ui
        .prompts()
        .filter((prompt) => prompt.kind === 'pickMany')
        .at(-1)
        ?.items?.filter((item) => item.picked)
        .map((item) => item.label),
      ['Contact', 'Serial'],
    );
    assert.deepEqual(state.changes, { serial: 3 });
    assert.equal(ui.shown.at(-1)?.detail?.split('\n')[0], 'Serial: 1 → 3');
  });

  it('sends nothing when every answer is what the zone has: the summary only goes back', async () => {
    const { ui } = await edit([['Retry'], '3600', 'Go Back', '600', 'Save Settings']);
    const chooses = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.deepEqual(
      chooses.map((shown) => [shown.message, shown.labels]),
      [
        ['example.com already has these settings: there is nothing to send.', ['Go Back']],
        ['Change the settings of example.com?', ['Save Settings', 'Go Back']],
      ],
    );
    assert.equal(chooses[0].detail, 'Retry: 3600 (1 h) (unchanged)');
  });

  it('asks again when no setting is chosen, and a meta object as JSON from the current one', async () => {
    const { state, ui } = await edit([[], ['Metadata'], '{"team": "web"}', 'Save Settings']);
    assert.deepEqual(
      ui.notifications.map((notification) => notification.message),
      ['Choose at least one setting to change.'],
    );
    assert.equal(ui.prompts().find((prompt) => prompt.kind === 'input')?.value, '{}');
    assert.deepEqual(state.changes, { meta: { team: 'web' } });
  });

  it('is cancelled when the summary is dismissed', async () => {
    await assert.rejects(edit([['Serial'], '9', CANCEL]), (error: unknown) => isUserCancelled(error));
  });

  it("offers a setting Gcore's answer does not give readably, enabled too, chosen at first, and sends nothing without it", async () => {
    const { enabled: _enabled, ...answered } = CURRENT;
    const current = { ...answered, serial: 'soon', refresh: '7200' } as DnsZone;
    const { state, ui } = await edit(
      [['Negative TTL'], '600', 'Go Back', BACK, ['Enabled', 'Negative TTL', 'Serial'], 'No', '600', '5', 'Save Settings'],
      current,
    );
    const [first] = ui.prompts();
    assert.deepEqual(
      first.items?.filter((item) => item.picked || item.label === 'Refresh'),
      [
        { label: 'Enabled', description: "Gcore's answer gives enabled (missing): choose a value, or saving would reset it", picked: true },
        { label: 'Refresh', description: 'now 7200 (2 h)' },
        { label: 'Serial', description: 'Gcore\'s answer gives serial ("soon"): choose a value, or saving would reset it', picked: true },
      ],
    );
    const [refusal] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.match(
      refusal.message ?? '',
      /^Nothing was sent: Gcore's answer for example\.com gives enabled \(missing\), serial \("soon"\) in no form/,
    );
    assert.deepEqual(refusal.labels, ['Go Back']);
    assert.deepEqual(state.changes, { enabled: false, nx_ttl: 600, serial: 5 });
    assert.equal(ui.shown.at(-1)?.message, 'Change the settings of example.com?');
  });

  it('is cancelled when the refusal to reset an unread setting is dismissed', async () => {
    const { enabled: _enabled, ...answered } = CURRENT;
    await assert.rejects(edit([['Negative TTL'], '600', CANCEL], answered), (error: unknown) => isUserCancelled(error));
  });
});
