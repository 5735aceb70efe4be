import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { LimitsRequest } from '../../api/inference/inferenceTypes';
import type { Log } from '../../logging/log';
import { validateInferenceQuotaRequestArgs } from '../../models/inference/inferenceArgs';
import { requestedLimits, type QuotaShortfall } from '../../models/inference/inferenceQuota';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import type { InferenceReview, ReviewQuestion } from '../../views/inference/presentation/inferenceReview';
import { followInferenceQuotaRequest, sendInferenceQuotaRequest } from '../../writes/inference/inferenceQuotaRequests';

/*
 * The review a create of a deployment or of a catalogue application ends with, before anything is sent: what runs,
 * the quota it takes and the price ceiling, read again each time it is shown. Too little quota offers Request Quota
 * in place of Create, followed to Gcore's answer; once granted, the review is shown again with Create.
 */

export interface ReviewServices {
  client: Pick<GcoreClient, 'inference'>;
  log: Log;
}

/** One showing of the review: read fresh (the quota moves with every create), and asked. */
export interface ReviewRound {
  review: InferenceReview;
  question: ReviewQuestion;
}

/** What the review is of: its name, the progress while its quota and price are read, and what a quota request says by default. */
export interface ReviewSubject {
  name: string;
  checking: string;
  quotaDescription: string;
}

function quotaRequestStatus(request: LimitsRequest): string {
  return l10n.t('Gcore says: {0}', request.status ?? l10n.t('no status yet'));
}

/**
 * Request Quota from a create's review (the wizards' or New Inference Deployment from JSON's): the limits the create
 * is short of, with a description the user can edit, sent once and followed to Gcore's answer with progress. True
 * when Gcore granted it.
 */
export async function requestCreateQuota(
  ui: PromptUi,
  services: ReviewServices,
  shortfalls: readonly QuotaShortfall[],
  subject: Pick<ReviewSubject, 'name' | 'quotaDescription'>,
): Promise<boolean> {
  const limits = requestedLimits(shortfalls);
  const description = await ui.input({
    title: l10n.t('Gcore: Request Inference Quota'),
    prompt: l10n.t(
      'What Gcore reads with the request for {0}; edit it as you like (up to 1000 characters).',
      Object.entries(limits)
        .map(([limit, value]) => `${limit} = ${value}`)
        .join(', '),
    ),
    value: subject.quotaDescription,
    canGoBack: true,
    validate: (text) => {
      const checked = validateInferenceQuotaRequestArgs({ limits, description: text });
      return checked.ok ? undefined : checked.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
    },
  });
  if (description === BACK) return false;
  const request = await ui.withProgress({
    title: l10n.t('Requesting inference quota…'),
    run: (signal) => sendInferenceQuotaRequest(services, { limits, description: description.trim() }, { signal }),
  });
  const answered = await ui.withProgress({
    title: l10n.t('Waiting for Gcore to answer quota request {0} (usually within 15 minutes)…', String(request.id)),
    cancellable: true,
    run: (signal, report) =>
      followInferenceQuotaRequest(services, request.id, { signal, onStatus: (status) => report(quotaRequestStatus(status)) }),
  });
  if (answered.status?.toLowerCase() === 'done') {
    void ui.notify('info', l10n.t('Gcore granted quota request {0}.', String(request.id)));
    return true;
  }
  void ui.notify(
    'error',
    l10n.t('Gcore rejected quota request {0}: the account has too little inference quota for {1}.', String(request.id), subject.name),
  );
  return false;
}

/**
 * The review until it is answered: 'create', or 'edit' (chosen, or a quota request Gcore did not grant or the user
 * left). Dismissing it cancels the command.
 */
export async function reviewCreate(
  ui: PromptUi,
  services: ReviewServices,
  subject: ReviewSubject,
  read: (signal: AbortSignal) => Promise<ReviewRound>,
): Promise<'create' | 'edit'> {
  for (;;) {
    const { review, question } = await ui.withProgress({ title: subject.checking, run: read });
    const go = question.create ?? question.requestQuota ?? '';
    const choice = await ui.choose({ message: question.message, detail: question.detail, choices: [go, question.edit] });
    if (choice === question.create) return 'create';
    if (choice === question.edit) return 'edit';
    if (choice === undefined || choice !== question.requestQuota) throw new UserCancelledError();
    if (!(await requestCreateQuota(ui, services, review.shortfalls, subject))) return 'edit';
  }
}
