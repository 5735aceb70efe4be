import { lazyCommands, type LazyCommands } from '../../commands/flow/lazyCommands';
import type { Services } from '../../commands/services';
import { COMMAND } from '../../core/contributions';
import type { LoadOnce } from '../../core/loadOnce';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ContainerChanges } from '../../views/containers/containerChanges';
import type { ContainerDocumentParts } from './containerDocumentParts';

/** The containers' commands, whose code loads, all at once, with the first use of one of them. */
export function containerCommandLoads(
  services: Services,
  reads: ContainerReads,
  sentChanges: LoadOnce<ContainerChanges>,
  { editor, newEditor, logs }: ContainerDocumentParts,
): LazyCommands[] {
  return [
    lazyCommands(
      [
        ...[COMMAND.updateContainer, COMMAND.createContainer, COMMAND.deleteContainer],
        ...[COMMAND.listPullSecrets, COMMAND.createPullSecret, COMMAND.updatePullSecret, COMMAND.deletePullSecret],
        ...[COMMAND.editContainerJson, COMMAND.applyContainerJson, COMMAND.newContainerJson, COMMAND.applyNewContainerJson],
        ...[COMMAND.showContainerLogs, COMMAND.getContainerLogs, COMMAND.followContainerLogs, COMMAND.stopFollowingContainerLogs],
        ...[COMMAND.listContainers, COMMAND.getContainer, COMMAND.listContainerFlavors],
      ],
      async () => {
        const [update, lifecycleCommands, pullSecrets, json, logCommands, reading, sent] = await Promise.all([
          import('../../commands/containers/containerCommands.js'),
          import('../../commands/containers/containerLifecycleCommands.js'),
          import('../../commands/containers/pullSecretCommands.js'),
          import('../../commands/containers/containerJsonCommands.js'),
          import('../../commands/containers/containerLogCommands.js'),
          import('../../commands/containers/containerReadCommands.js'),
          sentChanges(),
        ]);
        const withReads = { ...services, reads };
        const secrets = pullSecrets.pullSecretCommands(withReads);
        return [
          ...update.containerCommands(withReads, sent),
          ...lifecycleCommands.containerLifecycleCommands(withReads, sent, secrets.createHere),
          ...secrets.commands,
          ...json.containerJsonCommands(withReads, await editor.editor(), await newEditor.editor()),
          ...logCommands.containerLogCommands(withReads, await logs.documents()),
          ...reading.containerReadCommands(withReads),
        ];
      },
    ),
  ];
}
