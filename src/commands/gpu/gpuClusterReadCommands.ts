import * as vscode from 'vscode';
import type { GpuCluster, GpuImage, GpuKind, GpuServer, SshKey } from '../../api/gpu/gpuClusterTypes';
import type { CloudList } from '../../api/types';
import { COMMAND } from '../../core/contributions';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import {
  validateGpuClusterArgs,
  validateGpuLocationArgs,
  validateListSshKeysArgs,
  type GpuClusterArgs,
  type GpuLocationArgs,
} from '../../models/gpu/gpuClusterArgs';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { pickToCopy } from '../../ui/pickers/pickToCopy';
import type { PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { clusterStatusWords } from '../../views/gpu/presentation/clusterView';
import { publicAddress } from '../../views/gpu/presentation/serverView';
import { isGpuClusterNode } from '../../views/gpu/gpuNodes';
import { command, type Command } from '../flow/command';
import { askGpuLocation, pickGpuCluster } from '../../prompts/gpu/gpuClusterPick';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { sayNotOffered } from '../notOffered';
import type { AreaServices } from '../services';

/** A list this API may not have: its 404, 405 or 501 said once as a warning, not as a failure to retry. */
async function offered<T>(action: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (mayBeMissingEndpoint(error)) throw notOffered(action, error, false);
    throw error;
  }
}

function kindWords(kind: GpuKind): string {
  return kind === 'baremetal' ? vscode.l10n.t('bare-metal') : vscode.l10n.t('virtual');
}

/** A cluster from the row the command was chosen on, or picked. */
function askCluster(services: AreaServices<GpuClusterReads>, title: string) {
  return async (ui: PromptUi, _draft: undefined, node: unknown): Promise<GpuClusterArgs> => {
    if (isGpuClusterNode(node)) {
      return { projectId: node.location.projectId, regionId: node.location.regionId, kind: node.gpuKind, clusterId: node.cluster.id };
    }
    const { clusterName: _name, ...picked } = await pickGpuCluster(services.reads, ui, title);
    return picked;
  };
}

/** Reading GPU clusters, their servers, the images and the SSH keys: the contract's read commands, each usable from the palette. */
export function gpuClusterReadCommands(services: AreaServices<GpuClusterReads>): Command<never, unknown, never>[] {
  const { client } = services;
  return [
    command<GpuLocationArgs, CloudList<GpuCluster>>({
      id: COMMAND.listGpuClusters,
      what: () => vscode.l10n.t('List GPU clusters'),
      parse: (arg) => unwrap(validateGpuLocationArgs(arg)),
      ask: (ui) => askGpuLocation(ui, vscode.l10n.t('Gcore: List GPU Clusters')),
      progress: ({ projectId, regionId, kind }) =>
        vscode.l10n.t('Loading the {0} GPU clusters of project {1}, region {2}…', kindWords(kind), projectId, regionId),
      run: (args, { signal }) => offered(vscode.l10n.t('GPU clusters'), () => client.gpuClusters.list(args, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId, regionId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('GPU clusters · project {0} · region {1} ({2})', projectId, regionId, list.count),
          list.results.map((cluster) => ({ label: cluster.name, description: clusterStatusWords(cluster), value: cluster })),
          (cluster) => cluster.name,
          vscode.l10n.t('No GPU clusters of that kind in project {0}, region {1}.', projectId, regionId),
        ),
    }),
    command<GpuClusterArgs, GpuCluster>({
      id: COMMAND.getGpuCluster,
      what: () => vscode.l10n.t('Read GPU cluster'),
      parse: (arg) => unwrap(validateGpuClusterArgs(arg)),
      ask: askCluster(services, vscode.l10n.t('Gcore: Show GPU Cluster')),
      progress: ({ clusterId }) => vscode.l10n.t('Reading GPU cluster {0}…', clusterId),
      run: (args, { signal }) => client.gpuClusters.get(args, { signal }),
      // Every field, as Gcore sent it, in a read-only editor, as Show Container does.
      report: async (_ui, cluster) => {
        const document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(cluster, null, 2)}\n` });
        await vscode.window.showTextDocument(document, { preview: true });
      },
    }),
    command<GpuClusterArgs, CloudList<GpuServer>>({
      id: COMMAND.listGpuClusterServers,
      what: () => vscode.l10n.t('List GPU cluster servers'),
      parse: (arg) => unwrap(validateGpuClusterArgs(arg)),
      ask: askCluster(services, vscode.l10n.t('Gcore: List GPU Cluster Servers')),
      progress: ({ clusterId }) => vscode.l10n.t('Loading the servers of GPU cluster {0}…', clusterId),
      run: (args, { signal }) => client.gpuClusters.serversWithAddresses(args, { signal }),
      report: (ui, list) =>
        pickToCopy(
          ui,
          vscode.l10n.t('GPU cluster servers ({0})', list.count),
          list.results.map((server) => ({
            label: server.name,
            description: publicAddress(server) ?? vscode.l10n.t('private only'),
            value: server,
          })),
          (server) => publicAddress(server) ?? server.name,
          vscode.l10n.t('The cluster has no servers.'),
        ),
    }),
    command<GpuLocationArgs, CloudList<GpuImage>>({
      id: COMMAND.listGpuImages,
      what: () => vscode.l10n.t('List GPU images'),
      parse: (arg) => unwrap(validateGpuLocationArgs(arg)),
      ask: (ui) => askGpuLocation(ui, vscode.l10n.t('Gcore: List GPU Images')),
      progress: ({ projectId, regionId }) => vscode.l10n.t('Loading the GPU images of project {0}, region {1}…', projectId, regionId),
      run: (args, { signal }) => offered(vscode.l10n.t('GPU images'), () => client.gpuClusters.images(args, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId, regionId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('GPU images · project {0} · region {1} ({2})', projectId, regionId, list.count),
          list.results.map((image) => ({
            label: image.name,
            description: [image.gpu_driver_version, image.cuda_toolkit_version].filter(Boolean).join(' · '),
            value: image,
          })),
          (image) => image.id,
          vscode.l10n.t('No GPU images in project {0}, region {1}.', projectId, regionId),
        ),
    }),
    command<{ projectId: number }, CloudList<SshKey>>({
      id: COMMAND.listSshKeys,
      what: () => vscode.l10n.t('List SSH keys'),
      parse: (arg) => unwrap(validateListSshKeysArgs(arg)),
      ask: async (ui) => ({ projectId: (await pickProjectRegion(ui, vscode.l10n.t('Gcore: List SSH Keys'))).projectId }),
      progress: ({ projectId }) => vscode.l10n.t('Loading the SSH keys of project {0}…', projectId),
      run: ({ projectId }, { signal }) => offered(vscode.l10n.t('SSH keys'), () => client.sshKeys.list(projectId, { signal })),
      onFailure: sayNotOffered,
      report: (ui, list, { projectId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('SSH keys · project {0} ({1})', projectId, list.count),
          list.results.map((key) => ({ label: key.name, description: key.fingerprint ?? undefined, value: key })),
          (key) => key.name,
          vscode.l10n.t('No SSH keys in project {0}.', projectId),
        ),
    }),
  ];
}
