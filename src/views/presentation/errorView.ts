import * as l10n from '@vscode/l10n';
import { ROW_CONTEXT } from '../../core/contributions';
import { escapeMarkdown, type ItemView } from './itemView';

export interface ErrorDetail {
  message: string;
  status?: number;
  requestId?: string;
  hint?: string;
}

/** A tree node standing in for content that failed to load; the tree retries when it is clicked. */
export function errorView(title: string, detail: ErrorDetail): ItemView {
  const blocks = [`**${escapeMarkdown(title)}**`, escapeMarkdown(detail.message.trim())];
  const facts: string[] = [];
  if (detail.status !== undefined) facts.push(l10n.t('HTTP status: {0}', escapeMarkdown(String(detail.status))));
  if (detail.requestId !== undefined && detail.requestId !== '') {
    facts.push(l10n.t('Request ID: {0}', escapeMarkdown(detail.requestId)));
  }
  // Two trailing spaces make a Markdown line break, keeping the facts together without a list.
  if (facts.length > 0) blocks.push(facts.join('  \n'));
  if (detail.hint !== undefined && detail.hint !== '') blocks.push(escapeMarkdown(detail.hint));
  blocks.push(l10n.t('Click to retry.'));
  return {
    label: title,
    description: detail.message,
    tooltip: blocks.join('\n\n'),
    icon: { id: 'error', color: 'errorForeground' },
    contextValue: ROW_CONTEXT.error,
  };
}
