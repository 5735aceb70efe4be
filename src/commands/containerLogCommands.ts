import * as vscode from 'vscode';
import type { ContainerLogs } from '../api';
import { LOGS_SCHEME } from '../documents/logDocuments';
import { validateContainerLogsArgs, validateContainerRefArgs, type ContainerLogsArgs, type ContainerRefArgs } from '../models/commandArgs';
import { logSettings } from '../state/settings';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';
import { askContainer } from './containerCommands';
import type { Services } from './services';

const TITLE = 'Gcore: Show Logs';

/** A container's log lines: in a read-only editor that can follow them, or as the API returns them. */
export function containerLogCommands(services: Services): Command<never, unknown, never>[] {
  const logs = services.logDocuments;
  return [
    command<ContainerRefArgs, string>({
      id: 'gcore.showContainerLogs',
      what: (args) => (args ? `Show the logs of container ${args.containerName}` : 'Show container logs'),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, TITLE),
      progress: ({ containerName }) => `Reading the logs of ${containerName}…`,
      run: async (args, { signal }) => (await logs.show(args, signal)).uri.toString(),
    }),
    command<ContainerLogsArgs, ContainerLogs>({
      id: 'gcore.getContainerLogs',
      what: (args) => (args ? `Read the logs of container ${args.containerName}` : 'Read container logs'),
      parse: (arg) => unwrap(validateContainerLogsArgs(arg)),
      programmaticWithoutArgument: true,
      run: (args, { signal }) => services.client.containers.logs(args, args.containerName, args.limit ?? logSettings().lines, { signal }),
    }),
    command<vscode.Uri, void>({
      id: 'gcore.followContainerLogs',
      what: () => 'Follow container logs',
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.follow(uri),
    }),
    command<vscode.Uri, void>({
      id: 'gcore.stopFollowingContainerLogs',
      what: () => 'Stop following container logs',
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => logs.stopFollowing(uri),
    }),
  ];
}

/** The editor title passes the document; the palette passes nothing and means the active editor. */
function logUri(arg: unknown): vscode.Uri {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== LOGS_SCHEME) throw new Error('Open a container\'s logs with Show Logs first.');
  return uri;
}
