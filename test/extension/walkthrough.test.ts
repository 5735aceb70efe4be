import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support/harness';

/*
 * "Get started with Gcore": every step has its image in the installed extension, a completion event of a
 * kind VS Code knows, and buttons that run commands the extension registers. The UI suite checks in the
 * workbench that the steps are checked off by doing them.
 */

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image: string; altText: string };
  completionEvents: string[];
}

describe('the walkthrough', () => {
  it('has its six steps, each with an image shipped in the extension, a completion event and working command links', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    const nls = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const text = (value: string) => (/^%.+%$/.test(value) ? nls[value.slice(1, -1)] : value);
    const [walkthrough] = extension.packageJSON.contributes.walkthroughs as { title: string; steps: Step[] }[];
    assert.equal(text(walkthrough.title), 'Get started with Gcore');
    assert.deepEqual(
      walkthrough.steps.map((step) => step.id),
      ['createKey', 'setKey', 'addLocation', 'explore', 'updateContainer', 'dnssec'],
    );
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const step of walkthrough.steps) {
      assert.ok(fs.existsSync(path.join(extension.extensionPath, step.media.image)), `${step.id}: ${step.media.image} is shipped`);
      assert.ok(text(step.media.altText), `${step.id} describes its image`);
      assert.ok(step.completionEvents.length > 0, `${step.id} completes on an event`);
      for (const event of step.completionEvents) assert.match(event, /^(onCommand|onLink|onView|onSettingChanged|onContext):.+/, step.id);
      const description = text(step.description);
      assert.ok(description, `${step.id} has a description`);
      for (const [, id] of description.matchAll(/\(command:([\w.]+)\)/g)) {
        assert.ok(commands.has(id), `${step.id} links to ${id}, which is registered`);
      }
    }
  });
});
