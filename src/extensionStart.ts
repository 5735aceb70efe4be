import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as Main from './extension';
import { CODE_CACHE_EXTENSION, requireWithCodeCache } from './startup/codeCache';

/**
 * package.json's `main` (dist/extension.js): about 2 KB that load the extension itself
 * (dist/main.js) with the V8 code cache kept in the extension's global storage, so that every start after
 * the first reads the compiled code instead of compiling it again. The build writes MAIN_BUNDLE_DIGEST, the
 * hash of dist/main.js, into this file: the cache's name changes with every build.
 */
declare const MAIN_BUNDLE_DIGEST: string;

let main: typeof Main | undefined;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Main.activate> {
  const started = performance.now();
  const loaded = requireWithCodeCache<typeof Main>(path.join(__dirname, 'main.js'), cacheFileFor(context));
  main = loaded.exports;
  return main.activate(context, { use: loaded.use, save: loaded.save, loadMs: performance.now() - started });
}

export function deactivate(): void {
  main?.deactivate();
}

/**
 * None while the extension is developed (F5): its debugger and its watch builds get the bundle exactly as
 * require() loads it. V8 would refuse another V8's cache itself; with its version and the architecture in
 * the name, a VS Code update's first start does not even read the old file.
 */
function cacheFileFor(context: vscode.ExtensionContext): string | undefined {
  if (context.extensionMode === vscode.ExtensionMode.Development || context.globalStorageUri.scheme !== 'file') return undefined;
  const name = `main-${MAIN_BUNDLE_DIGEST}-v8-${process.versions.v8}-${process.arch}${CODE_CACHE_EXTENSION}`;
  return path.join(context.globalStorageUri.fsPath, 'code-cache', name);
}
