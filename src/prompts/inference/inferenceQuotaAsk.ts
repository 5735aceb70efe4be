import * as l10n from '@vscode/l10n';
import type { InferenceApi } from '../../api/inference/inferenceTypes';
import { validateInferenceQuotaRequestArgs, type InferenceQuotaRequestArgs } from '../../models/inference/inferenceArgs';
import { BACK, type PromptUi } from '../../ui/promptUi';
import { runWizard, type WizardStep } from '../../ui/wizard';
import { quotaEntries, quotaEntryDescription, type QuotaEntry } from '../../views/inference/presentation/quotaView';

/** Request Inference Quota's answers so far: the limits picked (Gcore's names), the number asked of each, the words. */
export interface InferenceQuotaAnswers {
  picked?: string[];
  amounts?: Record<string, number>;
  description?: string;
}

export function newInferenceQuotaDraft(): InferenceQuotaAnswers {
  return {};
}

const TITLE = l10n.t('Gcore: Request Inference Quota');

/** Gcore's name of an entry's limit: `gpu_h100` → `inference_gpu_h100_count_limit`. */
export function limitName(entry: Pick<QuotaEntry, 'key'>): string {
  return `inference_${entry.key}_count_limit`;
}

/** What a request says to Gcore unless the user writes otherwise: each limit asked for, by the name people read. */
export function quotaRequestWords(entries: readonly QuotaEntry[], amounts: Record<string, number>): string {
  const asked = entries.flatMap((entry) => {
    const amount = amounts[limitName(entry)];
    return amount === undefined ? [] : [l10n.t('{0}: {1} (now {2})', entry.label, amount, entry.limit)];
  });
  return l10n.t('More Everywhere Inference quota for our deployments: {0}.', asked.join(', '));
}

/** The problem of a number typed for one limit: a whole number above what the account has now. */
export function amountProblem(entry: QuotaEntry, text: string): string | undefined {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0) return l10n.t('{0}: a whole number, 0 or more', entry.label);
  if (value <= entry.limit) return l10n.t('{0}: more than the {1} the account has now', entry.label, entry.limit);
  return undefined;
}

/** The limits (each account-wide: how many the account may have in all), one number per limit picked, then the words. */
export function inferenceQuotaPlan(
  ui: PromptUi,
  entries: readonly QuotaEntry[],
  state: InferenceQuotaAnswers,
): WizardStep<InferenceQuotaAnswers>[] {
  const picked = entries.filter((entry) => state.picked?.includes(limitName(entry)));
  const pickStep: WizardStep<InferenceQuotaAnswers> = {
    run: async (answers, position) => {
      const names = await ui.pickMany({
        title: TITLE,
        ...position,
        placeholder: l10n.t('The limits to raise; each counts for the whole account'),
        items: entries.map((entry) => ({
          label: entry.label,
          description: quotaEntryDescription(entry),
          value: limitName(entry),
          picked: answers.picked?.includes(limitName(entry)),
        })),
      });
      // Nothing picked asks again: a request must ask for at least one limit.
      if (names === BACK || names.length === 0) return BACK;
      if (names.some((name) => !answers.picked?.includes(name))) answers.description = undefined;
      answers.picked = names;
    },
  };
  const amountSteps = picked.map((entry): WizardStep<InferenceQuotaAnswers> => ({
    run: async (answers, position) => {
      const name = limitName(entry);
      const text = await ui.input({
        title: TITLE,
        ...position,
        prompt: l10n.t('{0}: how many the account may have in all (now {1}, {2} in use).', entry.label, entry.limit, entry.usage),
        value: String(answers.amounts?.[name] ?? entry.limit + 1),
        validate: (typed) => amountProblem(entry, typed),
      });
      if (text === BACK) return BACK;
      const amount = Number(text.trim());
      // Words written for other numbers would tell Gcore the old ones.
      if (answers.amounts?.[name] !== amount) answers.description = undefined;
      answers.amounts = { ...answers.amounts, [name]: amount };
    },
  }));
  const wordsStep: WizardStep<InferenceQuotaAnswers> = {
    run: async (answers, position) => {
      const limits = chosenLimits(answers);
      const text = await ui.input({
        title: TITLE,
        ...position,
        prompt: l10n.t('What Gcore reads with the request; edit it as you like (up to 1000 characters).'),
        value: answers.description ?? quotaRequestWords(picked, limits),
        validate: (typed) => {
          const checked = validateInferenceQuotaRequestArgs({ limits, description: typed });
          return checked.ok ? undefined : checked.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
        },
      });
      if (text === BACK) return BACK;
      answers.description = text.trim();
    },
  };
  return [pickStep, ...amountSteps, wordsStep];
}

/** The numbers asked of the limits still picked (one unpicked after Back is left out). */
function chosenLimits(answers: InferenceQuotaAnswers): Record<string, number> {
  return Object.fromEntries(
    (answers.picked ?? []).flatMap((name) => (answers.amounts?.[name] === undefined ? [] : [[name, answers.amounts[name]]])),
  );
}

/**
 * Request Inference Quota asked: the account's inference limits read, the limits to raise picked, how many of each,
 * and the words Gcore reads, with Back on every step. `answers` is the draft's, so Edit after a failure keeps them.
 */
export async function askInferenceQuotaRequest(
  ui: PromptUi,
  inference: Pick<InferenceApi, 'quota'>,
  answers: InferenceQuotaAnswers,
): Promise<InferenceQuotaRequestArgs> {
  const quota = await ui.withProgress({
    title: l10n.t('Reading the inference quota…'),
    run: (signal) => inference.quota({ signal }),
  });
  const entries = quotaEntries(quota);
  if (entries.length === 0) {
    throw new Error(l10n.t("Gcore reports no inference limits for this account: request them in Gcore's portal."));
  }
  await runWizard(answers, (state) => inferenceQuotaPlan(ui, entries, state));
  return { limits: chosenLimits(answers), description: answers.description ?? '' };
}
