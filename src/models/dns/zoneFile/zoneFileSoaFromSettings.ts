import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../../api/dns/dnsTypes';
import { normalizeDomainName } from '../../../validation/domainName';
import { normalizeEmailAddress } from '../../../validation/emailAddress';
import { readZoneSettings, type ZoneSettings } from '../zoneSettings';
import type { SoaContent } from './zoneFileSoa';

/*
 * The SOA an export writes when Gcore's record list carries none it can write: BIND loads no zone without one,
 * and the zone's settings hold every field of it (docs/gcore-api.md, "DNS zones"). Those settings are Gcore's
 * answer, so each is checked before it goes into the file: a value a zone file cannot carry as it is (a line
 * break in a primary server would add records of its own) is replaced, and the file says by what.
 */

type SoaTimer = 'serial' | 'refresh' | 'retry' | 'expiry' | 'nx_ttl';

/** What the zone endpoints report for a zone created without them. */
const DEFAULT_TIMERS: Readonly<Record<SoaTimer, number>> = { serial: 1, refresh: 3600, retry: 3600, expiry: 1_209_600, nx_ttl: 3600 };

/** The primary server of the SOA Gcore writes for a zone that names none, used when the list has no apex NS either. */
const GCORE_PRIMARY_SERVER = 'ns1.gcorelabs.net.';

/** A mailbox's first label as a zone file writes it: these characters as they are, a dot escaped. */
const MAILBOX_LOCAL_PART = /^[A-Za-z0-9_+.-]{1,63}$/;

/** A name's longest wire form (RFC 1035, 2.3.4), which its text may not pass with the root's dot. */
const MAX_NAME_LENGTH = 255;

export interface SoaFromSettings {
  content: SoaContent;
  /** The TTL of the SOA: the negative-caching TTL, which resolvers take as the smaller of the two (RFC 2308). */
  ttl: number;
  /** What the file says above the SOA: where it comes from, and each value written in place of one that was not readable. */
  notes: string[];
}

/**
 * The SOA of the zone's settings (`zone`; undefined when they could not be read): the primary server, the
 * contact as a mailbox (`hostmaster@example.com` → `hostmaster.example.com.`), the serial and the timers.
 * `apexNameServer`, the first name server of the apex NS set Gcore lists, stands in for a primary server the
 * settings do not give readably.
 */
export function soaFromZoneSettings(zoneName: string, zone: DnsZone | undefined, apexNameServer: string | undefined): SoaFromSettings {
  const notes = [
    zone === undefined
      ? l10n.t(
          "Gcore's record list holds no SOA a zone file can carry, and the zone's settings could not be read: the SOA below is written with defaults.",
        )
      : l10n.t("Gcore's record list holds no SOA a zone file can carry: the SOA below is written from the zone's settings."),
  ];
  const settings: ZoneSettings = zone === undefined ? {} : readZoneSettings(zone).settings;
  /** A value written in place of a setting that is absent or not readable. */
  const instead = <T extends string | number>(field: string, written: T): T => {
    if (zone !== undefined) {
      notes.push(l10n.t("{0} is written for {1}: the zone's settings give none a zone file can carry.", written, field));
    }
    return written;
  };
  const primary = hostName(settings.primary_server) ?? instead('primary_server', apexNameServer ?? GCORE_PRIMARY_SERVER);
  const mailbox = mailboxOf(settings.contact) ?? instead('contact', `hostmaster.${zoneName}.`);
  const timers = {} as Record<SoaTimer, number>;
  for (const field of Object.keys(DEFAULT_TIMERS) as SoaTimer[]) timers[field] = settings[field] ?? instead(field, DEFAULT_TIMERS[field]);
  return {
    content: [primary, mailbox, timers.serial, timers.refresh, timers.retry, timers.expiry, timers.nx_ttl],
    ttl: timers.nx_ttl,
    notes,
  };
}

/** A host name by the DNS rules, absolute; undefined for anything else. */
function hostName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const checked = normalizeDomainName(text);
  return checked.ok ? `${checked.name}.` : undefined;
}

/** The contact's e-mail address as the SOA's mailbox, its local part one label; undefined when it cannot be one. */
function mailboxOf(contact: string | undefined): string | undefined {
  if (contact === undefined) return undefined;
  const checked = normalizeEmailAddress(contact);
  if (!checked.ok) return undefined;
  const at = checked.address.lastIndexOf('@');
  const local = checked.address.slice(0, at);
  const domain = checked.address.slice(at + 1);
  if (!MAILBOX_LOCAL_PART.test(local) || local.length + domain.length + 2 > MAX_NAME_LENGTH) return undefined;
  return `${local.replaceAll('.', '\\.')}.${domain}.`;
}
