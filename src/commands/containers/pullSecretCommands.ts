import * as l10n from '@vscode/l10n';
import type { CloudList, GcoreClient, ProjectRegionRef } from '../../api';
import type { PullSecret } from '../../api/containers/containerTypes';
import { isCancelled, isGcoreApiError } from '../../api/errors';
import { COMMAND } from '../../core/contributions';
import { hideSecret } from '../../logging/redaction';
import { validateProjectRegionArgs } from '../../models/projectRegion';
import type { ProjectRegion } from '../../models/projectRegion';
import {
  PULL_SECRET_NAME_FIELD,
  pullSecretChanges,
  validateCreatePullSecretArgs,
  validatePullSecretRef,
  validateUpdatePullSecretArgs,
  type CreatePullSecretArgs,
  type PullSecretRef,
  type UpdatePullSecretArgs,
} from '../../models/containers/pullSecret';
import { failureReason } from '../../logging/failureMessage';
import { fieldTextProblem } from '../../ui/fieldPrompts/textPrompt';
import { orCancel } from '../../ui/loneAnswer';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { pickToCopy } from '../../ui/pickers/pickToCopy';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { createPullSecretPlan, updatePullSecretPlan, type PullSecretAnswers } from '../../ui/containers/pullSecretPrompts';
import { unwrap, type Validated } from '../../validation/problems';
import { isLocationNode } from '../../views/locationNodes';
import { CONTAINERS_SECTION } from '../../views/containers/containerNodes';
import { isPullSecretNode, isPullSecretsNode } from '../../views/containers/pullSecretNodes';
import { command, type Command } from '../flow/command';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { sayNotOffered } from '../notOffered';
import type { AreaServices, Services } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';

/** How long a secret list just shown is reused by the prompts instead of being read again. */
const SECRET_LIST_REUSE_MS = 30_000;

/** The location a command was run on (a location, its Pull Secrets row, a secret), if any. */
function locationOf(node: unknown): ProjectRegion | undefined {
  if (isLocationNode(node) || isPullSecretsNode(node) || isPullSecretNode(node)) return node.location;
  return undefined;
}

type PullSecretServices = Pick<AreaServices<ContainerReads>, 'client' | 'reads' | 'tree' | 'log'>;

/**
 * The pull secrets of a location, as the create wizard and the commands read them: undefined when the
 * API cannot list them (the wizard then asks for a name).
 */
export async function listedSecrets(
  services: Pick<AreaServices<ContainerReads>, 'reads'>,
  location: ProjectRegionRef,
): Promise<readonly PullSecret[] | undefined> {
  const loaded = await services.reads.pullSecrets(location, SECRET_LIST_REUSE_MS);
  return loaded.state === 'loaded' ? loaded.value.results : undefined;
}

/** The password goes to Gcore and nowhere else: any text built from an answer or an error is masked from now on. */
function guardPassword(password: string | undefined): void {
  hideSecret(password);
}

/** A programmatic argument checked by `validate`, its password masked first, so that not even a refusal shows it. */
function parsedGuardingPassword<T>(validate: (arg: unknown) => Validated<T>): (arg: unknown) => T {
  return (arg) => {
    guardPassword((arg as { password?: string } | undefined)?.password);
    return unwrap(validate(arg));
  };
}

function createTitle(): string {
  return l10n.t('Gcore: Create Pull Secret');
}

/**
 * Runs a request at a location; a failure saying the endpoint is missing becomes one plain warning. A 404
 * while the location's secrets can be listed is about the secret itself, and stays as it came.
 */
async function offered<T>(
  client: GcoreClient,
  action: string,
  location: ProjectRegionRef,
  request: () => Promise<T>,
  writes: boolean,
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!mayBeMissingEndpoint(error)) throw error;
    if (isGcoreApiError(error) && error.status === 404 && (await secretsListed(client, location))) throw error;
    throw notOffered(action, error, writes);
  }
}

async function secretsListed(client: GcoreClient, location: ProjectRegionRef): Promise<boolean> {
  try {
    await client.pullSecrets.list(location);
    return true;
  } catch (error) {
    if (isCancelled(error)) throw error;
    return false;
  }
}

