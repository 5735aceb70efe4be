import type { ListShape } from '../paging';

/** The DNS zone list's shape, `{total_amount, zones}`. */
export const DNS_ZONE_LIST: ListShape = { total: 'total_amount', items: 'zones' };

/** A zone's record sets' shape, `{total_amount, rrsets}`. */
export const DNS_RECORD_SET_LIST: ListShape = { total: 'total_amount', items: 'rrsets' };
