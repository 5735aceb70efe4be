import * as l10n from '@vscode/l10n';
import type { InferenceDeployment } from '../../api/inference/inferenceTypes';
import { COMMAND, SCHEME } from '../../core/contributions';
import { documentText } from '../../models/jsonDocuments';
import {
  deploymentDocumentChanges,
  differingDeploymentFields,
  editableFields,
  inferenceDeploymentDocumentPath,
  inferenceDeploymentProblems,
  parseInferenceDeploymentDocumentPath,
  readInferenceDocument,
  type InferenceDeploymentAddress,
} from '../../models/inference/inferenceDeploymentDocuments';
import {
  describeChanges,
  inferenceUpdateBody,
  validateInferenceDeploymentChanges,
  type InferenceDeploymentChanges,
} from '../../models/inference/inferenceDeploymentUpdate';
import { locateJsonProperties } from '../../validation/jsonLocations';
import type { ResourceFileSystem } from '../resourceFileSystem';
import { offersOf, type InferenceCatalogue } from './inferenceCatalogue';

/** The editor mechanism serving Edit Deployment (JSON); `Sent` is what the write path answers. */
export type InferenceDeploymentEditor<Sent> = ResourceFileSystem<
  InferenceDeploymentAddress,
  InferenceDeployment,
  InferenceCatalogue,
  Record<string, unknown>,
  InferenceDeploymentChanges,
  Sent
>;
type InferenceDeploymentResource<Sent> = InferenceDeploymentEditor<Sent>['resource'];

export interface InferenceDeploymentDocumentsDeps<Sent> {
  /** The deployment at Gcore now. */
  read(address: InferenceDeploymentAddress): Promise<InferenceDeployment>;
  /** What Gcore offers (flavors, regions, the project's credentials), each part left out when unreadable. */
  catalogue(address: InferenceDeploymentAddress): Promise<InferenceCatalogue>;
  /** Update Deployment's write path: reads the deployment and sends each region's scale whole. */
  update(address: InferenceDeploymentAddress, changes: InferenceDeploymentChanges, signal: AbortSignal): Promise<Sent>;
  /** Gcore took it: follow its tasks; `reopen` shows the document. */
  updated(address: InferenceDeploymentAddress, sent: Sent, reopen: () => Promise<unknown>): void;
}

/**
 * Edit Deployment (JSON): a deployment's editable fields as a document (`/{project}/{name}.json`), checked as the
 * change prompts check them; saving reviews current → new (what restarts the pods first) before the update is sent
 * through Update Deployment's write path. The pure part is models/inference/inferenceDeploymentDocuments.ts.
 */
export function inferenceDeploymentResource<Sent>(deps: InferenceDeploymentDocumentsDeps<Sent>): InferenceDeploymentResource<Sent> {
  return {
    scheme: SCHEME.inferenceDeployment,
    applyCommand: COMMAND.applyInferenceDeploymentJson,
    renderAfterSend: true,
    words: {
      name: (address) => address.name,
      openedEmpty: ({ name }) =>
        l10n.t(
          'The current values of inference deployment {0} cannot be read from Gcore, so its document starts empty. Saving shows what will be sent.',
          name,
        ),
      autoSaveKept: ({ name }) =>
        l10n.t(
          'Auto Save keeps your edits of inference deployment {0} in this editor only: nothing is sent to Gcore until you choose Review and Apply (Ctrl+S, or the cloud button above the editor).',
          name,
        ),
      changedAtGcore: ({ name }, changes) => l10n.t('Inference deployment {0} changed at Gcore after you opened it ({1}).', name, changes),
      unreadable: ({ name }, reason) =>
        l10n.t('inference deployment {0} could not be read to compare with your edits ({1}). Save again to retry.', name, reason),
      nothingToSend: ({ name }) =>
        l10n.t('Nothing to update: the document has the values of inference deployment {0} at Gcore. Nothing was sent.', name),
      applyQuestion: ({ name }) => l10n.t('Change inference deployment {0}?', name),
      sending: ({ name }) => l10n.t('Updating inference deployment {0}…', name),
      refused: l10n.t('Gcore did not take the update'),
      sendFailedLog: ({ name }) => `the update of inference deployment ${name} from its document failed`, // not user text: a log line
    },
    path: inferenceDeploymentDocumentPath,
    address: parseInferenceDeploymentDocumentPath,
    open: async (address) => {
      const [opened, catalogue] = await Promise.all([deps.read(address), deps.catalogue(address)]);
      return { opened, context: catalogue };
    },
    readNow: (address) => deps.read(address),
    render: (opened) => documentText(editableFields(opened)),
    parse: readInferenceDocument,
    problems: (edited, { opened, context }) => inferenceDeploymentProblems(edited, opened, offersOf(context)),
    locate: (text, field) => {
      const where = locateJsonProperties(text).get(field);
      return where ? { start: where.valueStart, end: where.valueEnd } : undefined;
    },
    changedFields: (base, edited) => Object.keys(deploymentDocumentChanges(base, edited)),
    conflicts: differingDeploymentFields,
    change: (base, edited) => validateInferenceDeploymentChanges(deploymentDocumentChanges(base, edited)),
    describe: (changes, now, { name }) => {
      const body = now ? inferenceUpdateBody(now, changes) : undefined;
      const review = now && body?.ok ? describeChanges(now, body.value) : { restarting: [], lines: Object.keys(changes) };
      return {
        count: review.lines.length,
        detail: review.lines.length > 0 ? review.lines.join('\n') : l10n.t('Nothing changes.'),
        asked: {
          message:
            review.restarting.length > 0
              ? l10n.t(
                  'Change inference deployment {0}? Every pod restarts ({1}): it answers no request until they are ready again.',
                  name,
                  review.restarting.join(', '),
                )
              : l10n.t('Change inference deployment {0}?', name),
          send: l10n.t('Change'),
          keep: l10n.t('Keep Editing'),
        },
      };
    },
    send: (address, changes, signal) => deps.update(address, changes, signal),
    afterSend: (base, changes) => {
      // As the PATCH left it: each region's scale whole, which the document then shows.
      const body = base ? inferenceUpdateBody(base, changes) : undefined;
      return { ...(base as InferenceDeployment), ...(body?.ok ? body.value : changes) } as InferenceDeployment;
    },
    sent: (address, result, reopen) => deps.updated(address, result, reopen),
  };
}
