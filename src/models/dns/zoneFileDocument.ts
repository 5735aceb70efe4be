import { readZoneFile, type ZoneFileProblem } from './zoneFile/zoneFileReader';
import { groupRecordSets, type ZoneFileSet } from './zoneFile/zoneFileSets';

/** A zone file read into record sets, and what does not read or does not make a set (each at its line). */
export interface ZoneFileSets {
  sets: ZoneFileSet[];
  problems: ZoneFileProblem[];
  /** What refuses nothing but a reader should know (ZoneFileReading's). */
  notes: ZoneFileProblem[];
}

/**
 * Reads a zone file whose names are relative to `zoneName` into its record sets. The records of types the
 * extension does not edit (SOA, HTTPS, …) come as sets without values, so that the plan says why it skips
 * them rather than dropping them unseen.
 */
export function readZoneFileSets(text: string, zoneName: string): ZoneFileSets {
  const reading = readZoneFile(text, zoneName);
  const grouped = groupRecordSets(reading.records);
  const unread = new Map<string, ZoneFileSet>();
  for (const record of reading.records) {
    const key = `${record.name} ${record.type}`;
    if (record.content === undefined && !unread.has(key)) {
      unread.set(key, {
        name: record.name,
        type: record.type,
        ttl: record.ttl,
        defaultTtl: record.defaultTtl,
        line: record.line,
        records: [],
      });
    }
  }
  const sets = [...grouped.sets, ...unread.values()].sort((a, b) => a.line - b.line);
  return { sets, problems: [...reading.problems, ...grouped.problems].sort((a, b) => a.line - b.line), notes: reading.notes };
}
