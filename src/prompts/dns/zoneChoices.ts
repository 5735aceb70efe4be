import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../api/dns/dnsTypes';
import { domainNameKey } from '../../core/domainNameKey';
import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { KnownZone, KnownZonesStore } from '../../state/dns/knownZones';
import { pickZone } from '../../ui/dns/zonePicker';
import type { Back, PromptUi, StepPosition } from '../../ui/promptUi';
import { zoneRowDescription } from '../../views/dns/presentation/recordSetCount';
import { zoneRows } from '../../views/dns/presentation/zoneRows';
import { zoneAtGcoreSummary } from '../../views/dns/presentation/zoneView';

/** What the zone prompts read: the zones known here, and the account's list. */
export interface ZoneSources {
  readonly zones: KnownZonesStore;
  readonly reads: DnsReads;
}

/** The zones a picker offers, and what the account's list says of each. */
export interface ZoneChoices {
  zones: KnownZone[];
  /** The zone as the account's list has it; undefined for a zone it does not have, or without the list. */
  atGcore(zone: KnownZone): DnsZone | undefined;
  /** The zone's description as its row in the tree has it (Gcore's DNSSEC state, disabled, its record sets); undefined without the list. */
  describe(zone: KnownZone): string | undefined;
  /** Whether DNSSEC is on (pending counts) as the zone's row says it: Gcore's state, else the last seen here; undefined when unknown. */
  dnssecOn(zone: KnownZone): boolean | undefined;
}

function dnssecSeenHere(zone: KnownZone): boolean | undefined {
  return zone.dnssec === 'unknown' ? undefined : zone.dnssec === 'on';
}

/**
 * The zones a command offers and record sets are read and written in: the account's, with those known here;
 * the known ones alone when the account's list cannot be read (an API without it).
 */
export async function zoneChoices(services: ZoneSources): Promise<ZoneChoices> {
  const known = services.zones.all();
  const listed = await services.reads.zones();
  if (listed.state !== 'loaded') {
    return { zones: [...known], atGcore: () => undefined, describe: () => undefined, dnssecOn: dnssecSeenHere };
  }
  const rows = new Map(
    zoneRows(known, listed.value.zones)
      .filter((row) => !row.gone)
      .map((row) => [row.zone.name, row]),
  );
  const atGcoreOf = (zone: KnownZone): DnsZone | undefined => rows.get(zone.name)?.atGcore;
  return {
    zones: [...rows.values()].map((row) => row.zone),
    atGcore: atGcoreOf,
    describe: (zone) => {
      const atGcore = atGcoreOf(zone);
      return atGcore ? zoneRowDescription(zoneAtGcoreSummary(atGcore).description, atGcore) : undefined;
    },
    dnssecOn: (zone) => {
      const atGcore = atGcoreOf(zone);
      return atGcore ? zoneAtGcoreSummary(atGcore).dnssecOn : dnssecSeenHere(zone);
    },
  };
}

/**
 * A zone picked from zoneChoices, each described as its row is, or a typed name; `prefer` lists first the zones
 * it holds for, given what the account's list says of them.
 */
export async function pickAccountZone(
  services: ZoneSources,
  ui: PromptUi,
  position: StepPosition,
  prefer?: (zone: KnownZone, choices: ZoneChoices) => boolean,
): Promise<string | Back> {
  const choices = await zoneChoices(services);
  return pickZone(ui, choices.zones, position, {
    allowTyped: true,
    placeholder: l10n.t('Zone'),
    describe: choices.describe,
    prefer: prefer && ((zone) => prefer(zone, choices)),
  });
}

/** The zone that holds a name: the longest of the zones the name ends in (a delegated subzone wins over its parent). */
export function zoneHolding(name: string, zones: readonly KnownZone[]): string | undefined {
  const key = domainNameKey(name);
  let best: string | undefined;
  for (const zone of zones) {
    const zoneKey = domainNameKey(zone.name);
    if ((key === zoneKey || key.endsWith(`.${zoneKey}`)) && (best === undefined || zoneKey.length > best.length)) best = zoneKey;
  }
  return best;
}
