import * as l10n from '@vscode/l10n';
import type { DnssecState } from '../../../api/dns/dnsTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import type { DnssecStatus, KnownZone } from '../../../state/dns/knownZones';
import { domainNameForDisplay } from '../../../validation/domainName';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { finiteNumber, isRecord, nonEmptyText } from '../../presentation/wireValues';

const STATUS_PRESENTATION: Record<DnssecStatus, { icon: NonNullable<ItemView['icon']>; description: string; explanation: string }> = {
  on: {
    icon: { id: 'lock' },
    description: l10n.t('DNSSEC on'),
    explanation: l10n.t('DNSSEC is **on**. The zone is signed; give its DS record to the domain registrar to complete the chain of trust.'),
  },
  off: { icon: { id: 'unlock' }, description: l10n.t('DNSSEC off'), explanation: l10n.t('DNSSEC is **off**.') },
  unknown: {
    icon: { id: 'question' },
    description: l10n.t('DNSSEC unknown'),
    explanation: l10n.t(
      'DNSSEC state is **unknown**. This extension has not toggled DNSSEC for this zone yet, so it does not know the state at Gcore.',
    ),
  },
};

/** A zone row's context value for the DNSSEC state known here or at Gcore (pending has its own). */
const DNSSEC_CONTEXT: Record<DnssecStatus, RowContext> = {
  on: ROW_CONTEXT.zoneDnssecOn,
  off: ROW_CONTEXT.zoneDnssecOff,
  unknown: ROW_CONTEXT.zoneDnssecUnknown,
};

/** The same, for a zone Gcore lists as disabled: Enable Zone is offered on it instead of Disable Zone. */
const DISABLED_CONTEXT: Record<DnssecStatus | 'pending', RowContext> = {
  on: ROW_CONTEXT.zoneDnssecOnDisabled,
  off: ROW_CONTEXT.zoneDnssecOffDisabled,
  unknown: ROW_CONTEXT.zoneDnssecUnknownDisabled,
  pending: ROW_CONTEXT.zoneDnssecPendingDisabled,
};

/** Every context value of a zone row whose DNSSEC counts as on (pending too), served or disabled. */
export const DNSSEC_ON_CONTEXTS: ReadonlySet<RowContext> = new Set([
  ROW_CONTEXT.zoneDnssecOn,
  ROW_CONTEXT.zoneDnssecPending,
  ROW_CONTEXT.zoneDnssecOnDisabled,
  ROW_CONTEXT.zoneDnssecPendingDisabled,
]);

const REGISTRAR_HINT = l10n.t(
  'Give the DS record to the registrar of this domain: DNSSEC validation only works once the parent zone publishes it.',
);

/** What the account's zone list says of a zone: whether it is served, and its DNSSEC state there. */
export interface ZoneAtGcore {
  enabled?: boolean | null;
  dnssec_status?: string | null;
  dnssec_enabled?: boolean | null;
}

/**
 * `dnssec_status` in words (the row's description), and whether DNSSEC counts as on for the actions offered
 * (a Map: Gcore's word may be `constructor` or `__proto__`).
 */
interface DnssecAtGcore {
  description: string;
  on: boolean;
  explanation: string;
}

const DNSSEC_AT_GCORE: ReadonlyMap<string, DnssecAtGcore> = new Map([
  [
    'active',
    {
      description: l10n.t('DNSSEC on'),
      on: true,
      explanation: l10n.t('DNSSEC is **on** and the registrar publishes the DS record: resolvers can validate the zone.'),
    },
  ],
  [
    'pending',
    {
      description: l10n.t('DNSSEC pending: add the DS record at your registrar'),
      on: true,
      explanation: l10n.t(
        'DNSSEC is **on**, waiting for the DS record at the domain registrar. Give it the DS record to complete the chain of trust.',
      ),
    },
  ],
  ['pending-disabled', { description: l10n.t('DNSSEC turning off'), on: false, explanation: l10n.t('DNSSEC is **being switched off**.') }],
  ['disabled', { description: l10n.t('DNSSEC off'), on: false, explanation: l10n.t('DNSSEC is **off** (it was on before).') }],
  ['never', { description: l10n.t('DNSSEC off'), on: false, explanation: l10n.t('DNSSEC is **off**; it was never enabled.') }],
]);

