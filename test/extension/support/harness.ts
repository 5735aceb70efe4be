import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import type { PromptUi } from '../../../src/ui/promptUi';
import { start, type Emulator } from '../../emulator/server';
import { ScriptedUi } from './scriptedUi';

export const EXTENSION_ID = 'gcore-vscode.gcore-vscode';
export const TEST_KEY = 'ext-host-test-key-0123456789';

let api: TestingApi | undefined;

/** Activates the extension under test and returns its testing hooks (present in ExtensionMode.Test only). */
export async function extensionApi(): Promise<TestingApi> {
  if (api) return api;
  const extension = vscode.extensions.getExtension<TestingApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this extension host`);
  const testingApi = await extension.activate();
  if (!testingApi) throw new Error('the extension returned no testing API: is the host in test mode?');
  api = testingApi;
  return api;
}

const emulators = new Map<string, Emulator>();

/**
 * One emulator of each kind for the whole run, in this extension host, with gcore.apiBaseUrl pointing at
 * the one asked for. Each suite resets its state and request log. `coreOnly`: a server with only the four
 * core operations (docs/gcore-api.md#core-operations), to check that everything that worked before still does without the reads.
 * Tasks still followed are stopped (the last test's updates), unless `keepFollowedTasks`.
 */
export async function sharedEmulator(options: { coreOnly?: boolean; keepFollowedTasks?: boolean } = {}): Promise<Emulator> {
  const kind = options.coreOnly ? 'core' : 'full';
  let emulator = emulators.get(kind);
  if (!emulator) {
    emulator = await start({ apiKey: TEST_KEY, coreOnly: options.coreOnly });
    emulators.set(kind, emulator);
  }
  if (gcoreConfig().get('apiBaseUrl') !== emulator.url) {
    await gcoreConfig().update('apiBaseUrl', emulator.url, vscode.ConfigurationTarget.Global);
  }
  // The tasks of the last test's updates would otherwise be asked for (and end) during this one.
  if (!options.keepFollowedTasks) (await extensionApi()).stopFollowingTasks();
  emulator.reset();
  return emulator;
}

export function gcoreConfig(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('gcore');
}

export async function setKey(key: string | undefined): Promise<void> {
  if (key === undefined) await vscode.commands.executeCommand('gcore.signOut');
  else await vscode.commands.executeCommand('gcore.setApiKey', { apiKey: key });
}

export async function useUi(ui: PromptUi | undefined): Promise<void> {
  (await extensionApi()).setPromptUi(ui);
}

export async function setLocations(locations: { projectId: number; regionId: number; label?: string }[]): Promise<void> {
  await gcoreConfig().update('locations', locations, vscode.ConfigurationTarget.Global);
}

export { eventually } from '../../support/eventually';

/** A command called programmatically, resolved to what it returns. */
export async function run<T>(id: string, ...args: unknown[]): Promise<T> {
  return (await vscode.commands.executeCommand(id, ...args)) as T;
}

/** The call rejects with an error whose message matches. */
export async function rejects(promise: Thenable<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(Promise.resolve(promise), (error: Error) => {
    assert.match(error.message, message);
    return true;
  });
}

/**
 * The usual start of a test of what exists: the full emulator, a silent scripted UI, the test key, one
 * location labelled "Prod", the tree reloaded, and the emulator's request log cleared after that.
 */
export async function signedInAt(location: { projectId: number; regionId: number }): Promise<Emulator> {
  const emulator = await sharedEmulator();
  await useUi(new ScriptedUi([]));
  await setKey(TEST_KEY);
  await setLocations([{ ...location, label: 'Prod' }]);
  await vscode.commands.executeCommand('gcore.refresh');
  emulator.reset();
  return emulator;
}
