import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { lazyCommands, type LazyCommands } from '../../commands/flow/lazyCommands';
import type { Services } from '../../commands/services';
import { COMMAND } from '../../core/contributions';
import type { LoadOnce } from '../../core/loadOnce';
import type { Snapshots } from '../../documents/snapshots';
import type { InferenceLogDocuments } from '../../commands/inference/inferenceLogCommands';
import type { InferenceSentChanges } from '../../views/inference/inferenceSentChanges';
import type { InferenceDocumentParts } from './inferenceDocumentParts';
import type { InferenceChatParts } from '../../commands/inference/inferenceChatCommands';

/** The inference area's commands, by the code each group loads on the first use of one of them. */
export function inferenceCommandLoads(
  services: Services,
  sentChanges: LoadOnce<InferenceSentChanges>,
  logs: LoadOnce<InferenceLogDocuments>,
  documents: InferenceDocumentParts,
  keySecrets: InferenceKeySecrets,
  chat: InferenceChatParts,
  endpoint: { userAgent: string; reports: Snapshots },
): LazyCommands[] {
  return [
    lazyCommands([COMMAND.copyInferenceName, COMMAND.copyInferenceAddress], async () =>
      (await import('../../commands/inference/inferenceRowCommands.js')).inferenceRowCommands(),
    ),
    lazyCommands(
      [
        COMMAND.listInferenceFlavors,
        COMMAND.listInferenceCapacity,
        COMMAND.listInferenceCatalog,
        COMMAND.getInferenceQuota,
        COMMAND.listInferenceDeployments,
        COMMAND.getInferenceDeployment,
        COMMAND.getInferenceLogs,
        COMMAND.listInferenceApplications,
        COMMAND.listInferenceRegistryCredentials,
      ],
      async () => (await import('../../commands/inference/inferenceReadCommands.js')).inferenceReadCommands(services),
    ),
    lazyCommands(
      [
        COMMAND.previewInferenceDeployment,
        COMMAND.createInferenceDeployment,
        COMMAND.updateInferenceDeployment,
        COMMAND.startInferenceDeployment,
        COMMAND.stopInferenceDeployment,
        COMMAND.deleteInferenceDeployment,
      ],
      async () => {
        const [{ inferenceAsk, inferenceDeploymentCommands }, create, update] = await Promise.all([
          import('../../commands/inference/inferenceDeploymentCommands.js'),
          import('../../prompts/inference/inferenceDeploymentAsk.js'),
          import('../../prompts/inference/inferenceUpdateAsk.js'),
        ]);
        const asked = (review: boolean) =>
          inferenceAsk(create.newInferenceDeploymentDraft, (ui, draft, node) =>
            create.askInferenceDeployment(ui, services, draft, node, { review }),
          );
        return inferenceDeploymentCommands(services, await sentChanges(), {
          create: asked(true),
          preview: asked(false),
          update: inferenceAsk(update.newInferenceChangeDraft, (ui, draft, node) => update.askInferenceUpdate(ui, services, draft, node)),
        });
      },
    ),
    lazyCommands([COMMAND.createInferenceApplication, COMMAND.deleteInferenceApplication], async () => {
      const [{ inferenceApplicationCommands }, { inferenceAsk }, create] = await Promise.all([
        import('../../commands/inference/inferenceApplicationCommands.js'),
        import('../../commands/inference/inferenceDeploymentCommands.js'),
        import('../../prompts/inference/inferenceApplicationAsk.js'),
      ]);
      return inferenceApplicationCommands(
        services,
        await sentChanges(),
        inferenceAsk(create.newInferenceApplicationDraft, (ui, draft, node) => create.askInferenceApplication(ui, services, draft, node)),
      );
    }),
    lazyCommands([COMMAND.setInferenceRegistryCredential, COMMAND.deleteInferenceRegistryCredential], async () =>
      (await import('../../commands/inference/inferenceCredentialCommands.js')).inferenceCredentialCommands(services),
    ),
    lazyCommands(
      [
        COMMAND.listInferenceApiKeys,
        COMMAND.createInferenceApiKey,
        COMMAND.deleteInferenceApiKey,
        COMMAND.attachInferenceApiKey,
        COMMAND.detachInferenceApiKey,
        COMMAND.pasteInferenceApiKeySecret,
      ],
      async () =>
        (await import('../../commands/inference/inferenceApiKeyCommands.js')).inferenceApiKeyCommands(
          services,
          keySecrets,
          await sentChanges(),
        ),
    ),
    lazyCommands([COMMAND.copyInferenceClientCode, COMMAND.sendInferenceTestRequest], async () => {
      const [{ inferenceClientCommands }, { InferenceEndpointClient }] = await Promise.all([
        import('../../commands/inference/inferenceClientCommands.js'),
        import('../../api/inference/endpointClient.js'),
      ]);
      return inferenceClientCommands({
        services,
        endpoint: new InferenceEndpointClient({ userAgent: endpoint.userAgent }),
        secrets: keySecrets,
        reports: endpoint.reports,
      });
    }),
    lazyCommands(
      [COMMAND.openInferenceLogs, COMMAND.followInferenceLogs, COMMAND.stopFollowingInferenceLogs, COMMAND.filterInferenceLogsByPod],
      async () => (await import('../../commands/inference/inferenceLogCommands.js')).inferenceLogCommands(services.client.inference, logs),
    ),
    lazyCommands(
      [
        COMMAND.editInferenceDeploymentJson,
        COMMAND.applyInferenceDeploymentJson,
        COMMAND.newInferenceDeploymentJson,
        COMMAND.applyNewInferenceDeploymentJson,
      ],
      async () => {
        const [{ inferenceJsonCommands }, editor, newEditor] = await Promise.all([
          import('../../commands/inference/inferenceJsonCommands.js'),
          documents.editor.editor(),
          documents.newEditor.editor(),
        ]);
        return inferenceJsonCommands(services, editor, newEditor);
      },
    ),
    lazyCommands([COMMAND.addInferenceChatModels, COMMAND.removeInferenceChatModels], async () =>
      (await import('../../commands/inference/inferenceChatCommands.js')).inferenceChatCommands(services, chat),
    ),
    lazyCommands([COMMAND.requestInferenceQuota], async () => {
      const [{ inferenceQuotaCommands }, { inferenceAsk }, { askInferenceQuotaRequest, newInferenceQuotaDraft }] = await Promise.all([
        import('../../commands/inference/inferenceQuotaCommands.js'),
        import('../../commands/inference/inferenceDeploymentCommands.js'),
        import('../../prompts/inference/inferenceQuotaAsk.js'),
      ]);
      return inferenceQuotaCommands(
        services,
        inferenceAsk(newInferenceQuotaDraft, (ui, draft) => askInferenceQuotaRequest(ui, services.client.inference, draft)),
      );
    }),
  ];
}
