import * as l10n from '@vscode/l10n';
import type { DelegationStatus } from '../../../api/dns/dnsTypes';
import { domainNameKey } from '../../../core/domainNameKey';
import { domainNameForDisplay } from '../../../validation/domainName';

/** The name servers Gcore serves zones from, as its guides tell registrars to list them. */
export const GCORE_NAME_SERVERS: readonly string[] = ['ns1.gcorelabs.net', 'ns2.gcdn.services'];

/** Gcore's name server domains: a server under one of them is Gcore's. */
const GCORE_NAME_SERVER_DOMAINS: readonly string[] = ['gcorelabs.net', 'gcdn.services'];

/**
 * Where the registrar points the domain: only to Gcore's servers; to Gcore's and others; only to others; to
 * none at all; `noZone`: Gcore says the account has no such zone.
 */
export type DelegationVerdict = 'delegated' | 'partly' | 'elsewhere' | 'none' | 'noZone';

export interface DelegatedServer {
  /** As Gcore named it, without a trailing dot. */
  name: string;
  /** Whether it is Gcore's; undefined where its name cannot tell (a white-label delegation with others beside it). */
  gcore: boolean | undefined;
  ipv4: string[];
  ipv6: string[];
}

export interface DelegationReading {
  verdict: DelegationVerdict;
  servers: DelegatedServer[];
  /** Gcore's count when it sent one, else the servers its names show as Gcore's. */
  gcoreCount: number;
  otherCount: number;
  whiteLabel: boolean;
}

function isGcoreName(name: string): boolean {
  const key = domainNameKey(name);
  return GCORE_NAME_SERVER_DOMAINS.some((domain) => key === domain || key.endsWith(`.${domain}`));
}

/**
 * The status as the report reads it. Gcore's counts decide the verdict when it sent them; each server is
 * marked by its name (a white-label delegation names Gcore's servers under the customer's own domain, so
 * there only the counts can tell, and a server is marked Gcore's when Gcore counts no other).
 */
export function readDelegation(status: DelegationStatus): DelegationReading {
  const whiteLabel = status.is_whitelabel_delegation === true;
  const listed = status.authoritative_name_servers ?? [];
  const byName = listed.filter((server) => isGcoreName(server.name)).length;
  const gcoreCount = status.gcore_authorized_count ?? byName;
  const otherCount = status.non_gcore_authorized_count ?? listed.length - byName;
  const servers = listed.map((server) => ({
    name: server.name.replace(/\.$/, ''),
    gcore: isGcoreName(server.name) ? true : whiteLabel ? (otherCount === 0 ? true : undefined) : false,
    ipv4: server.ipv4Addresses ?? [],
    ipv6: server.ipv6Addresses ?? [],
  }));
  let verdict: DelegationVerdict;
  if (status.zone_exists === false) verdict = 'noZone';
  else if (gcoreCount === 0 && otherCount === 0) verdict = 'none';
  else if (otherCount === 0) verdict = 'delegated';
  else if (gcoreCount === 0) verdict = 'elsewhere';
  else verdict = 'partly';
  return { verdict, servers, gcoreCount, otherCount, whiteLabel };
}

function others(reading: DelegationReading): string[] {
  return reading.servers.filter((server) => server.gcore === false).map((server) => server.name);
}

/** The verdict in one sentence, for a notification and the report's first line. */
export function delegationSummary(zoneName: string, reading: DelegationReading): string {
  const zone = domainNameForDisplay(zoneName);
  const foreign = others(reading);
  switch (reading.verdict) {
    case 'delegated':
      return l10n.t("{0} is delegated to Gcore: its registrar lists only Gcore's name servers.", zone);
    case 'partly':
      return foreign.length > 0
        ? l10n.t(
            "{0} is only partly delegated to Gcore: its registrar also lists name servers that are not Gcore's ({1}).",
            zone,
            foreign.join(', '),
          )
        : reading.otherCount === 1
          ? l10n.t("{0} is only partly delegated to Gcore: its registrar also lists a name server that is not Gcore's.", zone)
          : l10n.t(
              "{0} is only partly delegated to Gcore: its registrar also lists {1} name servers that are not Gcore's.",
              zone,
              reading.otherCount,
            );
    case 'elsewhere':
      return foreign.length > 0
        ? l10n.t('{0} is not delegated to Gcore: its registrar lists other name servers ({1}).', zone, foreign.join(', '))
        : l10n.t('{0} is not delegated to Gcore: its registrar lists other name servers.', zone);
    case 'none':
      return l10n.t(
        'The registrar lists no name servers for {0}: the domain may not be registered, or its registration may have lapsed.',
        zone,
      );
    case 'noZone':
      return l10n.t('Gcore has no zone {0} in this account.', zone);
  }
}

