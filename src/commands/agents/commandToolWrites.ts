import * as vscode from 'vscode';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, RecordSet } from '../../api';
import { COMMAND } from '../../core/contributions';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { containerChange } from '../../models/container';
import { withConfirmedPlan } from '../../models/confirmedImportPlan';
import type { ToolWrites, ZoneFileImportResult } from '../../agentTools';
import type { TaskTracking } from '../../views/taskTracking';

/**
 * The agent tools' writes in VS Code: each is the programmatic call of the command that makes the same
 * change, so it is validated, sent and logged exactly as the command is, and the lists it changes are read
 * again. A container's tasks are then followed as an interactive change's are (its row says Updating…,
 * Creating… or Deleting…; the status bar and the Tasks section count them), without a notification: the
 * agent tells. A call cannot be cancelled once sent.
 */
export function commandToolWrites(tasks: Pick<TaskTracking, 'start'>): ToolWrites {
  const run = <T>(id: string, arg: unknown) => vscode.commands.executeCommand<T>(id, arg) as Promise<T>;
  const followed = async (subject: ChangeSubject, sent: Promise<ContainerUpdateResult>) => {
    const result = await sent;
    if (Array.isArray(result?.tasks) && result.tasks.length > 0) tasks.start(subject, result.tasks);
    return result;
  };
  return {
    updateContainer: (location, containerName, changes) =>
      followed(
        containerChange(location, containerName, 'update'),
        run<ContainerUpdateResult>(COMMAND.updateContainer, {
          projectId: location.projectId,
          regionId: location.regionId,
          containerName,
          changes,
        }),
      ),
    createContainer: (location, container) =>
      followed(
        containerChange(location, container.name, 'create'),
        run<ContainerUpdateResult>(COMMAND.createContainer, { projectId: location.projectId, regionId: location.regionId, container }),
      ),
    deleteContainer: (ref) =>
      followed(
        containerChange(ref, ref.containerName, 'delete'),
        run<ContainerUpdateResult>(COMMAND.deleteContainer, {
          projectId: ref.projectId,
          regionId: ref.regionId,
          containerName: ref.containerName,
        }),
      ),
    createZone: (zone) => run<CreateZoneResult>(COMMAND.createZone, zone),
    enableDnssec: (zoneName) => run<DnssecState>(COMMAND.enableDnssec, { zoneName }),
    disableDnssec: (zoneName) => run<DnssecState>(COMMAND.disableDnssec, { zoneName }),
    createRecord: (record) => run<RecordSet>(COMMAND.createRecord, record),
    updateRecord: (record) => run<RecordSet>(COMMAND.updateRecord, record),
    deleteRecord: async (ref) => {
      await run<undefined>(COMMAND.deleteRecord, { zoneName: ref.zoneName, name: ref.name, type: ref.type });
      return undefined;
    },
    // The confirmed plan's digest rides along in-process (see confirmedImportPlan.ts): the command refuses a plan that differs.
    importZoneFile: (request, confirmed) => run<ZoneFileImportResult>(COMMAND.importZoneFile, withConfirmedPlan(request, confirmed)),
  };
}