function secretsChanged(services: Pick<AreaServices<ContainerReads>, 'reads' | 'tree'>, location: ProjectRegionRef): void {
  services.reads.invalidatePullSecrets(location);
  services.tree.refresh(CONTAINERS_SECTION);
}

async function askLocation(ui: PromptUi, node: unknown, heading: string): Promise<ProjectRegion> {
  return locationOf(node) ?? (await pickProjectRegion(ui, heading));
}

async function askSecret(
  services: Pick<AreaServices<ContainerReads>, 'reads'>,
  ui: PromptUi,
  node: unknown,
  heading: string,
): Promise<PullSecretRef & { secret?: PullSecret }> {
  if (isPullSecretNode(node)) {
    return {
      ...unwrap(validatePullSecretRef({ projectId: node.location.projectId, regionId: node.location.regionId, name: node.secret.name })),
      secret: node.secret,
    };
  }
  const location = await askLocation(ui, node, heading);
  const secrets = await listedSecrets(services, location);
  if (secrets && secrets.length === 0) {
    void ui.notify('info', l10n.t('No pull secrets in project {0}, region {1}.', location.projectId, location.regionId));
    throw new UserCancelledError();
  }
  const chosen = secrets
    ? orCancel(
        await ui.pick<PullSecret>({
          title: heading,
          placeholder: l10n.t('Pull secret'),
          items: secrets.map((secret) => ({
            label: secret.name,
            description: [secret.registry, secret.login].filter(Boolean).join(' · '),
            value: secret,
          })),
        }),
      )
    : undefined;
  const name =
    chosen?.name ??
    String(
      orCancel(
        await ui.input({
          title: heading,
          prompt: l10n.t('Name of the pull secret'),
          validate: (text) => fieldTextProblem(PULL_SECRET_NAME_FIELD, text),
        }),
      ),
    );
  return { projectId: location.projectId, regionId: location.regionId, name: name.trim(), secret: chosen };
}

/** The create wizard's answers made into the command's input (the name checked against the location's list). */
async function askCreate(
  services: Pick<AreaServices<ContainerReads>, 'reads'>,
  ui: PromptUi,
  answers: PullSecretAnswers,
  location: ProjectRegionRef,
): Promise<CreatePullSecretArgs> {
  const taken = new Set((await listedSecrets(services, location))?.map((secret) => secret.name) ?? []);
  await runWizard(answers, () => createPullSecretPlan(ui, createTitle(), taken));
  guardPassword(answers.password);
  return unwrap(
    validateCreatePullSecretArgs({
      projectId: location.projectId,
      regionId: location.regionId,
      name: answers.name,
      registry: answers.registry,
      login: answers.login,
      password: answers.password,
    }),
  );
}

async function createSecret(services: PullSecretServices, args: CreatePullSecretArgs, signal?: AbortSignal): Promise<PullSecret> {
  guardPassword(args.password);
  const { projectId, regionId, name, registry, login, password } = args;
  const secret = await offered(
    services.client,
    l10n.t('Create Pull Secret'),
    args,
    () => services.client.pullSecrets.create({ projectId, regionId }, { name, registry, login, password }, { signal }),
    true,
  );
  secretsChanged(services, args);
  services.log.info(`pull secret ${name} created in project ${projectId}, region ${regionId}`);
  return secret;
}

/** A pull secret created on the spot inside New Container: its name, or BACK to the choice of a secret. */
async function createPullSecretHere(services: PullSecretServices, ui: PromptUi, location: ProjectRegionRef): Promise<string | typeof BACK> {
  const answers: PullSecretAnswers = {};
  for (;;) {
    let args: CreatePullSecretArgs;
    try {
      args = await askCreate(services, ui, answers, location);
    } catch (error) {
      // Escape in the secret's prompts goes back to the choice of a secret, not out of New Container.
      if ((error as { userCancelled?: boolean }).userCancelled) return BACK;
      throw error;
    }
    const send = () =>
      ui.withProgress({ title: l10n.t('Creating pull secret {0}…', args.name), run: (signal) => createSecret(services, args, signal) });
    const notCreated = (error: unknown) => l10n.t('Pull secret {0} was not created: {1}', args.name, failureReason(error));
    try {
      await send();
      return args.name;
    } catch (error) {
      const [retry, edit] = [l10n.t('Retry'), l10n.t('Edit')];
      const choice = await ui.notify('error', notCreated(error), retry, edit);
      if (choice === undefined) return BACK;
      if (choice === retry) {
        return send().then(
          () => args.name,
          (again: unknown) => {
            void ui.notify('error', notCreated(again));
            return BACK;
          },
        );
      }
    }
  }
}

