import { createHash } from 'node:crypto';
import type { NewRecord, RecordSetInput, ZoneRecordSets } from './record-set-store';

/** The zone `recordSetsInZone` fills, for benchmarks of big zones. */
export const LARGE_ZONE_NAME = 'large.example';

/** Seeded sets carry fixed times, so that answers and screenshots are the same every run. */
const SEEDED_AT_MS = Date.UTC(2026, 4, 2, 8, 15);

/** Gcore's name servers, as a new zone's NS set names them. */
const NAME_SERVERS = ['ns1.gcorelabs.net.', 'ns2.gcdn.services.'];

/** The zone fields the SOA record holds, with the defaults the zone endpoints report. */
interface SoaFields {
  name: string;
  contact?: string;
  serial?: number;
  refresh?: number;
  retry?: number;
  expiry?: number;
  nx_ttl?: number;
}

const records = (...contents: unknown[][]): NewRecord[] => contents.map((content) => ({ content, enabled: true, meta: {} }));

function input(ttl: number, recordList: NewRecord[], extra: Partial<RecordSetInput> = {}): RecordSetInput {
  return { ttl, records: recordList, meta: {}, pickers: [], ...extra };
}

/** The SOA and NS sets Gcore gives every zone when it is created. */
export function seedZoneApex(sets: ZoneRecordSets, zone: SoaFields): void {
  const mailbox = zone.contact?.includes('@') ? zone.contact.replace('@', '.') : `hostmaster.${zone.name}`;
  const soa = [
    NAME_SERVERS[0],
    `${mailbox}.`,
    zone.serial ?? 1,
    zone.refresh ?? 3600,
    zone.retry ?? 3600,
    zone.expiry ?? 1_209_600,
    zone.nx_ttl ?? 3600,
  ];
  sets.seed(zone.name, 'SOA', input(3600, records(soa)), SEEDED_AT_MS);
  sets.seed(zone.name, 'NS', input(3600, records(...NAME_SERVERS.map((server) => [server]))), SEEDED_AT_MS);
}

/**
 * A made-up but well-formed 2048-bit RSA public key (SubjectPublicKeyInfo, base64), as a DKIM record
 * publishes it: longer than one 255-character TXT string.
 */
function dkimPublicKey(): string {
  const modulus = Buffer.concat([0, 1, 2, 3].map((part) => createHash('sha512').update(`gcore-api-emulator/dkim/${part}`).digest()));
  modulus[0] |= 0x80;
  const header = Buffer.from('30820122300d06092a864886f70d01010105000382010f003082010a0282010100', 'hex');
  return Buffer.concat([header, modulus, Buffer.from('0203010001', 'hex')]).toString('base64');
}

/**
 * The playground's zone, as a small company runs it: addresses, mail (MX, SPF, DKIM, DMARC), CAA, a SIP
 * service, a GeoDNS set, a health-checked failover set and a record switched off.
 */
export function seedExampleZone(sets: ZoneRecordSets, zone: string): void {
  let minute = 0;
  const seed = (name: string, type: string, set: RecordSetInput): void => {
    sets.seed(name === '@' ? zone : `${name}.${zone}`, type, set, SEEDED_AT_MS + ++minute * 60_000);
  };
  seed('@', 'A', input(300, records(['203.0.113.10'], ['203.0.113.11'])));
  seed('@', 'AAAA', input(300, records(['2001:db8:10::10'])));
  seed('www', 'CNAME', input(3600, records([`${zone}.`])));
  seed('@', 'MX', input(3600, records([10, `mail.${zone}.`], [20, 'backup-mx.example.net.'])));
  seed('mail', 'A', input(3600, records(['203.0.113.25'])));
  seed('@', 'TXT', input(3600, records(['v=spf1 mx include:_spf.example.net ~all'])));
  seed('selector1._domainkey', 'TXT', input(3600, records([`v=DKIM1; k=rsa; p=${dkimPublicKey()}`])));
  // Real data holds some TXT text in its zone-file form, quoted; clients must read both.
  seed('_dmarc', 'TXT', input(3600, records([`"v=DMARC1; p=quarantine; rua=mailto:dmarc@${zone}"`])));
  seed('@', 'CAA', input(3600, records([0, 'issue', 'letsencrypt.org'], [0, 'iodef', `mailto:security@${zone}`])));
  seed('_sip._tcp', 'SRV', input(3600, records([10, 60, 5060, `sip.${zone}.`], [20, 40, 5060, `sip-backup.${zone}.`])));
  seed('sip', 'A', input(3600, records(['203.0.113.30'])));
  seed(
    'cdn',
    'A',
    input(
      120,
      [
        { content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } },
        { content: ['198.51.100.20'], enabled: true, meta: { countries: ['US', 'CA'] } },
        { content: ['198.51.100.30'], enabled: true, meta: { default: true } },
      ],
      {
        pickers: [
          { type: 'geodns', strict: false },
          { type: 'default', strict: false },
          { type: 'first_n', limit: 1, strict: false },
        ],
      },
    ),
  );
  seed(
    'app',
    'A',
    input(
      30,
      [
        { content: ['203.0.113.40'], enabled: true, meta: { weight: 50 } },
        { content: ['203.0.113.41'], enabled: true, meta: { weight: 50 } },
        { content: ['198.51.100.40'], enabled: true, meta: { backup: true, notes: 'standby in the second data centre' } },
      ],
      {
        meta: {
          failover: {
            frequency: 60,
            host: `app.${zone}`,
            http_status_code: 200,
            method: 'GET',
            port: 80,
            protocol: 'HTTP',
            regexp: 'ok',
            timeout: 10,
            tls: false,
            url: '/health',
          },
        },
        pickers: [
          { type: 'healthcheck', strict: false },
          { type: 'weighted_shuffle', strict: false },
        ],
      },
    ),
  );
  seed(
    'api',
    'A',
    input(300, [
      { content: ['203.0.113.50'], enabled: true, meta: {} },
      { content: ['203.0.113.51'], enabled: false, meta: {} },
    ]),
  );
}

/** Fills a zone up to `count` record sets of the everyday types, one in a hundred a GeoDNS set. */
export function seedGeneratedRecordSets(sets: ZoneRecordSets, zone: string, count: number): void {
  for (let index = 0; sets.size < count; index++) {
    const name = `host-${String(index).padStart(5, '0')}.${zone}`;
    const octets = `${(index >> 8) & 0xff}.${index & 0xff}`;
    const at = SEEDED_AT_MS + index * 1000;
    if (index % 100 === 0) {
      const geo = [
        { content: [`198.18.${octets}`], enabled: true, meta: { continents: ['EU'] } },
        { content: [`198.19.${octets}`], enabled: true, meta: { default: true } },
      ];
      sets.seed(
        name,
        'A',
        input(120, geo, {
          pickers: [
            { type: 'geodns', strict: false },
            { type: 'default', strict: false },
          ],
        }),
        at,
      );
      continue;
    }
    switch (index % 4) {
      case 0:
        sets.seed(name, 'A', input(300, records([`10.${index >> 16}.${octets}`])), at);
        break;
      case 1:
        sets.seed(name, 'AAAA', input(300, records([`2001:db8::${index.toString(16)}`])), at);
        break;
      case 2:
        sets.seed(name, 'CNAME', input(3600, records([`host-${String(index - 2).padStart(5, '0')}.${zone}.`])), at);
        break;
      default:
        sets.seed(name, 'TXT', input(3600, records([`generated record ${index}`])), at);
    }
  }
}
