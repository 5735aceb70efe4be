import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import { jsonObject } from '../../api/decodeItems';
import { GcoreApiError, isCancelled, isGcoreApiError, UnknownOutcomeError } from '../../api/errors';
import type { InferenceNamedRef, InferenceProjectRef, InferenceTaskAnswer } from '../../api/inference/inferenceTypes';
import type { Task } from '../../api/types';
import { inferenceApplicationChange, inferenceDeploymentChange } from '../../models/inference/inferenceKinds';
import { inferenceOf, loggedInferenceChange, type InferenceWritesDeps, type SentInferenceChange } from './inferenceDeploymentWrites';

export interface InferenceCreateDeps extends InferenceWritesDeps {
  client: Pick<GcoreClient, 'inference' | 'account'>;
}

/** What a create sends: a payload with its name (already validated), sent as it is. */
export type InferenceCreatePayload = { readonly name: string };

/** The words and calls that tell a deployment's create from an application's. */
interface CreateKind {
  /** The log's name of the kind. */
  logged: string;
  read(ref: InferenceNamedRef, options: CallOptions): Promise<unknown>;
  create(ref: InferenceProjectRef, payload: object, options: CallOptions): Promise<InferenceTaskAnswer>;
  change(ref: InferenceNamedRef): SentInferenceChange['change'];
  exists(name: string, projectId: number): string;
  unreadable(name: string, lost: string): string;
  tasksUnreadable(name: string, lost: string): string;
  noneMade(name: string, lost: string): string;
}

function deploymentKind(client: InferenceCreateDeps['client']): CreateKind {
  return {
    logged: 'inference deployment', // not user text: a line of the log
    read: (ref, options) => client.inference.getDeployment(ref, options),
    create: (ref, payload, options) => client.inference.createDeployment(ref, payload, options),
    change: (ref) => inferenceDeploymentChange(ref, 'create'),
    exists: (name, projectId) =>
      l10n.t('Project {1} already has an inference deployment named {0}; nothing was sent. Pick another name.', name, projectId),
    unreadable: (name, lost) =>
      l10n.t(
        'The answer to the creation of inference deployment {0} was lost ({1}), and the deployment could not be read to see whether Gcore made it. Refresh the project before creating it again.',
        name,
        lost,
      ),
    tasksUnreadable: (name, lost) =>
      l10n.t(
        "The answer to the creation of inference deployment {0} was lost ({1}). Gcore has no deployment of that name, but the project's running tasks could not be read to rule out a create still under way, so whether Gcore made it is unknown. Refresh the project in a minute before creating it again.",
        name,
        lost,
      ),
    noneMade: (name, lost) =>
      l10n.t(
        'The answer to the creation of inference deployment {0} was lost ({1}); Gcore has no deployment of that name and no create of it under way, so none was made and it can be sent again',
        name,
        lost,
      ),
  };
}

function applicationKind(client: InferenceCreateDeps['client']): CreateKind {
  return {
    logged: 'inference application', // not user text: a line of the log
    read: (ref, options) => client.inference.getApplication(ref, options),
    create: (ref, payload, options) => client.inference.createApplication(ref, payload, options),
    change: (ref) => inferenceApplicationChange(ref, 'create'),
    exists: (name, projectId) =>
      l10n.t('Project {1} already has an inference application named {0}; nothing was sent. Pick another name.', name, projectId),
    unreadable: (name, lost) =>
      l10n.t(
        'The answer to the creation of inference application {0} was lost ({1}), and the application could not be read to see whether Gcore made it. Refresh the project before creating it again.',
        name,
        lost,
      ),
    tasksUnreadable: (name, lost) =>
      l10n.t(
        "The answer to the creation of inference application {0} was lost ({1}). Gcore has no application of that name, but the project's running tasks could not be read to rule out a create still under way, so whether Gcore made it is unknown. Refresh the project in a minute before creating it again.",
        name,
        lost,
      ),
    noneMade: (name, lost) =>
      l10n.t(
        'The answer to the creation of inference application {0} was lost ({1}); Gcore has no application of that name and no create of it under way, so none was made and it can be sent again',
        name,
        lost,
      ),
  };
}

/**
 * The one path of a new inference deployment, for the command, its JSON document and the agent tools in VS Code and
 * in the MCP server: the create is sent once. Names are unique in a project, so the name is read first: one taken
 * is refused before anything is sent, and a deployment of that name after a lost answer (a timeout, a reset, a
 * gateway's 502 or 504, a body that cannot be read) is the one this create made. When Gcore has none, the project's
 * running tasks tell whether a create of it is under way; only when none is does the error say it may be sent
 * again. Anything less certain says the deployment may exist, never offering to send it again.
 */
