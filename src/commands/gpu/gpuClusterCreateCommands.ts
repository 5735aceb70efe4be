import * as l10n from '@vscode/l10n';
import { homedir } from 'node:os';
import type { CreatedSshKey } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { validateGpuClusterCreateArgs, type GpuClusterCreateArgs } from '../../models/gpu/gpuClusterCreate';
import { validateCreateSshKeyArgs, type CreateSshKeyArgs } from '../../models/gpu/sshKeys';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { unwrap } from '../../validation/problems';
import { gpuClusterReview, reviewText, type GpuClusterForecast } from '../../views/gpu/presentation/gpuClusterReview';
import { forecastGpuCluster } from '../../writes/gpu/gpuClusterForecast';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { askGpuCluster, newGpuClusterDraft, type GpuClusterDraft } from '../../prompts/gpu/gpuClusterAsk';
import { sendGpuClusterCreate } from '../../writes/gpu/gpuClusterCreates';
import type { SentGpuClusterChange } from '../../writes/gpu/gpuClusterWrites';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';
import { askNewSshKey, createNewSshKey, type KeySource } from '../../machine/gpu/sshKeyCreation';

/*
 * The contract's GPU cluster creation commands: each argument is checked before any request, naming the field.
 * Interactively, Preview and Create GPU Cluster ask through the New GPU Cluster wizard and its review.
 */

/** Programmatically a public key line; interactively a key of this machine or a new pair (`source`). */
type SshKeyArgs = CreateSshKeyArgs | { projectId: number; name: string; source: KeySource };

function createSshKeyCommand(services: Services) {
  return command<SshKeyArgs, CreatedSshKey>({
    id: COMMAND.createSshKey,
    what: (args) => (args ? l10n.t('Create SSH key {0}', args.name) : l10n.t('Create an SSH key')),
    parse: (arg) => unwrap(validateCreateSshKeyArgs(arg)),
    ask: async (ui) => {
      const title = l10n.t('Gcore: Create SSH Key');
      const { projectId } = await pickProjectRegion(ui, title);
      return { projectId, ...(await askNewSshKey(ui, { home: homedir() }, title)) };
    },
    progress: (args) => l10n.t('Creating SSH key {0}…', args.name),
    run: (args, context) =>
      'source' in args
        ? createNewSshKey(context.ui, { client: services.client, home: homedir() }, args.projectId, args, callOptions(context))
        : services.client.sshKeys.create(args.projectId, { name: args.name, public_key: args.publicKey }, callOptions(context)),
    report: (ui, key) => {
      void ui.notify('info', l10n.t('SSH key {0} is in the project now; new GPU clusters can name it.', key.name));
    },
  });
}

function previewCommand(services: Services) {
  return command<GpuClusterCreateArgs, GpuClusterForecast, GpuClusterDraft>({
    id: COMMAND.previewGpuCluster,
    what: (args) => (args ? l10n.t('Preview GPU cluster {0}', args.cluster.name) : l10n.t('Preview a GPU cluster')),
    parse: (arg) => unwrap(validateGpuClusterCreateArgs(arg)),
    draft: newGpuClusterDraft,
    ask: (ui, draft, node) => askGpuCluster(ui, services, draft, node, { home: homedir(), review: false }),
    progress: (args) => l10n.t('Checking the quota and price of GPU cluster {0}…', args.cluster.name),
    run: ({ cluster, ...location }, context) => forecastGpuCluster(services, location, cluster, callOptions(context)),
    report: async (ui, forecast, { kind, cluster }, flow) => {
      const edit = l10n.t('Edit');
      const choice = await ui.choose({
        message: l10n.t('GPU cluster {0} as it would be created', cluster.name),
        detail: reviewText(gpuClusterReview(kind, cluster, forecast)),
        choices: [edit],
      });
      if (choice === edit) await flow.reopen();
    },
  });
}

function createCommand(services: Services, changes: GpuClusterChanges) {
  return command<GpuClusterCreateArgs, SentGpuClusterChange, GpuClusterDraft>({
    id: COMMAND.createGpuCluster,
    what: (args) => (args ? l10n.t('Create GPU cluster {0}', args.cluster.name) : l10n.t('Create a GPU cluster')),
    parse: (arg) => unwrap(validateGpuClusterCreateArgs(arg)),
    draft: newGpuClusterDraft,
    ask: (ui, draft, node) => askGpuCluster(ui, services, draft, node, { home: homedir(), review: true }),
    editable: true,
    progress: (args) => l10n.t('Creating GPU cluster {0}…', args.cluster.name),
    run: async ({ cluster, ...location }, context) =>
      changes.record(await sendGpuClusterCreate(services, location, cluster, callOptions(context))),
    returns: ({ result }) => ({ tasks: result.tasks }),
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still create GPU cluster {0}. Refresh the location to see whether it exists before creating it again.',
        args.cluster.name,
      ),
    }),
    report: (ui, { result, change }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

/** Create SSH Key, Preview GPU Cluster and Create GPU Cluster, as the contract names them. */
export function gpuClusterCreateCommands(services: Services, changes: GpuClusterChanges): Command<never, unknown, never>[] {
  return [createSshKeyCommand(services), previewCommand(services), createCommand(services, changes)];
}
