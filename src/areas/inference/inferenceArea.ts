import * as vscode from 'vscode';
import { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { COMMAND, CONTEXT_KEY, SCHEME } from '../../core/contributions';
import { loadOnce } from '../../core/loadOnce';
import { failureReason } from '../../logging/failureMessage';
import { LazyTextDocuments } from '../../documents/lazyTextDocuments';
import type { InferenceLogDocuments } from '../../commands/inference/inferenceLogCommands';
import { inferencePlace } from '../../models/inference/inferenceKinds';
import { logSettings, readLocations } from '../../state/settings';
import { inferenceChangeKinds } from '../../views/inference/inferenceChangeKind';
import { INFERENCE_SECTION } from '../../views/inference/inferenceNodes';
import { inferenceSection } from '../../views/inference/inferenceSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { inferenceChatParts } from './inferenceChatParts';
import { inferenceCommandLoads } from './inferenceCommandLoads';
import { inferenceDocumentKinds, inferenceDocumentParts } from './inferenceDocumentParts';

/**
 * Everywhere Inference in the projects of the configured locations: its section (deployments, applications,
 * registry credentials, API keys, the account's quota), the kinds its changes follow as, and its commands. Its reads load with
 * the first row or command that needs them: a start loads none and sends nothing. Its JSON documents are wired in
 * inferenceDocumentParts.ts.
 */
export function inferenceArea(core: Core): Area {
  const reads = loadOnce(
    async () => new (await import('../../loaders/inference/inferenceReads.js')).InferenceReads(core.client.inference, core.loaders.limit),
  );
  core.loaders.register({ invalidate: () => reads.loaded?.invalidate() });
  // The one store of the API keys' secrets, which the key commands and the chat models share.
  const keySecrets = new InferenceKeySecrets(core.context.secrets);
  // The names of the regions that run inference, as the account reads them (the GPU and container areas' too).
  const regionNames = async (): Promise<ReadonlyMap<number, string>> => {
    const regions = await core.accountReads.regions('inference');
    return regions.state === 'loaded' ? new Map(regions.value.results.map((region) => [region.id, region.display_name])) : new Map();
  };
  const section = inferenceSection({
    keySecrets,
    view: core.treeChanges,
    locations: readLocations,
    reads,
    regionNames,
    changesAt: (kind, projectId) => core.tasks.changesAt(kind, inferencePlace({ projectId })),
  });
  // A change ended: the project's lists and the quota it took or gave back are read again.
  const changed = (projectId: number) => {
    reads.loaded?.invalidateDeployments(projectId);
    reads.loaded?.invalidateApplications(projectId);
    reads.loaded?.invalidateApiKeys(projectId);
    reads.loaded?.invalidateQuota();
  };
  // What a change the commands send leaves behind, built when the first of them loads.
  const sentChanges = loadOnce(async () =>
    (await import('../../views/inference/inferenceSentChanges.js')).inferenceSentChanges({
      tasks: core.tasks,
      taskPoller: core.taskPoller,
      tree: core.treeChanges,
      changed,
      expectStatus: (ref, action) => section.expectStatus(ref, action),
    }),
  );
  // A deployment's log documents load with the first of them or the first log command.
  const logs = new LazyTextDocuments<InferenceLogDocuments>(async () => {
    const [{ LogDocuments }, { inferenceLogSource }] = await Promise.all([
      import('../../documents/logs/logDocuments.js'),
      import('../../loaders/inference/inferenceLogSource.js'),
    ]);
    return new LogDocuments({
      kind: {
        scheme: SCHEME.inferenceLogs,
        followedKey: CONTEXT_KEY.activeInferenceLogFollowed,
        statusId: 'gcore.inferenceLogs',
        stopCommand: COMMAND.stopFollowingInferenceLogs,
        openTitle: vscode.l10n.t('Gcore: Open Logs'),
      },
      source: inferenceLogSource(core.client.inference),
      settings: logSettings,
      ui: core.ui.get,
      log: core.log,
      setApiKey: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
    });
  });
  const documents = inferenceDocumentParts(core, sentChanges);
  const chat = inferenceChatParts(core, keySecrets);
  return {
    sections: [section],
    changeKinds: inferenceChangeKinds({
      inference: () => core.client.inference,
      changed,
      regionNames,
      // As Open Logs runs it: the newest lines, followed.
      openLogs: async (ref) => {
        try {
          const documents = await logs.documents();
          const { uri } = await documents.show(ref);
          documents.follow(uri);
        } catch (error) {
          core.log.error(`the logs of inference deployment ${ref.name} could not be read`, error);
          void core.ui
            .get()
            .notify('error', vscode.l10n.t('The logs of inference deployment {0} could not be read: {1}', ref.name, failureReason(error)));
        }
      },
      log: core.log,
    }),
    lazyCommands: (services) =>
      inferenceCommandLoads(services, sentChanges, logs.documents, documents, keySecrets, chat.parts, {
        userAgent: core.userAgent,
        reports: core.snapshots,
      }),
    documentKinds: inferenceDocumentKinds(documents),
    disposables: [
      ...chat.disposables,
      section,
      // A secret stored or removed, here or in another window: the keys' rows say again which this machine holds.
      keySecrets.onDidChange(() => core.treeChanges.refresh(INFERENCE_SECTION)),
      logs,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.inferenceLogs, logs),
      documents.editor,
      documents.newEditor,
      vscode.workspace.registerFileSystemProvider(SCHEME.inferenceDeployment, documents.editor, { isCaseSensitive: true }),
      vscode.workspace.registerFileSystemProvider(SCHEME.newInferenceDeployment, documents.newEditor, { isCaseSensitive: true }),
      // The inference schemas beside the containers' and the GPU's: each provider answers only its own paths.
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.schema, {
        provideTextDocumentContent: async (uri) => (await documents.schemas()).inferenceSchemaText(uri.path),
      }),
    ],
  };
}