/** What the verdict means for the zone and its DNSSEC, and what to do next. */
function meaningAndNextStep(
  zoneName: string,
  reading: DelegationReading,
  dnssecStatus: string | undefined,
): { meaning: string[]; next: string[] } {
  const zone = domainNameForDisplay(zoneName);
  const gcoreServers = reading.whiteLabel ? reading.servers.filter((server) => server.gcore === true).map((server) => server.name) : [];
  const target = (gcoreServers.length > 0 ? gcoreServers : GCORE_NAME_SERVERS).map((server) => `\`${server}\``).join(', ');
  const foreign = others(reading);
  const remove = foreign.length > 0 ? ` ${l10n.t('Remove {0}.', foreign.map((server) => `\`${server}\``).join(', '))}` : '';
  const again = l10n.t('Registrars publish a change within hours (up to 48 h); then run Check Delegation again.');
  switch (reading.verdict) {
    case 'delegated':
      return {
        meaning: [l10n.t("Resolvers everywhere ask Gcore's name servers for {0}: the records in this zone are what the world sees.", zone)],
        next:
          dnssecStatus === 'pending'
            ? [
                l10n.t(
                  'DNSSEC still waits for the DS record at the registrar: copy it (Copy DS Record on the zone) and add it there. Gcore shows DNSSEC as on once the registrar publishes it.',
                ),
              ]
            : [l10n.t('Nothing to do.')],
      };
    case 'partly':
    case 'elsewhere':
      return {
        meaning: [
          reading.verdict === 'partly'
            ? l10n.t(
                "Resolvers pick any of the servers the registrar lists, so some of them are answered by servers that are not Gcore's, with what those servers hold: changes made at Gcore reach only part of the world.",
              )
            : l10n.t(
                "Resolvers ask the servers the registrar lists, none of which is Gcore's: the records of this zone at Gcore are not what the world sees.",
              ),
          l10n.t(
            "Until the registrar points only to Gcore's name servers, the zone stays pending at Gcore, and so does its DNSSEC: a DS record at the registrar would make validating resolvers refuse the answers of servers that do not sign with Gcore's key.",
          ),
        ],
        next: [`${l10n.t('At the registrar of {0}, set the name servers to exactly {1}.', zone, target)}${remove} ${again}`],
      };
    case 'none':
      return {
        meaning: [
          l10n.t('Without name servers at the registrar, resolvers find no answer for the domain, whatever the zone at Gcore holds.'),
        ],
        next: [`${l10n.t('Check the registration of {0} with its registrar, and set its name servers to {1}.', zone, target)} ${again}`],
      };
    case 'noZone':
      return {
        meaning: [l10n.t('Gcore answers for the domain only once the account has a zone of that name.')],
        next: [l10n.t('Create the zone (Create DNS Zone), or check the spelling of the name.')],
      };
  }
}

/** A table cell: one line, its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${cell(text).replace(/`/g, "'")}\``;
}

const MARKS: ReadonlyMap<boolean | undefined, string> = new Map([
  [true, l10n.t('✓ Gcore')],
  [false, l10n.t('✗ not Gcore')],
  [undefined, l10n.t('? cannot tell (white label)')],
]);

const HEADINGS: Record<DelegationVerdict, string> = {
  delegated: l10n.t('✓ Delegated to Gcore'),
  partly: l10n.t('✗ Partly delegated to Gcore'),
  elsewhere: l10n.t('✗ Not delegated to Gcore'),
  none: l10n.t('✗ No name servers at the registrar'),
  noZone: l10n.t('✗ No such zone at Gcore'),
};

export interface DelegationReportInput {
  /** ASCII, without the trailing dot. */
  zoneName: string;
  status: DelegationStatus;
  /** The zone's `dnssec_status` in the account's list, when known: a pending DNSSEC adds its step. */
  dnssecStatus?: string;
  checkedAt: Date;
}

/**
 * The Check Delegation document: the verdict, the name servers the registrar lists (which are Gcore's, which
 * are not, their addresses), what that means for the zone and its DNSSEC, and the next step. Markdown,
 * readable as text.
 */
export function delegationReport(input: DelegationReportInput): string {
  const reading = readDelegation(input.status);
  const zone = domainNameForDisplay(input.zoneName);
  const lines = [`# ${l10n.t('Delegation of {0}', zone)}`, ''];
  lines.push(l10n.t('Checked {0}.', `${input.checkedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`), '');
  lines.push(`**${HEADINGS[reading.verdict]}.** ${delegationSummary(input.zoneName, reading)}`, '');
  lines.push(`## ${l10n.t('Name servers at the registrar')}`, '');
  if (reading.servers.length === 0) lines.push(l10n.t('The registrar lists none.'));
  else {
    lines.push(`| ${l10n.t('Name server')} | ${l10n.t("Gcore's")} | IPv4 | IPv6 |`, '|---|---|---|---|');
    for (const server of reading.servers) {
      lines.push(
        `| ${code(server.name)} | ${MARKS.get(server.gcore) ?? ''} | ${cell(server.ipv4.join(', '))} | ${cell(server.ipv6.join(', '))} |`,
      );
    }
  }
  lines.push('', l10n.t('Gcore counts {0} of its own name servers and {1} of others.', reading.gcoreCount, reading.otherCount));
  if (reading.whiteLabel) {
    lines.push('', l10n.t("This is a white-label delegation: Gcore's servers answer under names of the account's own domain."));
  }
  const { meaning, next } = meaningAndNextStep(input.zoneName, reading, input.dnssecStatus);
  lines.push(
    '',
    `## ${l10n.t('What it means')}`,
    '',
    ...meaning.flatMap((paragraph, index) => (index === 0 ? [paragraph] : ['', paragraph])),
  );
  lines.push('', `## ${l10n.t('Next step')}`, '', ...next);
  return `${lines.join('\n')}\n`;
}
