import * as l10n from '@vscode/l10n';
import type { CreatedSshKey } from '../../api/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { validateGpuClusterCreateArgs, type GpuClusterCreateArgs } from '../../models/gpuClusterCreate';
import { validateCreateSshKeyArgs, type CreateSshKeyArgs } from '../../models/sshKeys';
import { unwrap } from '../../validation/problems';
import type { GpuClusterForecast } from '../../views/presentation/gpu/gpuClusterReview';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { createGpuCluster, forecastGpuCluster, type SentCreate } from './gpuClusterCreates';
import type { GpuClusterWrites } from './gpuClusterWrites';

/*
 * The contract's GPU cluster creation commands, in their programmatic form: each argument is checked before any
 * request, naming the field. They have no interactive form under these ids (they are not in the palette).
 */

function createSshKeyCommand(services: Services) {
  return command<CreateSshKeyArgs, CreatedSshKey>({
    id: COMMAND.createSshKey,
    what: (args) => (args ? l10n.t('Create SSH key {0}', args.name) : l10n.t('Create an SSH key')),
    parse: (arg) => unwrap(validateCreateSshKeyArgs(arg)),
    programmaticWithoutArgument: true,
    run: ({ projectId, name, publicKey }, context) =>
      services.client.sshKeys.create(projectId, { name, public_key: publicKey }, callOptions(context)),
  });
}

function previewCommand(services: Services) {
  return command<GpuClusterCreateArgs, GpuClusterForecast>({
    id: COMMAND.previewGpuCluster,
    what: (args) => (args ? l10n.t('Preview GPU cluster {0}', args.cluster.name) : l10n.t('Preview a GPU cluster')),
    parse: (arg) => unwrap(validateGpuClusterCreateArgs(arg)),
    programmaticWithoutArgument: true,
    run: ({ cluster, ...location }, context) => forecastGpuCluster(services, location, cluster, callOptions(context)),
  });
}

function createCommand(services: Services, writes: GpuClusterWrites) {
  return command<GpuClusterCreateArgs, SentCreate>({
    id: COMMAND.createGpuCluster,
    what: (args) => (args ? l10n.t('Create GPU cluster {0}', args.cluster.name) : l10n.t('Create a GPU cluster')),
    parse: (arg) => unwrap(validateGpuClusterCreateArgs(arg)),
    programmaticWithoutArgument: true,
    progress: (args) => l10n.t('Creating GPU cluster {0}…', args.cluster.name),
    run: ({ cluster, ...location }, context) =>
      createGpuCluster({ client: services.client, writes, log: services.log }, location, cluster, callOptions(context)),
    returns: ({ result }) => ({ tasks: result.tasks }),
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still create GPU cluster {0}. Refresh the location to see whether it exists before creating it again.',
        args.cluster.name,
      ),
    }),
    report: (ui, { result, change }, _args, flow) => writes.report(ui, change, result, flow.reopen),
  });
}

/** Create SSH Key, Preview GPU Cluster and Create GPU Cluster, as the contract names them. */
export function gpuClusterCreateCommands(services: Services, writes: GpuClusterWrites): Command<never, unknown, never>[] {
  return [createSshKeyCommand(services), previewCommand(services), createCommand(services, writes)];
}
