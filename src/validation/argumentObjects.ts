import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject } from './fieldChecks';
import type { FieldSpec } from './fieldSpec';
import { validated } from './problems';
import type { FieldProblem, Validated } from './problems';

/*
 * A command's argument object checked against its fields' specs: problems name the argument path, so a bad
 * change reads 'changes.scale.min' rather than the bare wire path.
 */

export function validateArgs<T>(
  input: unknown,
  specs: readonly FieldSpec[],
  extraChecks?: (args: Record<string, unknown>, problems: FieldProblem[]) => void,
): Validated<T> {
  if (!isPlainObject(input)) {
    const names = specs
      .filter((s) => s.required)
      .map((s) => s.name)
      .join(', ');
    return { ok: false, problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', names) }] };
  }
  const problems: FieldProblem[] = [];
  const args = checkFields(specs, input, '', problems);
  extraChecks?.(args, problems);
  return validated(args as T, problems);
}

/** No argument, or an empty object (listZones). */
export function validateNoArgs(input: unknown): Validated<Record<string, never>> {
  if (input === undefined) return { ok: true, value: {} };
  return validateArgs(input, []);
}
