import * as assert from 'node:assert/strict';
import { toolNamed, type AnyToolDefinition } from '../../../../src/agentTools';
import { rejection } from '../../api/clientHarness';
import { assertRefused, received, run, startTools, stopTools, writesReceived, type ToolHarness } from '../toolHarness';

function importTool(): AnyToolDefinition {
  const found = toolNamed('gcore_importZoneFile');
  assert.ok(found?.confirm);
  return found;
}

const TEXT = [
  '$TTL 300',
  'new IN A 192.0.2.9',
  'mail 3600 IN A 203.0.113.26',
  '@ 3600 IN MX 10 mail.example.com.',
  '@ 3600 IN MX 20 backup-mx.example.net.',
].join('\n');

describe('gcore_importZoneFile against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  it('confirms what changes, what stays, and what is kept though the text lacks it', async () => {
    const tool = importTool();
    const { title, message } = await tool.confirm!(tool.parse({ zoneName: 'example.com', text: TEXT }), h.context);
    assert.equal(title, 'Import a zone file into example.com?');
    assert.match(message, /^1 to create, 1 to change, 0 to delete, 1 unchanged, 0 skipped\.$/m);
    assert.match(message, /^Changes:\n- Create new A \(TTL 300\): 192\.0\.2\.9\n- Change mail A: 203\.0\.113\.25 → 203\.0\.113\.26$/m);
    assert.match(message, /^At Gcore but not in the text, kept \(deleteMissing is off\):\n(- .+\n)*- @ A\n(- .+\n)*- www CNAME$/m);
    assert.doesNotMatch(message, /- @ SOA|- @ NS/, "the SOA and the apex NS are never the import's");
    assert.deepEqual(received(h), [{ method: 'GET', path: '/dns/v2/zones/example.com/rrsets', query: { all: 'true' } }]);
    h.emulator.inject({ path: '/dns/v2/zones/example.com/rrsets', status: 403 });
    assert.match((await tool.confirm!(tool.parse({ zoneName: 'example.com', text: TEXT }), h.context)).message, /^Current value unknown/);
  });

  it('points out the sets it would give a TTL of 1 second, which Cloudflare writes for its automatic TTL', async () => {
    const tool = importTool();
    const cloudflare = ['new.example.com.\t1\tIN\tA\t192.0.2.9 ; cf_tags=cf-proxied:true', 'shop.example.com.\t1\tIN\tA\t192.0.2.10'].join(
      '\n',
    );
    const { message } = await tool.confirm!(tool.parse({ zoneName: 'example.com', text: cloudflare }), h.context);
    assert.match(
      message,
      /^2 record sets get a TTL of 1 second\. Cloudflare writes 1 for its automatic TTL \(300 seconds\)\.\n- new A\n- shop A$/m,
    );
    const plain = await tool.confirm!(tool.parse({ zoneName: 'example.com', text: TEXT }), h.context);
    assert.doesNotMatch(plain.message, /TTL of 1 second/);
  });

  it('points out the sets a Cloudflare export tags proxied: Gcore will answer with the origin they name', async () => {
    const tool = importTool();
    const cloudflare = [
      'new.example.com.\t300\tIN\tA\t192.0.2.9 ; cf_tags=cf-proxied:true',
      'shop.example.com.\t300\tIN\tA\t192.0.2.10 ; cf_tags=cf-proxied:false',
    ].join('\n');
    const { message } = await tool.confirm!(tool.parse({ zoneName: 'example.com', text: cloudflare }), h.context);
    assert.match(
      message,
      /^1 record set was proxied by Cloudflare \(cf-proxied:true in the file\)\. .*Gcore answers with the origin itself.*\n- new A$/m,
    );
    const plain = await tool.confirm!(tool.parse({ zoneName: 'example.com', text: TEXT }), h.context);
    assert.doesNotMatch(plain.message, /proxied/);
  });

  it('sends what gcore.importZoneFile sends: one PUT per new or changed set (a changed one keeps its meta), and resolves to its result', async () => {
    const result = await run(importTool(), { zoneName: 'example.com', text: TEXT }, h);
    assert.deepEqual(writesReceived(h), [
      {
        method: 'PUT',
        path: '/dns/v2/zones/example.com/new.example.com/A',
        query: {},
        body: { ttl: 300, resource_records: [{ content: ['192.0.2.9'] }] },
      },
      {
        method: 'PUT',
        path: '/dns/v2/zones/example.com/mail.example.com/A',
        query: {},
        body: { ttl: 3600, resource_records: [{ content: ['203.0.113.26'] }], meta: {} },
      },
    ]);
    assert.deepEqual(result.json, { created: ['new.example.com A'], updated: ['mail.example.com A'], deleted: [], unchanged: 1 });
    assert.match(
      result.text,
      /^Imported into example\.com: 1 created, 1 changed, 0 deleted, 1 unchanged\.\nCreated:\n- new\.example\.com A\nChanged:\n- mail\.example\.com A$/,
    );
  });

  it('sends nothing when the record sets it would change changed after the confirmation, and says so', async () => {
    const tool = importTool();
    const input = tool.parse({ zoneName: 'example.com', text: TEXT });
    const { confirmed } = await tool.confirm!(input, h.context);
    assert.ok(confirmed, 'the confirmation carries what it showed');
    await h.client.dns.replaceRecord('example.com', 'mail.example.com', 'A', {
      ttl: 3600,
      resource_records: [{ content: ['203.0.113.99'] }],
    });
    const from = h.emulator.requests.length;
    const error = await rejection(tool.invoke(input, { ...h.context, confirmed }));
    assert.equal(
      error.message,
      'The record sets of example.com changed at Gcore after the import was confirmed: it would now change something other than what was allowed, so nothing was sent. Run the import again to confirm what it changes now.',
    );
    assert.deepEqual(writesReceived(h, from), []);
    assert.deepEqual(await h.client.dns.findRecord('example.com', 'new.example.com', 'A'), undefined);
  });

  it('applies exactly the confirmed changes when they are still what the import would send, whatever else changed', async () => {
    const tool = importTool();
    const input = tool.parse({ zoneName: 'example.com', text: TEXT });
    const confirmation = await tool.confirm!(input, h.context);
    assert.match(
      confirmation.message,
      /^Changes:\n- Create new A \(TTL 300\): 192\.0\.2\.9\n- Change mail A: 203\.0\.113\.25 → 203\.0\.113\.26$/m,
    );
    // A set the text does not name (and the import keeps) changes nothing the confirmation allowed.
    await h.client.dns.replaceRecord('example.com', 'elsewhere.example.com', 'A', {
      ttl: 60,
      resource_records: [{ content: ['192.0.2.77'] }],
    });
    const from = h.emulator.requests.length;
    await tool.invoke(input, { ...h.context, confirmed: confirmation.confirmed });
    assert.deepEqual(writesReceived(h, from), [
      {
        method: 'PUT',
        path: '/dns/v2/zones/example.com/new.example.com/A',
        query: {},
        body: { ttl: 300, resource_records: [{ content: ['192.0.2.9'] }] },
      },
      {
        method: 'PUT',
        path: '/dns/v2/zones/example.com/mail.example.com/A',
        query: {},
        body: { ttl: 3600, resource_records: [{ content: ['203.0.113.26'] }], meta: {} },
      },
    ]);
  });

  it('deletes the sets the text lacks only when asked, the deletions first', async () => {
    await run(importTool(), { zoneName: 'example.com', text: TEXT, deleteMissing: true }, h);
    const writes = writesReceived(h);
    const deletes = writes.filter((request) => request.method === 'DELETE');
    assert.ok(deletes.length > 5);
    assert.deepEqual(writes.slice(0, deletes.length), deletes, 'deletions first');
    assert.ok(
      !deletes.some((request) => /\/(SOA|NS)$/.test(request.path) || /\/(cdn|app)\.example\.com\//.test(request.path)),
      'never the SOA, the apex NS or a dynamic set',
    );
  });

  it('says what was applied and what was not when Gcore refuses a change', async () => {
    h.emulator.inject({
      method: 'PUT',
      path: '/dns/v2/zones/example.com/mail.example.com/A',
      status: 400,
      body: { error: 'record is locked' },
    });
    const error = await rejection(run(importTool(), { zoneName: 'example.com', text: TEXT }, h));
    assert.match(error.message, /^1 of the 2 changes to example\.com were applied \(new A\)\. mail A was refused: record is locked\.$/);
  });

  it('refuses a text that does not read, naming its lines, before any request', () => {
    assertRefused(
      importTool(),
      { zoneName: 'example.com', text: 'www IN A 192.0.2.1\nbad IN A 999.1.1.1\n$INCLUDE other.zone\n' },
      /text: line 2: .*; text: line 3: /,
      h,
    );
    assertRefused(importTool(), { zoneName: 'example.com', text: '' }, /text: /, h);
  });
});
