import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import { seedExampleZone } from '../emulator/record-set-seed';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { TEST_KEY, eventually, setKey, sharedEmulator, useUi, rejects, run } from './support/harness';
import { CANCEL, ScriptedUi, type Answer } from './support/scriptedUi';
import { label, rows } from './support/treeRows';

/*
 * A zone's record sets: in the tree under their zone, through the contract's commands, in the interactive
 * Add, Edit, Delete and Remove Value flows, in Check Resolution, and against an API without them.
 */

const ZONE = 'records.example';
const RRSETS = `/dns/v2/zones/${ZONE}/rrsets`;

async function interact(answers: Answer[], command: string, ...args: unknown[]): Promise<ScriptedUi> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  await vscode.commands.executeCommand(command, ...args);
  return ui;
}

/** The writes the emulator received: method, path and body. */
function writes(emulator: Emulator): [string, string, unknown][] {
  return emulator.requests
    .filter((request) => request.method !== 'GET')
    .map((request: RecordedRequest) => [request.method, request.path, request.json]);
}

async function zoneRow(): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  return eventually(async () => {
    const [zones] = (await rows()).filter((row) => label(row.item) === 'DNS Zones');
    const zone = (await rows(zones.node)).find((row) => label(row.item) === ZONE);
    assert.ok(zone, `${ZONE} is shown`);
    return zone;
  });
}

/** The rows under the zone: its record sets (the zone has DNSSEC off, so no DS rows come first). */
async function setRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  return rows((await zoneRow()).node);
}

async function setRow(name: string, type: string): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  const found = (await setRows()).find((row) => label(row.item) === name && String(row.item.description).startsWith(type));
  assert.ok(found, `${name} ${type} is shown`);
  return found;
}

function stored(emulator: Emulator, name: string, type: string) {
  return emulator.zone(ZONE)?.rrsets.find(name, type);
}

