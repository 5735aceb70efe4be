import * as l10n from '@vscode/l10n';
import type { RecordSet } from '../../../api/dns/dnsTypes';
import { domainNameKey } from '../../../core/domainNameKey';
import { normalizeDnsName } from '../../../validation/domainName';
import { isPlainObject } from '../../../validation/fieldChecks';
import { checkResourceRecords, isEditableRecordType } from '../recordContent';
import { isDynamicRecordSet, recordSetSelection } from '../recordSets';

/**
 * Why a zone file cannot carry `set` as Gcore holds it, or undefined when it can. A set it cannot carry is
 * written as comments and never changed by saving: the SOA (Gcore's), a type not edited as text, a dynamic
 * set (its pickers and health checks), a set with a disabled record (a zone file has no way to say so), and
 * a set whose name or values would not read back as they are, and the NS set at the zone's apex (Gcore's
 * name servers, which the tree does not edit either). The text follows "this set", as in "this set is
 * dynamic (GeoDNS picks its answer)…".
 */
export function zoneFileEditability(set: RecordSet, zoneName: string): string | undefined {
  const type = String(set.type).toUpperCase();
  if (type === 'NS' && domainNameKey(String(set.name)) === domainNameKey(zoneName)) {
    return l10n.t("is the zone's NS set at the apex, which Gcore manages");
  }
  if (type === 'SOA') return l10n.t('is managed by Gcore (Edit Zone Settings changes its contact, primary server and timers)');
  if (!isEditableRecordType(type)) return l10n.t('is of type {0}, which is not edited as a zone file here', type);
  if (isDynamicRecordSet(set)) {
    return l10n.t(
      'is dynamic ({0} picks its answer), which a zone file cannot say; Edit Record in the Gcore tree keeps it',
      recordSetSelection(set) ?? '',
    );
  }
  const records: unknown[] = Array.isArray(set.resource_records) ? set.resource_records : [];
  if (records.some((record) => isPlainObject(record) && record.enabled === false)) {
    return l10n.t('holds a disabled record, which a zone file cannot mark; Edit Record in the Gcore tree changes it');
  }
  const name = normalizeDnsName(domainNameKey(String(set.name)), { underscores: true, wildcard: true });
  if (!name.ok) return l10n.t('has a name a zone file cannot hold ({0})', name.messages.join('; '));
  const values = checkResourceRecords(
    type,
    records.map((record) => (isPlainObject(record) ? { content: record.content } : record)),
    false,
  );
  if (!values.ok) {
    return l10n.t(
      'holds values that break the {0} rules ({1}); Edit Record in the Gcore tree changes them',
      type,
      values.problems.map((problem) => problem.message).join('; '),
    );
  }
  return undefined;
}