function listPullSecrets(services: Pick<Services, 'client'>): Command<never, unknown, never> {
  return command<ProjectRegion, CloudList<PullSecret>>({
    id: COMMAND.listPullSecrets,
    what: () => l10n.t('List pull secrets'),
    parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
    ask: (ui, _draft, node) => askLocation(ui, node, l10n.t('Gcore: List Pull Secrets')),
    progress: ({ projectId, regionId }) => l10n.t('Loading the pull secrets of project {0}, region {1}…', projectId, regionId),
    run: async (location, { signal }) => {
      try {
        return await services.client.pullSecrets.list(location, { signal });
      } catch (error) {
        if (mayBeMissingEndpoint(error)) throw notOffered(l10n.t('List Pull Secrets'), error, false);
        throw error;
      }
    },
    onFailure: sayNotOffered,
    report: (ui, list, { projectId, regionId }) =>
      pickToCopy(
        ui,
        l10n.t('Pull secrets · project {0} · region {1} ({2})', projectId, regionId, list.count),
        list.results.map((secret) => ({
          label: secret.name,
          description: [secret.registry, secret.login].filter(Boolean).join(' · '),
          value: secret.name,
        })),
        (name) => name,
        l10n.t('No pull secrets in project {0}, region {1}.', projectId, regionId),
      ),
  });
}

function createPullSecret(services: PullSecretServices): Command<never, unknown, never> {
  return command<CreatePullSecretArgs, PullSecret, PullSecretAnswers>({
    id: COMMAND.createPullSecret,
    what: (args) => (args ? l10n.t('Create pull secret {0}', args.name) : l10n.t('Create pull secret')),
    parse: parsedGuardingPassword(validateCreatePullSecretArgs),
    draft: () => ({}),
    ask: async (ui, answers, node) => askCreate(services, ui, answers, await askLocation(ui, node, createTitle())),
    progress: ({ name }) => l10n.t('Creating pull secret {0}…', name),
    run: (args, { signal }) => createSecret(services, args, signal),
    editable: true,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ name }) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still create the pull secret {0}. Refresh its location to see.',
        name,
      ),
    }),
    report: (ui, secret, { projectId, regionId }) =>
      void ui.notify(
        'info',
        l10n.t(
          'Created the pull secret {0} in project {1}, region {2}. Containers of that location can now name it as their pull secret.',
          secret.name,
          projectId,
          regionId,
        ),
      ),
  });
}

function updatePullSecret(services: PullSecretServices): Command<never, unknown, never> {
  return command<UpdatePullSecretArgs, PullSecret, PullSecretAnswers>({
    id: COMMAND.updatePullSecret,
    what: (args) => (args ? l10n.t('Update pull secret {0}', args.name) : l10n.t('Update pull secret')),
    parse: parsedGuardingPassword(validateUpdatePullSecretArgs),
    draft: () => ({}),
    ask: async (ui, answers, node) => {
      const title = l10n.t('Gcore: Update Pull Secret');
      const ref = await askSecret(services, ui, node, title);
      answers.registry ??= ref.secret?.registry ?? undefined;
      answers.login ??= ref.secret?.login ?? undefined;
      await runWizard(answers, (state) => updatePullSecretPlan(ui, `${title} ${ref.name}`, state));
      guardPassword(answers.password);
      const changing = new Set(answers.changing);
      return unwrap(
        validateUpdatePullSecretArgs({
          projectId: ref.projectId,
          regionId: ref.regionId,
          name: ref.name,
          registry: changing.has('registry') ? answers.registry : undefined,
          login: changing.has('login') ? answers.login : undefined,
          password: changing.has('password') ? answers.password : undefined,
        }),
      );
    },
    progress: ({ name }) => l10n.t('Updating pull secret {0}…', name),
    run: async (args, { signal }) => {
      const secret = await offered(
        services.client,
        l10n.t('Update Pull Secret'),
        args,
        () => services.client.pullSecrets.update(args, args.name, pullSecretChanges(args), { signal }),
        true,
      );
      secretsChanged(services, args);
      services.log.info(`pull secret ${args.name} updated (${Object.keys(pullSecretChanges(args)).join(', ')})`);
      return secret;
    },
    editable: true,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ name }) => ({
      message: l10n.t('Cancelled after the request was sent: Gcore may still update the pull secret {0}.', name),
    }),
    report: (ui, secret, args) =>
      void ui.notify(
        'info',
        l10n.t(
          'Updated the pull secret {0} ({1}). Containers that use it pull with it from their next start.',
          secret.name,
          Object.keys(pullSecretChanges(args)).join(', '),
        ),
      ),
  });
}

