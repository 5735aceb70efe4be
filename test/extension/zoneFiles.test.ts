import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { seedExampleZone } from '../emulator/record-set-seed';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { TEST_KEY, eventually, setKey, sharedEmulator, useUi, rejects, run } from './support/harness';
import { CANCEL, ScriptedUi, type Answer } from './support/scriptedUi';
import { checkZone, ensureBindTools } from '../support/bind';

/*
 * Zone files: a zone's record sets as one document edited and saved as a review, imported from another
 * provider's export, exported; the exact requests each sends, conflicts, partial failures, and an API
 * without record sets.
 */

const ZONE = 'zonefile.example';
const RRSETS = `/dns/v2/zones/${ZONE}/rrsets`;

/** The writes the emulator received: method and path, in order (bodies where a test needs them). */
function writes(emulator: Emulator): [string, string][] {
  return emulator.requests.filter((request) => request.method !== 'GET').map((request: RecordedRequest) => [request.method, request.path]);
}

/** The writes the emulator received with the status it answered, sorted: each retry shows as its own line. */
function answeredWrites(emulator: Emulator): [string, string, number][] {
  return emulator.requests
    .filter((request) => request.method !== 'GET')
    .map((request): [string, string, number] => [request.method, request.path, request.status])
    .sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));
}

/** A 429 that asks for a second, and a 503 that asks nothing, each answered once. */
function askToComeBack(emulator: Emulator, limited: string, unavailable: { method: string; path: string }): void {
  emulator.inject({ method: 'PUT', path: limited, status: 429, headers: { 'Retry-After': '1' } });
  emulator.inject({ ...unavailable, status: 503 });
}

const WAIT_NOTICES = [
  /^Gcore asked to wait 1 s \(429\); trying again then, attempt 2 of 3…$/,
  /^Gcore answered 503; trying again in 1 s, attempt 2 of 3…$/,
];

function body(emulator: Emulator, method: string, pathName: string): unknown {
  return emulator.requests.find((request) => request.method === method && request.path === pathName)?.json;
}

function stored(emulator: Emulator, name: string, type: string) {
  return emulator.zone(ZONE)?.rrsets.find(name, type);
}

/** Opens the zone's document and returns its editor. */
async function openZoneFile(): Promise<vscode.TextEditor> {
  const uri = await run<string>('gcore.editZoneFile', { zoneName: ZONE });
  const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri);
  assert.ok(document, 'the zone file is open');
  return vscode.window.showTextDocument(document);
}

/** Replaces the first line that matches with `replacement` (or removes it when undefined). */
async function editLine(editor: vscode.TextEditor, match: RegExp, replacement: string | undefined): Promise<void> {
  const document = editor.document;
  for (let line = 0; line < document.lineCount; line++) {
    const text = document.lineAt(line).text;
    if (!match.test(text)) continue;
    const range = replacement === undefined ? document.lineAt(line).rangeIncludingLineBreak : document.lineAt(line).range;
    assert.ok(await editor.edit((edit) => edit.replace(range, replacement ?? '')));
    return;
  }
  assert.fail(`no line matches ${String(match)}`);
}

async function append(editor: vscode.TextEditor, text: string): Promise<void> {
  const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  assert.ok(await editor.edit((edit) => edit.insert(end, `\n${text}\n`)));
}

/** Waits until the diagnostic on a line of the editor's document passes `check` (the text is read again as it changes). */
async function diagnosticAt(editor: vscode.TextEditor, line: number, check: (found: vscode.Diagnostic) => void): Promise<void> {
  await eventually(() => {
    const diagnostics = vscode.languages.getDiagnostics(editor.document.uri);
    const found = diagnostics.find((diagnostic) => diagnostic.range.start.line === line);
    assert.ok(found, `a diagnostic on line ${line + 1}: ${JSON.stringify(diagnostics.map((d) => [d.range.start.line, d.message]))}`);
    check(found);
  });
}

async function saveWith(answers: Answer[]): Promise<{ ui: ScriptedUi; saved: boolean }> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  const saved = await vscode.workspace.save(vscode.window.activeTextEditor!.document.uri).then(
    (uri) => uri !== undefined,
    () => false,
  );
  return { ui, saved };
}

