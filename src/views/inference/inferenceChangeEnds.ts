import * as l10n from '@vscode/l10n';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { PromptUi } from '../../ui/promptUi';
import type { InferenceChangeKindDeps } from './inferenceChangeDeps';
import { announceCreatedDeployment } from './inferenceCreateEnd';
import { applicationStatusWords, exposedAddresses } from './presentation/applicationView';
import { deploymentStatusWords } from './presentation/deploymentView';

/*
 * The last word of an inference change, loaded with the first change that ends (inferenceChangeKind.ts): it reads
 * what the change made and says how it stands; a deployment's create is followed until it is ready
 * (inferenceCreateEnd.ts), an application's ends with its address one click from the clipboard.
 */

export async function announceDeployment(deps: InferenceChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
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
  if (subject.action === 'create') {
    await announceCreatedDeployment(deps, ui, { projectId: subject.projectId, name }, deployment);
    return;
  }
  void ui.notify('info', l10n.t('Inference deployment {0} is updated: {1}.', name, deploymentStatusWords(deployment)));
}

export async function announceApplication(deps: InferenceChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
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
