import * as vscode from 'vscode';
import { GPU_SSH_SETTINGS } from '../../agentTools/gpu/gpuSshToolSettings';
import { COMMAND, SCHEME } from '../../core/contributions';
import { loadOnce } from '../../core/loadOnce';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { FlavorLoader } from '../../loaders/gpu/flavorLoader';
import { GPU_CLUSTER_KIND } from '../../models/gpu/gpuCluster';
import { REMOTE_SSH_WINDOWS } from '../../models/gpu/ssh/remoteSsh';
import { flavorFilters } from '../../state/gpu/flavorSettings';
import { readLocations } from '../../state/settings';
import { gpuFlavorsSection } from '../../views/gpu/gpuFlavorsSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { gpuClusterParts } from './gpuClusterParts';
import { gpuCommandLoads } from './gpuCommandLoads';

/** GPU clusters and flavors of the configured projects and regions, the locations themselves, and the clusters' changes. */
export function gpuArea(core: Core): Area {
  core.remoteWindows.register(REMOTE_SSH_WINDOWS);
  const toolContext = loadOnce(() => import('./gpuToolContext.js'));
  core.toolContext.register(GPU_SSH_SETTINGS, async () => (await toolContext()).gpuSshToolSettings(core.context.globalState));
  const flavors = core.loaders.register(new FlavorLoader(core.client.gpu, flavorFilters));
  const parts = gpuClusterParts(core);
  const { jsonDocuments, leaseClock } = parts;
  const section = gpuFlavorsSection({
    flavors,
    view: core.treeChanges,
    locations: readLocations,
    clusters: {
      reads: parts.reads,
      changesAt: (location) => core.tasks.changesAt(GPU_CLUSTER_KIND, location),
      rename: (from, to) => core.tasks.rename(from, to),
      log: core.log,
      sawLeases: (location, list) => void leaseClock().then((clock) => clock.saw(location, list)),
    },
  });
  const newClusters = new LazyDocuments(
    { scheme: SCHEME.newGpuCluster, applyCommand: COMMAND.applyNewGpuClusterJson },
    async () => (await jsonDocuments()).editor,
  );
  // The text of the GPU schemas, loaded with the first one opened.
  const schemas = loadOnce(() => import('../../documents/gpu/newGpuClusterDocuments.js'));
  return {
    sections: [section],
    documentKinds: [
      {
        documents: newClusters,
        completions: { provideCompletionItems: async (document, position) => (await jsonDocuments()).completions(document, position) },
      },
    ],
    disposables: [
      section,
      { dispose: () => leaseClock.loaded?.dispose() },
      newClusters,
      vscode.workspace.registerFileSystemProvider(SCHEME.newGpuCluster, newClusters, { isCaseSensitive: true }),
      // The GPU schemas beside the containers' (SchemaDocuments): each provider answers only its own paths.
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.schema, {
        provideTextDocumentContent: async (uri) => (await schemas()).newGpuClusterSchemaText(uri.path),
      }),
    ],
    changeKinds: [parts.changes],
    lazyCommands: (services) => gpuCommandLoads(core, services, flavors, parts),
  };
}
