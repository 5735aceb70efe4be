import type { CallOptions } from '../../api/callOptions';
import type { InferenceApi, InferenceDeploymentRef, InferenceLogLine, InferenceLogPage } from '../../api/inference/inferenceTypes';

/** The lines a read gives when it names no limit (the contract's default). */
export const DEFAULT_LOG_LINES = 1000;

/**
 * The newest `limit` log lines of a deployment, newest first, in as many pages as Gcore needs (it gives at most 1000 a
 * page): the command's, the agent tool's and the MCP server's one read. `count` is Gcore's, as the first page says it.
 * Offsets drift while lines arrive; a read of a moment takes that, as Gcore has no cursor.
 */
export async function readInferenceLogs(
  client: Pick<InferenceApi, 'logs'>,
  args: InferenceDeploymentRef & { regionId?: number; limit?: number },
  options: CallOptions = {},
): Promise<InferenceLogPage> {
  const wanted = args.limit ?? DEFAULT_LOG_LINES;
  const ref = { projectId: args.projectId, name: args.name };
  const results: InferenceLogLine[] = [];
  let count: number | undefined;
  while (results.length < wanted) {
    const page = await client.logs(
      ref,
      { order: 'time.desc', limit: wanted - results.length, offset: results.length, regionId: args.regionId },
      options,
    );
    count ??= page.count;
    results.push(...page.results.slice(0, wanted - results.length));
    if (page.results.length === 0 || results.length >= page.count) break;
  }
  return { count: count ?? 0, results };
}
