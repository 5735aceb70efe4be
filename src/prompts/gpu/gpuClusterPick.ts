import * as vscode from 'vscode';
import type { GpuCluster, GpuKind } from '../../api/gpu/gpuClusterTypes';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { GpuClusterArgs, GpuLocationArgs } from '../../models/gpu/gpuClusterArgs';
import { checkClusterId } from '../../models/gpu/ssh/sshValues';
import { orCancel } from '../../ui/loneAnswer';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import type { PromptUi } from '../../ui/promptUi';
import { clusterStatusWords } from '../../views/gpu/presentation/clusterView';

async function pickKind(ui: PromptUi, title: string): Promise<GpuKind> {
  const kind = await ui.pick<GpuKind>({
    title,
    placeholder: vscode.l10n.t('Virtual or bare-metal GPU clusters?'),
    items: [
      { label: vscode.l10n.t('Virtual'), value: 'virtual' },
      { label: vscode.l10n.t('Bare metal'), value: 'baremetal' },
    ],
  });
  return orCancel(kind);
}

/** The location and the kind of GPU cluster a command is about, asked under its title. */
export async function askGpuLocation(ui: PromptUi, title: string): Promise<GpuLocationArgs> {
  const { projectId, regionId } = await pickProjectRegion(ui, title);
  return { projectId, regionId, kind: await pickKind(ui, title) };
}

/**
 * A cluster picked in the palette: a location, a kind, then one of its clusters as its row describes it. A cluster
 * whose id is not a UUID is not offered, as its row offers nothing.
 */
export async function pickGpuCluster(
  reads: Pick<GpuClusterReads, 'clustersOf'>,
  ui: PromptUi,
  title: string,
): Promise<GpuClusterArgs & { clusterName: string }> {
  const location = await askGpuLocation(ui, title);
  const loaded = await reads.clustersOf(location);
  if (loaded.state === 'failed') throw loaded.error;
  const chosen = orCancel(
    await ui.pick<GpuCluster>({
      title,
      placeholder: vscode.l10n.t('Choose a cluster'),
      items: loaded.value.results
        .filter((cluster) => checkClusterId(cluster.id).ok)
        .map((cluster) => ({
          label: cluster.name,
          description: clusterStatusWords(cluster),
          value: cluster,
        })),
    }),
  );
  return { ...location, clusterId: chosen.id, clusterName: chosen.name };
}
