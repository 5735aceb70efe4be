import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import {
  eventually,
  extensionApi,
  gcoreConfig,
  setKey,
  setLocations,
  sharedEmulator,
  signedInAt,
  TEST_KEY,
  useUi,
} from './support/harness';
import { ScriptedUi, CANCEL, type Answer } from './support/scriptedUi';
import { CONTAINER_UPDATE_FIELD_NAMES } from '../support/containerFields';

/*
 * Edit Container as JSON: the container's editable fields as a document of the extension's own scheme,
 * its diagnostics, and saving as a review (diff, Apply / Keep Editing / Discard, conflicts) before one
 * update of exactly the changed fields.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const WEB_APP = { ...LOCATION, containerName: 'web-app' };
/** web-app's autoscaling as the emulator seeds it. */
const WEB_APP_AUTOSCALING = { cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };

async function openDocument(args: object = WEB_APP): Promise<vscode.TextDocument> {
  const uri = await vscode.commands.executeCommand<string>('gcore.editContainerJson', args);
  return vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
}

/** Types into the document what `change` makes of its fields, as the user would. */
async function edit(document: vscode.TextDocument, change: (fields: Record<string, unknown>) => void): Promise<void> {
  const fields = JSON.parse(document.getText()) as Record<string, unknown>;
  change(fields);
  await replaceText(document, `${JSON.stringify(fields, null, 2)}\n`);
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  const editing = new vscode.WorkspaceEdit();
  editing.replace(document.uri, whole, text);
  assert.ok(await vscode.workspace.applyEdit(editing));
}

async function saveWith(document: vscode.TextDocument, answers: Answer[]): Promise<{ ui: ScriptedUi; saved: boolean }> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  const saved = await document.save();
  return { ui, saved };
}

function patches(emulator: Emulator): unknown[] {
  return emulator.requests.filter((request) => request.method === 'PATCH').map((request) => request.json);
}

async function autoSave(mode: string | undefined, delayMs?: number): Promise<void> {
  const files = vscode.workspace.getConfiguration('files');
  await files.update('autoSave', mode, vscode.ConfigurationTarget.Global);
  await files.update('autoSaveDelay', delayMs, vscode.ConfigurationTarget.Global);
}

async function lensTitles(document: vscode.TextDocument): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  return lenses.map((lens) => lens.command?.title ?? '');
}

function diagnosticsOf(document: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Gcore');
}

