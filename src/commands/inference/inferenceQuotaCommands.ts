import * as l10n from '@vscode/l10n';
import type { LimitsRequest } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import { validateInferenceQuotaRequestArgs, type InferenceQuotaRequestArgs } from '../../models/inference/inferenceArgs';
import { inferenceQuotaNode } from '../../views/inference/inferenceNodes';
import { followInferenceQuotaRequest, isAnswered, sendInferenceQuotaRequest } from '../../writes/inference/inferenceQuotaRequests';
import { unwrap } from '../../validation/problems';
import { callOptions, command, type Command } from '../flow/command';
import type { Services } from '../services';
import { asked, type InferenceAsk } from './inferenceDeploymentCommands';

/**
 * The contract's Request Inference Quota: one `limits_request`, sent once. Programmatically it resolves to the request
 * as Gcore took it; interactively (from the palette or the Quota row: the limits, how many and the description asked by
 * prompts/inference/inferenceQuotaAsk.ts) it is followed to Gcore's answer, which Gcore gives within about 15 minutes.
 */
export function inferenceQuotaCommands(
  services: Services,
  ask?: InferenceAsk<InferenceQuotaRequestArgs>,
): Command<never, unknown, never>[] {
  return [
    command<InferenceQuotaRequestArgs, LimitsRequest, unknown>({
      id: COMMAND.requestInferenceQuota,
      what: () => l10n.t('Request more inference quota'),
      parse: (arg) => unwrap(validateInferenceQuotaRequestArgs(arg)),
      ...asked(ask),
      editable: true,
      progress: () => l10n.t('Sending the inference quota request…'),
      run: ({ limits, description }, context) => sendInferenceQuotaRequest(services, { limits, description }, callOptions(context)),
      report: async (ui, request) => {
        const answered = await ui.withProgress({
          title: l10n.t('Waiting for Gcore to answer quota request {0}…', String(request.id)),
          cancellable: true,
          run: (signal, progress) =>
            followInferenceQuotaRequest(services, request.id, {
              signal,
              onStatus: (read) => progress(l10n.t('Gcore says: {0}', read.status ?? l10n.t('no status yet'))),
            }),
        });
        // A granted request changes the limits the Quota row shows; a rejected one may have been partly granted.
        if (isAnswered(answered)) services.tree.reload(inferenceQuotaNode());
        if (answered.status === 'done') void ui.notify('info', l10n.t('Gcore granted quota request {0}.', String(request.id)));
        else if (answered.status === 'rejected') void ui.notify('warning', l10n.t('Gcore rejected quota request {0}.', String(request.id)));
      },
    }),
  ];
}