/** The DNSSEC state the account's zone list gives a zone (`dnssec_enabled` alone: on means pending). */
function dnssecAtGcore(atGcore: ZoneAtGcore): DnssecAtGcore {
  return (
    DNSSEC_AT_GCORE.get(nonEmptyText(atGcore.dnssec_status) ?? (atGcore.dnssec_enabled ? 'pending' : 'never')) ?? {
      description: l10n.t('DNSSEC {0}', String(atGcore.dnssec_status)),
      on: atGcore.dnssec_enabled === true,
      explanation: l10n.t('DNSSEC state at Gcore: **{0}**.', escapeMarkdown(String(atGcore.dnssec_status))),
    }
  );
}

function describedAtGcore(atGcore: ZoneAtGcore, state: DnssecAtGcore): string {
  return atGcore.enabled === false ? l10n.t('disabled · {0}', state.description) : state.description;
}

/**
 * What a zone's row says of a zone of the account's list, without the rest of the row (its tooltip, its
 * menus): its description, and whether its DNSSEC counts as on (pending too). For a pick of thousands.
 */
export function zoneAtGcoreSummary(atGcore: ZoneAtGcore): { description: string; dnssecOn: boolean } {
  const state = dnssecAtGcore(atGcore);
  return { description: describedAtGcore(atGcore, state), dnssecOn: state.on };
}

/**
 * A zone's row. With what the account's zone list says (`atGcore`), its DNSSEC state is Gcore's; without
 * it (an API without the list), it is what this extension last saw. `gone`: a zone known here that the
 * account no longer has.
 */
