import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { LookupAnswer, LookupServer, RecordSet } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { domainNameKey } from '../../core/domainNameKey';
import type { Snapshots } from '../../documents/snapshots';
import { failureReason } from '../../logging/failureMessage';
import { validateLookupNameArgs, type LookupNameArgs } from '../../models/dns/lookupNameArgs';
import { formatRecordContent } from '../../models/dns/recordContent';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { normalizeDnsName } from '../../validation/domainName';
import { unwrap } from '../../validation/problems';
import { RESOLVER_ORDER, resolutionReport, resolverName, type ResolverResult } from '../../views/dns/presentation/resolutionReport';
import { isRecordSetNode, isZoneNode } from '../../views/dns/zoneNodes';
import { command, type Command } from '../flow/command';
import { zoneChoices, zoneHolding } from '../../prompts/dns/zoneChoices';
import type { DnsServices } from './zoneCommands';

/** What Check Resolution looks at: a name, the type of the set it came from, and the zone that holds it when known. */
export interface ResolutionTarget {
  name: string;
  type?: string;
  zoneName?: string;
}

const NAME_RULES = { underscores: true, wildcard: true };

/**
 * The target of a row (a record set: its name and type; a zone: its apex), or of the object a notification's
 * button passes; undefined when the call brought none, so the name is asked for.
 */
function resolutionTarget(node: unknown): ResolutionTarget | undefined {
  if (isRecordSetNode(node)) {
    return { name: domainNameKey(node.row.fullName), type: node.row.type, zoneName: domainNameKey(node.zone.name) };
  }
  if (isZoneNode(node)) return { name: domainNameKey(node.zone.name), zoneName: domainNameKey(node.zone.name) };
  if (typeof node === 'object' && node !== null && typeof (node as ResolutionTarget).name === 'string') {
    const { name, type, zoneName } = node as ResolutionTarget;
    const checked = normalizeDnsName(name, NAME_RULES);
    if (checked.ok) {
      return {
        name: checked.name,
        type: typeof type === 'string' ? type.toUpperCase() : undefined,
        zoneName: typeof zoneName === 'string' ? domainNameKey(zoneName) : undefined,
      };
    }
  }
  return undefined;
}

async function askName(ui: PromptUi, title: string): Promise<string> {
  const answer = orCancel(
    await ui.input({
      title,
      prompt: l10n.t('Full name to look up, such as www.example.com or _dmarc.example.com'),
      placeholder: 'www.example.com',
      validate: (text) => {
        const checked = normalizeDnsName(text, NAME_RULES);
        return checked.ok ? undefined : l10n.t('Name: {0}', checked.messages.join('; '));
      },
    }),
  );
  const checked = normalizeDnsName(answer, NAME_RULES);
  return checked.ok ? checked.name : answer.trim();
}

/** Check Resolution, and the contract's lookupName (one resolver, its answer as Gcore returned it). */
export function resolutionCommands(services: DnsServices, reports: Snapshots): Command<never, unknown, never>[] {
  const { client } = services;

  /** The zone's sets at the name (of the type, when one is checked), read now rather than from the tree. */
  const held = async (target: ResolutionTarget & { zoneName: string }, signal: AbortSignal): Promise<RecordSet[]> => {
    if (target.type !== undefined) {
      const set = await client.dns.findRecord(target.zoneName, target.name, target.type, { signal });
      return set ? [set] : [];
    }
    const list = await client.dns.listRecords(target.zoneName, { signal });
    return list.rrsets.filter((set) => domainNameKey(set.name) === target.name);
  };

  const ask = async (server: LookupServer, name: string, signal: AbortSignal): Promise<ResolverResult> => {
    try {
      return { server, answers: await client.dns.lookup(name, server, { signal }) };
    } catch (error) {
      if (signal.aborted) throw error;
      return { server, error: failureReason(error) };
    }
  };

  return [
    command<ResolutionTarget, string>({
      id: COMMAND.checkResolution,
      what: (target) => (target ? l10n.t('Check the resolution of {0}', target.name) : l10n.t('Check resolution')),
      ask: async (ui, _draft, node) => resolutionTarget(node) ?? { name: await askName(ui, l10n.t('Gcore: Check Resolution')) },
      progress: (target) => l10n.t('Asking Gcore and public resolvers for {0}…', target.name),
      run: async (target, { signal = new AbortController().signal }) => {
        const zoneName = target.zoneName ?? zoneHolding(target.name, (await zoneChoices(services)).zones);
        const [resolvers, zone] = await Promise.all([
          Promise.all(RESOLVER_ORDER.map((server) => ask(server, target.name, signal))),
          zoneName === undefined
            ? Promise.resolve({})
            : held({ ...target, zoneName }, signal).then(
                (sets) => ({ held: sets }),
                (error: unknown) => {
                  if (signal.aborted) throw error;
                  return { heldError: failureReason(error) };
                },
              ),
        ]);
        const text = resolutionReport({ ...target, zoneName, ...zone, resolvers, checkedAt: new Date() });
        const uri = reports.put(`/${target.name}${target.type ? ` ${target.type}` : ''}.md`, text);
        await vscode.window.showTextDocument(uri, { preview: true });
        return uri.toString();
      },
    }),
    command<LookupNameArgs, LookupAnswer[]>({
      id: COMMAND.lookupName,
      what: (args) => (args ? l10n.t('Look up {0} at {1}', args.name, resolverName(args.server)) : l10n.t('Look up a name')),
      parse: (arg) => unwrap(validateLookupNameArgs(arg)),
      ask: async (ui, _draft, node) => {
        const target = resolutionTarget(node);
        const title = l10n.t('Gcore: Look Up Name');
        const name = target?.name ?? (await askName(ui, title));
        const server = orCancel(
          await ui.pick<LookupServer>({
            title,
            placeholder: l10n.t('Resolver to ask'),
            items: RESOLVER_ORDER.map((value) => ({ label: resolverName(value), description: value, value })),
          }),
        );
        return { name, server };
      },
      progress: (args) => l10n.t('Asking {0} for {1}…', resolverName(args.server), args.name),
      run: (args, { signal }) => client.dns.lookup(args.name, args.server, { signal }),
      report: (ui, answers, args) => {
        const values = answers.map((answer) => `${answer.type} ${formatRecordContent(answer.type.toUpperCase(), answer.content)}`);
        void ui.notify(
          'info',
          values.length === 0
            ? l10n.t('{0} answers nothing for {1}.', resolverName(args.server), args.name)
            : l10n.t('{0} answers for {1}: {2}', resolverName(args.server), args.name, values.join(', ')),
        );
      },
    }),
  ];
}
