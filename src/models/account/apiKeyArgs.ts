import * as l10n from '@vscode/l10n';
import { apiKeyProblem } from '../../api/http/apiKeyText';
import { validateArgs } from '../../validation/argumentObjects';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import type { Validated } from '../../validation/problems';

export const API_KEY_FIELD: StringFieldSpec = {
  name: 'apiKey',
  kind: 'string',
  label: l10n.t('API key'),
  description: l10n.t('A Gcore API key.'),
  required: true,
  trim: true,
  minLength: 1,
};

/** Accepts `{ apiKey }` and returns the trimmed key, refusing one that cannot be sent (see apiKeyProblem). */
export function validateApiKeyArg(input: unknown): Validated<string> {
  const result = validateArgs<{ apiKey: string }>(input, [API_KEY_FIELD], (args, problems) => {
    const problem = typeof args.apiKey === 'string' ? apiKeyProblem(args.apiKey) : undefined;
    if (problem !== undefined) problems.push({ field: 'apiKey', message: problem });
  });
  return result.ok ? { ok: true, value: result.value.apiKey } : result;
}
