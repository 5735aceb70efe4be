import Module from 'node:module';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { EXTENSION_ID, type ActivationProbeInput, type ActivationProbeResult } from '../probe-contract';
import { delay, readProbeInput, writeProbeResult } from './probe-io';

type ModuleLoad = (request: string, parent: unknown, isMain: boolean) => unknown;
type Activate = (context: vscode.ExtensionContext) => unknown;

interface Timings {
  loadMs?: number;
  vscodeApiMs: number;
  activateCallMs?: number;
  activateResolveMs?: number;
  returnedThenable?: boolean;
  secretReads: number;
}

/** Node's CommonJS loader, through which the extension host requires an extension's main file. */
const loader = Module as unknown as { _load: ModuleLoad };

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Counts context.secrets.get calls until the returned function is called, which puts the method back. */
function countSecretReads(secrets: vscode.SecretStorage, timings: Timings): () => void {
  const target = secrets as { get: vscode.SecretStorage['get'] };
  const hadOwn = Object.hasOwn(target, 'get');
  const original = target.get;
  target.get = (key: string) => {
    timings.secretReads += 1;
    return original.call(secrets, key);
  };
  return () => {
    if (hadOwn) target.get = original;
    else delete (target as Partial<typeof target>).get;
  };
}

/**
 * Times what VS Code itself reports as activation time (loading the code, then calling activate() until its
 * result settles) by wrapping the CommonJS load of the bundle: the extension host requires it through
 * Module._load, and calls the activate it finds on the exports. The bundle's own require('vscode'), where
 * VS Code builds the API object for the extension, is timed apart. Restored once the bundle is loaded.
 */
function instrumentBundleLoad(bundlePath: string, timings: Timings): () => void {
  const originalLoad = loader._load;
  const bundle = path.resolve(bundlePath);
  let loadingBundle = false;
  const restore = () => {
    loader._load = originalLoad;
  };
  loader._load = function (this: unknown, request, parent, isMain) {
    if (loadingBundle && request === 'vscode') {
      const started = performance.now();
      try {
        return originalLoad.call(this, request, parent, isMain);
      } finally {
        timings.vscodeApiMs += performance.now() - started;
      }
    }
    if (!path.isAbsolute(request) || ![bundle, bundle.replace(/\.js$/, '')].includes(path.resolve(request))) {
      return originalLoad.call(this, request, parent, isMain);
    }
    loadingBundle = true;
    const started = performance.now();
    let exports: { activate: Activate; deactivate?: () => unknown };
    try {
      exports = originalLoad.call(this, request, parent, isMain) as typeof exports;
    } finally {
      loadingBundle = false;
      restore();
    }
    timings.loadMs = performance.now() - started;
    return {
      deactivate: exports.deactivate,
      activate: (context: vscode.ExtensionContext) => {
        const stopCounting = countSecretReads(context.secrets, timings);
        const called = performance.now();
        let result: unknown;
        try {
          result = exports.activate(context);
        } catch (error) {
          stopCounting();
          throw error;
        }
        const returned = performance.now();
        timings.activateCallMs = returned - called;
        timings.returnedThenable = isThenable(result);
        if (!isThenable(result)) {
          stopCounting();
          timings.activateResolveMs = 0;
          return result;
        }
        return Promise.resolve(result).finally(() => {
          stopCounting();
          timings.activateResolveMs = performance.now() - returned;
        });
      },
    };
  };
  return restore;
}

/** extensionTestsPath module: activates the extension once, in a fresh extension host, and reports the timings. */
export async function run(): Promise<void> {
  const input = readProbeInput<ActivationProbeInput>();
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not in this extension host`);
  if (extension.isActive) throw new Error(`${EXTENSION_ID} was already active: its activation cannot be measured here`);

  await delay(input.idleBeforeMs);
  const timings: Timings = { vscodeApiMs: 0, secretReads: 0 };
  const restore = instrumentBundleLoad(input.bundlePath, timings);
  const started = performance.now();
  try {
    await extension.activate();
  } finally {
    restore();
  }
  const apiActivateMs = performance.now() - started;
  const { loadMs, vscodeApiMs, activateCallMs, activateResolveMs, returnedThenable, secretReads } = timings;
  if (loadMs === undefined || activateCallMs === undefined || activateResolveMs === undefined || returnedThenable === undefined) {
    throw new Error(`the extension host did not load ${input.bundlePath} through Module._load; nothing was timed`);
  }
  // A request that activation only started would still arrive at the emulator in this time.
  await delay(input.settleMs);
  const featuresLoaded = path.resolve(path.dirname(input.bundlePath), 'features.js') in require.cache;
  const exported = extension.exports as
    { codeCache?: { use: string; saved: Promise<boolean>; loadMs: number }; setUpMs?: { part: string; ms: number }[] } | undefined;
  const codeCache = exported?.codeCache;
  const codeCacheSaved = input.awaitCodeCacheSave && codeCache ? await codeCache.saved : undefined;
  const result: ActivationProbeResult = {
    loadMs,
    vscodeApiMs,
    activateCallMs,
    activateResolveMs,
    apiActivateMs,
    returnedThenable,
    secretReads,
    featuresLoaded,
    codeCache: codeCache?.use,
    codeCacheSaved,
    mainLoadMs: codeCache?.loadMs,
    setUpMs: exported?.setUpMs,
  };
  writeProbeResult(input.resultFile, result);
}
