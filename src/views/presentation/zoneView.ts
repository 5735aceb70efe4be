import type { DnssecState } from '../../api/types';
import type { DnssecStatus, KnownZone } from '../../state/knownZones';
import { domainNameForDisplay } from '../../validation/domainName';
import { escapeMarkdown, type ItemView } from './itemView';
import { finiteNumber, isRecord, nonEmptyText } from './wireValues';

const STATUS_PRESENTATION: Record<DnssecStatus, { icon: NonNullable<ItemView['icon']>; explanation: string }> = {
  on: {
    icon: { id: 'lock' },
    explanation: 'DNSSEC is **on**. The zone is signed; give its DS record to the domain registrar to complete the chain of trust.',
  },
  off: { icon: { id: 'unlock' }, explanation: 'DNSSEC is **off**.' },
  unknown: {
    icon: { id: 'question' },
    explanation:
      'DNSSEC state is **unknown**. This extension has not toggled DNSSEC for this zone yet, so it does not know the state at Gcore.',
  },
};

const REGISTRAR_HINT =
  'Give the DS record to the registrar of this domain: DNSSEC validation only works once the parent zone publishes it.';

/** What the account's zone list says of a zone: whether it is served, and its DNSSEC state there. */
export interface ZoneAtGcore {
  enabled?: boolean | null;
  dnssec_status?: string | null;
  dnssec_enabled?: boolean | null;
}

/** `dnssec_status` in words, and whether DNSSEC counts as on for the actions offered. */
const DNSSEC_AT_GCORE: Record<string, { words: string; on: boolean; explanation: string }> = {
  active: { words: 'on', on: true, explanation: 'DNSSEC is **on** and the registrar publishes the DS record: resolvers can validate the zone.' },
  pending: {
    words: 'pending: add the DS record at your registrar',
    on: true,
    explanation: 'DNSSEC is **on**, waiting for the DS record at the domain registrar. Give it the DS record to complete the chain of trust.',
  },
  'pending-disabled': { words: 'turning off', on: false, explanation: 'DNSSEC is **being switched off**.' },
  disabled: { words: 'off', on: false, explanation: 'DNSSEC is **off** (it was on before).' },
  never: { words: 'off', on: false, explanation: 'DNSSEC is **off**; it was never enabled.' },
};

/**
 * A zone's row. With what the account's zone list says (`atGcore`), its DNSSEC state is Gcore's; without
 * it (an API without the list), it is what this extension last saw. `gone`: a zone known here that the
 * account no longer has.
 */
export function zoneView(zone: KnownZone, atGcore?: ZoneAtGcore, gone = false): ItemView {
  const label = domainNameForDisplay(zone.name);
  const blocks = [`### ${escapeMarkdown(label)}`];
  if (label !== zone.name) blocks.push(`ASCII name: ${escapeMarkdown(zone.name)}`);
  if (gone) {
    blocks.push('The account no longer has this zone. Forget Zone removes it from this list.');
    return { label, description: 'not in the account', tooltip: blocks.join('\n\n'), icon: { id: 'warning', color: 'list.warningForeground' }, contextValue: 'zone.gone' };
  }
  let description: string;
  let status: DnssecStatus;
  // Pending is on, for every action, and waits on the registrar: its row offers Check Now.
  let pending = false;
  let icon: NonNullable<ItemView['icon']>;
  if (atGcore) {
    const state = DNSSEC_AT_GCORE[nonEmptyText(atGcore.dnssec_status) ?? (atGcore.dnssec_enabled ? 'pending' : 'never')] ?? {
      words: String(atGcore.dnssec_status),
      on: atGcore.dnssec_enabled === true,
      explanation: `DNSSEC state at Gcore: **${escapeMarkdown(String(atGcore.dnssec_status))}**.`,
    };
    status = state.on ? 'on' : 'off';
    pending = state === DNSSEC_AT_GCORE.pending;
    icon = pending ? { id: 'clock' } : { ...STATUS_PRESENTATION[status].icon };
    description = `${atGcore.enabled === false ? 'not served · ' : ''}DNSSEC ${state.words}`;
    blocks.push(state.explanation);
    if (atGcore.enabled === false) blocks.push('The zone is **not served** (disabled at Gcore).');
  } else {
    status = knownStatus(zone.dnssec);
    icon = { ...STATUS_PRESENTATION[status].icon };
    description = `DNSSEC ${status}`;
    blocks.push(STATUS_PRESENTATION[status].explanation);
  }
  const message = status === 'on' ? nonEmptyText(zone.ds?.message) : undefined;
  if (message !== undefined) blocks.push(`Gcore said: ${escapeMarkdown(message)}`);
  if (zone.createdHere === true) blocks.push('Created with this extension.');
  if (pending) blocks.push('No background check runs (a registrar can take days): **Check Now** on the row reads the state again.');
  return { label, description, tooltip: blocks.join('\n\n'), icon, contextValue: pending ? 'zone.dnssec.pending' : `zone.dnssec.${status}` };
}

/** Snapshots come back from globalState, which an older or newer extension version may have written. */
function knownStatus(status: unknown): DnssecStatus {
  return status === 'on' || status === 'off' ? status : 'unknown';
}

