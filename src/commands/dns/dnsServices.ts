import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { KnownZonesStore } from '../../state/dns/knownZones';
import type { AreaServices } from '../services';

/** What the DNS commands use: what every area shares, the DNS reads, and the zones known here. */
export type DnsServices = AreaServices<DnsReads> & { readonly zones: KnownZonesStore };
