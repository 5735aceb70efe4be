import * as vscode from 'vscode';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { ContainerLogs } from '../../api/containers/containerTypes';
import { logLinesThatFit } from '../../api/containers/containersClient';
import { isGcoreApiError } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import type { PromptUi } from '../../ui/promptUi';
import {
  validateContainerLogsArgs,
  validateContainerRefArgs,
  type ContainerLogsArgs,
  type ContainerRefArgs,
} from '../../models/containers/containerArgs';
import { logSettings } from '../../state/settings';
import { unwrap } from '../../validation/problems';
import { editorDocumentArgument } from '../arguments';
import { command, type Command, type FailureHandling } from '../flow/command';
import { reported } from '../flow/flowRunner';
import { askContainer } from '../../prompts/containers/containerSources';
import type { ContainerLogDocuments } from '../../documents/containers/containerLogSource';
import type { AreaServices } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';

const TITLE = vscode.l10n.t('Gcore: Show Logs');

/** A container's log lines: in a read-only editor that can follow them, or as the API returns them. */
export function containerLogCommands(
  services: AreaServices<ContainerReads>,
  logs: ContainerLogDocuments,
): Command<never, unknown, never>[] {
  return [
    command<ShowLogsArgs, string>({
      id: COMMAND.showContainerLogs,
      what: (args) => (args ? vscode.l10n.t('Show the logs of container {0}', args.containerName) : vscode.l10n.t('Show container logs')),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, TITLE),
      progress: ({ containerName }) => vscode.l10n.t('Reading the logs of {0}…', containerName),
      run: async (args, { signal }) => (await logs.show(args, signal, args.lines)).uri.toString(),
      onFailure: offerFewerLines,
    }),
    command<ContainerLogsArgs, ContainerLogs>({
      id: COMMAND.getContainerLogs,
      what: (args) => (args ? vscode.l10n.t('Read the logs of container {0}', args.containerName) : vscode.l10n.t('Read container logs')),
      parse: (arg) => unwrap(validateContainerLogsArgs(arg)),
      programmaticWithoutArgument: true,
      run: (args, { signal }) => services.client.containers.logs(args, args.containerName, args.limit ?? logSettings().lines, { signal }),
    }),
    command<vscode.Uri, void>({
      id: COMMAND.followContainerLogs,
      what: () => vscode.l10n.t('Follow container logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.follow(uri),
    }),
    command<vscode.Uri, void>({
      id: COMMAND.stopFollowingContainerLogs,
      what: () => vscode.l10n.t('Stop following container logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.stopFollowing(uri),
    }),
  ];
}

/** Show Logs asks for `gcore.logs.lines`, or for `lines` after the user chose to show fewer. */
type ShowLogsArgs = ContainerRefArgs & { lines?: number };

/**
 * An answer too large for the lines asked for: the message names the setting, and the first button
 * shows as many lines as fit at once (the setting is left as the user wrote it).
 */
async function offerFewerLines(ui: PromptUi, error: unknown, args: ShowLogsArgs): Promise<FailureHandling<ShowLogsArgs>> {
  if (!isGcoreApiError(error) || !error.tooLarge) return undefined;
  const lines = args.lines ?? logSettings().lines;
  const fewer = logLinesThatFit(lines, error.tooLarge);
  const language = vscode.env.language;
  const showFewer = vscode.l10n.t('Show {0} Lines', fewer.toLocaleString(language));
  const openSettings = vscode.l10n.t('Open Settings');
  const choice = await ui.notify(
    'error',
    vscode.l10n.t(
      '{0} Lower the setting gcore.logs.lines (now {1}), or show fewer lines now.',
      failureReason(error),
      logSettings().lines.toLocaleString(language),
    ),
    showFewer,
    openSettings,
  );
  if (choice === showFewer) return { runAgainWith: { ...args, lines: fewer } };
  if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', 'gcore.logs.lines');
  throw reported(error);
}

function logUri(arg: unknown): vscode.Uri {
  return editorDocumentArgument(arg, SCHEME.logs, vscode.l10n.t("Open a container's logs with Show Logs first."));
}
