import type { GcoreClient } from '../api';
import type { ChangeSubject } from '../loaders/taskPoller';
import type { Log } from '../logging/log';
import type { ToolWrite, ToolWrites } from './toolDefinition';

/**
 * The writes as the client sends them, where no extension is around to follow them (the MCP server, tests); what
 * a write path has to tell goes to `log`.
 */
export function clientWrites(client: GcoreClient, log: Log): ToolWrites {
  return { send: (write, signal) => write.viaClient(client, signal, log) };
}

/** Runs a command by its id with its programmatic argument, resolving to its result (VS Code's executeCommand). */
export type CommandRunner = (command: string, argument: unknown) => PromiseLike<unknown>;

/** What follows a change's tasks (TaskTracking in VS Code). */
export interface TaskFollower {
  start(subject: ChangeSubject, taskIds: readonly string[]): unknown;
}

/**
 * The writes as commands make them (VS Code): each runs its command, then the tasks Gcore answered are followed
 * as an interactive change's are, without a notification (the agent tells). A call cannot be cancelled once sent.
 */
export function commandWrites(run: CommandRunner, tasks: TaskFollower): ToolWrites {
  return {
    send: async <Result>(write: ToolWrite<Result>) => {
      const result = (await run(write.command, write.argument)) as Result;
      const taskIds = (result as { tasks?: unknown } | undefined)?.tasks;
      if (write.follows && Array.isArray(taskIds) && taskIds.length > 0) tasks.start(write.follows, taskIds);
      return result;
    },
  };
}
