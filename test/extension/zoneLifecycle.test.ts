import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BACK } from '../../src/ui/promptUi';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { EXTENSION_ID, TEST_KEY, eventually, setKey, sharedEmulator, useUi, rejects, run } from './support/harness';
import { CANCEL, ScriptedUi, type Answer } from './support/scriptedUi';
import { label, rows } from './support/treeRows';

/*
 * The rest of a zone's life: Delete Zone, Enable and Disable Zone, Edit Zone Settings and Check Delegation,
 * through the contract's commands, interactively from the zone's row and the palette, in the tree (a disabled
 * zone's row and its menu), and against an API without these endpoints.
 */

const ZONE = 'lifecycle.example';
const ZONE_PATH = `/dns/v2/zones/${ZONE}`;

async function interact(ui: ScriptedUi, command: string, ...args: unknown[]): Promise<ScriptedUi> {
  await useUi(ui);
  await vscode.commands.executeCommand(command, ...args);
  return ui;
}

function scripted(answers: Answer[]): ScriptedUi {
  return new ScriptedUi(answers);
}

/**
 * What the tree and the key status read whenever they are drawn (the account's zones, a page of 100; the
 * account): not a request of the commands.
 */
function isTreeRead(request: RecordedRequest): boolean {
  return (
    request.method === 'GET' && ((request.path === '/dns/v2/zones' && request.query.limit !== '1') || !request.path.startsWith('/dns/'))
  );
}

/** Every request of the commands the emulator received: method, path and body (undefined when none was sent). */
function received(emulator: Emulator): [string, string, unknown][] {
  return emulator.requests
    .filter((request) => !isTreeRead(request))
    .map((request) => [request.method, request.path, request.body === '' ? undefined : request.json]);
}

function writes(emulator: Emulator): [string, string, unknown][] {
  return received(emulator).filter(([method]) => method !== 'GET');
}

/** The zone as a GET answers it, but without `enabled`: an answer the extension cannot send back whole. */
const WITHOUT_ENABLED = {
  name: ZONE,
  contact: 'hostmaster@lifecycle.example',
  serial: 1,
  refresh: 7200,
  retry: 3600,
  expiry: 1_209_600,
  nx_ttl: 3600,
  primary_server: 'ns1.gcorelabs.net',
  meta: { team: 'web' },
};

async function zoneRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const [zones] = (await rows()).filter((row) => label(row.item) === 'DNS Zones');
  return rows(zones.node);
}

/** The zone's row once it shows `expected` (a context value), after the tree has read the account's zones again. */
async function zoneRow(expected?: string): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  return eventually(async () => {
    const zone = (await zoneRows()).find((row) => label(row.item) === ZONE);
    assert.ok(zone, `${ZONE} is shown`);
    if (expected !== undefined) assert.equal(zone.item.contextValue, expected);
    return zone;
  });
}

interface MenuItem {
  command: string;
  when?: string;
}

/** The commands of the zone row's context menu for a context value, as package.json's when clauses select them. */
function menuCommands(contextValue: string): Set<string> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const items = (extension.packageJSON as { contributes: { menus: Record<string, MenuItem[]> } }).contributes.menus['view/item/context'];
  const offered = new Set<string>();
  for (const item of items) {
    const conditions = [...(item.when ?? '').matchAll(/viewItem\s*(==|=~)\s*(\/(?:\\.|[^/])+\/|[\w.-]+)/g)];
    if (conditions.length === 0) continue;
    const matches = conditions.every(([, operator, operand]) =>
      operator === '=~' ? new RegExp(operand.slice(1, -1)).test(contextValue) : operand === contextValue,
    );
    if (matches) offered.add(item.command);
  }
  return offered;
}

