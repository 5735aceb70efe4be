import * as l10n from '@vscode/l10n';
import { oneLine } from '../../../core/wellFormedText';
import { secondsText, type TestRequestFigures } from '../../../models/inference/inferenceTestRequest';

export interface TestRequestInput {
  deployment: string;
  address: string;
  model: string;
  prompt: string;
  /** The deployment was at zero pods when the request left: its first token waited for one to start. */
  wasAtZero: boolean;
  figures: TestRequestFigures;
  sentAt: Date;
}

/**
 * A Markdown report, read as its source in the editor: the figures first, where a long answer cannot push them out
 * of sight, then the prompt, then the answer as the model wrote it (Markdown too, most often). What came from Gcore
 * or the deployment sits in code spans and fences, so it shows as it came.
 */
export function testRequestReport(input: TestRequestInput): string {
  const { figures } = input;
  const facts = [
    l10n.t('Deployment: {0}', codeSpan(input.deployment)),
    l10n.t('Address: {0}', codeSpan(input.address)),
    l10n.t('Model: {0}', codeSpan(input.model)),
    figures.firstTokenMs === undefined
      ? l10n.t('Time to first token: none, no text was answered')
      : l10n.t('Time to first token: {0}', secondsText(figures.firstTokenMs)),
    l10n.t('Total time: {0}', secondsText(figures.totalMs)),
    l10n.t('Sent: {0}', input.sentAt.toISOString()),
  ];
  const blocks = [`# ${l10n.t('Test request to {0}', oneLine(input.deployment))}`, facts.map((fact) => `- ${fact}`).join('\n')];
  if (input.wasAtZero) {
    blocks.push(
      l10n.t(
        'The deployment was scaled to zero: the first token waited for a pod to start. A second request shows the time of a running pod.',
      ),
    );
  }
  blocks.push(`## ${l10n.t('Prompt')}`, fenced(input.prompt));
  blocks.push(`## ${l10n.t('Answer')}`, figures.answer.length === 0 ? l10n.t('(no text)') : figures.answer);
  return `${blocks.join('\n\n')}\n`;
}

/** The longest run of backticks in `text`. */
function longestTicks(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}

/** A value on one line in a code span that its own backticks cannot close. */
function codeSpan(value: string): string {
  const text = oneLine(value);
  const ticks = '`'.repeat(longestTicks(text) + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${ticks}${padded}${ticks}`;
}

/** A text in a fence longer than any run of backticks it holds, so that it shows as written. */
function fenced(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestTicks(text) + 1));
  return `${fence}text\n${text}\n${fence}`;
}
