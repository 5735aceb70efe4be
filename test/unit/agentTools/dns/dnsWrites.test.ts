import * as assert from 'node:assert/strict';
import { commandWrites } from '../../../../src/agentTools';
import { rejection } from '../../api/clientHarness';
import { assertRefused, confirmation, received, run, startTools, stopTools, tool, writesReceived, type ToolHarness } from '../toolHarness';

const SET_PATH = '/dns/v2/zones/example.com';

describe('DNS write tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  describe('gcore_createZone', () => {
    const input = { name: 'New.Example.', contact: 'hostmaster@new.example', nx_ttl: 300 };

    it('confirms the new zone with the settings given, reading nothing', async () => {
      const { title, message } = await confirmation('gcore_createZone', input, h);
      assert.equal(title, 'Create DNS zone new.example?');
      assert.equal(
        message,
        "A new zone new.example in the Gcore account.\ncontact: hostmaster@new.example\nnx_ttl: 300\nEvery other setting takes Gcore's default.",
      );
      assert.deepEqual(received(h), []);
    });

    it('sends what gcore.createZone sends: the checked zone', async () => {
      const result = await run(tool('gcore_createZone'), input, h);
      assert.deepEqual(received(h), [
        { method: 'POST', path: '/dns/v2/zones', query: {}, body: { name: 'new.example', contact: 'hostmaster@new.example', nx_ttl: 300 } },
      ]);
      assert.match(result.text, /^Created DNS zone new\.example \(id \d+\)\.$/);
      assert.ok(h.emulator.zone('new.example'));
      const conflict = await rejection(run(tool('gcore_createZone'), input, h));
      assert.match(conflict.message, /already exists/);
      assertRefused(tool('gcore_createZone'), { name: 'localhost' }, /name: /, h);
      assertRefused(tool('gcore_createZone'), { name: 'ok.example', nx_ttl: -1 }, /nx_ttl: /, h);
    });
  });

  describe('DNSSEC', () => {
    it('gcore_enableDnssec confirms off → on, sends exactly {"enabled": true} and answers the DS record', async () => {
      const { title, message } = await confirmation('gcore_enableDnssec', { zoneName: 'example.org' }, h);
      assert.equal(title, 'Enable DNSSEC for example.org?');
      assert.match(message, /^DNSSEC: off → on$/m);
      assert.match(message, /registrar publishes that DS record/);
      const result = await run(tool('gcore_enableDnssec'), { zoneName: 'example.org' }, h);
      assert.deepEqual(writesReceived(h), [
        { method: 'PATCH', path: '/dns/v2/zones/example.org/dnssec', query: {}, body: { enabled: true } },
      ]);
      const ds = (result.json as { ds: string }).ds;
      assert.match(ds, /IN DS/);
      assert.ok(result.text.endsWith(ds), result.text);
    });

    it('gcore_disableDnssec confirms active → off with the DS warning, and says why Gcore refuses', async () => {
      const { message } = await confirmation('gcore_disableDnssec', { zoneName: 'example.com' }, h);
      assert.match(message, /^DNSSEC: active → off$/m);
      assert.match(message, /Remove the DS record at the registrar first/);
      const refused = await rejection(run(tool('gcore_disableDnssec'), { zoneName: 'example.com' }, h));
      assert.match(refused.message, /still published at the registrar/);
      const result = await run(tool('gcore_disableDnssec'), 'pending.example.net', h);
      assert.deepEqual(writesReceived(h).at(-1), {
        method: 'PATCH',
        path: '/dns/v2/zones/pending.example.net/dnssec',
        query: {},
        body: { enabled: false },
      });
      assert.equal(result.text, 'DNSSEC is disabled for pending.example.net.');
    });

    it('says the state is unknown when the zone cannot be read, and refuses a bad zone before any request', async () => {
      h.emulator.inject({ method: 'GET', path: '/dns/v2/zones/example.org', status: 403 });
      assert.match((await confirmation('gcore_enableDnssec', { zoneName: 'example.org' }, h)).message, /^Current value unknown/m);
      assertRefused(tool('gcore_enableDnssec'), { zoneName: '' }, /zoneName: /, h);
      assertRefused(tool('gcore_disableDnssec'), { zone: 'example.com' }, /zone: unknown field/, h);
    });
  });

  describe('gcore_createRecord', () => {
    const input = {
      zoneName: 'example.com',
      name: 'new',
      type: 'a',
      ttl: 300,
      resource_records: [{ content: ['192.0.2.1'] }, { content: ['192.0.2.2'], enabled: false }],
    };

    it('confirms a new set as the command would add it', async () => {
      const { title, message } = await confirmation('gcore_createRecord', input, h);
      assert.equal(title, 'Add new A to example.com?');
      assert.equal(message, 'Current: new A does not exist in example.com.\nNew:\n  TTL 300\n  192.0.2.1\n  192.0.2.2 (disabled)');
    });

    it('sends what gcore.createRecord sends: POST with the full name, the upper-case type and the fields given', async () => {
      const result = await run(tool('gcore_createRecord'), input, h);
      assert.deepEqual(received(h), [
        {
          method: 'POST',
          path: `${SET_PATH}/new.example.com/A`,
          query: {},
          body: { ttl: 300, resource_records: [{ content: ['192.0.2.1'] }, { content: ['192.0.2.2'], enabled: false }] },
        },
      ]);
      assert.equal(result.text, 'Added new A to example.com: 192.0.2.1, 192.0.2.2.');
    });

    it('tells of a set that exists already, in the confirmation and in the refusal, and changes nothing', async () => {
      const existing = { ...input, name: 'mail' };
      assert.match(
        (await confirmation('gcore_createRecord', existing, h)).message,
        /^mail A already exists in example\.com \(203\.0\.113\.25\): Gcore will refuse to add it and nothing changes; gcore_updateRecord replaces a set\.$/m,
      );
      const error = await rejection(run(tool('gcore_createRecord'), existing, h));
      assert.equal(error.message, 'mail A already exists in example.com; nothing was changed (gcore_updateRecord replaces a set)');
      assert.deepEqual(
        (await h.client.dns.getRecord('example.com', 'mail.example.com', 'A')).resource_records.map((record) => record.content),
        [['203.0.113.25']],
      );
    });

    it('refuses content that does not fit the type, naming the record and the part, before any request', () => {
      const createTool = tool('gcore_createRecord');
      assertRefused(
        createTool,
        { ...input, resource_records: [{ content: ['300.1.1.1'] }] },
        /resource_records\[0\]\.content\[0\]: .*300\.1\.1\.1/,
        h,
      );
      assertRefused(createTool, { ...input, name: 'www.example.net.' }, /name: www\.example\.net\. is not inside the zone example\.com/, h);
      assertRefused(createTool, { ...input, type: 'SOA' }, /type: must be one of/, h);
      assertRefused(createTool, { ...input, resource_records: [] }, /resource_records: must be a non-empty list/, h);
    });
  });

  describe('gcore_updateRecord', () => {
    it('confirms current → new, keeping the TTL the call did not give', async () => {
      const { title, message } = await confirmation(
        'gcore_updateRecord',
        { zoneName: 'example.com', name: 'mail', type: 'A', resource_records: [{ content: ['203.0.113.26'] }] },
        h,
      );
      assert.equal(title, 'Replace mail A in example.com?');
      assert.equal(message, 'Current → new:\n  TTL 3600 (unchanged)\n  203.0.113.25 → 203.0.113.26');
    });

    it('sends what gcore.updateRecord sends: the set read, then PUT keeping what a dynamic set holds beyond its values', async () => {
      const before = await h.client.dns.getRecord('example.com', 'cdn.example.com', 'A');
      const from = h.emulator.requests.length;
      const input = {
        zoneName: 'example.com',
        name: 'cdn.example.com',
        type: 'A',
        resource_records: [{ content: ['198.51.100.10'] }, { content: ['198.51.100.99'] }],
      };
      const result = await run(tool('gcore_updateRecord'), input, h);
      const [read, write] = received(h, from);
      assert.deepEqual(read, { method: 'GET', path: `${SET_PATH}/cdn.example.com/A`, query: {} });
      assert.equal(write.method, 'PUT');
      assert.equal(write.path, `${SET_PATH}/cdn.example.com/A`);
      const body = write.body as { ttl: number; pickers: unknown; resource_records: { content: unknown[]; meta?: unknown }[] };
      assert.equal(body.ttl, 120);
      assert.deepEqual(body.pickers, before.pickers);
      assert.deepEqual(
        body.resource_records[0],
        { content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } },
        'a value that stays keeps its meta',
      );
      assert.deepEqual(body.resource_records[1], { content: ['198.51.100.99'] });
      assert.equal(result.text, 'Updated cdn A in example.com: 198.51.100.10, 198.51.100.99.');
    });

    it('confirms a set that is not there as created, and an unreadable one as unknown', async () => {
      const input = { zoneName: 'example.com', name: 'fresh', type: 'TXT', ttl: 60, resource_records: [{ content: ['hello'] }] };
      assert.equal(
        (await confirmation('gcore_updateRecord', input, h)).message,
        'fresh TXT does not exist in example.com: it is created.\n  TTL 60\n  hello',
      );
      h.emulator.inject({ method: 'GET', path: `${SET_PATH}/fresh.example.com/TXT`, status: 403 });
      const { message } = await confirmation('gcore_updateRecord', input, h);
      assert.match(
        message,
        /^Current value unknown \(it could not be read: .+\)\nNew \(what is not given is kept from the set at Gcore\):\n {2}TTL 60\n {2}hello$/,
      );
    });
  });

  describe('gcore_deleteRecord', () => {
    it('confirms the values that go and how long resolvers may keep them', async () => {
      const { title, message } = await confirmation('gcore_deleteRecord', { zoneName: 'example.com', name: '@', type: 'mx' }, h);
      assert.equal(title, 'Delete @ MX from example.com?');
      assert.equal(
        message,
        'All 2 of its values go:\n  10 mail.example.com.\n  20 backup-mx.example.net.\nResolvers may keep answering with them for up to 1 h (its TTL).',
      );
      assert.match(
        (await confirmation('gcore_deleteRecord', { zoneName: 'example.com', name: 'nothing', type: 'A' }, h)).message,
        /^nothing A does not exist in example\.com: nothing is deleted\.$/,
      );
      assert.deepEqual(writesReceived(h), []);
    });

    it('sends what gcore.deleteRecord sends, and says when the set was already gone', async () => {
      const result = await run(tool('gcore_deleteRecord'), { zoneName: 'example.com', name: 'sip', type: 'A' }, h);
      assert.deepEqual(received(h), [{ method: 'DELETE', path: `${SET_PATH}/sip.example.com/A`, query: {} }]);
      assert.equal(result.text, 'Deleted sip A from example.com.');
      const again = await run(tool('gcore_deleteRecord'), { zoneName: 'example.com', name: 'sip', type: 'A' }, h);
      assert.equal(again.text, 'sip A was already gone from example.com.');
      assertRefused(tool('gcore_deleteRecord'), { zoneName: 'example.com', name: 'sip' }, /type: is required/, h);
    });

    it('says the set is deleted when its write path does not tell whether it was there (the command resolves to nothing)', async () => {
      h.context.writes = commandWrites(async () => undefined, { start: () => undefined });
      const result = await run(tool('gcore_deleteRecord'), { zoneName: 'example.com', name: 'sip', type: 'A' }, h);
      assert.deepEqual(result, { text: 'Deleted sip A from example.com.', json: null });
    });
  });
});
