/*
 * The record types of the IANA "Resource Record (RR) TYPEs" registry, by mnemonic, so that a type nobody
 * defined (a typo, a provider's pseudo-type) is told apart from one the extension does not edit.
 */

/** Types a zone holds records of, obsolete and experimental ones included: an old zone file may carry them. */
export const ZONE_RECORD_TYPES: readonly string[] = [
  'A',
  'NS',
  'MD',
  'MF',
  'CNAME',
  'SOA',
  'MB',
  'MG',
  'MR',
  'NULL',
  'WKS',
  'PTR',
  'HINFO',
  'MINFO',
  'MX',
  'TXT',
  'RP',
  'AFSDB',
  'X25',
  'ISDN',
  'RT',
  'NSAP',
  'NSAP-PTR',
  'SIG',
  'KEY',
  'PX',
  'GPOS',
  'AAAA',
  'LOC',
  'NXT',
  'EID',
  'NIMLOC',
  'SRV',
  'ATMA',
  'NAPTR',
  'KX',
  'CERT',
  'A6',
  'DNAME',
  'SINK',
  'APL',
  'DS',
  'SSHFP',
  'IPSECKEY',
  'RRSIG',
  'NSEC',
  'DNSKEY',
  'DHCID',
  'NSEC3',
  'NSEC3PARAM',
  'TLSA',
  'SMIMEA',
  'HIP',
  'NINFO',
  'RKEY',
  'TALINK',
  'CDS',
  'CDNSKEY',
  'OPENPGPKEY',
  'CSYNC',
  'ZONEMD',
  'SVCB',
  'HTTPS',
  'DSYNC',
  'HHIT',
  'BRID',
  'SPF',
  'UINFO',
  'UID',
  'GID',
  'UNSPEC',
  'NID',
  'L32',
  'L64',
  'LP',
  'EUI48',
  'EUI64',
  'NXNAME',
  'URI',
  'CAA',
  'AVC',
  'DOA',
  'AMTRELAY',
  'RESINFO',
  'WALLET',
  'CLA',
  'IPN',
  'TA',
  'DLV',
];

/** Types that exist only in queries and transfers, never as a zone's data. */
export const QUERY_TYPES: readonly string[] = ['OPT', 'TKEY', 'TSIG', 'IXFR', 'AXFR', 'MAILB', 'MAILA', 'ANY'];

const RECORD_TYPES = new Set(ZONE_RECORD_TYPES);
const QUERY_ONLY = new Set(QUERY_TYPES);
// RFC 3597 writes any type by its number.
const GENERIC_TYPE = /^TYPE\d{1,5}$/;

/** The numbers of the types the API names, for RFC 3597's TYPEnn. */
const TYPE_NUMBERS: ReadonlyMap<number, string> = new Map([
  [1, 'A'],
  [2, 'NS'],
  [5, 'CNAME'],
  [6, 'SOA'],
  [12, 'PTR'],
  [15, 'MX'],
  [16, 'TXT'],
  [28, 'AAAA'],
  [33, 'SRV'],
  [43, 'DS'],
  [64, 'SVCB'],
  [65, 'HTTPS'],
  [257, 'CAA'],
]);

/** An upper-case type with RFC 3597's `TYPE257` written as the mnemonic it stands for (`CAA`), as BIND reads it. */
export function typeMnemonic(type: string): string {
  const number = GENERIC_TYPE.test(type) ? Number(type.slice(4)) : undefined;
  return (number === undefined ? undefined : TYPE_NUMBERS.get(number)) ?? type;
}

/** What an upper-case mnemonic names: a record type, a type of queries only, or nothing. */
export function recordTypeKind(type: string): 'record' | 'query' | 'unknown' {
  if (RECORD_TYPES.has(type) || GENERIC_TYPE.test(type)) return 'record';
  return QUERY_ONLY.has(type) ? 'query' : 'unknown';
}

/** The classes of RFC 1035 (and RFC 3597's CLASSnn): only IN is the Internet, and Gcore serves nothing else. */
const CLASS = /^(?:IN|CH|CS|HS|NONE|CLASS\d{1,5})$/;

export function isDnsClass(word: string): boolean {
  return CLASS.test(word);
}

/** IN, or RFC 3597's CLASS1 for it. */
export function isInternetClass(word: string): boolean {
  return word === 'IN' || word === 'CLASS1';
}