describe('editing a container as JSON', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    // code-server saves after a pause in typing by default; these tests decide when a save happens.
    await autoSave('off');
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await autoSave(undefined);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the twelve editable fields at their values at Gcore, in a tab that names the container and its location', async () => {
    const document = await openDocument();
    assert.equal(document.uri.scheme, 'gcore-container');
    assert.equal(document.languageId, 'json');
    const fields = JSON.parse(document.getText()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(fields).sort(), CONTAINER_UPDATE_FIELD_NAMES);
    assert.equal(fields.timeout, 60);
    assert.deepEqual(fields.scale, { min: 1, max: 3, ...WEB_APP_AUTOSCALING });
    assert.deepEqual(fields.envs, { NGINX_PORT: '80' });
    assert.equal(fields.pull_secret, null);
    assert.ok(!('status' in fields) && !('address' in fields) && !('created_at' in fields));
    const title = document.uri.path.split('/').pop() ?? '';
    assert.match(title, /^web-app · Prod\.json$/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), document.uri.toString());
    assert.deepEqual(patches(emulator), []);
  });

  it('from the palette, asks for the location and the container by name', async () => {
    const ui = new ScriptedUi(['Prod', 'inference-api']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.editContainerJson');
    ui.assertAllAnswersUsed();
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.path, '/1/76/inference-api · Prod.json');
    assert.equal((JSON.parse(document.getText()) as { timeout: number }).timeout, 120);
    assert.ok(
      ui.shown.every((shown) => shown.title.startsWith('Gcore: Edit Container as JSON')),
      ui.shown.map((shown) => shown.title).join(' | '),
    );
  });

  it('refuses a bad argument before any request, naming the field', async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('gcore.editContainerJson', { ...LOCATION, containerName: '-bad' })),
      /containerName/,
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('gcore.editContainerJson', { projectId: 0, regionId: 76, containerName: 'web-app' })),
      /projectId/,
    );
    assert.deepEqual(emulator.requests, []);
  });

  it('fails to open a container that does not exist, rather than offering an empty document', async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('gcore.editContainerJson', { ...LOCATION, containerName: 'no-such-app' })),
      /404|not found/i,
    );
    assert.ok(
      !vscode.workspace.textDocuments.some(
        (document) => document.uri.scheme === 'gcore-container' && document.uri.path.includes('no-such-app'),
      ),
    );
  });

  it('offers the location\'s container sizes as the value of "flavor"', async () => {
    const document = await openDocument();
    const line = document
      .getText()
      .split('\n')
      .findIndex((text) => text.includes('"flavor"'));
    const column = document.lineAt(line).text.indexOf('"250') + 1;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      new vscode.Position(line, column),
    );
    const sizes = list.items.filter((item) => item.detail === 'A container size of this location');
    const sizesAtGcore = emulator.requests.some((request) => request.path === '/cloud/v1/caas/flavors/1/76');
    assert.ok(sizesAtGcore, 'the sizes were read');
    assert.ok(sizes.length > 1, list.items.map((item) => JSON.stringify(item.label)).join(', '));
    const labels = sizes.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('250mCPU-512MiB'), labels.join(', '));
    assert.equal(sizes[0].insertText, `"${labels[0]}"`);
  });

  it('marks invalid values where they are written, with the message of the prompts naming the field', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.timeout = 500;
      fields.scale = { min: 5, max: 3 };
      fields.flavor = '999mCPU-1MiB';
      fields.colour = 'blue';
    });
    const diagnostics = await eventually(() => {
      const found = diagnosticsOf(document);
      assert.ok(found.length >= 4, found.map((diagnostic) => diagnostic.message).join(' | '));
      return found;
    });
    const messages = diagnostics.map((diagnostic) => diagnostic.message);
    assert.ok(messages.includes('timeout: must be between 0 and 180'), messages.join(' | '));
    assert.ok(messages.includes('scale.min: must not be greater than scale.max'), messages.join(' | '));
    assert.ok(messages.includes('colour: unknown field'), messages.join(' | '));
    const size = diagnostics.find((diagnostic) => diagnostic.message.startsWith('flavor: is not a container size of this location'));
    assert.equal(size?.severity, vscode.DiagnosticSeverity.Warning);
    const timeout = diagnostics.find((diagnostic) => diagnostic.message.startsWith('timeout'));
    assert.equal(document.getText(timeout?.range), '500');

    // Saving an invalid document sends nothing and keeps it dirty.
    const { saved } = await saveWith(document, []);
    assert.equal(saved, false);
    assert.ok(document.isDirty);
    assert.deepEqual(patches(emulator), []);
  });

  it('refuses a document that writes a key twice, naming the key, and sends nothing', async () => {
    const document = await openDocument();
    await replaceText(document, document.getText().replace(/^\{\n/, '{\n  "timeout": 0,\n'));
    const { saved } = await saveWith(document, []);
    assert.equal(saved, false);
    assert.ok(document.isDirty);
    const ui = new ScriptedUi([]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.applyContainerJson', document.uri);
    assert.ok(
      ui.notifications.some((notification) => /the document has the key timeout twice: write it once/.test(notification.message)),
      JSON.stringify(ui.notifications),
    );
    assert.deepEqual(patches(emulator), []);
  });

  it('reviews a save as a diff and, on Apply, sends exactly the changed fields, then follows the update and reloads the values', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.timeout = 45;
      fields.envs = { NGINX_PORT: '80', MODE: 'blue' };
    });
    const { ui, saved } = await saveWith(document, ['Apply']);
    assert.equal(saved, true);
    assert.ok(!document.isDirty);
    assert.deepEqual(patches(emulator), [{ timeout: 45, envs: { NGINX_PORT: '80', MODE: 'blue' } }]);
    // Changed at Gcore while the update rolls out: the document shows it once the update finished.
    const record = emulator.container(1, 76, 'web-app');
    assert.ok(record);
    record.config.description = 'Rolled out by Gcore';
    const [review] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.equal(review.message, 'Apply 2 changes to container web-app in project 1, region 76?');
    assert.match(review.detail ?? '', /timeout: 60 → 45/);
    assert.deepEqual(review.labels, ['Apply', 'Keep Editing', 'Discard']);
    // The diff was closed with the answer.
    assert.ok(!vscode.window.tabGroups.all.flatMap((group) => group.tabs).some((tab) => tab.input instanceof vscode.TabInputTextDiff));

    await eventually(
      () => assert.ok(ui.notifications.some((notification) => notification.message === 'Container web-app is updated: Ready · 2/2.')),
      10_000,
    );
    // Read again from Gcore once the update finished.
    assert.ok(
      emulator.requests.filter((request) => request.method === 'GET' && request.path === '/cloud/v1/caas/1/76/containers/web-app').length >=
        2,
    );
    await eventually(() => {
      const fields = JSON.parse(document.getText()) as { timeout: number; description: string };
      assert.deepEqual([fields.timeout, fields.description], [45, 'Rolled out by Gcore']);
    });
  });

  it('sends a new maximum with the whole scale, the cooldown and triggers as Gcore holds them', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      (fields.scale as { max: number }).max = 5;
    });
    const { ui, saved } = await saveWith(document, ['Apply']);
    assert.equal(saved, true);
    assert.deepEqual(patches(emulator), [{ scale: { min: 1, max: 5, ...WEB_APP_AUTOSCALING } }]);
    const [review] = ui.shown.filter((shown) => shown.kind === 'choose');
    assert.equal(review.message, 'Apply 1 change to container web-app in project 1, region 76?');
    assert.deepEqual(emulator.container(1, 76, 'web-app')?.config.scale, { min: 1, max: 5, ...WEB_APP_AUTOSCALING });
  });

  it('sets the cooldown and triggers, marking a bound where it is written, and sends them', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.scale = {
        min: 1,
        max: 3,
        cooldown_period: 30,
        triggers: { cpu: null, memory: { threshold: 80 }, http: { rate: 2000, window: 15 } },
      };
    });
    const bound = await eventually(() => {
      const found = diagnosticsOf(document).find(
        (diagnostic) => diagnostic.message === 'scale.triggers.http.rate: must be between 1 and 1000',
      );
      assert.ok(
        found,
        diagnosticsOf(document)
          .map((diagnostic) => diagnostic.message)
          .join(' | '),
      );
      return found;
    });
    assert.equal(document.getText(bound.range), '2000');
    assert.equal((await saveWith(document, [])).saved, false, 'a bound refused stops the save');
    assert.deepEqual(patches(emulator), []);
    const scale = {
      min: 1,
      max: 3,
      cooldown_period: 30,
      triggers: { cpu: null, memory: { threshold: 80 }, http: { rate: 200, window: 15 } },
    };
    await edit(document, (fields) => {
      fields.scale = scale;
    });
    const { saved } = await saveWith(document, ['Apply']);
    assert.equal(saved, true);
    assert.deepEqual(patches(emulator), [{ scale }]);
  });

  it('sends nothing for a save without changes', async () => {
    const document = await openDocument();
    await replaceText(document, document.getText().replace(/\n/g, '\n  '));
    const { ui, saved } = await saveWith(document, []);
    assert.equal(saved, true);
    assert.deepEqual(patches(emulator), []);
    assert.ok(ui.notifications.some((notification) => /^Nothing to update: .* Nothing was sent\.$/.test(notification.message)));
  });

  it('keeps the edits unsent on Keep Editing (or Escape), and puts the values at Gcore back on Discard', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.description = 'Edited here';
    });
    for (const answer of ['Keep Editing', CANCEL] as Answer[]) {
      const { saved } = await saveWith(document, [answer]);
      assert.equal(saved, false);
      assert.ok(document.isDirty);
      assert.match(document.getText(), /Edited here/);
    }
    const { saved } = await saveWith(document, ['Discard']);
    assert.equal(saved, true);
    await eventually(() => assert.match(document.getText(), /"description": "Public web front end"/));
    assert.ok(!document.isDirty);
    assert.deepEqual(patches(emulator), []);
  });

  it('keeps the document dirty with what was typed when Gcore refuses the update', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.image = 'nginx:1.28-alpine';
    });
    emulator.inject({
      method: 'PATCH',
      path: '/cloud/v1/caas/1/76/containers/web-app',
      status: 400,
      body: { message: 'image is not allowed here' },
    });
    const { saved } = await saveWith(document, ['Apply']);
    assert.equal(saved, false);
    assert.ok(document.isDirty);
    assert.match(document.getText(), /nginx:1\.28-alpine/);
    assert.equal(patches(emulator).length, 1);
  });

  it('says an update whose answer a gateway lost may have been made, and to check before saving again; the edits stay', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.timeout = 33;
    });
    emulator.inject({ method: 'PATCH', path: '/cloud/v1/caas/1/76/containers/web-app', status: 502, afterApplying: true });
    const ui = new ScriptedUi(['Apply']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.applyContainerJson', document.uri).then(
      () => undefined,
      () => undefined,
    );
    const failure = ui.notifications.find((notification) => /Bad Gateway/.test(notification.message));
    assert.ok(failure, ui.notifications.map((notification) => notification.message).join(' | '));
    assert.match(failure.message, /Bad Gateway\. Gcore may have carried it out: check before saving again\. Your edits are kept\.$/);
    assert.doesNotMatch(failure.message, /save again to retry/);
    assert.deepEqual(patches(emulator), [{ timeout: 33 }]);
    assert.ok(document.isDirty);
  });

  it('sends is_disabled in a request of its own, and says so in the editor', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.is_disabled = true;
      fields.timeout = 30;
    });
    await eventually(() => {
      const note = diagnosticsOf(document).find((diagnostic) =>
        diagnostic.message.startsWith('is_disabled: is sent in a request of its own'),
      );
      assert.equal(note?.severity, vscode.DiagnosticSeverity.Information);
    });
    await saveWith(document, ['Apply']);
    assert.deepEqual(patches(emulator), [{ timeout: 30 }, { is_disabled: true }]);
  });

  it('keeps what Auto Save saves in the editor, sends nothing, and says how to send it', async () => {
    const document = await openDocument();
    const ui = new ScriptedUi(['Apply']);
    await useUi(ui);
    await autoSave('afterDelay', 100);
    try {
      await edit(document, (fields) => {
        fields.description = 'Saved by Auto Save';
      });
      // Kept as a draft: the document is saved here, the code lens says it is not sent…
      await eventually(() => assert.ok(!document.isDirty));
      await eventually(async () =>
        assert.deepEqual(await lensTitles(document), ['$(cloud-upload) Not sent to Gcore: description · Review and Apply']),
      );
      assert.deepEqual(patches(emulator), []);
      const [told] = ui.notifications.filter((notification) => notification.message.startsWith('Auto Save keeps'));
      assert.equal(
        told.message,
        'Auto Save keeps your edits of container web-app in this editor only: nothing is sent to Gcore until you choose Review and Apply (Ctrl+S, or the cloud button above the editor).',
      );
      assert.deepEqual(told.actions, ['Review and Apply']);
      // …until Review and Apply (the notification's button, the lens, the editor title's) sends it.
      await vscode.commands.executeCommand('gcore.applyContainerJson', document.uri);
      assert.deepEqual(patches(emulator), [{ description: 'Saved by Auto Save' }]);
      await eventually(async () => assert.deepEqual(await lensTitles(document), []));
    } finally {
      await autoSave('off');
    }
  });

  describe('when the container changed at Gcore after the document was opened', () => {
    async function openThenChangeAtGcore(): Promise<vscode.TextDocument> {
      const document = await openDocument();
      const record = emulator.container(1, 76, 'web-app');
      assert.ok(record);
      record.config.timeout = 99;
      await edit(document, (fields) => {
        fields.description = 'Edited here';
      });
      return document;
    }

    it('Overwrite sends the edits over the values at Gcore', async () => {
      const document = await openThenChangeAtGcore();
      const { ui, saved } = await saveWith(document, ['Overwrite', 'Apply']);
      assert.equal(saved, true);
      const [conflict] = ui.shown.filter((shown) => shown.kind === 'choose');
      assert.equal(conflict.message, 'Container web-app changed at Gcore after you opened it (timeout).');
      assert.deepEqual(conflict.labels, ['Compare', 'Overwrite', 'Reload']);
      // The document still says 60; against Gcore's 99, that is a change the user sends.
      assert.deepEqual(patches(emulator), [{ description: 'Edited here', timeout: 60 }]);
    });

    it('Reload replaces the edits with the values at Gcore; Compare shows the three versions and keeps the edits', async () => {
      const document = await openThenChangeAtGcore();
      const compared = await saveWith(document, ['Compare']);
      assert.equal(compared.saved, false);
      assert.ok(document.isDirty);
      const diffs = vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputTextDiff);
      assert.deepEqual(diffs.map((tab) => tab.label).sort(), ['web-app: at Gcore now ↔ your edits', 'web-app: opened ↔ at Gcore now']);

      const reloaded = await saveWith(document, ['Reload']);
      assert.equal(reloaded.saved, true);
      await eventually(() => assert.match(document.getText(), /"timeout": 99/));
      assert.doesNotMatch(document.getText(), /Edited here/);
      assert.deepEqual(patches(emulator), []);
    });
  });

  it('offers Review and Apply on a document already saved here, e.g. to retry after a failed update', async () => {
    const document = await openDocument();
    await edit(document, (fields) => {
      fields.listening_port = 8080;
    });
    await saveWith(document, ['Keep Editing']);
    const ui = new ScriptedUi(['Apply']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.applyContainerJson', document.uri);
    assert.deepEqual(patches(emulator), [{ listening_port: 8080 }]);
    assert.ok(!document.isDirty);
  });
});

describe('editing a container as JSON against a server with only the four core operations', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('starts with an empty document, says why, and sends the fields written', async () => {
    const emulator = await sharedEmulator({ coreOnly: true });
    const ui = new ScriptedUi([]);
    await useUi(ui);
    await setKey(TEST_KEY);
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
    const document = await openDocument();
    assert.deepEqual(JSON.parse(document.getText()), {});
    assert.ok(
      ui.notifications.some((notification) => /cannot be read from Gcore, so its document starts empty/.test(notification.message)),
    );
    await replaceText(document, '{\n  "timeout": 45\n}\n');
    const review = await saveWith(document, ['Apply']);
    assert.equal(review.saved, true);
    assert.deepEqual(patches(emulator), [{ timeout: 45 }]);
    assert.match(review.ui.shown.find((shown) => shown.kind === 'choose')?.detail ?? '', /timeout: 45/);
  });
});
