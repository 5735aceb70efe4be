import * as assert from 'node:assert/strict';
import { formatAutomationLog, isManifestProblem } from '../../runner/extension-host-log';

describe('the extension host log of the test runner', () => {
  const id = 'gcore-vscode.gcore-vscode';

  it("tells VS Code's refusal of a contribution of the extension from other lines", () => {
    const refused = formatAutomationLog('error', [
      `[${id}]: 'configuration.jsonValidation.url' must be an absolute URL or start with './'`,
    ]);
    assert.ok(refused && isManifestProblem(refused, id));
    assert.ok(isManifestProblem(formatAutomationLog('warn', [`[${id}]: property \`icon\` is mandatory`]) ?? '', id));
    for (const [type, text] of [
      ['log', `[${id}]: activated`],
      ['error', '[other.extension]: a problem of someone else'],
      ['error', `the tests failed in [${id}]: no`],
    ]) {
      assert.equal(isManifestProblem(formatAutomationLog(type, [text]) ?? '', id), false, text);
    }
  });
});