export interface DsDetailRow {
  key: 'ds' | 'keyTag' | 'algorithm' | 'digest' | 'dnskey';
  label: string;
  value: string;
  view: ItemView;
}

/** Child rows of a zone with DNSSEC on, one per DS fact the API returned. */
export function dnssecDetailRows(zone: KnownZone): DsDetailRow[] {
  if (zone.dnssec !== 'on' || !isRecord(zone.ds)) return [];
  const ds = zone.ds;
  const rows: DsDetailRow[] = [];
  const record = nonEmptyText(ds.ds);
  if (record !== undefined) {
    rows.push(detailRow('ds', 'DS record', record, { icon: 'key', contextValue: 'zone.dsRecord' }));
  }
  const keyTag = finiteNumber(ds.key_tag);
  if (keyTag !== undefined) rows.push(detailRow('keyTag', 'Key tag', String(keyTag), { icon: 'tag' }));
  const algorithm = joinPresent([nonEmptyText(ds.algorithm), nonEmptyText(ds.key_type)]);
  if (algorithm !== undefined) rows.push(detailRow('algorithm', 'Algorithm', algorithm, { icon: 'symbol-key' }));
  const digest = nonEmptyText(ds.digest);
  if (digest !== undefined) {
    const digestAlgorithm = digestAlgorithmName(ds);
    rows.push(
      detailRow('digest', 'Digest', joinPresent([digestAlgorithm, digest]) ?? digest, {
        icon: 'symbol-numeric',
        description: joinPresent([digestAlgorithm, shortenDigest(digest)]),
      }),
    );
  }
  const dnskey = dnskeyRow(ds);
  if (dnskey !== undefined) rows.push(dnskey);
  return rows;
}

/**
 * Some registrars take the zone's key (DNSKEY) instead of its DS record. Its record data in zone-file form
 * is "flags protocol algorithm public-key"; the protocol is always 3 (RFC 4034).
 */
function dnskeyRow(ds: DnssecState): DsDetailRow | undefined {
  const publicKey = nonEmptyText(ds.public_key);
  if (publicKey === undefined) return undefined;
  const flags = finiteNumber(ds.flags);
  const algorithm = nonEmptyText(ds.algorithm);
  const value = flags !== undefined && algorithm !== undefined ? `${flags} 3 ${algorithm} ${publicKey}` : publicKey;
  const facts = [
    flags === undefined ? undefined : `Flags: ${flags}${flags === 257 ? ' (key-signing key)' : ''}`,
    algorithm === undefined ? undefined : `Algorithm: ${joinPresent([algorithm, nonEmptyText(ds.key_type)])}`,
    `Public key: ${publicKey}`,
  ].filter((fact): fact is string => fact !== undefined);
  const row = detailRow('dnskey', 'DNSKEY', value, {
    icon: 'key',
    description: joinPresent([flags === undefined ? undefined : `flags ${flags}`, shortenDigest(publicKey)]),
  });
  row.view.tooltip = [
    '**DNSKEY**',
    escapeMarkdown(value),
    facts.map((fact) => escapeMarkdown(fact)).join('  \n'),
    'For registrars that ask for the key (flags, protocol, algorithm and public key) instead of the DS record.',
  ].join('\n\n');
  return row;
}

function detailRow(
  key: DsDetailRow['key'],
  label: string,
  value: string,
  options: { icon: string; contextValue?: string; description?: string },
): DsDetailRow {
  const tooltip = [`**${label}**`, escapeMarkdown(value), REGISTRAR_HINT].join('\n\n');
  return {
    key,
    label,
    value,
    view: {
      label,
      description: options.description ?? value,
      tooltip,
      icon: { id: options.icon },
      contextValue: options.contextValue ?? 'zone.dnssecDetail',
    },
  };
}

function joinPresent(parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined);
  return present.length > 0 ? present.join(' · ') : undefined;
}

/** Prefers the algorithm name; the numeric digest type alone ("2") means little to most readers, so it is labelled. */
function digestAlgorithmName(ds: DnssecState): string | undefined {
  const name = nonEmptyText(ds.digest_algorithm);
  if (name !== undefined) return name;
  const type = nonEmptyText(ds.digest_type);
  return type === undefined ? undefined : `type ${type}`;
}

const DIGEST_PREVIEW_LENGTH = 12;

/** A SHA-256 digest is 64 hex digits; the start is enough to recognise it, the tooltip has the rest. */
function shortenDigest(digest: string): string {
  return digest.length > DIGEST_PREVIEW_LENGTH + 1 ? `${digest.slice(0, DIGEST_PREVIEW_LENGTH)}…` : digest;
}

/** What Check Now found, in words that say what to do next. */
export function zoneStateMessage(name: string, zone: ZoneAtGcore | undefined): string {
  if (!zone) return `The account has no zone ${name} any more.`;
  switch (zone.dnssec_status) {
    case 'active':
      return `DNSSEC is on for ${name}: the registrar publishes the DS record, so resolvers can validate the zone.`;
    case 'pending':
      return `DNSSEC for ${name} still waits for the DS record at the registrar. Registrars can take hours or days; Check Now again later.`;
    case 'pending-disabled':
      return `DNSSEC for ${name} is being switched off.`;
    default:
      return zone.dnssec_enabled ? `DNSSEC is on for ${name}.` : `DNSSEC is off for ${name}.`;
  }
}
