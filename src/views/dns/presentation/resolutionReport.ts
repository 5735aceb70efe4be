import * as l10n from '@vscode/l10n';
import type { LookupAnswer, LookupServer, RecordSet } from '../../../api/dns/dnsTypes';
import { domainNameKey } from '../../../core/domainNameKey';
import { formatRecordContent, recordContentKey } from '../../../models/dns/recordContent';
import { recordNameForDisplay } from '../../../models/dns/recordName';
import { isDynamicRecordSet, isRecordEnabled } from '../../../models/dns/recordSets';
import { ttlText } from '../../../models/dns/recordTtl';
import { domainNameForDisplay } from '../../../validation/domainName';

/** What one resolver answered for the name, or why it could not be asked. */
export interface ResolverResult {
  server: LookupServer;
  answers?: readonly LookupAnswer[];
  error?: string;
}

export interface ResolutionInput {
  /** The full name, ASCII, without the trailing dot. */
  name: string;
  /** The type checked (from a record set); absent: every type at the name. */
  type?: string;
  /** The zone of the account the name is in; absent: none of the account's zones holds it. */
  zoneName?: string;
  /** The zone's sets at the name (of `type` when given); absent when they could not be read (`heldError`). */
  held?: readonly RecordSet[];
  heldError?: string;
  resolvers: readonly ResolverResult[];
  checkedAt: Date;
}

/** How each resolver is named; the order is the table's: Gcore's own servers first, then the public resolvers. */
const SERVER_NAMES: Record<LookupServer, string> = {
  authoritative_dns: l10n.t('Gcore name servers (authoritative)'),
  gcore: l10n.t('Gcore Public DNS'),
  google: l10n.t('Google Public DNS'),
  cloudflare: l10n.t('Cloudflare'),
  quad9: l10n.t('Quad9'),
  open_dns: l10n.t('OpenDNS'),
};

export const RESOLVER_ORDER: readonly LookupServer[] = ['authoritative_dns', 'gcore', 'google', 'cloudflare', 'quad9', 'open_dns'];

export function resolverName(server: LookupServer): string {
  return SERVER_NAMES[server];
}

/** Where a resolver's answer stands against the zone. */
export type Agreement = 'same' | 'selection' | 'none' | 'differs' | 'unknown' | 'failed';

/** A value as the comparison reads it: its type and its content as recordContentKey compares it. */
function valueKey(type: string, content: readonly unknown[]): string {
  return `${type} ${recordContentKey(type, content)}`;
}

/** The values the zone answers with: the enabled records of its sets at the name. */
function heldKeys(held: readonly RecordSet[]): Set<string> {
  const keys = new Set<string>();
  for (const set of held) {
    for (const record of set.resource_records) if (isRecordEnabled(record)) keys.add(valueKey(set.type, record.content));
  }
  return keys;
}

/**
 * A resolver's answers at the name, of the types compared: the checked type, or the types the zone holds
 * there (a resolver that follows a CNAME also answers its target's records, which are not compared).
 */
export function comparedAnswers(input: Pick<ResolutionInput, 'name' | 'type' | 'held'>, answers: readonly LookupAnswer[]): LookupAnswer[] {
  const name = domainNameKey(input.name);
  const types =
    input.type !== undefined
      ? new Set([input.type])
      : input.held && input.held.length > 0
        ? new Set(input.held.map((set) => set.type))
        : undefined;
  return answers.filter((answer) => domainNameKey(answer.name) === name && (types === undefined || types.has(answer.type.toUpperCase())));
}

/**
 * How a resolver's answer compares with the zone: the same values; a part of them from a dynamic set (its
 * pickers answer a selection); no answer yet; other values (an old answer still cached, or another server).
 */
export function agreementOf(input: Pick<ResolutionInput, 'name' | 'type' | 'held'>, result: ResolverResult): Agreement {
  if (result.error !== undefined) return 'failed';
  if (input.held === undefined) return 'unknown';
  const answers = comparedAnswers(input, result.answers ?? []);
  const held = heldKeys(input.held);
  const seen = new Set(answers.map((answer) => valueKey(answer.type.toUpperCase(), answer.content)));
  if (seen.size === 0) return held.size === 0 ? 'same' : 'none';
  const inZone = [...seen].every((key) => held.has(key));
  if (inZone && seen.size === held.size) return 'same';
  if (inZone && input.held.some((set) => isDynamicRecordSet(set))) return 'selection';
  return 'differs';
}

