import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import { isInferenceDeploymentNode, type InferenceDeploymentNode } from '../../views/inference/inferenceNodes';
import { nonEmptyText } from '../../views/presentation/wireValues';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';

const NOT_A_DEPLOYMENT = () => l10n.t("must be an inference deployment's row of the Gcore tree");

/** Copy Name and Copy Address on a deployment's row (an application's component's too): they work on the row and call no API. */
export function inferenceRowCommands(): Command<never, unknown, never>[] {
  return [
    command<InferenceDeploymentNode, string>({
      id: COMMAND.copyInferenceName,
      what: () => l10n.t('Copy name'),
      ask: async (_ui, _draft, node) => rowOf(node, isInferenceDeploymentNode, NOT_A_DEPLOYMENT()),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.deployment.name);
        return node.deployment.name;
      },
      report: (ui, name) => void ui.notify('info', l10n.t('Copied the name of inference deployment {0}.', name)),
    }),
    command<InferenceDeploymentNode, string>({
      id: COMMAND.copyInferenceAddress,
      what: () => l10n.t('Copy address'),
      ask: async (_ui, _draft, node) => rowOf(node, isInferenceDeploymentNode, NOT_A_DEPLOYMENT()),
      run: async (node, { ui }) => {
        const address = nonEmptyText(node.deployment.address);
        if (address === undefined) {
          throw new Error(l10n.t('Gcore reports no address for inference deployment {0} yet.', node.deployment.name));
        }
        await ui.copyToClipboard(address);
        return address;
      },
      report: (ui, address) => void ui.notify('info', l10n.t('Copied {0}.', address)),
    }),
  ];
}