function deletePullSecret(services: PullSecretServices): Command<never, unknown, never> {
  return command<PullSecretRef, void>({
    id: COMMAND.deletePullSecret,
    what: (args) => (args ? l10n.t('Delete pull secret {0}', args.name) : l10n.t('Delete pull secret')),
    parse: (arg) => unwrap(validatePullSecretRef(arg)),
    ask: async (ui, _draft, node) => {
      const { projectId, regionId, name } = await askSecret(services, ui, node, l10n.t('Gcore: Delete Pull Secret'));
      return { projectId, regionId, name };
    },
    confirm: async (ui, { projectId, regionId, name }) => {
      const users = await containersUsing(services, { projectId, regionId }, name);
      const detail =
        users === undefined
          ? l10n.t(
              'Which containers use it could not be read. A container that names it can no longer pull its image when it starts again.',
            )
          : users.length === 0
            ? l10n.t('No container of this location names it.')
            : l10n.t(
                'These containers of this location name it and can no longer pull their image when they start again: {0}.',
                users.join(', '),
              );
      return ui.confirm({
        message: l10n.t('Delete the pull secret {0} in project {1}, region {2}?', name, projectId, regionId),
        detail,
        confirmLabel: l10n.t('Delete'),
      });
    },
    progress: ({ name }) => l10n.t('Deleting pull secret {0}…', name),
    run: async (args, { signal }) => {
      await offered(
        services.client,
        l10n.t('Delete Pull Secret'),
        args,
        () => services.client.pullSecrets.delete(args, args.name, { signal }),
        true,
      );
      secretsChanged(services, args);
      services.log.info(`pull secret ${args.name} deleted`);
    },
    returns: () => undefined,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ name }) => ({
      message: l10n.t('Cancelled after the request was sent: Gcore may still delete the pull secret {0}.', name),
    }),
    report: (ui, _result, { name }) => void ui.notify('info', l10n.t('Deleted the pull secret {0}.', name)),
  });
}

/** The containers of a location whose `pull_secret` is `name`; undefined when the list cannot be read. */
async function containersUsing(
  services: Pick<AreaServices<ContainerReads>, 'reads'>,
  location: ProjectRegionRef,
  name: string,
): Promise<string[] | undefined> {
  const loaded = await services.reads.containers(location, SECRET_LIST_REUSE_MS);
  return loaded.state === 'loaded'
    ? loaded.value.results.filter((container) => container.pull_secret === name).map((container) => container.name)
    : undefined;
}

/**
 * Pull secrets: listing, and Create, Update and Delete from the palette, a location's Pull Secrets row or
 * a secret's row; `createHere` creates one on the spot inside New Container.
 */
export function pullSecretCommands(services: AreaServices<ContainerReads>): {
  commands: Command<never, unknown, never>[];
  createHere: (ui: PromptUi, location: ProjectRegionRef) => Promise<string | typeof BACK>;
} {
  return {
    commands: [listPullSecrets(services), createPullSecret(services), updatePullSecret(services), deletePullSecret(services)],
    createHere: (ui, location) => createPullSecretHere(services, ui, location),
  };
}