const AGREEMENT_TEXT: Record<Agreement, string> = {
  same: l10n.t('✓ as the zone'),
  selection: l10n.t('✓ a selection of the zone’s records (dynamic set)'),
  none: l10n.t('✗ no answer yet'),
  differs: l10n.t('✗ differs from the zone'),
  unknown: l10n.t('—'),
  failed: l10n.t('⚠ not asked'),
};

/** A table cell: one line, its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** A value in a cell, as code, so that its dots and underscores are not read as markdown. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence.length > 1 ? ' ' : ''}${cell(text)}${fence.length > 1 ? ' ' : ''}${fence}`;
}

function answerText(answers: readonly LookupAnswer[], typed: boolean): string {
  if (answers.length === 0) return l10n.t('no answer');
  return answers
    .map((answer) => `${typed ? '' : `${answer.type} `}${code(formatRecordContent(answer.type.toUpperCase(), answer.content))}`)
    .join(', ');
}

function ttlsOf(answers: readonly LookupAnswer[]): string {
  const ttls = [...new Set(answers.map((answer) => answer.ttl).filter((ttl): ttl is number => typeof ttl === 'number'))].sort(
    (a, b) => a - b,
  );
  return ttls.length === 0 ? '' : ttls.map(String).join(', ');
}

/**
 * The Check Resolution document: what the zone holds at the name, then, resolver by resolver, what it answers
 * and whether that is what the zone holds, so that a change is seen to spread. Markdown, readable as text.
 */
export function resolutionReport(input: ResolutionInput): string {
  const display = domainNameForDisplay(input.name);
  const subject = input.type === undefined ? display : `${display} ${input.type}`;
  const lines = [`# ${l10n.t('Resolution of {0}', subject)}`, ''];
  lines.push(
    l10n.t(
      'Checked {0}. Run Gcore: Check Resolution again to see whether a change has spread; resolvers keep an old answer for up to its TTL.',
      `${input.checkedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    ),
    '',
  );
  lines.push(
    `## ${input.zoneName === undefined ? l10n.t('In the zones of this account') : l10n.t('In the zone {0}', domainNameForDisplay(input.zoneName))}`,
    '',
  );
  if (input.zoneName === undefined) {
    lines.push(l10n.t('None of the zones of this account holds {0}: resolvers are asked all the same.', display));
  } else if (input.heldError !== undefined) lines.push(l10n.t('The zone could not be read: {0}', input.heldError));
  else if (input.held === undefined || input.held.length === 0) {
    lines.push(
      input.type === undefined
        ? l10n.t('The zone has no record set at {0}.', display)
        : l10n.t('The zone has no {0} record set at {1}.', input.type, display),
    );
  } else {
    for (const set of input.held) {
      const ttl = typeof set.ttl === 'number' ? l10n.t('TTL {0}', ttlText(set.ttl)) : l10n.t('TTL not set');
      const name = recordNameForDisplay(set.name, input.zoneName);
      lines.push(
        `- **${cell(name)} ${set.type}** · ${ttl}${isDynamicRecordSet(set) ? ` · ${l10n.t('dynamic: each resolver may be answered a selection')}` : ''}`,
      );
      for (const record of set.resource_records) {
        lines.push(
          `  - ${code(formatRecordContent(set.type, record.content))}${isRecordEnabled(record) ? '' : ` ${l10n.t('(disabled: not answered)')}`}`,
        );
      }
    }
  }
  lines.push('', `## ${l10n.t('What resolvers answer')}`, '');
  lines.push(`| ${l10n.t('Resolver')} | ${l10n.t('Answer')} | ${l10n.t('TTL (s)')} | ${l10n.t('Against the zone')} |`, '|---|---|---|---|');
  const results = [...input.resolvers].sort((a, b) => RESOLVER_ORDER.indexOf(a.server) - RESOLVER_ORDER.indexOf(b.server));
  for (const result of results) {
    const agreement = agreementOf(input, result);
    if (result.error !== undefined) {
      lines.push(`| ${resolverName(result.server)} | ${cell(l10n.t('failed: {0}', result.error))} | | ${AGREEMENT_TEXT[agreement]} |`);
      continue;
    }
    const answers = result.answers ?? [];
    const shown = input.type === undefined ? answers : comparedAnswers(input, answers);
    lines.push(
      `| ${resolverName(result.server)} | ${answerText(shown, input.type !== undefined)} | ${ttlsOf(shown)} | ${AGREEMENT_TEXT[agreement]} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
