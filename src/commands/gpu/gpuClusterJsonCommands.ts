import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { GcoreClient } from '../../api';
import { COMMAND, SCHEME } from '../../core/contributions';
import { newGpuClusterDocuments, type NewGpuClusterDocuments } from '../../documents/gpu/newGpuClusterDocuments';
import type { ResourceFileSystemDeps } from '../../documents/resourceFileSystem';
import { failureReason } from '../../logging/failureMessage';
import { validateNewGpuClusterJsonArgs, type NewGpuClusterJsonArgs } from '../../models/gpu/newGpuClusterDocument';
import { readLocations } from '../../state/settings';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { unwrap } from '../../validation/problems';
import { locationName } from '../../views/presentation/locationName';
import { sendGpuClusterCreate } from '../../writes/gpu/gpuClusterCreates';
import { forecastGpuCluster } from '../../writes/gpu/gpuClusterForecast';
import type { SentGpuClusterChange } from '../../writes/gpu/gpuClusterWrites';
import { reviewDocumentCommand } from '../arguments';
import { command, type Command } from '../flow/command';
import { gpuClusterStartingRow } from '../../prompts/gpu/gpuClusterAsk';
import { readGpuClusterCatalogue } from '../../prompts/gpu/gpuClusterOffers';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';

export type GpuClusterJsonDocuments = NewGpuClusterDocuments<SentGpuClusterChange>;

export interface GpuClusterJsonDeps extends ResourceFileSystemDeps {
  client: Pick<GcoreClient, 'gpu' | 'gpuClusters' | 'sshKeys'>;
  /** What a change of a GPU cluster sent here leaves behind, and how it is told, as for New GPU Cluster. */
  changes(): Promise<GpuClusterChanges>;
}

/**
 * New GPU Cluster from JSON's documents, on the wizard's sources and write path: what the location offers read
 * when a document opens, the same quota and price forecast, the same create (one POST, a lost answer looked up by
 * name) and the same following of its tasks.
 */
export function gpuClusterJsonDocuments(deps: GpuClusterJsonDeps): GpuClusterJsonDocuments {
  const { client, log } = deps;
  return newGpuClusterDocuments<SentGpuClusterChange>(
    {
      catalogue: (address) =>
        readGpuClusterCatalogue(client, address, homedir(), (part, error) =>
          log.warn(
            `new GPU cluster document: the ${part} of ${address.projectId}/${address.regionId} could not be read: ${failureReason(error)}`,
          ),
        ),
      placeOf: (address) => locationName(address, readLocations().locations),
      forecast: (address, cluster) =>
        deps.ui().withProgress({
          title: vscode.l10n.t('Checking the quota and price of GPU cluster {0}…', cluster.name),
          run: (signal) => forecastGpuCluster(deps, address, cluster, { signal }),
        }),
      create: async (address, cluster, signal) => {
        const sent = await sendGpuClusterCreate(deps, address, cluster, { signal });
        return (await deps.changes()).record(sent);
      },
      created: (_address, { result, change }, reopen) =>
        void deps.changes().then((changes) => changes.report(deps.ui(), change, result, reopen)),
    },
    deps,
  );
}

/** New GPU Cluster from JSON, from a flavor, location or Clusters row or the palette, and the review that creates it. */
export function gpuClusterJsonCommands(documents: GpuClusterJsonDocuments): Command<never, unknown, never>[] {
  return [
    command<NewGpuClusterJsonArgs, string>({
      id: COMMAND.newGpuClusterJson,
      what: () => vscode.l10n.t('Open a new GPU cluster as JSON'),
      parse: (arg) => unwrap(validateNewGpuClusterJsonArgs(arg)),
      ask: async (ui, _draft, node) => {
        const start = gpuClusterStartingRow(node);
        const location = start?.location ?? (await pickProjectRegion(ui, vscode.l10n.t('Gcore: New GPU Cluster from JSON')));
        return { projectId: location.projectId, regionId: location.regionId, kind: start?.kind ?? 'virtual', flavor: start?.flavor };
      },
      progress: () => vscode.l10n.t('Reading the GPU flavors, images and SSH keys of the location…'),
      run: async ({ flavor, ...address }) => (await documents.show(address, flavor)).toString(),
    }),
    reviewDocumentCommand(
      COMMAND.applyNewGpuClusterJson,
      () => vscode.l10n.t('Review and create the new GPU cluster'),
      {
        scheme: SCHEME.newGpuCluster,
        missing: vscode.l10n.t('Open a new GPU cluster with New GPU Cluster from JSON first: this command reviews and creates it.'),
      },
      documents.editor,
    ),
  ];
}