describe('Zone files', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await run('gcore.createZone', { name: ZONE });
    const zone = emulator.zone(ZONE);
    assert.ok(zone);
    seedExampleZone(zone.rrsets, ZONE);
    emulator.requests.length = 0;
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await useUi(new ScriptedUi([]));
    await run('gcore.forgetZone', ZONE);
    await useUi(undefined);
  });

  describe('export', () => {
    it('prints the zone as a zone file BIND loads: $ORIGIN, $TTL, the SOA and apex NS, one line per record, dynamic sets as comments', async function () {
      this.timeout(600_000);
      ensureBindTools();
      const text = await run<string>('gcore.exportZoneFile', { zoneName: ZONE });
      assert.match(text, new RegExp(`^\\$ORIGIN ${ZONE.replace('.', '\\.')}\\.$`, 'm'));
      assert.match(text, /^\$TTL \d+$/m);
      assert.match(text, /^@\s+3600\s+IN\s+SOA\s+ns1\.gcorelabs\.net\. \S+ \d+ \d+ \d+ \d+ \d+$/m);
      assert.match(text, /^@\s+3600\s+IN\s+NS\s+ns1\.gcorelabs\.net\.$/m);
      assert.match(text, /^@\s+3600\s+IN\s+MX\s+10 mail\.zonefile\.example\.$/m);
      assert.match(text, /^_sip\._tcp\s+3600\s+IN\s+SRV\s+10 60 5060 sip\.zonefile\.example\.$/m);
      assert.match(text, /^@\s+3600\s+IN\s+CAA\s+0 issue "letsencrypt\.org"$/m);
      // The GeoDNS set, the health-checked set and the set with a disabled record are not editable lines.
      assert.doesNotMatch(text, /^cdn\s/m);
      assert.match(text, /^;.*cdn\s+120\s+IN\s+A\s+198\.51\.100\.10/m);
      assert.doesNotMatch(text, /^app\s/m);
      assert.doesNotMatch(text, /^api\s/m);
      const check = checkZone(ZONE, text);
      assert.ok(check.ok, `named-checkzone: ${check.output}`);
      assert.deepEqual(writes(emulator), []);
      assert.deepEqual(
        emulator.requests.map((request) => request.path),
        [RRSETS],
        'one request reads the sets',
      );
    });

    it("writes, when Gcore's record list has no SOA, the SOA of the zone's settings, so that BIND loads the file", async function () {
      this.timeout(600_000);
      ensureBindTools();
      const zone = emulator.zone(ZONE);
      assert.ok(zone);
      Object.assign(zone, {
        contact: 'dns.admin@zonefile.example',
        serial: 2026052301,
        refresh: 7200,
        retry: 900,
        expiry: 604800,
        nx_ttl: 300,
      });
      assert.ok(zone.rrsets.delete(ZONE, 'SOA'));
      const text = await run<string>('gcore.exportZoneFile', { zoneName: ZONE });
      assert.match(text, /^@\s+300\s+IN\s+SOA\s+ns1\.gcorelabs\.net\. dns\\\.admin\.zonefile\.example\. 2026052301 7200 900 604800 300$/m);
      assert.match(text, /^@\s+3600\s+IN\s+NS\s+ns2\.gcdn\.services\.$/m);
      const check = checkZone(ZONE, text);
      assert.ok(check.ok, `named-checkzone: ${check.output}\n${text}`);
      assert.deepEqual(
        emulator.requests.map((request) => request.path),
        [RRSETS, `/dns/v2/zones/${ZONE}`],
        'the sets, then the zone whose settings the SOA is written from',
      );
    });

    it('gives a file that, imported into the same zone, changes nothing', async () => {
      const text = await run<string>('gcore.exportZoneFile', { zoneName: ZONE });
      emulator.requests.length = 0;
      const result = await run<{ created: string[]; updated: string[]; deleted: string[]; unchanged: number }>('gcore.importZoneFile', {
        zoneName: ZONE,
        text,
      });
      assert.deepEqual({ ...result, unchanged: undefined }, { created: [], updated: [], deleted: [], unchanged: undefined });
      assert.ok(result.unchanged > 5, `unchanged: ${result.unchanged}`);
      assert.deepEqual(writes(emulator), []);
    });

    it('saves the text where the user picks, interactively', async () => {
      const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-export-')), `${ZONE}.zone`);
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(target).toString()]);
      await useUi(ui);
      await run('gcore.exportZoneFile');
      ui.assertAllAnswersUsed();
      await eventually(() => assert.ok(fs.existsSync(target)));
      assert.equal(fs.readFileSync(target, 'utf8'), await run<string>('gcore.exportZoneFile', { zoneName: ZONE }));
      fs.rmSync(path.dirname(target), { recursive: true, force: true });
    }).timeout(30_000);
  });

  describe('Edit Zone File', () => {
    it("opens the zone file as a dns-zone-file document with the export's records, the SOA and apex NS set as comments", async () => {
      const editor = await openZoneFile();
      assert.equal(editor.document.languageId, 'dns-zone-file');
      assert.equal(editor.document.uri.scheme, 'gcore-zonefile');
      const text = editor.document.getText();
      assert.match(text, /^; @\s+\d+ IN SOA\s+ns1\.gcorelabs\.net\. /m);
      assert.match(text, /^; @\s+\d+ IN NS\s+ns1\.gcorelabs\.net\.$/m);
      const records = (zoneFile: string) => zoneFile.split('\n').filter((line) => line !== '' && !line.startsWith(';'));
      const exported = await run<string>('gcore.exportZoneFile', { zoneName: ZONE });
      assert.deepEqual(
        records(text),
        records(exported).filter((line) => !/^@\s+\d+\s+IN\s+(SOA|NS)\s/.test(line)),
      );
    });

    it('applies exactly the changed sets after a review: PUT for the new and changed, DELETE for the removed, nothing else', async () => {
      const editor = await openZoneFile();
      await editLine(editor, /^mail\s/, 'mail 600 IN A 203.0.113.26');
      await editLine(editor, /^sip\s/, undefined);
      await append(editor, 'ftp 300 IN A 203.0.113.90\nftp 300 IN A 203.0.113.91');
      emulator.requests.length = 0;
      const { ui, saved } = await saveWith(['Apply']);
      assert.ok(saved, 'the save went through');
      const review = ui.shown.find((shown) => shown.kind === 'choose');
      assert.match(review?.message ?? '', /Apply 3 record set changes to zonefile\.example\?/);
      assert.match(review?.detail ?? '', /1 to create, 1 to change, 1 to delete/);
      assert.match(review?.detail ?? '', /Create ftp A .*203\.0\.113\.90, 203\.0\.113\.91/);
      assert.match(review?.detail ?? '', /Change mail A: TTL 3600 → 600; 203\.0\.113\.25 → 203\.0\.113\.26/);
      assert.match(review?.detail ?? '', /Delete sip A: 203\.0\.113\.30/);
      assert.deepEqual(writes(emulator).sort(), [
        ['DELETE', `/dns/v2/zones/${ZONE}/sip.${ZONE}/A`],
        ['PUT', `/dns/v2/zones/${ZONE}/ftp.${ZONE}/A`],
        ['PUT', `/dns/v2/zones/${ZONE}/mail.${ZONE}/A`],
      ]);
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/ftp.${ZONE}/A`), {
        ttl: 300,
        resource_records: [{ content: ['203.0.113.90'] }, { content: ['203.0.113.91'] }],
      });
      assert.equal(stored(emulator, `sip.${ZONE}`, 'A'), undefined);
      assert.equal(stored(emulator, `mail.${ZONE}`, 'A')?.ttl, 600);
      // The document now shows what Gcore holds, printed again in its order.
      await eventually(() => assert.match(editor.document.getText(), /^ftp\s+300\s+IN\s+A\s+203\.0\.113\.90$/m));
      assert.equal(editor.document.isDirty, false);
    });

    it('keeps a changed set’s record meta and never touches the commented dynamic sets', async () => {
      const editor = await openZoneFile();
      const dynamicBefore = JSON.stringify(stored(emulator, `cdn.${ZONE}`, 'A'));
      await editLine(editor, /^@\s+\d+\s+IN\s+A\s+203\.0\.113\.10$/, '@ 300 IN A 203.0.113.12');
      emulator.requests.length = 0;
      const { saved } = await saveWith(['Apply']);
      assert.ok(saved);
      assert.deepEqual(writes(emulator), [['PUT', `/dns/v2/zones/${ZONE}/${ZONE}/A`]]);
      assert.equal(JSON.stringify(stored(emulator, `cdn.${ZONE}`, 'A')), dynamicBefore);
    });

    it('marks a line that breaks its type’s rules and sends nothing when saved', async () => {
      const editor = await openZoneFile();
      await append(editor, 'bad 300 IN A 300.1.1.1');
      const line = editor.document.lineCount - 2;
      await diagnosticAt(editor, line, (found) => assert.match(found.message, /300\.1\.1\.1 is not an IPv4 address/));
      emulator.requests.length = 0;
      const { saved } = await saveWith([]);
      assert.equal(saved, false, 'the save failed: nothing was sent');
      assert.deepEqual(writes(emulator), []);
      assert.equal(editor.document.isDirty, true, 'the edits stay');
    });

    // Lines pasted from a Cloudflare export: marks that do not stop the save, said again in the review.
    const pasted = [
      {
        what: 'notes a TTL of 1 second (Cloudflare’s automatic TTL)',
        text: 'pasted 1 IN A 203.0.113.95',
        severity: vscode.DiagnosticSeverity.Information,
        mark: /TTL of 1 second\. Cloudflare writes 1 for its automatic TTL \(300 seconds\)/,
        review: /1 record set gets a TTL of 1 second\. Cloudflare writes 1/,
        path: `/dns/v2/zones/${ZONE}/pasted.${ZONE}/A`,
        // The TTL the user wrote is the one sent.
        body: { ttl: 1, resource_records: [{ content: ['203.0.113.95'] }] },
      },
      {
        what: 'warns of a record Cloudflare proxied, whose origin Gcore would answer with,',
        text: 'proxied 300 IN A 203.0.113.96 ; cf_tags=cf-proxied:true',
        severity: vscode.DiagnosticSeverity.Warning,
        mark: /^line \d+: 1 record set was proxied by Cloudflare \(cf-proxied:true in the file\)\. .*visitors reach it directly/,
        review: /\n\n1 record set was proxied by Cloudflare \(cf-proxied:true in the file\)\./,
        path: `/dns/v2/zones/${ZONE}/proxied.${ZONE}/A`,
        body: { ttl: 300, resource_records: [{ content: ['203.0.113.96'] }] },
      },
    ];
    for (const line of pasted) {
      it(`${line.what} at its line and in the review, and still applies it`, async () => {
        const editor = await openZoneFile();
        await append(editor, line.text);
        await diagnosticAt(editor, editor.document.lineCount - 2, (found) => {
          assert.equal(found.severity, line.severity);
          assert.match(found.message, line.mark);
        });
        emulator.requests.length = 0;
        const { ui, saved } = await saveWith(['Apply']);
        assert.ok(saved, 'the mark does not stop the save');
        assert.match(ui.shown.find((shown) => shown.kind === 'choose')?.detail ?? '', line.review);
        assert.deepEqual(writes(emulator), [['PUT', line.path]]);
        assert.deepEqual(body(emulator, 'PUT', line.path), line.body);
      });
    }

    it("warns that an SOA line other than Gcore's SOA is not sent, and sends nothing for it", async () => {
      const editor = await openZoneFile();
      await append(editor, `@ 3600 IN SOA ns1.gcorelabs.net. hostmaster.${ZONE}. 1 7200 3600 1209600 60`);
      const soaLine = editor.document.lineCount - 2;
      await diagnosticAt(editor, soaLine, (found) => {
        assert.equal(found.severity, vscode.DiagnosticSeverity.Warning);
        assert.match(found.message, /SOA: the SOA is Gcore's and a zone file does not change it .*: this line is not sent/);
      });
      emulator.requests.length = 0;
      const { ui } = await saveWith([]);
      assert.ok(
        ui.notifications.some((shown) => /Nothing to apply/.test(shown.message)),
        JSON.stringify(ui.notifications),
      );
      assert.deepEqual(writes(emulator), []);
    });

    it('gives a record without a TTL, with no $TTL before it, the TTL written last, says so at its line, and sends that TTL', async () => {
      const editor = await openZoneFile();
      await editLine(editor, /^\$TTL /, undefined);
      await append(editor, 'nottl IN A 203.0.113.97');
      const line = editor.document.lineCount - 2;
      // The record written last before it, with its TTL: the line the note names.
      const lines = editor.document.getText().split('\n').slice(0, line);
      const last = lines.map((text) => /^\S+\s+\d+\s+IN\s/.test(text)).lastIndexOf(true);
      const ttl = /^\S+\s+(\d+)\s/.exec(lines[last])?.[1];
      assert.ok(ttl, lines.join('\n'));
      await diagnosticAt(editor, line, (found) => {
        assert.equal(found.severity, vscode.DiagnosticSeverity.Information);
        assert.equal(
          found.message,
          `line ${line + 1}: TTL ${ttl}, the TTL written on line ${last + 1}: with no TTL here and no $TTL before, a record takes the TTL written last (RFC 1035)`,
        );
      });
      emulator.requests.length = 0;
      await saveWith(['Apply']);
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/nottl.${ZONE}/A`), {
        ttl: Number(ttl),
        resource_records: [{ content: ['203.0.113.97'] }],
      });
    });

    it('refuses an edited line for a dynamic set, naming the line and why', async () => {
      const editor = await openZoneFile();
      await append(editor, 'cdn 120 IN A 198.51.100.99');
      emulator.requests.length = 0;
      const { saved } = await saveWith([]);
      assert.equal(saved, false);
      assert.deepEqual(writes(emulator), []);
      const diagnostics = vscode.languages.getDiagnostics(editor.document.uri);
      assert.ok(diagnostics.some((diagnostic) => /cdn\.zonefile\.example A: at Gcore this set .*dynamic|GeoDNS/i.test(diagnostic.message)));
    });

    it('reports a set changed at Gcore since opening as a conflict; Reload takes Gcore’s values and sends nothing', async () => {
      const editor = await openZoneFile();
      await run('gcore.updateRecord', {
        zoneName: ZONE,
        name: 'mail',
        type: 'A',
        ttl: 120,
        resource_records: [{ content: ['203.0.113.27'] }],
      });
      await editLine(editor, /^mail\s/, 'mail 3600 IN A 203.0.113.26');
      emulator.requests.length = 0;
      const { ui } = await saveWith(['Reload']);
      const conflict = ui.shown.find((shown) => shown.kind === 'choose');
      assert.match(conflict?.message ?? '', /changed at Gcore after you opened its zone file \(mail\.zonefile\.example A\)/);
      assert.deepEqual(writes(emulator), []);
      await eventually(() => assert.match(editor.document.getText(), /^mail\s+120\s+IN\s+A\s+203\.0\.113\.27$/m));
    });

    it('waits as Gcore asks on a 429 with Retry-After and a 503, shows each wait, and applies every change once', async () => {
      const editor = await openZoneFile();
      await editLine(editor, /^mail\s/, 'mail 600 IN A 203.0.113.26');
      await editLine(editor, /^sip\s/, undefined);
      askToComeBack(emulator, `/dns/v2/zones/${ZONE}/mail.${ZONE}/A`, { method: 'DELETE', path: `/dns/v2/zones/${ZONE}/sip.${ZONE}/A` });
      emulator.requests.length = 0;
      const { ui, saved } = await saveWith(['Apply']);
      assert.ok(saved, 'the save went through');
      assert.deepEqual(answeredWrites(emulator), [
        ['DELETE', `/dns/v2/zones/${ZONE}/sip.${ZONE}/A`, 200],
        ['DELETE', `/dns/v2/zones/${ZONE}/sip.${ZONE}/A`, 503],
        ['PUT', `/dns/v2/zones/${ZONE}/mail.${ZONE}/A`, 200],
        ['PUT', `/dns/v2/zones/${ZONE}/mail.${ZONE}/A`, 429],
      ]);
      for (const notice of WAIT_NOTICES) {
        assert.ok(
          ui.progressMessages.some((message) => notice.test(message)),
          `${String(notice)} in ${ui.progressMessages.join(' | ')}`,
        );
      }
      assert.equal(stored(emulator, `mail.${ZONE}`, 'A')?.ttl, 600);
      assert.equal(stored(emulator, `sip.${ZONE}`, 'A'), undefined);
      assert.equal(editor.document.isDirty, false);
    });

    it('says exactly what was applied when Gcore refuses one change, keeps the edits, and a second save sends only the rest', async () => {
      const editor = await openZoneFile();
      await append(editor, 'one 300 IN A 203.0.113.91\ntwo 300 IN A 203.0.113.92');
      emulator.inject({
        method: 'PUT',
        path: `/dns/v2/zones/${ZONE}/two.${ZONE}/A`,
        status: 400,
        body: { error: 'rrset is refused for the test' },
      });
      emulator.requests.length = 0;
      const first = await saveWith(['Apply']);
      assert.equal(first.saved, false);
      assert.ok(stored(emulator, `one.${ZONE}`, 'A'), 'the first set was applied');
      assert.equal(stored(emulator, `two.${ZONE}`, 'A'), undefined);
      assert.equal(editor.document.isDirty, true, 'the edits stay for a retry');
      emulator.requests.length = 0;
      const second = await saveWith(['Apply']);
      assert.ok(second.saved);
      assert.match(second.ui.shown.find((shown) => shown.kind === 'choose')?.message ?? '', /Apply 1 record set change to/);
      assert.deepEqual(writes(emulator), [['PUT', `/dns/v2/zones/${ZONE}/two.${ZONE}/A`]]);
    });
  });

  describe('import', () => {
    const EXPORT = [
      `$ORIGIN ${ZONE}.`,
      '$TTL 3600',
      `@ 3600 IN SOA ns1.other.example. dns.other.example. 1 7200 3600 1209600 3600`,
      '@ 86400 IN NS ns1.other.example.',
      'www 300 IN A 203.0.113.80',
      '@ IN MX 10 mail',
      '@ IN MX 30 backup-mx.example.net.',
      'cdn 300 IN A 203.0.113.99',
      `status.elsewhere.example. 300 IN A 198.51.100.99`,
    ].join('\n');

    it('creates, updates and skips with reasons, and deletes nothing unless asked', async () => {
      const result = await run<{ created: string[]; updated: string[]; deleted: string[]; unchanged: number }>('gcore.importZoneFile', {
        zoneName: ZONE,
        text: EXPORT,
      });
      assert.deepEqual(result, { created: [`www.${ZONE} A`], updated: [`${ZONE} MX`], deleted: [], unchanged: 0 });
      assert.deepEqual(writes(emulator).sort(), [
        ['PUT', `/dns/v2/zones/${ZONE}/www.${ZONE}/A`],
        ['PUT', `/dns/v2/zones/${ZONE}/${ZONE}/MX`],
      ]);
      // The MX host came relative to the origin, the TTL from $TTL; the kept value keeps its flags and meta as Gcore has them.
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/${ZONE}/MX`), {
        ttl: 3600,
        resource_records: [{ content: [10, `mail.${ZONE}.`], enabled: true, meta: {} }, { content: [30, 'backup-mx.example.net.'] }],
        meta: {},
      });
      // The SOA, the provider's apex NS, the dynamic cdn set and the name of another zone were not touched.
      assert.ok(stored(emulator, `cdn.${ZONE}`, 'A')?.pickers);
      assert.ok(stored(emulator, `sip.${ZONE}`, 'A'), 'a set the file lacks stays');
    });

    it('with deleteMissing deletes the sets the file lacks, except the SOA, the apex NS set and dynamic sets', async () => {
      const result = await run<{ deleted: string[] }>('gcore.importZoneFile', { zoneName: ZONE, text: EXPORT, deleteMissing: true });
      assert.ok(result.deleted.includes(`sip.${ZONE} A`));
      assert.ok(!result.deleted.some((name) => /\b(SOA|NS)$/.test(name) && name.startsWith(`${ZONE} `)), 'no SOA or apex NS deleted');
      assert.ok(!result.deleted.includes(`cdn.${ZONE} A`));
      assert.equal(stored(emulator, `sip.${ZONE}`, 'A'), undefined);
      assert.ok(stored(emulator, `cdn.${ZONE}`, 'A'));
    });

    it('refuses a text that does not read before any request, naming the line', async () => {
      await rejects(
        run('gcore.importZoneFile', { zoneName: ZONE, text: 'www 300 IN A 203.0.113.1\nbad 300 IN A 300.1.1.1' }),
        /line 2: .*300\.1\.1\.1 is not an IPv4 address/,
      );
      await rejects(run('gcore.importZoneFile', { zoneName: ZONE }), /text: is required/);
      await rejects(run('gcore.importZoneFile', { zoneName: 'not a zone', text: 'x' }), /zoneName/);
      assert.deepEqual(emulator.requests, []);
    });

    it('interactively: picks the file, shows the review, and applies with the missing sets deleted when chosen', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'other-provider.zone');
      fs.writeFileSync(file, EXPORT);
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), 'Apply and Delete 10 Missing']);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      const review = ui.shown.find((shown) => shown.kind === 'choose');
      assert.match(review?.message ?? '', /Import .*other-provider\.zone into zonefile\.example\?/);
      assert.match(review?.detail ?? '', /1 to create, 1 to change, 0 unchanged, 4 skipped/);
      const report = vscode.workspace.textDocuments.find(
        (document) => document.uri.scheme === 'gcore-resolution' && document.uri.path.includes('Import'),
      );
      assert.ok(report, 'the review is open beside the editor');
      assert.match(report.getText(), /## Skipped \(4\)/);
      assert.match(report.getText(), /the SOA is Gcore's and a zone file does not change it/);
      assert.match(report.getText(), /outside the zone zonefile\.example/);
      await eventually(() =>
        assert.match(ui.notifications.at(-1)?.message ?? '', /Imported .* into zonefile\.example: 1 created, 1 changed, \d+ deleted/),
      );
      assert.equal(stored(emulator, `sip.${ZONE}`, 'A'), undefined);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }).timeout(30_000);

    it('waits as Gcore asks on a 429 with Retry-After and a 503, shows each wait, and imports every set once', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'other-provider.zone');
      fs.writeFileSync(file, EXPORT);
      askToComeBack(emulator, `/dns/v2/zones/${ZONE}/www.${ZONE}/A`, { method: 'PUT', path: `/dns/v2/zones/${ZONE}/${ZONE}/MX` });
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), 'Apply']);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      await eventually(() =>
        assert.match(ui.notifications.at(-1)?.message ?? '', /Imported .* into zonefile\.example: 1 created, 1 changed, 0 deleted/),
      );
      assert.deepEqual(answeredWrites(emulator), [
        ['PUT', `/dns/v2/zones/${ZONE}/www.${ZONE}/A`, 200],
        ['PUT', `/dns/v2/zones/${ZONE}/www.${ZONE}/A`, 429],
        ['PUT', `/dns/v2/zones/${ZONE}/${ZONE}/MX`, 200],
        ['PUT', `/dns/v2/zones/${ZONE}/${ZONE}/MX`, 503],
      ]);
      for (const notice of WAIT_NOTICES) {
        assert.ok(
          ui.progressMessages.some((message) => notice.test(message)),
          `${String(notice)} in ${ui.progressMessages.join(' | ')}`,
        );
      }
      assert.ok(stored(emulator, `www.${ZONE}`, 'A'));
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }).timeout(30_000);

    it('imports programmatically through a 429 and a 503 as well, and says to wait when Gcore keeps refusing', async () => {
      askToComeBack(emulator, `/dns/v2/zones/${ZONE}/www.${ZONE}/A`, { method: 'PUT', path: `/dns/v2/zones/${ZONE}/${ZONE}/MX` });
      const result = await run<{ created: string[]; updated: string[] }>('gcore.importZoneFile', { zoneName: ZONE, text: EXPORT });
      assert.deepEqual([result.created, result.updated], [[`www.${ZONE} A`], [`${ZONE} MX`]]);
      emulator.requests.length = 0;
      emulator.inject({
        method: 'PUT',
        path: `/dns/v2/zones/${ZONE}/ftp.${ZONE}/A`,
        status: 429,
        headers: { 'Retry-After': '1' },
        times: 3,
      });
      await rejects(
        run('gcore.importZoneFile', { zoneName: ZONE, text: `$ORIGIN ${ZONE}.\nftp 300 IN A 203.0.113.90` }),
        /ftp A was refused: Gcore is limiting the rate of requests \(429\): Too Many Requests\. It answered so to each of 3 attempts, waiting as it asked\. Wait 1 s \(Gcore's Retry-After\) and try again\./,
      );
      assert.deepEqual(
        answeredWrites(emulator).map(([, , status]) => status),
        [429, 429, 429],
      );
    });

    it('sends nothing when the review is dismissed', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'other-provider.zone');
      fs.writeFileSync(file, EXPORT);
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), CANCEL]);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      assert.deepEqual(writes(emulator), []);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });
    it('refuses a file larger than any zone file before reading it, naming its size and the limit', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'disk.img');
      // Sparse: 12 MB that take no room on the disk.
      fs.closeSync(fs.openSync(file, 'w'));
      fs.truncateSync(file, 12 * 1024 * 1024);
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString()]);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      await eventually(() =>
        assert.match(
          ui.notifications.at(-1)?.message ?? '',
          /disk\.img is 12 MB: a zone file is at most 10 MB here, so it was not imported\. Nothing was sent\./,
        ),
      );
      assert.ok(!emulator.requests.some((request) => request.path === RRSETS), "the zone's record sets were not even read");
      assert.deepEqual(writes(emulator), []);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });
    it('points out in the review a set the file gives a TTL of 1 second, as Cloudflare writes its automatic TTL, and one Cloudflare proxied', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'cloudflare-export.txt');
      fs.writeFileSync(
        file,
        [`www.${ZONE}.\t1\tIN\tA\t203.0.113.80 ; cf_tags=cf-proxied:true`, `docs.${ZONE}.\t300\tIN\tA\t203.0.113.81`].join('\n'),
      );
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), CANCEL]);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      const review = ui.shown.find((shown) => shown.kind === 'choose');
      assert.match(
        review?.detail ?? '',
        /\n\n1 record set gets a TTL of 1 second\. Cloudflare writes 1 for its automatic TTL \(300 seconds\)/,
      );
      assert.match(
        review?.detail ?? '',
        /\n\n1 record set was proxied by Cloudflare \(cf-proxied:true in the file\)\. .*without Cloudflare's proxy/,
      );
      await eventually(() => {
        const report = vscode.workspace.textDocuments.find(
          (document) => document.uri.scheme === 'gcore-resolution' && document.uri.path.includes('Import'),
        );
        assert.match(
          report?.getText() ?? '',
          /## TTL of 1 second \(1\)\n\n1 record set gets a TTL of 1 second\..*\n\n- www A \(line 1\)\n/,
        );
        // docs, at 300 seconds and not tagged, is in neither list.
        assert.match(
          report?.getText() ?? '',
          /## Proxied by Cloudflare \(1\)\n\n1 record set was proxied by Cloudflare.*\n\n- www A \(line 1\)\n(\n|$)/,
        );
      });
      assert.deepEqual(writes(emulator), []);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('lists in the review the TTL each record without one takes, and sends it', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-')), 'reverse.zone');
      fs.writeFileSync(file, [`$ORIGIN ${ZONE}.`, 'first 900 IN A 203.0.113.82', 'second IN A 203.0.113.83'].join('\n'));
      const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), 'Apply']);
      await useUi(ui);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      emulator.requests.length = 0;
      await run('gcore.importZoneFile');
      await eventually(() => {
        const report = vscode.workspace.textDocuments.find(
          (document) => document.uri.scheme === 'gcore-resolution' && document.uri.path.includes('Import'),
        );
        assert.match(
          report?.getText() ?? '',
          /## TTLs the file does not write \(1\)\n\n- line 3: TTL 900, the TTL written on line 2: with no TTL here and no \$TTL before/,
        );
      });
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/second.${ZONE}/A`), {
        ttl: 900,
        resource_records: [{ content: ['203.0.113.83'] }],
      });
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('asks which TTL the sets written with 1 second get: 300 seconds sends 300, Keep sends 1, Escape sends nothing', async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-import-'));
      const file = path.join(folder, 'cloudflare-export.txt');
      const importWith = async (text: string, answers: Answer[]): Promise<ScriptedUi> => {
        fs.writeFileSync(file, text);
        const ui = new ScriptedUi([ZONE, vscode.Uri.file(file).toString(), ...answers]);
        await useUi(ui);
        emulator.requests.length = 0;
        await run('gcore.importZoneFile');
        return ui;
      };
      const asked = await importWith(`ttl-auto.${ZONE}.\t1\tIN\tA\t203.0.113.90`, ['Apply', CANCEL]);
      assert.match(
        asked.shown.filter((shown) => shown.kind === 'choose').at(-1)?.message ?? '',
        /^Give the record set with a TTL of 1 second a TTL of 300 seconds\?$/,
      );
      assert.deepEqual(writes(emulator), [], 'Escape at the TTL question sends nothing');

      // The first import's review is the active editor now: it is not offered as the text to import.
      assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'gcore-resolution');
      const again = await importWith(`ttl-auto.${ZONE}.\t1\tIN\tA\t203.0.113.90`, ['Apply', 'Use 300 Seconds']);
      assert.ok(
        !again.shown.some((shown) => shown.labels?.some((label) => /The Active Editor/.test(label))),
        'no choice between a file and the active editor',
      );
      const reviewTabs = vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === 'gcore-resolution');
      assert.equal(reviewTabs.length, 1, "the second review takes the first one's place");
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/ttl-auto.${ZONE}/A`), {
        ttl: 300,
        resource_records: [{ content: ['203.0.113.90'] }],
      });
      await eventually(() => {
        const review =
          vscode.workspace.textDocuments
            .find((document) => document.uri.scheme === 'gcore-resolution' && document.uri.path.includes('Import'))
            ?.getText() ?? '';
        assert.match(review, /- Create ttl-auto A \(TTL 300\): 203\.0\.113\.90/, 'the review shows the TTL sent');
        assert.doesNotMatch(review, /## TTL of 1 second/);
      });

      await importWith(`ttl-one.${ZONE}.\t1\tIN\tA\t203.0.113.91`, ['Apply', 'Keep 1 Second']);
      assert.deepEqual(body(emulator, 'PUT', `/dns/v2/zones/${ZONE}/ttl-one.${ZONE}/A`), {
        ttl: 1,
        resource_records: [{ content: ['203.0.113.91'] }],
      });
      fs.rmSync(folder, { recursive: true, force: true });
    }).timeout(30_000);
  });

  describe('against an API with only the four core operations', () => {
    beforeEach(async () => {
      emulator = await sharedEmulator({ coreOnly: true });
    });

    afterEach(async () => {
      await sharedEmulator();
    });

    it('refuses to open or import a zone file with a message that says why, and sends no write', async () => {
      await rejects(run('gcore.editZoneFile', { zoneName: ZONE }), /record sets do not exist here|not found|404/i);
      await rejects(run('gcore.importZoneFile', { zoneName: ZONE, text: 'www 300 IN A 203.0.113.1' }), /40[45]|not found/i);
      assert.deepEqual(writes(emulator), []);
    });
  });
});