describe('DNS record sets', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await run('gcore.createZone', { name: ZONE });
    const zone = emulator.zone(ZONE);
    assert.ok(zone);
    seedExampleZone(zone.rrsets, ZONE);
    emulator.setPropagationDelay(5_000);
    await run('gcore.refresh');
    emulator.requests.length = 0;
  });

  afterEach(async () => {
    await useUi(new ScriptedUi([]));
    await run('gcore.forgetZone', ZONE);
    await useUi(undefined);
  });

  describe('in the tree', () => {
    it('shows the zone with its count, and its sets by name then type, each with its values', async () => {
      const zone = await zoneRow();
      assert.match(String(zone.item.description), /16 record sets \(2 dynamic, 1 health-checked\)/);
      assert.equal(zone.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      const sets = await setRows();
      assert.deepEqual(
        sets.slice(0, 7).map((row) => [label(row.item), String(row.item.description).split(' · ')[0]]),
        [
          ['@', 'SOA'],
          ['@', 'NS'],
          ['@', 'A'],
          ['@', 'AAAA'],
          ['@', 'MX'],
          ['@', 'TXT'],
          ['@', 'CAA'],
        ],
      );
      assert.equal(emulator.requests.filter((request) => request.path === RRSETS).length, 1, 'one request lists the zone');
      assert.deepEqual(emulator.requests.find((request) => request.path === RRSETS)?.query, { all: 'true' });
      const mx = await setRow('@', 'MX');
      assert.match(String(mx.item.description), /10 mail\.records\.example\., 20 backup-mx\.example\.net\./);
      const cdn = await setRow('cdn', 'A');
      assert.match(String(cdn.item.description), /GeoDNS/);
      assert.equal(cdn.item.contextValue, 'recordSet.dynamic');
      const api = await setRow('api', 'A');
      assert.match(String(api.item.description), /1 of 2 disabled/);
      const soa = await setRow('@', 'SOA');
      assert.equal(soa.item.contextValue, 'recordSet.gcore');
      const values = await rows(cdn.node);
      assert.deepEqual(
        values.map((row) => [label(row.item), row.item.description]),
        [
          ['198.51.100.10', 'continents: EU'],
          ['198.51.100.20', 'countries: US, CA'],
          ['198.51.100.30', 'default'],
        ],
      );
    });

    it('copies a value, and filters the zone to the types picked', async () => {
      const ui = new ScriptedUi([['MX', 'TXT']]);
      await useUi(ui);
      const [dkim] = await rows((await setRow('selector1._domainkey', 'TXT')).node);
      await run('gcore.copyValue', dkim.node);
      assert.match(ui.clipboard[0], /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
      await run('gcore.filterRecordTypes', (await zoneRow()).node);
      await eventually(async () => assert.match(String((await zoneRow()).item.description), /only MX, TXT/));
      assert.deepEqual(
        (await setRows()).map((row) => `${label(row.item)} ${String(row.item.description).split(' · ')[0]}`),
        ['@ MX', '@ TXT', '_dmarc TXT', 'selector1._domainkey TXT'],
      );
      assert.deepEqual(ui.shown[0].labels?.slice(0, 3), ['SOA', 'NS', 'A']);
      await interact([[]], 'gcore.filterRecordTypes', (await zoneRow()).node);
      await eventually(async () => assert.equal((await setRows()).length, 16));
    });
  });

  describe("the contract's commands", () => {
    it('list every set with all=true, and read one by a relative, apex or full name', async () => {
      const list = await run<{ total_amount: number; rrsets: { name: string; type: string }[] }>('gcore.listRecords', { zoneName: ZONE });
      assert.equal(list.total_amount, 16);
      assert.deepEqual(Object.keys(list), ['total_amount', 'rrsets']);
      assert.deepEqual(
        emulator.requests.map((request) => request.query),
        [{ all: 'true' }],
      );
      const mx = await run<{ resource_records: { content: unknown[] }[] }>('gcore.getRecord', { zoneName: ZONE, name: '@', type: 'mx' });
      assert.deepEqual(
        mx.resource_records.map((record) => record.content),
        [
          [10, 'mail.records.example.'],
          [20, 'backup-mx.example.net.'],
        ],
      );
      await run('gcore.getRecord', { zoneName: ZONE, name: 'selector1._domainkey', type: 'TXT' });
      await run('gcore.getRecord', { zoneName: ZONE, name: 'www.records.example.', type: 'CNAME' });
      assert.deepEqual(
        emulator.requests.slice(1).map((request) => request.path),
        [
          `/dns/v2/zones/${ZONE}/${ZONE}/MX`,
          `/dns/v2/zones/${ZONE}/selector1._domainkey.${ZONE}/TXT`,
          `/dns/v2/zones/${ZONE}/www.${ZONE}/CNAME`,
        ],
      );
    });

    it('list says that record sets are not available when their list answers 404, and that a zone the account lacks is not there', async () => {
      emulator.inject({ path: RRSETS, status: 404, body: '404 page not found', headers: { 'content-type': 'text/plain' } });
      await rejects(
        run('gcore.listRecords', { zoneName: ZONE }),
        /^Record sets are not available from the API at gcore\.apiBaseUrl \(it answered 404: 404 page not found\)\.$/,
      );
      await rejects(
        run('gcore.listRecords', { zoneName: 'absent.example' }),
        /^The account has no zone absent\.example \(Gcore answered 404: /,
      );
    });

    it('create sends exactly the set given, and refuses an existing set with one request and a message naming it', async () => {
      const created = await run<{ name: string; ttl: number }>('gcore.createRecord', {
        zoneName: ZONE,
        name: 'new',
        type: 'mx',
        ttl: 600,
        resource_records: [{ content: [10, 'mx1.records.example.'] }, { content: [20, 'mx2.records.example'], enabled: false }],
      });
      assert.equal(created.ttl, 600);
      assert.deepEqual(writes(emulator), [
        [
          'POST',
          `/dns/v2/zones/${ZONE}/new.${ZONE}/MX`,
          {
            resource_records: [{ content: [10, 'mx1.records.example.'] }, { content: [20, 'mx2.records.example'], enabled: false }],
            ttl: 600,
          },
        ],
      ]);
      emulator.requests.length = 0;
      await rejects(
        run('gcore.createRecord', { zoneName: ZONE, name: 'www', type: 'CNAME', resource_records: [{ content: ['elsewhere.example.'] }] }),
        /www CNAME already exists in records\.example; nothing was changed/,
      );
      assert.deepEqual(
        emulator.requests.map((request) => request.method),
        ['POST'],
      );
      assert.deepEqual(
        stored(emulator, `www.${ZONE}`, 'CNAME')?.records.map((record) => record.content),
        [[`${ZONE}.`]],
      );
    });

    it('never sends a create twice when Gcore answers 429, and says to try again after the wait it asked for', async () => {
      const created = `/dns/v2/zones/${ZONE}/busy.${ZONE}/A`;
      emulator.inject({ method: 'POST', path: created, status: 429, headers: { 'Retry-After': '5' } });
      await rejects(
        run('gcore.createRecord', { zoneName: ZONE, name: 'busy', type: 'A', resource_records: [{ content: ['192.0.2.5'] }] }),
        /^Gcore is limiting the rate of requests \(429\): Too Many Requests\. Wait 5 s \(Gcore's Retry-After\) and try again\.$/,
      );
      assert.deepEqual(
        writes(emulator).map(([method, pathName]) => [method, pathName]),
        [['POST', created]],
      );
      emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 429, headers: { 'Retry-After': '5' } });
      const ui = new ScriptedUi(['busy-zone.example', [], 'Create busy-zone.example']);
      await useUi(ui);
      await run('gcore.createZone');
      await eventually(() =>
        assert.match(
          ui.notifications.at(-1)?.message ?? '',
          /^Create DNS zone busy-zone\.example failed: Gcore is limiting the rate of requests \(429\): Too Many Requests\. Wait 5 s \(Gcore's Retry-After\) and try again\./,
        ),
      );
      assert.deepEqual(
        writes(emulator).map(([method, pathName]) => [method, pathName]),
        [
          ['POST', created],
          ['POST', '/dns/v2/zones'],
        ],
      );
      await run('gcore.forgetZone', 'busy-zone.example');
    });

    it('refuses bad content before any request, naming the record and the part', async () => {
      await rejects(
        run('gcore.createRecord', {
          zoneName: ZONE,
          name: 'x',
          type: 'A',
          resource_records: [{ content: ['192.0.2.1'] }, { content: ['300.1.1.1'] }],
        }),
        /resource_records\[1\]\.content\[0\]: 300\.1\.1\.1 is not an IPv4 address/,
      );
      await rejects(
        run('gcore.createRecord', { zoneName: ZONE, name: 'x', type: 'AAAA', resource_records: [{ content: ['192.0.2.1'] }] }),
        /resource_records\[0\]\.content\[0\]: 192\.0\.2\.1 is an IPv4 address/,
      );
      await rejects(
        run('gcore.createRecord', { zoneName: ZONE, name: 'x', type: 'MX', resource_records: [{ content: ['mail.example.com.', 10] }] }),
        /resource_records\[0\]\.content\[0\]/,
      );
      await rejects(
        run('gcore.updateRecord', { zoneName: ZONE, name: 'x.other.example.', type: 'A', resource_records: [{ content: ['192.0.2.1'] }] }),
        /name: x\.other\.example\. is not inside the zone/,
      );
      await rejects(run('gcore.deleteRecord', { zoneName: ZONE, name: 'x', type: 'BOGUS' }), /type: must be one of/);
      assert.deepEqual(emulator.requests, []);
    });

    it('update replaces the set, keeping what a dynamic set holds beyond the values it was given', async () => {
      await run('gcore.updateRecord', {
        zoneName: ZONE,
        name: 'cdn',
        type: 'A',
        resource_records: [
          { content: ['198.51.100.10'], meta: { continents: ['EU'] } },
          { content: ['198.51.100.30'], meta: { default: true } },
        ],
        meta: { geodns_link: 'cdn-resource-1' },
      });
      emulator.requests.length = 0;
      await run('gcore.updateRecord', {
        zoneName: ZONE,
        name: 'cdn',
        type: 'A',
        ttl: 60,
        resource_records: [{ content: ['198.51.100.10'] }, { content: ['198.51.100.99'] }],
      });
      const [put] = writes(emulator);
      assert.deepEqual(put, [
        'PUT',
        `/dns/v2/zones/${ZONE}/cdn.${ZONE}/A`,
        {
          resource_records: [{ content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } }, { content: ['198.51.100.99'] }],
          ttl: 60,
          meta: { geodns_link: 'cdn-resource-1' },
          pickers: [
            { type: 'geodns', strict: false },
            { type: 'default', strict: false },
            { type: 'first_n', limit: 1, strict: false },
          ],
        },
      ]);
      assert.deepEqual(stored(emulator, `cdn.${ZONE}`, 'A')?.meta, { geodns_link: 'cdn-resource-1' });
    });

    it('delete resolves, and resolves again for a set already gone', async () => {
      assert.equal(await run('gcore.deleteRecord', { zoneName: ZONE, name: '_dmarc', type: 'TXT' }), undefined);
      assert.equal(stored(emulator, `_dmarc.${ZONE}`, 'TXT'), undefined);
      assert.equal(await run('gcore.deleteRecord', { zoneName: ZONE, name: '_dmarc', type: 'TXT' }), undefined);
      assert.deepEqual(
        emulator.requests.map((request) => request.method),
        ['DELETE', 'DELETE', 'GET'],
      );
      await rejects(run('gcore.deleteRecord', { zoneName: 'absent.example', name: 'x', type: 'A' }), /not found/i);
    });

    it("look up a name at one resolver, by default Gcore's authoritative servers", async () => {
      const answers = await run<{ type: string; content: unknown[] }[]>('gcore.lookupName', { name: `mail.${ZONE}` });
      assert.deepEqual(
        answers.map((answer) => [answer.type, answer.content]),
        [['A', ['203.0.113.25']]],
      );
      await run('gcore.lookupName', { name: `_dmarc.${ZONE}`, server: 'quad9' });
      assert.deepEqual(
        emulator.requests.map((request) => request.query),
        [
          { name: `mail.${ZONE}`, request_server: 'authoritative_dns' },
          { name: `_dmarc.${ZONE}`, request_server: 'quad9' },
        ],
      );
      await rejects(
        run('gcore.lookupName', { name: `mail.${ZONE}`, server: 'bind' }),
        /server: must be one of authoritative_dns, google, cloudflare, open_dns, quad9, gcore/,
      );
    });
  });

  describe('interactively', () => {
    it("adds a record from the zone's row: type, name, values that fit the type, TTL, and a review of what is sent", async () => {
      const ui = await interact(
        ['MX', 'mx', '10 mail.records.example.', 'Add value…', '20 mail2', '20 mail2.records.example', 'Done', '1 h', 'Add Record Set'],
        'gcore.createRecord',
        (await zoneRow()).node,
      );
      ui.assertAllAnswersUsed();
      assert.deepEqual(writes(emulator), [
        [
          'POST',
          `/dns/v2/zones/${ZONE}/mx.${ZONE}/MX`,
          { resource_records: [{ content: [10, 'mail.records.example.'] }, { content: [20, 'mail2.records.example'] }], ttl: 3600 },
        ],
      ]);
      const valueBoxes = ui.shown.filter((shown) => shown.kind === 'input').slice(1);
      assert.match(valueBoxes[0].prompt ?? '', /MX value: a priority and a host/);
      assert.deepEqual(valueBoxes[1].validationMessages, [
        'MX value: mail2 is not a host name: must have at least two labels, such as example.com',
      ]);
      const review = ui.shown.find((shown) => shown.kind === 'choose');
      assert.equal(review?.message, 'Add mx MX to records.example?');
      assert.equal(review?.detail, 'TTL 3600\n10 mail.records.example.\n20 mail2.records.example');
      assert.deepEqual(
        ui.shown.filter((shown) => shown.step !== undefined).map((shown) => [shown.kind, shown.step, shown.totalSteps]),
        [
          ['pick', 1, 5],
          ['input', 2, 5],
          ['input', 3, 5],
          ['pick', 3, 5],
          ['input', 3, 5],
          ['pick', 3, 5],
          ['pick', 4, 5],
        ],
      );
      await eventually(() => assert.match(ui.notifications.at(-1)?.message ?? '', /^Added mx MX to records\.example\.$/));
      await eventually(async () => assert.ok((await setRows()).some((row) => label(row.item) === 'mx')));
    });

    it('when the set exists, says so and adds to it (a PUT of every value), never a POST Gcore would refuse', async () => {
      const ui = await interact(
        ['A', '@', 'Add values to it', '203.0.113.10', '203.0.113.12', 'Done', '5 min', 'Update Record Set'],
        'gcore.createRecord',
        (await zoneRow()).node,
      );
      ui.assertAllAnswersUsed();
      assert.match(ui.shown[2].labels?.join('|') ?? '', /Add values to it\|.*Replace its values/);
      assert.deepEqual(ui.shown[3].validationMessages, ['A value: the set already holds this value']);
      assert.deepEqual(writes(emulator), [
        [
          'PUT',
          `/dns/v2/zones/${ZONE}/${ZONE}/A`,
          {
            resource_records: [
              { content: ['203.0.113.10'], enabled: true, meta: {} },
              { content: ['203.0.113.11'], enabled: true, meta: {} },
              { content: ['203.0.113.12'] },
            ],
            ttl: 300,
            meta: {},
          },
        ],
      ]);
      assert.match(ui.shown.find((shown) => shown.kind === 'choose')?.detail ?? '', /203\.0\.113\.12 \(added\)/);
    });

    it('goes Back through the steps keeping the answers, and sends nothing when the review is dismissed', async () => {
      const ui = await interact(
        ['TXT', 'verify', 'token-1', 'Done', '1 min', 'Go Back', '5 min', CANCEL],
        'gcore.createRecord',
        (await zoneRow()).node,
      );
      ui.assertAllAnswersUsed();
      assert.deepEqual(writes(emulator), []);
      assert.match(ui.shown.at(-1)?.detail ?? '', /^TTL 300\ntoken-1$/);
    });

    it("edits a set from its row: starts from its values, shows current → new, and keeps each record's meta", async () => {
      const app = await setRow('app', 'A');
      const ui = await interact(
        ['203.0.113.41', 'Change…', '203.0.113.42', 'Done', '30 s', 'Update Record Set'],
        'gcore.updateRecord',
        app.node,
      );
      ui.assertAllAnswersUsed();
      assert.deepEqual(ui.shown[0].labels, ['$(check) Done', '$(add) Add value…', '203.0.113.40', '203.0.113.41', '198.51.100.40']);
      assert.equal(ui.shown[2].value, '203.0.113.41');
      const review = ui.shown.find((shown) => shown.kind === 'choose');
      assert.equal(review?.detail, 'TTL 30 (unchanged)\n203.0.113.40 (unchanged)\n203.0.113.41 → 203.0.113.42\n198.51.100.40 (unchanged)');
      const [[method, , body]] = writes(emulator);
      assert.equal(method, 'PUT');
      assert.deepEqual((body as { resource_records: unknown[] }).resource_records[1], {
        content: ['203.0.113.42'],
        enabled: true,
        meta: { weight: 50 },
      });
      assert.deepEqual(
        stored(emulator, `app.${ZONE}`, 'A')?.pickers.map((picker) => picker.type),
        ['healthcheck', 'weighted_shuffle'],
      );
      assert.equal((stored(emulator, `app.${ZONE}`, 'A')?.meta.failover as { url: string }).url, '/health');
    });

    it('sends nothing when an edit changes nothing', async () => {
      const ui = await interact(['Done', '5 min', 'Go Back', CANCEL], 'gcore.updateRecord', (await setRow('api', 'A')).node);
      assert.match(
        ui.shown.find((shown) => shown.kind === 'choose')?.message ?? '',
        /already holds exactly this: there is nothing to send/,
      );
      assert.deepEqual(writes(emulator), []);
    });

    it('disables a value of a set', async () => {
      await interact(
        ['203.0.113.50', 'Disable', 'Done', '5 min', 'Update Record Set'],
        'gcore.updateRecord',
        (await setRow('api', 'A')).node,
      );
      assert.deepEqual(
        stored(emulator, `api.${ZONE}`, 'A')?.records.map((record) => record.enabled),
        [false, false],
      );
    });

    it('deletes a set after a confirmation that names it and its values, and not when declined', async () => {
      const mx = await setRow('@', 'MX');
      const declined = await interact([false], 'gcore.deleteRecord', mx.node);
      assert.equal(declined.shown[0].message, 'Delete @ MX from records.example?');
      assert.equal(
        declined.shown[0].detail,
        'All 2 of its values go:\n  10 mail.records.example.\n  20 backup-mx.example.net.\n\nResolvers may keep answering with them for up to 1 h (its TTL).',
      );
      assert.deepEqual(writes(emulator), []);
      const ui = await interact([true], 'gcore.deleteRecord', mx.node);
      assert.deepEqual(writes(emulator), [['DELETE', `/dns/v2/zones/${ZONE}/${ZONE}/MX`, undefined]]);
      await eventually(() => assert.equal(ui.notifications.at(-1)?.message, 'Deleted @ MX from records.example.'));
      await eventually(async () =>
        assert.ok(!(await setRows()).some((row) => label(row.item) === '@' && String(row.item.description).startsWith('MX'))),
      );
    });

    it('removes one value of a set as an edit of the set, and the last value as a delete', async () => {
      const [, backup] = await rows((await setRow('@', 'MX')).node);
      await interact([true], 'gcore.removeRecordValue', backup.node);
      assert.deepEqual(writes(emulator), [
        [
          'PUT',
          `/dns/v2/zones/${ZONE}/${ZONE}/MX`,
          { resource_records: [{ content: [10, 'mail.records.example.'], enabled: true, meta: {} }], ttl: 3600, meta: {} },
        ],
      ]);
      emulator.requests.length = 0;
      const [only] = await rows((await setRow('mail', 'A')).node);
      const ui = await interact([true], 'gcore.removeRecordValue', only.node);
      assert.equal(ui.shown[0].message, 'Remove the last value of mail A?');
      assert.deepEqual(writes(emulator), [['DELETE', `/dns/v2/zones/${ZONE}/mail.${ZONE}/A`, undefined]]);
    });

    it('checks resolution side by side with the zone, and shows a change that has not spread yet', async () => {
      await run('gcore.updateRecord', { zoneName: ZONE, name: 'mail', type: 'A', resource_records: [{ content: ['203.0.113.26'] }] });
      const ui = new ScriptedUi([]);
      await useUi(ui);
      const uri = await run<string>('gcore.checkResolution', (await setRow('mail', 'A')).node);
      const text = (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
      assert.match(text, /^# Resolution of mail\.records\.example A/);
      assert.match(text, /- `203\.0\.113\.26`/);
      assert.match(text, /\| Gcore name servers \(authoritative\) \| `203\.0\.113\.26` \| 3600 \| ✓ as the zone \|/);
      assert.match(text, /\| Google Public DNS \| `203\.0\.113\.25` \| 3600 \| ✗ differs from the zone \|/);
      const lookups = emulator.requests
        .filter((request) => request.path === '/dns/v2/lookup')
        .map((request) => request.query.request_server);
      assert.deepEqual([...lookups].sort(), ['authoritative_dns', 'cloudflare', 'gcore', 'google', 'open_dns', 'quad9']);
      assert.ok(
        vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === uri),
        'the report is shown',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('checks a typed name from the palette, finding its zone', async () => {
      const ui = await interact([`_dmarc.${ZONE}`], 'gcore.checkResolution');
      ui.assertAllAnswersUsed();
      const document = vscode.workspace.textDocuments.find(
        (candidate) => candidate.uri.scheme === 'gcore-resolution' && candidate.uri.path.includes('_dmarc'),
      );
      assert.ok(document);
      assert.match(document.getText(), /## In the zone records\.example/);
      assert.match(document.getText(), /\| Quad9 \| TXT `"?v=DMARC1; p=quarantine; rua=mailto:dmarc@records\.example"?` \|/);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });

  describe('against an API with only the four core operations', () => {
    beforeEach(async () => {
      emulator = await sharedEmulator({ coreOnly: true });
      await run('gcore.refresh');
    });

    afterEach(async () => {
      await sharedEmulator();
    });

    it('shows the zones known here with one quiet row, and no record rows or errors', async () => {
      await eventually(async () => {
        const [zones] = (await rows()).filter((row) => label(row.item) === 'DNS Zones');
        const shown = await rows(zones.node);
        const zone = shown.find((row) => label(row.item) === ZONE);
        assert.ok(zone);
        assert.equal(zone.item.collapsibleState, vscode.TreeItemCollapsibleState.None);
        assert.deepEqual(
          shown.filter((row) => row.node.nodeType !== 'zone').map((row) => label(row.item)),
          ["The account's zone list and record sets are not available from this API"],
        );
      });
    });

    it('refuses the record commands with what the API answered, and Add Record says records are not available', async () => {
      await rejects(run('gcore.listRecords', { zoneName: ZONE }), /40[45]|not found|not allowed/i);
      const ui = await interact([ZONE, 'A', 'www'], 'gcore.createRecord');
      await eventually(() =>
        assert.match(ui.notifications.at(-1)?.message ?? '', /Record sets are not available from the API at gcore\.apiBaseUrl/),
      );
      assert.deepEqual(writes(emulator), []);
    });
  });
});