export function zoneView(zone: KnownZone, atGcore?: ZoneAtGcore, gone = false): ItemView {
  const label = domainNameForDisplay(zone.name);
  const blocks = [`### ${escapeMarkdown(label)}`];
  if (label !== zone.name) blocks.push(l10n.t('ASCII name: {0}', escapeMarkdown(zone.name)));
  if (gone) {
    blocks.push(l10n.t('The account no longer has this zone. Forget Zone removes it from this list.'));
    return {
      label,
      description: l10n.t('not in the account'),
      tooltip: blocks.join('\n\n'),
      icon: { id: 'warning', color: 'list.warningForeground' },
      contextValue: ROW_CONTEXT.zoneGone,
    };
  }
  let description: string;
  let status: DnssecStatus;
  // Pending is on, for every action, and waits on the registrar: its row offers Check Now.
  let pending = false;
  let icon: NonNullable<ItemView['icon']>;
  if (atGcore) {
    const state = dnssecAtGcore(atGcore);
    status = state.on ? 'on' : 'off';
    pending = state === DNSSEC_AT_GCORE.get('pending');
    icon = pending ? { id: 'clock' } : { ...STATUS_PRESENTATION[status].icon };
    description = describedAtGcore(atGcore, state);
    blocks.push(state.explanation);
    if (atGcore.enabled === false) {
      blocks.push(
        l10n.t(
          'The zone is **disabled** at Gcore: its name servers do not answer for it. Its records are kept; **Enable Zone** serves it again.',
        ),
      );
    }
  } else {
    status = knownStatus(zone.dnssec);
    icon = { ...STATUS_PRESENTATION[status].icon };
    description = STATUS_PRESENTATION[status].description;
    blocks.push(STATUS_PRESENTATION[status].explanation);
  }
  const message = status === 'on' ? nonEmptyText(zone.ds?.message) : undefined;
  if (message !== undefined) blocks.push(l10n.t('Gcore said: {0}', escapeMarkdown(message)));
  if (zone.createdHere === true) blocks.push(l10n.t('Created with this extension.'));
  if (pending) blocks.push(l10n.t('No background check runs (a registrar can take days): **Check Now** on the row reads the state again.'));
  const contextValue =
    atGcore?.enabled === false
      ? DISABLED_CONTEXT[pending ? 'pending' : status]
      : pending
        ? ROW_CONTEXT.zoneDnssecPending
        : DNSSEC_CONTEXT[status];
  return { label, description, tooltip: blocks.join('\n\n'), icon, contextValue };
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
    rows.push(detailRow('ds', l10n.t('DS record'), record, { icon: 'key', contextValue: ROW_CONTEXT.zoneDsRecord }));
  }
  const keyTag = finiteNumber(ds.key_tag);
  if (keyTag !== undefined) rows.push(detailRow('keyTag', l10n.t('Key tag'), String(keyTag), { icon: 'tag' }));
  const algorithm = joinPresent([nonEmptyText(ds.algorithm), nonEmptyText(ds.key_type)]);
  if (algorithm !== undefined) rows.push(detailRow('algorithm', l10n.t('Algorithm'), algorithm, { icon: 'symbol-key' }));
  const digest = nonEmptyText(ds.digest);
  if (digest !== undefined) {
    const digestAlgorithm = digestAlgorithmName(ds);
    rows.push(
      detailRow('digest', l10n.t('Digest'), joinPresent([digestAlgorithm, digest]) ?? digest, {
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
    flags === undefined ? undefined : flags === 257 ? l10n.t('Flags: {0} (key-signing key)', flags) : l10n.t('Flags: {0}', flags),
    algorithm === undefined ? undefined : l10n.t('Algorithm: {0}', joinPresent([algorithm, nonEmptyText(ds.key_type)]) ?? algorithm),
    l10n.t('Public key: {0}', publicKey),
  ].filter((fact): fact is string => fact !== undefined);
  const row = detailRow('dnskey', 'DNSKEY', value, {
    icon: 'key',
    description: joinPresent([flags === undefined ? undefined : l10n.t('flags {0}', flags), shortenDigest(publicKey)]),
  });
  row.view.tooltip = [
    '**DNSKEY**',
    escapeMarkdown(value),
    facts.map((fact) => escapeMarkdown(fact)).join('  \n'),
    l10n.t('For registrars that ask for the key (flags, protocol, algorithm and public key) instead of the DS record.'),
  ].join('\n\n');
  return row;
}

function detailRow(
  key: DsDetailRow['key'],
  label: string,
  value: string,
  options: { icon: string; contextValue?: RowContext; description?: string },
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
      contextValue: options.contextValue ?? ROW_CONTEXT.zoneDnssecDetail,
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
  return type === undefined ? undefined : l10n.t('type {0}', type);
}

const DIGEST_PREVIEW_LENGTH = 12;

/** A SHA-256 digest is 64 hex digits; the start is enough to recognise it, the tooltip has the rest. */
function shortenDigest(digest: string): string {
  return digest.length > DIGEST_PREVIEW_LENGTH + 1 ? `${digest.slice(0, DIGEST_PREVIEW_LENGTH)}…` : digest;
}

/** What Check Now found, in words that say what to do next. */
export function zoneStateMessage(name: string, zone: ZoneAtGcore | undefined): string {
  if (!zone) return l10n.t('The account has no zone {0} any more.', name);
  switch (zone.dnssec_status) {
    case 'active':
      return l10n.t('DNSSEC is on for {0}: the registrar publishes the DS record, so resolvers can validate the zone.', name);
    case 'pending':
      return l10n.t(
        'DNSSEC for {0} still waits for the DS record at the registrar. Registrars can take hours or days; Check Now again later.',
        name,
      );
    case 'pending-disabled':
      return l10n.t('DNSSEC for {0} is being switched off.', name);
    default:
      return zone.dnssec_enabled ? l10n.t('DNSSEC is on for {0}.', name) : l10n.t('DNSSEC is off for {0}.', name);
  }
}
