import * as vscode from 'vscode';
import type { InferenceApi, InferenceLogLine } from '../../api/inference/inferenceTypes';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { LogDocuments } from '../../documents/logs/logDocuments';
import type { InferenceLogAddress } from '../../loaders/inference/inferenceLogSource';
import { askDeployment } from '../../prompts/inference/inferencePicks';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { isInferenceRegionNode } from '../../views/inference/inferenceNodes';
import { editorDocumentArgument } from '../arguments';
import { command, type Command } from '../flow/command';

const TITLE = vscode.l10n.t('Gcore: Open Logs');

export type InferenceLogDocuments = LogDocuments<InferenceLogAddress, readonly InferenceLogLine[], InferenceLogLine>;

/** A deployment's log in a read-only editor that follows it: all its regions' from its row, one region's from a region's row. */
export function inferenceLogCommands(
  inference: Pick<InferenceApi, 'listDeployments'>,
  logs: () => Promise<InferenceLogDocuments>,
): Command<never, unknown, never>[] {
  return [
    command<InferenceLogAddress, string>({
      id: COMMAND.openInferenceLogs,
      what: (args) => (args ? vscode.l10n.t('Open the logs of inference deployment {0}', args.name) : vscode.l10n.t('Open inference logs')),
      ask: async (ui, _draft, node) => {
        if (isInferenceRegionNode(node)) {
          return { projectId: node.projectId, name: node.deployment.name, regionId: node.region.region_id };
        }
        const { projectId, name } = await askDeployment(inference, ui, TITLE, node);
        return { projectId, name };
      },
      progress: ({ name }) => vscode.l10n.t('Reading the logs of {0}…', name),
      run: async (address, { signal }) => {
        const documents = await logs();
        const { uri } = await documents.show(address, signal);
        documents.follow(uri);
        return uri.toString();
      },
    }),
    command<vscode.Uri, void>({
      id: COMMAND.followInferenceLogs,
      what: () => vscode.l10n.t('Follow inference logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => (await logs()).follow(uri),
    }),
    command<{ uri: vscode.Uri; pod: string | undefined }, void>({
      id: COMMAND.filterInferenceLogsByPod,
      what: () => vscode.l10n.t('Filter inference logs by pod'),
      ask: async (ui, _draft, arg) => {
        const uri = logUri(arg);
        const documents = await logs();
        const pod = await askPod(ui, documents.podsShown(uri), documents.podFilter(uri));
        return { uri, pod };
      },
      run: async ({ uri, pod }) => (await logs()).filterByPod(uri, pod),
    }),
    command<vscode.Uri, void>({
      id: COMMAND.stopFollowingInferenceLogs,
      what: () => vscode.l10n.t('Stop following inference logs'),
      ask: async (_ui, _draft, arg) => logUri(arg),
      run: async (uri) => (await logs()).stopFollowing(uri),
    }),
  ];
}

/** A pod among those the log's lines name, or every pod's lines; the one shown now is marked. */
async function askPod(ui: PromptUi, pods: readonly string[], current: string | undefined): Promise<string | undefined> {
  const shownNow = vscode.l10n.t('shown now');
  const all = { label: vscode.l10n.t('All pods'), value: undefined, description: current === undefined ? shownNow : undefined };
  const picked = await ui.pick<string | undefined>({
    title: vscode.l10n.t('Gcore: Filter Logs by Pod'),
    placeholder:
      pods.length === 0
        ? vscode.l10n.t('No pod has written a line here yet')
        : vscode.l10n.t('The pods these lines name; following keeps reading every pod'),
    items: [all, ...pods.map((pod) => ({ label: pod, value: pod, description: pod === current ? shownNow : undefined }))],
  });
  if (picked === BACK) throw new UserCancelledError();
  return picked;
}

function logUri(arg: unknown): vscode.Uri {
  return editorDocumentArgument(arg, SCHEME.inferenceLogs, vscode.l10n.t("Open a deployment's logs with Open Logs first."));
}
