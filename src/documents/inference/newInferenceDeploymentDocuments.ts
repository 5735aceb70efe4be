import * as l10n from '@vscode/l10n';
import { COMMAND, SCHEME } from '../../core/contributions';
import { documentChanges, documentText } from '../../models/jsonDocuments';
import { validateInferenceDeploymentCreate, type InferenceDeploymentCreate } from '../../models/inference/inferenceDeploymentCreate';
import {
  newInferenceDeploymentDocumentPath,
  newInferenceDeploymentProblems,
  newInferenceDeploymentTemplate,
  parseNewInferenceDeploymentDocumentPath,
  readInferenceDocument,
  type NewInferenceDeploymentAddress,
} from '../../models/inference/inferenceDeploymentDocuments';
import type { QuotaShortfall } from '../../models/inference/inferenceQuota';
import { locateJsonProperties } from '../../validation/jsonLocations';
import { inferenceReview, reviewQuestion, type InferenceForecast } from '../../views/inference/presentation/inferenceReview';
import type { ResourceFileSystem } from '../resourceFileSystem';
import { offersOf, type InferenceCatalogue } from './inferenceCatalogue';

/** Nothing at Gcore until it is created; then the payload as sent. `Sent` is what the create path answers. */
export type NewInferenceDeploymentEditor<Sent> = ResourceFileSystem<
  NewInferenceDeploymentAddress,
  Record<string, unknown>,
  InferenceCatalogue,
  Record<string, unknown>,
  InferenceDeploymentCreate,
  Sent
>;
type NewInferenceDeploymentResource<Sent> = NewInferenceDeploymentEditor<Sent>['resource'];

export interface NewInferenceDeploymentDocumentsDeps<Sent> {
  catalogue(address: NewInferenceDeploymentAddress): Promise<InferenceCatalogue>;
  /** The account's inference quota and the price ceiling, each null when Gcore does not answer it. */
  forecast(address: NewInferenceDeploymentAddress, deployment: InferenceDeploymentCreate): Promise<InferenceForecast>;
  /** New Inference Deployment's create path: the name looked up first, the create sent once. */
  create(address: NewInferenceDeploymentAddress, deployment: InferenceDeploymentCreate, signal: AbortSignal): Promise<Sent>;
  /**
   * Request Quota from the review: the limits short asked of Gcore with words the user edits, followed to Gcore's
   * answer; true when it granted them.
   */
  requestQuota(
    address: NewInferenceDeploymentAddress,
    deployment: InferenceDeploymentCreate,
    shortfalls: readonly QuotaShortfall[],
    regionName: (regionId: number) => string,
  ): Promise<boolean>;
  /** Gcore took it: follow its tasks; `reopen` shows the document (Retry). */
  created(address: NewInferenceDeploymentAddress, sent: Sent, reopen: () => Promise<unknown>): void;
}

/**
 * New Inference Deployment from JSON: the create payload as a document (`/{project}/new-inference-deployment.json`),
 * checked as the wizard checks it and against what Gcore offers; saving is New Inference Deployment's review (what
 * runs, the quota it takes, the price ceiling), then its create path, the create sent once.
 */
export function newInferenceDeploymentResource<Sent>(
  deps: NewInferenceDeploymentDocumentsDeps<Sent>,
): NewInferenceDeploymentResource<Sent> {
  /** What each project's document opened with: the review names the flavor and regions by it. */
  const catalogues = new Map<number, InferenceCatalogue>();
  return {
    scheme: SCHEME.newInferenceDeployment,
    applyCommand: COMMAND.applyNewInferenceDeploymentJson,
    words: {
      name: () => l10n.t('New inference deployment'),
      openedEmpty: ({ projectId }) =>
        l10n.t('Fill in the new inference deployment of project {0}: saving shows its quota and price before anything is sent.', projectId),
      autoSaveKept: () =>
        l10n.t(
          'Auto Save keeps the new inference deployment in this editor only: nothing is created at Gcore until you choose Review and Create (Ctrl+S, or the cloud button above the editor).',
        ),
      changedAtGcore: (_address, changes) => l10n.t('The inference deployment changed at Gcore after it was created here ({0}).', changes),
      unreadable: (_address, reason) => l10n.t('the new inference deployment could not be checked ({0}). Save again to retry.', reason),
      nothingToSend: () =>
        l10n.t(
          'Nothing to create: this inference deployment was created from this document already. Give it another name to create another one.',
        ),
      applyQuestion: ({ projectId }) => l10n.t('Create this inference deployment in project {0}?', projectId),
      sending: () => l10n.t('Creating the inference deployment…'),
      refused: l10n.t('Gcore did not create the inference deployment'),
      sendFailedLog: () => 'the create of an inference deployment from its document failed', // not user text: a log line
    },
    path: newInferenceDeploymentDocumentPath,
    address: parseNewInferenceDeploymentDocumentPath,
    open: async (address) => {
      const catalogue = await deps.catalogue(address);
      catalogues.set(address.projectId, catalogue);
      return { opened: undefined, context: catalogue };
    },
    readNow: async () => undefined,
    render: (opened) => documentText(opened ?? newInferenceDeploymentTemplate()),
    parse: readInferenceDocument,
    problems: (edited, { context }) => newInferenceDeploymentProblems(edited, offersOf(context)),
    locate: (text, field) => {
      const where = locateJsonProperties(text).get(field);
      return where ? { start: where.valueStart, end: where.valueEnd } : undefined;
    },
    // Before it is created every field is new; afterwards only what differs from what was sent.
    changedFields: (base, edited) => Object.keys(documentChanges(base ?? {}, edited)),
    conflicts: () => [],
    change: (_base, edited) => validateInferenceDeploymentCreate(edited),
    describe: async (deployment, _now, address) => {
      const catalogue = catalogues.get(address.projectId) ?? {};
      const regionName = (regionId: number) =>
        catalogue.regions?.find((region) => region.id === regionId)?.name ?? l10n.t('region {0}', regionId);
      const flavor = catalogue.flavors?.find((candidate) => candidate.name === deployment.flavor_name);
      const review = inferenceReview(deployment, await deps.forecast(address, deployment), regionName, flavor);
      const { message, detail, create, requestQuota, edit } = reviewQuestion(deployment.name, review);
      // Past the quota, as in the wizard, Request Quota comes first; once granted the review is shown again with Create.
      const first =
        requestQuota === undefined
          ? undefined
          : {
              label: requestQuota,
              run: () => deps.requestQuota(address, deployment, review.shortfalls, regionName),
            };
      return { count: 1, detail, asked: { message, send: create ?? l10n.t('Create Anyway'), keep: edit, first } };
    },
    send: (address, deployment, signal) => deps.create(address, deployment, signal),
    afterSend: (_base, deployment) => ({ ...deployment }) as Record<string, unknown>,
    sent: (address, result, reopen) => deps.created(address, result, reopen),
  };
}
