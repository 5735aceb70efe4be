import type { Region } from '../../api/types';
import { COMMAND, SCHEME } from '../../core/contributions';
import { loadOnce, type LoadOnce } from '../../core/loadOnce';
import type { DocumentKind } from '../../documents/documentKinds';
import type { InferenceCatalogue } from '../../documents/inference/inferenceCatalogue';
import type { InferenceDeploymentEditor } from '../../documents/inference/inferenceDeploymentDocuments';
import type * as InferenceSchemas from '../../documents/inference/inferenceSchemas';
import type { NewInferenceDeploymentEditor } from '../../documents/inference/newInferenceDeploymentDocuments';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { isCancelled } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import { isUserCancelled } from '../../ui/promptUi';
import type { InferenceSentChanges } from '../../views/inference/inferenceSentChanges';
import type { SentInferenceChange } from '../../writes/inference/inferenceDeploymentWrites';
import type { Core } from '../core';

/** The deployments' JSON documents: Edit Deployment (JSON) and New Inference Deployment from JSON. */
export interface InferenceDocumentParts {
  editor: LazyDocuments<InferenceDeploymentEditor<SentInferenceChange>>;
  newEditor: LazyDocuments<NewInferenceDeploymentEditor<SentInferenceChange>>;
  /** The text of the inference schemas, loaded with the first one opened. */
  schemas: LoadOnce<typeof InferenceSchemas>;
}

/** Their problems, unsent changes and completions: flavors, regions and credentials, from what the document opened with. */
export function inferenceDocumentKinds({ editor, newEditor }: InferenceDocumentParts): DocumentKind[] {
  const completions = loadOnce(() => import('../../documents/inference/inferenceCatalogue.js'));
  return [editor, newEditor].map((documents) => ({
    documents,
    completions: {
      provideCompletionItems: async (document, position) =>
        (await completions()).inferenceCompletions(documents.editor.loaded?.baseOf(document.uri)?.context, document, position),
    },
  }));
}

/** What Gcore offers a project's deployments: each part read on its own, left out when it cannot be read. */
async function readCatalogue(core: Core, projectId: number): Promise<InferenceCatalogue> {
  const { inference, account } = core.client;
  const quietly = async <T>(what: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      core.log.debug(`the ${what} of the inference documents could not be read: ${failureReason(error)}`);
      return undefined;
    }
  };
  const [flavors, regions, credentials] = await Promise.all([
    quietly('flavors', async () => (await inference.flavors()).results),
    quietly('regions', async () => (await account.listRegions('inference')).results),
    quietly('registry credentials', async () => (await inference.listRegistryCredentials({ projectId })).results), // not user text: a log line's
  ]);
  return {
    flavors,
    regions: regions?.map((region: Region) => ({ id: region.id, name: region.display_name ?? String(region.id) })),
    credentials: credentials?.map((credential) => credential.name),
  };
}

export function inferenceDocumentParts(core: Core, sentChanges: LoadOnce<InferenceSentChanges>): InferenceDocumentParts {
  const { client, log, ui, snapshots } = core;
  // The documents' readers, writers and reviews load with the first document of theirs or the first command.
  const editor = new LazyDocuments({ scheme: SCHEME.inferenceDeployment, applyCommand: COMMAND.applyInferenceDeploymentJson }, async () => {
    const [{ inferenceDeploymentResource }, { ResourceFileSystem }, { sendInferenceDeploymentUpdate }, sent] = await Promise.all([
      import('../../documents/inference/inferenceDeploymentDocuments.js'),
      import('../../documents/resourceFileSystem.js'),
      import('../../writes/inference/inferenceDeploymentWrites.js'),
      sentChanges(),
    ]);
    const loaded: InferenceDeploymentEditor<SentInferenceChange> = new ResourceFileSystem(
      inferenceDeploymentResource<SentInferenceChange>({
        read: (address) => client.inference.getDeployment(address),
        catalogue: (address) => readCatalogue(core, address.projectId),
        update: async (address, changes, signal) => sent.record(await sendInferenceDeploymentUpdate(core, address, changes, { signal })),
        updated: (_address, { change, result }, reopen) => sent.report(ui.get(), change, result, reopen),
      }),
      { ui: ui.get, log, snapshots },
    );
    return loaded;
  });
  // Request Quota from the new deployment's review: the create wizard's, loaded when first chosen.
  const createFlow = loadOnce(() =>
    Promise.all([import('../../prompts/inference/inferenceCreateReview.js'), import('../../prompts/inference/inferenceDeploymentFlow.js')]),
  );
  const newEditor = new LazyDocuments(
    { scheme: SCHEME.newInferenceDeployment, applyCommand: COMMAND.applyNewInferenceDeploymentJson },
    async () => {
      const [
        { newInferenceDeploymentResource },
        { ResourceFileSystem },
        { sendInferenceDeploymentCreate },
        { readInferenceQuotaAndPrice },
        sent,
      ] = await Promise.all([
        import('../../documents/inference/newInferenceDeploymentDocuments.js'),
        import('../../documents/resourceFileSystem.js'),
        import('../../writes/inference/inferenceCreates.js'),
        import('../../writes/inference/inferenceForecast.js'),
        sentChanges(),
      ]);
      const loaded: NewInferenceDeploymentEditor<SentInferenceChange> = new ResourceFileSystem(
        newInferenceDeploymentResource<SentInferenceChange>({
          catalogue: (address) => readCatalogue(core, address.projectId),
          forecast: (_address, deployment) => readInferenceQuotaAndPrice(core, deployment),
          create: async (address, deployment, signal) =>
            sent.record(await sendInferenceDeploymentCreate(core, { projectId: address.projectId }, deployment, { signal })),
          requestQuota: async (_address, deployment, shortfalls, regionName) => {
            const [{ requestCreateQuota }, { quotaRequestDescription }] = await createFlow();
            const subject = { name: deployment.name, quotaDescription: quotaRequestDescription(deployment, regionName) };
            try {
              return await requestCreateQuota(ui.get(), core, shortfalls, subject);
            } catch (error) {
              // Leaving the request or its wait keeps the edits, as Edit does.
              if (isUserCancelled(error) || isCancelled(error)) return false;
              throw error;
            }
          },
          created: (_address, { change, result }, reopen) => sent.report(ui.get(), change, result, reopen),
        }),
        { ui: ui.get, log, snapshots },
      );
      return loaded;
    },
  );
  const schemas = loadOnce(() => import('../../documents/inference/inferenceSchemas.js'));
  return { editor, newEditor, schemas };
}
