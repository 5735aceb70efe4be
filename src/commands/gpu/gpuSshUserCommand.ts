import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { DEFAULT_SSH_USER, readClusterUser } from '../../models/gpu/ssh/sshEntry';
import { orCancel } from '../../ui/loneAnswer';
import { command } from '../flow/command';
import { readClusterSsh, sshClusterRef } from '../../machine/gpu/gpuSshTargets';
import { hasClusterEntry, writeClusterEntry } from '../../machine/gpu/sshConfigFiles';
import { checkedSshSettings, sshDeps, targetOf, type GpuSshDeps, type SshCommandArgs } from '../../prompts/gpu/sshSetup';

/** A cluster and the user chosen for it; no user: the setting's (or the image's) again. */
interface SetUserInput extends SshCommandArgs {
  user?: string;
}

/**
 * Set SSH User… on a cluster's row, or on a cluster picked in the palette: the user its entry and every SSH command
 * log in as from now on, kept on this machine; empty gives the cluster back to `gcore.gpu.sshUser`. An entry written
 * before is written again, since Remote-SSH reads the user from it.
 */
export function setGpuSshUserCommand(deps: GpuSshDeps) {
  return command<SetUserInput, { clusterName: string; user: string }>({
    id: COMMAND.setGpuSshUser,
    what: (args) =>
      args?.clusterName
        ? vscode.l10n.t('Set the SSH user of GPU cluster {0}', args.clusterName)
        : vscode.l10n.t('Set the SSH user of a GPU cluster'),
    ask: async (ui, _draft, node) => {
      const target = await targetOf(deps, ui, node, vscode.l10n.t('Set SSH User…'));
      const setting = checkedSshSettings(deps.services.log).settings.user;
      const typed = orCancel(
        await ui.input({
          title: vscode.l10n.t('Gcore: SSH user of GPU cluster {0}', target.clusterName ?? target.clusterId),
          prompt: setting
            ? vscode.l10n.t('The user SSH logs in as on this cluster’s servers. Empty: {0}, as gcore.gpu.sshUser says.', setting)
            : vscode.l10n.t('The user SSH logs in as on this cluster’s servers. Empty: the image’s user, else {0}.', DEFAULT_SSH_USER),
          value: deps.users.get(target.clusterId) ?? '',
          placeholder: setting ?? DEFAULT_SSH_USER,
          validate: (text) => readClusterUser(text).problem,
        }),
      );
      return { ...target, user: readClusterUser(typed).user };
    },
    progress: (args) => vscode.l10n.t('Setting the SSH user of GPU cluster {0}…', args.clusterName ?? args.clusterId),
    run: async (args, { signal }) => {
      const ref = sshClusterRef(args);
      await deps.users.set(ref.clusterId, args.user);
      const { settings } = checkedSshSettings(deps.services.log);
      const read = await readClusterSsh(sshDeps(deps, settings), ref, { signal });
      if (await hasClusterEntry(settings.places, ref.clusterId)) await writeClusterEntry(settings.places, ref.clusterId, read.text);
      return { clusterName: read.cluster.name, user: read.entry.user };
    },
    report: (ui, result) =>
      void ui.notify('info', vscode.l10n.t('SSH logs in to the servers of GPU cluster {0} as {1}.', result.clusterName, result.user)),
  });
}
