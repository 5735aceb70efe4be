import * as l10n from '@vscode/l10n';
import { isPlainObject } from '../../validation/fieldChecks';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';

export type RegionProductArg = 'containers' | 'inference';

/** Nothing, or `{ product?: "containers" | "inference" }` (listRegions). */
export function validateListRegionsArgs(input: unknown): Validated<{ product?: RegionProductArg }> {
  if (input === undefined) return { ok: true, value: {} };
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: '', message: l10n.t("the arguments must be an object such as { product: 'containers' }") }] };
  }
  const problems: FieldProblem[] = Object.keys(input)
    .filter((key) => key !== 'product')
    .map((key) => ({ field: key, message: l10n.t('unknown field') }));
  const product = input.product;
  if (product !== undefined && product !== 'containers' && product !== 'inference') {
    problems.push({ field: 'product', message: l10n.t('must be "containers" or "inference"') });
  }
  return validated(product === undefined ? {} : { product: product as RegionProductArg }, problems);
}
