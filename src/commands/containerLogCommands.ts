import * as vscode from 'vscode';
import type { ContainerLogs } from '../api';
import { LOGS_SCHEME } from '../documents/logDocuments';
import { validateContainerLogsArgs, validateContainerRefArgs, type ContainerLogsArgs, type ContainerRefArgs } from '../models/commandArgs';
import { logSettings } from '../state/settings';
import { unwrap } from '../validation/problems';
import { editorDocumentArgument } from './arguments';
import { command, type Command } from './command';
import { askContainer } from './containerCommands';
import type { Services } from './services';

const TITLE = vscode.l10n.t('Gcore: Show Logs');

/** A container's log lines: in a read-only editor that can follow them, or as the API returns them. */
export function containerLogCommands(services: Services): Command<never, unknown, never>[] {
  const logs = services.logDocuments;
  return [
    command<ContainerRefArgs, string>({
      id: 'gcore.showContainerLogs',
      what: (args) => (args ? vscode.l10n.t('Show the logs of container {0}', args.containerName) : vscode.l10n.t('Show container logs')),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, TITLE),
      progress: ({ containerName }) => vscode.l10n.t('Reading the logs of {0}…', containerName),
      run: async (args, { signal }) => (await logs.show(args, signal)).uri.toString(),
    }),
    command<ContainerLogsArgs, ContainerLogs>({
      id: 'gcore.getContainerLogs',
      what: (args) => (args ? vscode.l10n.t('Read the logs of container {0}', args.containerName) : vscode.l10n.t('Read container logs')),
      parse: (arg) => unwrap(validateContainerLogsArgs(arg)),
      programmaticWithoutArgument: true,
      run: (args, { signal }) => services.client.containers.logs(args, args.containerName, args.limit ?? logSettings().lines, { signal }),
    }),
    command<vscode.Uri, void>({
      id: 'gcore.followContainerLogs',
      what: () => vscode.l10n.t('Follow container logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.follow(uri),
    }),
    command<vscode.Uri, void>({
      id: 'gcore.stopFollowingContainerLogs',
      what: () => vscode.l10n.t('Stop following container logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.stopFollowing(uri),
    }),
  ];
}

function logUri(arg: unknown): vscode.Uri {
  return editorDocumentArgument(arg, LOGS_SCHEME, vscode.l10n.t('Open a container\'s logs with Show Logs first.'));
}
