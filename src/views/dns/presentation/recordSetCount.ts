import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../../api/dns/dnsTypes';
import { typeFilterText } from './recordTypes';
import { finiteNumber, isRecord } from '../../presentation/wireValues';

/**
 * How many record sets a zone has, from the zone list's `rrsets_amount` ({total, static, dynamic: {total,
 * healthcheck}}): "12 record sets", "12 record sets (2 dynamic)". Undefined when the list does not say.
 */
export function recordSetCountText(zone: DnsZone): string | undefined {
  const amount = isRecord(zone.rrsets_amount) ? zone.rrsets_amount : undefined;
  const total = finiteNumber(amount?.total);
  if (amount === undefined || total === undefined) return undefined;
  const count = total === 0 ? l10n.t('no record sets') : total === 1 ? l10n.t('1 record set') : l10n.t('{0} record sets', total);
  const dynamic = isRecord(amount.dynamic) ? amount.dynamic : undefined;
  const dynamicTotal = finiteNumber(dynamic?.total) ?? 0;
  const healthChecked = finiteNumber(dynamic?.healthcheck) ?? 0;
  if (healthChecked > 0) return l10n.t('{0} ({1} dynamic, {2} health-checked)', count, dynamicTotal, healthChecked);
  return dynamicTotal > 0 ? l10n.t('{0} ({1} dynamic)', count, dynamicTotal) : count;
}

/**
 * A zone row's description: what it says of DNSSEC (and of a disabled zone), then the record sets the
 * account's list counts and the filter on their types, each where given. The tree's row and a zone pick say it alike.
 */
export function zoneRowDescription(description: string | undefined, counted?: DnsZone, types?: ReadonlySet<string>): string {
  const facts = [
    description,
    counted ? recordSetCountText(counted) : undefined,
    types !== undefined && types.size > 0 ? typeFilterText(types) : undefined,
  ];
  return facts.filter((fact): fact is string => fact !== undefined && fact !== '').join(' · ');
}
