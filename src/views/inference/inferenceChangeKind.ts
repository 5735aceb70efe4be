import * as l10n from '@vscode/l10n';
import type { InferenceApi } from '../../api/inference/inferenceTypes';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { INFERENCE_APPLICATION_KIND, INFERENCE_DEPLOYMENT_KIND } from '../../models/inference/inferenceKinds';
import type { PromptUi } from '../../ui/promptUi';
import type { ChangeKind } from '../changeKinds';
import { nonEmptyText } from '../presentation/wireValues';
import { INFERENCE_SECTION } from './inferenceNodes';
import { applicationStatusWords, exposedAddresses } from './presentation/applicationView';
import { deploymentStatusWords } from './presentation/deploymentView';
import {
  INFERENCE_APPLICATION_CHANGES,
  INFERENCE_DEPLOYMENT_CHANGES,
  inferenceApplicationTaskTypes,
  inferenceDeploymentTaskTypes,
} from './presentation/inferenceChangeWords';

export interface InferenceChangeKindDeps {
  /** The inference client, as the end of a change reads what it made. */
  inference: () => Pick<InferenceApi, 'getDeployment' | 'getApplication'>;
  /** A change of a project's deployments or applications ended: what the section shows of the project is read again. */
  changed(projectId: number): void;
  log: Pick<Log, 'warn'>;
}

/**
 * The changes of inference deployments and of catalogue applications (create, update, delete) as the task tracking
 * follows them: their words, the Inference section's "Deploying…", the project's deployments read again when one
 * ends, and the last word, which reads what the change made: a created deployment's end names its address.
 */
export function inferenceChangeKinds(deps: InferenceChangeKindDeps): ChangeKind[] {
  return [
    {
      kind: INFERENCE_DEPLOYMENT_KIND,
      noun: l10n.t('Inference deployment'),
      actions: INFERENCE_DEPLOYMENT_CHANGES,
      taskTypes: inferenceDeploymentTaskTypes(),
      section: INFERENCE_SECTION,
      changed: (subject) => deps.changed(subject.projectId),
      failureActions: () => [],
      announce: (ui, subject, ids) => announceDeployment(deps, ui, subject, ids),
    },
    {
      kind: INFERENCE_APPLICATION_KIND,
      noun: l10n.t('Application'),
      actions: INFERENCE_APPLICATION_CHANGES,
      taskTypes: inferenceApplicationTaskTypes(),
      section: INFERENCE_SECTION,
      changed: (subject) => deps.changed(subject.projectId),
      failureActions: () => [],
      announce: (ui, subject, ids) => announceApplication(deps, ui, subject, ids),
    },
  ];
}

async function announceDeployment(deps: InferenceChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
  const { name } = subject;
  if (subject.action === 'delete') {
    void ui.notify('info', l10n.t('Deleted inference deployment {0}.', name));
    return;
  }
  let deployment;
  try {
    deployment = await deps.inference().getDeployment({ projectId: subject.projectId, name });
  } catch (error) {
    deps.log.warn(`inference deployment ${name} could not be read after its ${subject.action}: ${String(error)}`);
    void ui.notify(
      'info',
      l10n.t('The change of inference deployment {0} finished at Gcore (task {1}); its state could not be read.', name, ids),
    );
    return;
  }
  const status = deploymentStatusWords(deployment);
  if (subject.action !== 'create') {
    void ui.notify('info', l10n.t('Inference deployment {0} is updated: {1}.', name, status));
    return;
  }
  await offerAddress(ui, nonEmptyText(deployment.address), l10n.t('Inference deployment {0} is created: {1}.', name, status), (address) =>
    l10n.t('Inference deployment {0} is created: {1}, at {2}', name, status, address),
  );
}

async function announceApplication(deps: InferenceChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
  const { name } = subject;
  if (subject.action === 'delete') {
    void ui.notify('info', l10n.t('Deleted application {0} and its component deployments.', name));
    return;
  }
  let application;
  try {
    application = await deps.inference().getApplication({ projectId: subject.projectId, name });
  } catch (error) {
    deps.log.warn(`application ${name} could not be read after its ${subject.action}: ${String(error)}`);
    void ui.notify('info', l10n.t('The change of application {0} finished at Gcore (task {1}); its state could not be read.', name, ids));
    return;
  }
  const status = applicationStatusWords(application) ?? l10n.t('status unknown');
  if (subject.action !== 'create') {
    void ui.notify('info', l10n.t('Application {0} is updated: {1}.', name, status));
    return;
  }
  await offerAddress(ui, exposedAddresses(application)[0]?.address, l10n.t('Application {0} is deployed: {1}.', name, status), (address) =>
    l10n.t('Application {0} is deployed: {1}, at {2}', name, status, address),
  );
}

/** The end of a create, with its address one click from the clipboard when Gcore gave one. */
async function offerAddress(ui: PromptUi, address: string | undefined, without: string, at: (address: string) => string): Promise<void> {
  if (address === undefined) {
    void ui.notify('info', without);
    return;
  }
  const copy = l10n.t('Copy Address');
  if ((await ui.notify('info', at(address), copy)) === copy) await ui.copyToClipboard(address);
}
