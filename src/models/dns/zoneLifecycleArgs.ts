import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec } from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { ZONE_NAME_FIELD } from './zoneCreate';
import { ZONE_SETTING_FIELDS, type ZoneSettings } from './zoneSettings';

/*
 * Arguments of the zone lifecycle's programmatic commands (docs/guide/reference.md's
 * Commands). deleteZone, enableZone, disableZone and checkDelegation take a zone as every zone
 * command does (validateZoneNameArg); updateZone takes `{ zoneName, changes }`.
 */

export interface UpdateZoneArgs {
  /** ASCII, lower case, no trailing dot. */
  zoneName: string;
  /** At least one setting; each checked by the zone create field's spec. */
  changes: ZoneSettings;
}

const UPDATE_ZONE_ARGS: readonly FieldSpec[] = [
  { ...ZONE_NAME_FIELD, name: 'zoneName' },
  {
    name: 'changes',
    kind: 'object',
    label: l10n.t('Changes'),
    description: l10n.t('Zone settings to change (any zone create field but its name).'),
    required: true,
    fields: ZONE_SETTING_FIELDS,
  },
];

/**
 * `{ zoneName, changes }` of gcore.updateZone: the zone's name as a zone name, `changes` an object of zone
 * create fields but `name` (a zone is not renamed; an unknown field is refused, named `changes.<field>`), each
 * within its bounds, at least one of them.
 */
export function validateUpdateZoneArgs(input: unknown): Validated<UpdateZoneArgs> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        { field: '', message: l10n.t("the arguments must be an object such as { zoneName: 'example.com', changes: { nx_ttl: 600 } }") },
      ],
    };
  }
  const problems: FieldProblem[] = [];
  let given = input;
  if (isPlainObject(input.changes) && Object.hasOwn(input.changes, 'name')) {
    problems.push({ field: 'changes.name', message: l10n.t('a zone cannot be renamed; its name is zoneName') });
    const { name: _name, ...others } = input.changes;
    given = { ...input, changes: others };
  }
  const args = checkFields(UPDATE_ZONE_ARGS, given, '', problems);
  if (
    isPlainObject(given.changes) &&
    Object.values(given.changes).every((value) => value === undefined) &&
    !problems.some((problem) => problem.field === 'changes.name')
  ) {
    problems.push({ field: 'changes', message: l10n.t('must change at least one setting') });
  }
  return validated(args as unknown as UpdateZoneArgs, problems);
}

/** The settings a wizard's answers hold, checked and normalized as a programmatic change is (e-mail domain, host name). */
export function validateZoneSettings(input: ZoneSettings): Validated<ZoneSettings> {
  const problems: FieldProblem[] = [];
  const settings = checkFields(ZONE_SETTING_FIELDS, { ...input }, '', problems);
  return validated(settings as ZoneSettings, problems);
}
