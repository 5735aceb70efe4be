import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { REPO_ROOT } from '../../support/repoRoot';

/** The import rules' messages for `source` placed at `file` (relative to the project). */
async function importProblems(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(source, { filePath: path.join(REPO_ROOT, file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

/*
 * The layers of src/ (docs/architecture.md) are kept in order by eslint.config.mjs. Each rule is tried here
 * on a file that breaks it, since a config entry that replaces another's rule silently lets imports through.
 */
describe('lint keeps the layers in order', function () {
  this.timeout(60_000);

  it('refuses an import of a higher layer, in every layer', async () => {
    const cases: [string, string][] = [
      ['src/api/x.ts', "import '../views/explorer';"],
      ['src/models/x.ts', "import '../state/settings';"],
      ['src/views/x.ts', "import '../documents/logDocuments';"],
      ['src/views/dns/x.ts', "import '../../commands/flow/flowRunner';"],
      ['src/views/gpu/x.ts', "import '../../machine/gpu/sshConfigFiles';"],
      ['src/machine/gpu/x.ts', "import '../../commands/gpu/gpuSshCommands';"],
      ['src/views/presentation/x.ts', "import '../../documents/logDocuments';"],
      ['src/views/presentation/x.ts', "import '../../commands/flow/flowRunner';"],
      ['src/documents/x.ts', "import '../commands/flow/flowRunner';"],
      ['src/commands/x.ts', "import '../areas/core';"],
      ['src/commands/flow/flowRunner.ts', "import '../../areas/core';"],
      ['src/commands/dns/x.ts', "import '../../areas/core';"],
      ['src/agentTools/gpu/x.ts', "import '../../commands/gpu/flavorCommands';"],
      ['src/ui/promptUi.ts', "import '../views/explorer';"],
      ['src/agentTools/x.ts', "import '../documents/logDocuments';"],
      ['src/agentTools/x.ts', "import '../commands/zoneFileCommands';"],
      ['src/writes/x.ts', "import '../ui/promptUi';"],
      ['src/writes/dns/x.ts', "import '../../state/settings';"],
      ['src/loaders/x.ts', "import '../writes/dns/recordSetBatch';"],
      ['src/writes/dns/x.ts', "import '../../agentTools/dns/recordWriteTools';"],
      ['src/writes/dns/x.ts', "import '../../commands/dns/recordCommands';"],
      ['src/prompts/x.ts', "import '../areas/core';"],
      ['src/prompts/gpu/x.ts', "import '../../commands/gpu/gpuSshCommands';"],
      ['src/documents/x.ts', "import '../prompts/rowOf';"],
      ['src/machine/gpu/x.ts', "import '../../prompts/gpu/sshSetup';"],
      ['src/views/dns/x.ts', "import '../../prompts/dns/zoneChoices';"],
      ['src/ui/containers/x.ts', "import '../../prompts/containers/containerSources';"],
      ['src/agentTools/x.ts', "import '../prompts/rowOf';"],
    ];
    for (const [file, source] of cases) {
      assert.match((await importProblems(file, source)).join(' | '), /must not import a higher layer/, `${file}: ${source}`);
    }
  });

  it('keeps VS Code and prompts out of what runs in plain Node', async () => {
    for (const file of [
      'src/api/x.ts',
      'src/models/x.ts',
      'src/loaders/x.ts',
      'src/writes/dns/x.ts',
      'src/machine/gpu/x.ts',
      'src/views/presentation/x.ts',
      'src/views/gpu/presentation/x.ts',
    ]) {
      assert.match((await importProblems(file, "import * as vscode from 'vscode';")).join(' | '), /must not depend on VS Code/, file);
    }
    assert.match(
      (await importProblems('src/views/presentation/x.ts', "import '../../ui/promptUi';")).join(' | '),
      /must not import prompts/,
    );
    for (const file of [
      'src/commands/flow/flowRunner.ts',
      'src/ui/redactingUi.ts',
      'src/logging/failureMessage.ts',
      'src/views/treeNodes.ts',
      'src/views/changeKinds.ts',
      'src/views/containers/containerChangeKind.ts',
      'src/views/kit/listRows.ts',
      'src/views/containers/containersSection.ts',
      'src/views/gpu/gpuClusterRows.ts',
    ]) {
      assert.match((await importProblems(file, "import * as vscode from 'vscode';")).join(' | '), /runs in plain Node too/, file);
    }
  });

  it('keeps VS Code out of the agent tools, the writes they share and the MCP server, also through the layers that use it', async () => {
    for (const file of ['src/agentTools/x.ts', 'src/agentTools/nested/x.ts']) {
      assert.match(
        (await importProblems(file, "import * as vscode from 'vscode';")).join(' | '),
        /run in the MCP server too: they must not depend on VS Code/,
        file,
      );
    }
    for (const source of [
      "import '../ui/promptUi';",
      "import '../state/settings';",
      "import '../auth/apiKeyStore';",
      "import '../logging/logger';",
    ]) {
      assert.match((await importProblems('src/agentTools/x.ts', source)).join(' | '), /run in the MCP server too/, source);
    }
    for (const source of ["import '../../state/settings';", "import '../../auth/apiKeyStore';", "import '../../logging/logger';"]) {
      assert.match((await importProblems('src/writes/dns/x.ts', source)).join(' | '), /writes run in the MCP server too/, source);
    }
    assert.match((await importProblems('src/agentTools/x.ts', "import '../views/explorer';")).join(' | '), /only the pure presentation/);
    assert.match(
      (await importProblems('src/agentTools/x.ts', "import '../views/dns/zoneNodes';")).join(' | '),
      /only the pure presentation/,
    );
    assert.match(
      (await importProblems('src/mcpServer.ts', "import * as vscode from 'vscode';")).join(' | '),
      /MCP server runs in plain Node/,
    );
    for (const source of [
      "import './commands/flowRunner';",
      "import './views/dns/presentation/zoneView';",
      "import './state/settings';",
      "import './logging/logger';",
      "import './extension';",
      "import './prompts/rowOf';",
    ]) {
      assert.match((await importProblems('src/mcpServer.ts', source)).join(' | '), /MCP server runs in plain Node/, source);
    }
  });

  it('keeps the start-up loader apart from the extension it loads', async () => {
    for (const [file, source] of [
      ['src/extensionStart.ts', "import { activate } from './extension';"],
      ['src/extensionStart.ts', "import './core/contributions';"],
      ['src/startup/x.ts', "import '../logging/logger';"],
      ['src/startup/x.ts', "import '../extension';"],
    ]) {
      assert.match((await importProblems(file, source)).join(' | '), /start-up loader is compiled at every start/, `${file}: ${source}`);
    }
    assert.deepEqual(
      await importProblems(
        'src/extensionStart.ts',
        "import type * as Main from './extension';\nimport './startup/codeCache';\nimport * as vscode from 'vscode';",
      ),
      [],
    );
  });

  it('lets a layer import those below it', async () => {
    assert.deepEqual(
      await importProblems('src/views/presentation/x.ts', "import '../../api/types';\nimport '../../logging/redaction';"),
      [],
    );
    assert.deepEqual(
      await importProblems('src/commands/x.ts', "import '../documents/resourceFileSystem';\nimport '../views/explorer';"),
      [],
    );
    assert.deepEqual(
      await importProblems(
        'src/agentTools/x.ts',
        "import '../api';\nimport '../models/jsonDocuments';\nimport '../logging/failureMessage';\nimport '../loaders/concurrencyLimit';\nimport '../views/presentation/money';",
      ),
      [],
    );
    assert.deepEqual(await importProblems('src/agentTools/dns/x.ts', "import '../../views/dns/presentation/zoneView';"), []);
    assert.deepEqual(await importProblems('src/commands/x.ts', "import '../agentTools';"), []);
    assert.deepEqual(
      await importProblems(
        'src/prompts/gpu/x.ts',
        "import '../../views/gpu/gpuNodes';\nimport '../../machine/gpu/sshConfigFiles';\nimport '../../documents/snapshots';\nimport '../rowOf';",
      ),
      [],
    );
    assert.deepEqual(
      await importProblems('src/commands/gpu/x.ts', "import '../../prompts/gpu/sshSetup';\nimport '../../prompts/rowOf';"),
      [],
    );
    assert.deepEqual(
      await importProblems(
        'src/writes/dns/x.ts',
        "import '../../api';\nimport '../../models/dns/zoneFileChanges';\nimport '../../logging/failureMessage';\nimport '../../loaders/concurrencyLimit';",
      ),
      [],
    );
    for (const file of ['src/agentTools/dns/x.ts', 'src/commands/dns/x.ts']) {
      assert.deepEqual(await importProblems(file, "import '../../writes/dns/recordSetBatch';"), [], file);
    }
    assert.deepEqual(
      await importProblems('src/mcpServer.ts', "import './api';\nimport './agentTools';\nimport './logging/redaction';"),
      [],
    );
  });

  it("refuses an import of another area's folder, in any layer, and lets an area use its own and the layer's shared files", async () => {
    const cases: [string, string][] = [
      ['src/commands/containers/x.ts', "import '../dns/zoneCommands';"],
      ['src/commands/containers/x.ts', "import '../../prompts/dns/zoneChoices';"],
      ['src/prompts/gpu/x.ts', "import '../containers/containerSources';"],
      ['src/commands/gpu/x.ts', "import '../../views/containers/presentation/containerView';"],
      ['src/views/containers/presentation/x.ts', "import '../../gpu/presentation/flavorPrice';"],
      ['src/models/gpu/x.ts', "import '../containers/containerDocument';"],
      ['src/api/dns/x.ts', "import '../gpu/gpuClient';"],
      ['src/agentTools/dns/x.ts', "import '../containers/containerTools';"],
      ['src/agentTools/tasks/x.ts', "import '../../commands/dns/zoneCommands';"],
    ];
    for (const [file, source] of cases) {
      assert.match((await importProblems(file, source)).join(' | '), /imports no other area's folder/, `${file}: ${source}`);
    }
    assert.deepEqual(
      await importProblems(
        'src/commands/gpu/x.ts',
        "import './flavorCommands';\nimport '../flow/command';\nimport '../../views/gpu/presentation/flavorView';\nimport '../../views/presentation/money';",
      ),
      [],
    );
  });

  it("refuses an area's folder in a shared file, but in the registries that list the areas", async () => {
    const cases: [string, string][] = [
      ['src/api/index.ts', "export type * from './gpu/gpuClusterTypes';"],
      ['src/api/types.ts', "import type { DnsZone } from './dns/dnsTypes';"],
      ['src/ui/vscode/vscodePromptUi.ts', "import '../../models/gpu/ssh/remoteSsh';"],
      ['src/agentTools/toolDefinition.ts', "import './gpu/gpuSshToolSettings';"],
      ['src/views/presentation/listGapsView.ts', "import '../containers/presentation/containerGaps';"],
      ['src/views/taskTracking.ts', "import './tasks/taskStatusBar';"],
      ['src/state/settings.ts', "import type { FlavorFilters } from '../loaders/gpu/flavorLoader';"],
      ['src/areas/core.ts', "import '../commands/dns/knownZones';"],
      ['src/views/walkthroughEvents.ts', "import './dns/dnssecWalkthroughStep';"],
      ['src/commands/services.ts', "import type { DnsServices } from './dns/zoneCommands';"],
      ['src/prompts/rowOf.ts', "import './gpu/sshSetup';"],
      ['src/mcpServer.ts', "import './agentTools/dns/dnsTools';"],
    ];
    for (const [file, source] of cases) {
      assert.match((await importProblems(file, source)).join(' | '), /A shared file imports no area's folder/, `${file}: ${source}`);
    }
    for (const [file, source] of [
      ['src/extension.ts', "import './areas/gpu/gpuArea';"],
      ['src/api/gcoreClient.ts', "import './gpu/gpuClient';"],
      ['src/agentTools/index.ts', "import './containers/containerTools';"],
      ['src/views/presentation/x.ts', "import '../treeNodes';\nimport './listGapsView';"],
    ]) {
      assert.deepEqual(await importProblems(file, source), [], `${file}: ${source}`);
    }
  });

  it('keeps VS Code out of the prompts but those in ui/vscode/, and out of the logging but the output channel', async () => {
    for (const file of ['src/ui/dns/x.ts', 'src/ui/pickers/x.ts', 'src/logging/x.ts']) {
      assert.match((await importProblems(file, "import * as vscode from 'vscode';")).join(' | '), /runs in plain Node too/, file);
    }
    for (const file of ['src/ui/vscode/x.ts', 'src/logging/logger.ts']) {
      assert.deepEqual(await importProblems(file, "import * as vscode from 'vscode';"), [], file);
    }
  });

  it('refuses an Intl object made when a module loads, which would cost activation its ICU start-up', async () => {
    const eslint = new ESLint({ cwd: REPO_ROOT });
    const problems = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: path.join(REPO_ROOT, 'src/views/presentation/x.ts') });
      return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
    };
    assert.match((await problems("export const numbers = new Intl.NumberFormat('en');\n")).join(' | '), /ICU start-up/);
    assert.match((await problems("const numbers = new Intl.NumberFormat('en');\nexport const n = numbers;\n")).join(' | '), /ICU start-up/);
    assert.deepEqual(await problems("export const numbers = (): Intl.NumberFormat => new Intl.NumberFormat('en');\n"), []);
  });
});