describe('DNS zone lifecycle', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(scripted([]));
    await setKey(TEST_KEY);
    await run('gcore.createZone', { name: ZONE, contact: 'hostmaster@lifecycle.example', refresh: 7200, meta: { team: 'web' } });
    await run('gcore.refresh');
    await zoneRow('zone.dnssec.off');
    emulator.requests.length = 0;
  });

  afterEach(async () => {
    await useUi(scripted([]));
    await run('gcore.forgetZone', ZONE);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await useUi(undefined);
  });

  describe("the contract's commands", () => {
    it('updateZone reads the zone, PUTs it whole with the changes applied, reads it again, and resolves to nothing', async () => {
      assert.equal(
        await run('gcore.updateZone', { zoneName: ZONE, changes: { nx_ttl: 900, contact: 'dns@lifecycle.example' } }),
        undefined,
      );
      assert.deepEqual(received(emulator), [
        ['GET', ZONE_PATH, undefined],
        [
          'PUT',
          ZONE_PATH,
          {
            name: ZONE,
            contact: 'dns@lifecycle.example',
            enabled: true,
            expiry: 1_209_600,
            meta: { team: 'web' },
            nx_ttl: 900,
            primary_server: 'ns1.gcorelabs.net',
            refresh: 7200,
            retry: 3600,
            serial: 1,
          },
        ],
        ['GET', ZONE_PATH, undefined],
      ]);
      // The emulator resets what a PUT does not send, as Gcore does: what was not changed is there because it was sent.
      const zone = emulator.zone(ZONE);
      assert.deepEqual([zone?.contact, zone?.nx_ttl, zone?.refresh, zone?.meta], ['dns@lifecycle.example', 900, 7200, { team: 'web' }]);
    });

    it('updateZone keeps a disabled zone disabled', async () => {
      await run('gcore.disableZone', { zoneName: ZONE });
      await run('gcore.updateZone', { zoneName: ZONE, changes: { serial: 2 } });
      assert.deepEqual([emulator.zone(ZONE)?.enabled, emulator.zone(ZONE)?.serial], [false, 2]);
    });

    it('updateZone reads the numbers Gcore sends as strings and sends them back as numbers, a disabled zone staying disabled', async () => {
      const answered = {
        name: ZONE,
        enabled: false,
        contact: 'hostmaster@lifecycle.example',
        serial: '2024010101',
        refresh: '3600',
        retry: '600',
        expiry: '1209600',
        nx_ttl: '300',
        primary_server: 'ns1.gcorelabs.net',
        meta: { team: 'web' },
      };
      emulator.inject({ method: 'GET', path: ZONE_PATH, status: 200, body: answered, times: 2 });
      await run('gcore.updateZone', { zoneName: ZONE, changes: { nx_ttl: 900 } });
      assert.deepEqual(writes(emulator), [
        [
          'PUT',
          ZONE_PATH,
          {
            name: ZONE,
            contact: 'hostmaster@lifecycle.example',
            enabled: false,
            expiry: 1_209_600,
            meta: { team: 'web' },
            nx_ttl: 900,
            primary_server: 'ns1.gcorelabs.net',
            refresh: 3600,
            retry: 600,
            serial: 2_024_010_101,
          },
        ],
      ]);
      assert.deepEqual([emulator.zone(ZONE)?.enabled, emulator.zone(ZONE)?.serial], [false, 2_024_010_101]);
    });

    it("updateZone refuses to send when Gcore's answer lacks enabled, naming it, and sends it when the change gives it", async () => {
      emulator.inject({ method: 'GET', path: ZONE_PATH, status: 200, body: WITHOUT_ENABLED });
      await rejects(
        run('gcore.updateZone', { zoneName: ZONE, changes: { nx_ttl: 900 } }),
        /^Nothing was sent: Gcore's answer for lifecycle\.example gives enabled \(missing\) in no form the extension can send back, .*Give enabled a value in this change too/,
      );
      assert.deepEqual(writes(emulator), []);
      emulator.inject({ method: 'GET', path: ZONE_PATH, status: 200, body: WITHOUT_ENABLED });
      await run('gcore.updateZone', { zoneName: ZONE, changes: { nx_ttl: 900, enabled: true } });
      assert.deepEqual(
        writes(emulator).map(([method, , body]) => [method, (body as { enabled?: boolean }).enabled]),
        [['PUT', true]],
      );
    });

    it('refuses bad arguments naming the field, before any request', async () => {
      await rejects(run('gcore.updateZone', { zoneName: ZONE, changes: { ttl: 60 } }), /changes\.ttl: unknown field/);
      await rejects(
        run('gcore.updateZone', { zoneName: ZONE, changes: { name: 'other.example' } }),
        /changes\.name: a zone cannot be renamed/,
      );
      await rejects(run('gcore.updateZone', { zoneName: ZONE, changes: { refresh: -1 } }), /changes\.refresh/);
      await rejects(run('gcore.updateZone', { zoneName: ZONE, changes: {} }), /changes: must change at least one setting/);
      await rejects(run('gcore.updateZone', { zoneName: ZONE }), /changes: is required/);
      await rejects(run('gcore.deleteZone', { zoneName: 'not a zone' }), /zoneName/);
      await rejects(run('gcore.disableZone', { zoneName: ZONE, force: true }), /force: unknown field/);
      await rejects(run('gcore.checkDelegation', 42), /zoneName: must be a zone name/);
      assert.deepEqual(emulator.requests, []);
    });

    it('disableZone and enableZone PATCH without a body, resolve to nothing, and the row follows', async () => {
      assert.equal(await run('gcore.disableZone', { zoneName: ZONE }), undefined);
      assert.equal(emulator.zone(ZONE)?.enabled, false);
      const disabled = await zoneRow('zone.dnssec.off.disabled');
      assert.match(String(disabled.item.description), /^disabled · DNSSEC off/);
      assert.match(String((disabled.item.tooltip as vscode.MarkdownString).value), /\*\*disabled\*\* at Gcore/);
      assert.equal(await run('gcore.enableZone', ZONE), undefined);
      await zoneRow('zone.dnssec.off');
      assert.deepEqual(writes(emulator), [
        ['PATCH', `${ZONE_PATH}/disable`, undefined],
        ['PATCH', `${ZONE_PATH}/enable`, undefined],
      ]);
    });

    it('deleteZone DELETEs the zone, forgets it here, and resolves again for a zone already gone', async () => {
      assert.equal(await run('gcore.deleteZone', { zoneName: ZONE }), undefined);
      assert.equal(emulator.zone(ZONE), undefined);
      await eventually(async () => assert.ok(!(await zoneRows()).some((row) => label(row.item) === ZONE)));
      emulator.requests.length = 0;
      assert.equal(await run('gcore.deleteZone', ZONE), undefined);
      assert.deepEqual(received(emulator), [
        ['DELETE', ZONE_PATH, undefined],
        ['GET', ZONE_PATH, undefined],
        ['GET', '/dns/v2/zones', undefined],
      ]);
    });

    it('checkDelegation resolves to the status as Gcore returned it', async () => {
      emulator.setRegistrarNameServers(ZONE, ['ns1.gcorelabs.net', 'ns1.registrar-parking.example']);
      const status = await run<Record<string, unknown>>('gcore.checkDelegation', { zoneName: ZONE });
      assert.deepEqual(received(emulator), [['GET', `/dns/v2/analyze/${ZONE}/delegation-status`, undefined]]);
      assert.deepEqual(status, {
        authoritative_name_servers: [
          { name: 'ns1.gcorelabs.net', ...addresses(status, 0) },
          { name: 'ns1.registrar-parking.example', ...addresses(status, 1) },
        ],
        gcore_authorized_count: 1,
        non_gcore_authorized_count: 1,
        is_whitelabel_delegation: false,
        zone_exists: true,
      });
      assert.ok(
        !vscode.window.visibleTextEditors.some((editor) => editor.document.uri.path.includes('delegation')),
        'a programmatic call opens no report',
      );
    });
  });

  describe('interactively', () => {
    it('deletes a zone from its row once its name is typed: a wrong name is refused, and the zone leaves the tree', async () => {
      const ui = await interact(scripted(['lifecycle', ZONE]), 'gcore.deleteZone', (await zoneRow()).node);
      ui.assertAllAnswersUsed();
      const [box] = ui.shown;
      assert.equal(box.kind, 'input');
      assert.equal(
        box.prompt,
        'This deletes the zone lifecycle.example at Gcore and every record in it (2 record sets), and cannot be undone. Type lifecycle.example to delete it.',
      );
      assert.deepEqual(box.validationMessages, ['Type lifecycle.example to delete the zone, or press Escape to keep it.']);
      assert.deepEqual(writes(emulator), [['DELETE', ZONE_PATH, undefined]]);
      assert.deepEqual(ui.progressTitles, ['Deleting zone lifecycle.example…']);
      await eventually(() => assert.equal(ui.notifications.at(-1)?.message, 'Deleted the zone lifecycle.example and its records.'));
      await eventually(async () => assert.ok(!(await zoneRows()).some((row) => label(row.item) === ZONE)));
    });

    it('sends nothing when the typed confirmation is dismissed', async () => {
      const ui = await interact(scripted(['nope', CANCEL]), 'gcore.deleteZone', (await zoneRow()).node);
      ui.assertAllAnswersUsed();
      assert.deepEqual(writes(emulator), []);
      assert.deepEqual(ui.notifications, []);
      assert.ok(emulator.zone(ZONE));
    });

    it('deletes a zone picked in the palette', async () => {
      const ui = await interact(scripted([ZONE, ZONE]), 'gcore.deleteZone');
      ui.assertAllAnswersUsed();
      assert.equal(ui.shown[0].kind, 'pick');
      assert.equal(
        ui.shown[1].prompt,
        'This deletes the zone lifecycle.example at Gcore and every record in it, and cannot be undone. Type lifecycle.example to delete it.',
      );
      assert.deepEqual(writes(emulator), [['DELETE', ZONE_PATH, undefined]]);
    });

    it('disables a zone after a confirmation that says what it means, marks its row, and enables it again without one', async () => {
      const declined = await interact(scripted([false]), 'gcore.disableZone', (await zoneRow()).node);
      assert.equal(declined.shown[0].message, 'Disable the zone lifecycle.example?');
      assert.equal(
        declined.shown[0].detail,
        "Gcore's name servers stop answering for lifecycle.example: once resolvers' cached answers expire, its names no longer resolve (web sites, mail). Its records are kept, and Enable Zone serves the zone again at any time.",
      );
      assert.deepEqual(writes(emulator), []);

      const ui = await interact(scripted([true]), 'gcore.disableZone', (await zoneRow()).node);
      assert.deepEqual(writes(emulator), [['PATCH', `${ZONE_PATH}/disable`, undefined]]);
      await eventually(() =>
        assert.match(
          ui.notifications.at(-1)?.message ?? '',
          /^The zone lifecycle\.example is disabled: Gcore's name servers no longer answer for it\./,
        ),
      );
      const disabled = await zoneRow('zone.dnssec.off.disabled');

      const enabled = await interact(scripted([]), 'gcore.enableZone', disabled.node);
      assert.deepEqual(enabled.shown, [], 'enabling asks nothing');
      assert.deepEqual(writes(emulator).at(-1), ['PATCH', `${ZONE_PATH}/enable`, undefined]);
      await zoneRow('zone.dnssec.off');
    });

    it('describes a zone in the palette pick as its row does, disabled included, and lists the disabled ones first to enable', async () => {
      await run('gcore.disableZone', ZONE);
      const row = await zoneRow('zone.dnssec.off.disabled');
      const ui = await interact(scripted([ZONE]), 'gcore.enableZone');
      ui.assertAllAnswersUsed();
      const [pick] = ui.shown;
      assert.equal(pick.labels?.[0], ZONE, 'the disabled zone first');
      assert.equal(pick.descriptions?.[0], 'disabled · DNSSEC off · 2 record sets');
      assert.equal(pick.descriptions?.[0], row.item.description);
      assert.deepEqual(writes(emulator).at(-1), ['PATCH', `${ZONE_PATH}/enable`, undefined]);

      const served = await zoneRow('zone.dnssec.off');
      const again = await interact(scripted([CANCEL]), 'gcore.disableZone');
      const index = again.shown[0].labels?.indexOf(ZONE) ?? -1;
      assert.equal(again.shown[0].descriptions?.[index], served.item.description);
      assert.equal(served.item.description, 'DNSSEC off · 2 record sets');
    });

    it('offers Enable Zone only on a disabled row and Disable Zone only on a served one, with the other menus unchanged', async () => {
      const served = (await zoneRow('zone.dnssec.off')).item.contextValue ?? '';
      await run('gcore.disableZone', ZONE);
      const disabled = (await zoneRow('zone.dnssec.off.disabled')).item.contextValue ?? '';
      const onServed = menuCommands(served);
      const onDisabled = menuCommands(disabled);
      assert.ok(onServed.has('gcore.disableZone') && !onServed.has('gcore.enableZone'));
      assert.ok(onDisabled.has('gcore.enableZone') && !onDisabled.has('gcore.disableZone'));
      for (const id of ['gcore.deleteZone', 'gcore.updateZone', 'gcore.checkDelegation', 'gcore.enableDnssec', 'gcore.forgetZone']) {
        assert.ok(onServed.has(id), `${id} on a served zone`);
        assert.ok(onDisabled.has(id), `${id} on a disabled zone`);
      }
      const sameOtherwise = (commands: Set<string>) =>
        [...commands].filter((id) => id !== 'gcore.enableZone' && id !== 'gcore.disableZone').sort();
      assert.deepEqual(sameOtherwise(onDisabled), sameOtherwise(onServed));
    });

    it('edits settings from the row: starts from the current values, goes Back, shows current → new, and keeps the rest', async () => {
      const ui = await interact(
        scripted([['Refresh', 'Negative TTL'], '7300', BACK, '3600', '600', 'Save Settings']),
        'gcore.updateZone',
        (await zoneRow()).node,
      );
      ui.assertAllAnswersUsed();
      const boxes = ui.shown.filter((shown) => shown.kind === 'input');
      assert.deepEqual(
        boxes.map((box) => [box.title, box.value]),
        [
          ['Gcore: Edit Zone Settings: Refresh', '7200'],
          ['Gcore: Edit Zone Settings: Negative TTL', '3600'],
          ['Gcore: Edit Zone Settings: Refresh', '7300'],
          ['Gcore: Edit Zone Settings: Negative TTL', '3600'],
        ],
      );
      const summary = ui.shown.find((shown) => shown.kind === 'choose');
      assert.equal(summary?.message, 'Change the settings of lifecycle.example?');
      assert.match(summary?.detail ?? '', /^Refresh: 7200 \(2 h\) → 3600 \(1 h\)\nNegative TTL: 3600 \(1 h\) → 600 \(10 min\)\n/);
      const [put] = writes(emulator);
      assert.deepEqual(put, [
        'PUT',
        ZONE_PATH,
        {
          name: ZONE,
          contact: 'hostmaster@lifecycle.example',
          enabled: true,
          expiry: 1_209_600,
          meta: { team: 'web' },
          nx_ttl: 600,
          primary_server: 'ns1.gcorelabs.net',
          refresh: 3600,
          retry: 3600,
          serial: 1,
        },
      ]);
      assert.deepEqual([emulator.zone(ZONE)?.meta, emulator.zone(ZONE)?.contact], [{ team: 'web' }, 'hostmaster@lifecycle.example']);
      await eventually(() =>
        assert.equal(ui.notifications.at(-1)?.message, 'Saved the settings of lifecycle.example; its other settings are kept.'),
      );
    });

    it("refuses to save settings that would reset one Gcore's answer does not give, naming it, before sending anything", async () => {
      emulator.inject({ method: 'GET', path: ZONE_PATH, status: 200, body: WITHOUT_ENABLED });
      const ui = await interact(scripted([['Negative TTL'], '600', CANCEL]), 'gcore.updateZone', (await zoneRow()).node);
      ui.assertAllAnswersUsed();
      assert.deepEqual(ui.shown.find((shown) => shown.kind === 'pickMany')?.labels?.[0], 'Enabled');
      const refusal = ui.shown.find((shown) => shown.kind === 'choose');
      assert.match(refusal?.message ?? '', /^Nothing was sent: Gcore's answer for lifecycle\.example gives enabled \(missing\)/);
      assert.deepEqual(refusal?.labels, ['Go Back']);
      assert.deepEqual(writes(emulator), []);
    });

    it('says when Gcore holds another value than was sent, read again after the write', async () => {
      const ui = await interact(scripted([['Negative TTL'], '30', 'Save Settings']), 'gcore.updateZone', (await zoneRow()).node);
      assert.deepEqual(
        received(emulator).map(([method]) => method),
        ['GET', 'GET', 'PUT', 'GET'],
      );
      await eventually(() =>
        assert.deepEqual(ui.notifications.at(-1), {
          severity: 'warning',
          message:
            'Saved the settings of lifecycle.example, but Gcore holds other values than were sent: Negative TTL: 30 (30 s) sent, Gcore holds 60 (1 min).',
          actions: [],
        }),
      );
    });

    it('keeps what was typed when Gcore refuses the settings: Edit reopens the wizard with them', async () => {
      emulator.inject({ method: 'PUT', path: ZONE_PATH, status: 400, body: { error: 'contact domain does not accept mail' } });
      const ui = scripted([
        ['Contact'],
        'dns@lifecycle.example',
        'Save Settings',
        ['Contact'],
        'dns@mail.lifecycle.example',
        'Save Settings',
      ]);
      ui.answerNotification(/contact domain does not accept mail/, 'Edit');
      await interact(ui, 'gcore.updateZone', (await zoneRow()).node);
      ui.assertAllAnswersUsed();
      const error = ui.notifications.find((notification) => notification.severity === 'error');
      assert.match(
        error?.message ?? '',
        /^Edit the settings of lifecycle\.example failed: Gcore refused the input: contact domain does not accept mail\./,
      );
      const pickMany = ui.shown.filter((shown) => shown.kind === 'pickMany');
      assert.equal(pickMany.length, 2, 'the wizard opened again');
      assert.deepEqual(
        ui.shown.filter((shown) => shown.kind === 'input').map((box) => box.value),
        ['hostmaster@lifecycle.example', 'dns@lifecycle.example'],
      );
      assert.deepEqual(
        writes(emulator).map(([, , body]) => (body as { contact: string }).contact),
        ['dns@lifecycle.example', 'dns@mail.lifecycle.example'],
      );
      assert.equal(emulator.zone(ZONE)?.contact, 'dns@mail.lifecycle.example');
    });

    it("checks the delegation from the row in a report: which servers are Gcore's, what it means, and the next step", async () => {
      emulator.setRegistrarNameServers(ZONE, ['ns1.gcorelabs.net', 'ns2.gcdn.services', 'ns3.old-host.example']);
      await interact(scripted([]), 'gcore.checkDelegation', (await zoneRow()).node);
      const editor = await eventually(() => {
        const found = vscode.window.visibleTextEditors.find(
          (candidate) => candidate.document.uri.scheme === 'gcore-resolution' && candidate.document.uri.path.includes('delegation'),
        );
        assert.ok(found, 'the report is shown');
        return found;
      });
      const text = editor.document.getText();
      assert.match(text, /^# Delegation of lifecycle\.example\n/);
      assert.match(
        text,
        /\*\*✗ Partly delegated to Gcore\.\*\* lifecycle\.example is only partly delegated to Gcore: its registrar also lists name servers that are not Gcore's \(ns3\.old-host\.example\)\./,
      );
      assert.match(text, /\| `ns1\.gcorelabs\.net` \| ✓ Gcore \| 192\.0\.2\.\d+ \| 2001:db8:53::[0-9a-f]+ \|/);
      assert.match(text, /\| `ns3\.old-host\.example` \| ✗ not Gcore \| 198\.51\.100\.\d+ \| {2}\|/);
      assert.match(text, /the zone stays pending at Gcore, and so does its DNSSEC/);
      assert.match(
        text,
        /set the name servers to exactly `ns1\.gcorelabs\.net`, `ns2\.gcdn\.services`\. Remove `ns3\.old-host\.example`\./,
      );
      assert.deepEqual(writes(emulator), []);
    });
  });

  describe('against an API with only the four core operations', () => {
    beforeEach(async () => {
      emulator = await sharedEmulator({ coreOnly: true });
      await run('gcore.refresh');
      emulator.requests.length = 0;
    });

    afterEach(async () => {
      await sharedEmulator();
    });

    it('rejects each command with what the API does not offer, and changes nothing here', async () => {
      const notOffered = (action: string) => new RegExp(`^The API at gcore\\.apiBaseUrl does not offer ${action}: it answered 404 \\(`);
      await rejects(run('gcore.deleteZone', { zoneName: ZONE }), notOffered('Delete Zone'));
      await rejects(run('gcore.disableZone', { zoneName: ZONE }), notOffered('Disable Zone'));
      await rejects(run('gcore.enableZone', { zoneName: ZONE }), notOffered('Enable Zone'));
      await rejects(run('gcore.updateZone', { zoneName: ZONE, changes: { serial: 2 } }), notOffered('Edit Zone Settings'));
      await rejects(run('gcore.checkDelegation', { zoneName: ZONE }), notOffered('Check Delegation'));
      assert.deepEqual(
        writes(emulator).map(([method, path]) => `${method} ${path}`),
        [`DELETE ${ZONE_PATH}`, `PATCH ${ZONE_PATH}/disable`, `PATCH ${ZONE_PATH}/enable`],
      );
      await zoneRow('zone.dnssec.off');
    });

    it('says once, as a warning without Retry, that Delete Zone is not offered, and keeps the zone in the list', async () => {
      const ui = await interact(scripted([ZONE]), 'gcore.deleteZone', (await zoneRow()).node);
      ui.assertAllAnswersUsed();
      await eventually(() => assert.equal(ui.notifications.length, 1));
      const [notice] = ui.notifications;
      assert.equal(notice.severity, 'warning');
      assert.match(
        notice.message,
        /^The API at gcore\.apiBaseUrl does not offer Delete Zone: it answered 404 \(.+\)\. Nothing was changed\.$/,
      );
      assert.deepEqual(notice.actions, []);
      assert.deepEqual(
        received(emulator).map(([method, path]) => `${method} ${path}`),
        [`DELETE ${ZONE_PATH}`, `GET ${ZONE_PATH}`, 'GET /dns/v2/zones'],
      );
      await zoneRow('zone.dnssec.off');
    });

    it('says so for Edit Zone Settings before asking anything but the zone, and for Check Delegation', async () => {
      const ui = await interact(scripted([]), 'gcore.updateZone', (await zoneRow()).node);
      await eventually(() => assert.equal(ui.notifications.length, 1));
      assert.match(ui.notifications[0].message, /does not offer Edit Zone Settings: it answered 404/);
      assert.equal(ui.notifications[0].severity, 'warning');
      assert.deepEqual(ui.shown, []);
      const delegation = await interact(scripted([]), 'gcore.checkDelegation', (await zoneRow()).node);
      await eventually(() => assert.equal(delegation.notifications.length, 1));
      assert.match(
        delegation.notifications[0].message,
        /^The API at gcore\.apiBaseUrl does not offer Check Delegation: it answered 404 \(.+\)\.$/,
      );
      assert.deepEqual(writes(emulator), []);
    });
  });
});

/** The addresses the emulator gave a server of the status, which the test does not fix. */
function addresses(status: Record<string, unknown>, index: number): Record<string, unknown> {
  const servers = status.authoritative_name_servers as Record<string, unknown>[];
  const { name: _name, ...rest } = servers[index];
  return rest;
}