export function sendInferenceDeploymentCreate(
  deps: InferenceCreateDeps,
  project: InferenceProjectRef,
  deployment: InferenceCreatePayload,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  return sendOnce(deps, deploymentKind(deps.client), project, deployment, options);
}

/** A catalogue application's create, sent once as a deployment's is, looked up by the name it asked for. */
export function sendInferenceApplicationCreate(
  deps: InferenceCreateDeps,
  project: InferenceProjectRef,
  application: InferenceCreatePayload,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  return sendOnce(deps, applicationKind(deps.client), project, application, options);
}

async function sendOnce(
  deps: InferenceCreateDeps,
  kind: CreateKind,
  project: InferenceProjectRef,
  payload: InferenceCreatePayload,
  options: CallOptions,
): Promise<SentInferenceChange> {
  const ref = { projectId: project.projectId, name: payload.name };
  if (await exists(kind, ref, options)) throw new GcoreApiError('conflict', kind.exists(ref.name, ref.projectId));
  let result: InferenceTaskAnswer;
  try {
    result = await kind.create(project, payload, options);
  } catch (error) {
    if (!answerLost(error)) throw error;
    deps.log.warn(`the answer to the create of ${kind.logged} ${ref.name} was lost (${error.message}): looking the name up`);
    result = { tasks: await madeByLostCreate(deps, kind, ref, error, options) };
  }
  return loggedInferenceChange(deps.log, kind.logged, { result, change: kind.change(ref), stale: inferenceOf(project) });
}

/** Whether Gcore has one of that name: a 404 says it has not; any other failure is thrown. */
async function exists(kind: CreateKind, ref: InferenceNamedRef, options: CallOptions): Promise<boolean> {
  try {
    await kind.read(ref, options);
    return true;
  } catch (error) {
    if (isGcoreApiError(error) && error.kind === 'notFound') return false;
    throw error;
  }
}

/** A create's answer that never came: Gcore may have made it. A cancel is the flow's to tell. */
function answerLost(error: unknown): error is GcoreApiError {
  return isGcoreApiError(error) && error.mayHaveApplied === true && error.kind !== 'cancelled';
}

/**
 * After a lost answer: the running tasks of what Gcore made of that name (none, when they cannot be read: the
 * views follow its status), or an error that says whether to send it again.
 */
async function madeByLostCreate(
  deps: InferenceCreateDeps,
  kind: CreateKind,
  ref: InferenceNamedRef,
  lost: GcoreApiError,
  options: CallOptions,
): Promise<string[]> {
  const reason = lost.message.replace(/\.$/, '');
  let made: boolean;
  try {
    made = await exists(kind, ref, options);
  } catch (error) {
    if (isCancelled(error)) throw error;
    deps.log.warn(`${kind.logged} ${ref.name}: not readable after the lost answer: ${String(error)}`);
    throw new UnknownOutcomeError(kind.unreadable(ref.name, reason), { cause: error });
  }
  let running: Task[];
  try {
    running = await runningTasksNaming(deps, ref, options);
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (made) {
      deps.log.debug(`the create task of ${kind.logged} ${ref.name} could not be read: ${String(error)}`);
      return [];
    }
    deps.log.warn(`${kind.logged} ${ref.name}: the running tasks could not be read after the lost answer: ${String(error)}`);
    throw new UnknownOutcomeError(kind.tasksUnreadable(ref.name, reason), { cause: error });
  }
  // Nothing of that name was there before the create: a running create naming it is this one (or one just like it).
  if (made || running.length > 0) return running.map((task) => task.id);
  throw new GcoreApiError(lost.kind, kind.noneMade(ref.name, reason), { requestId: lost.requestId, method: lost.method, path: lost.path });
}

/** The project's tasks still running whose data or created resources name it. */
async function runningTasksNaming(deps: InferenceCreateDeps, ref: InferenceNamedRef, options: CallOptions): Promise<Task[]> {
  const page = await deps.client.account.listTasks({ states: ['NEW', 'RUNNING'], projectIds: [ref.projectId], limit: 100 }, options);
  return page.results.filter((task) => namesIt(task, ref.name));
}

function namesIt(task: Task, name: string): boolean {
  const created = jsonObject(task.created_resources);
  const named = (list: unknown) => Array.isArray(list) && list.includes(name);
  return jsonObject(task.data)?.name === name || named(created?.inference_instances) || named(created?.inference_applications);
}
