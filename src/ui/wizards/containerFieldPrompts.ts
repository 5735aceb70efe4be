import * as l10n from '@vscode/l10n';
import type { MapEntryWords } from '../fieldPrompts/stringMapPrompt';
import type { ObjectPromptOptions } from '../fieldPrompts/objectSteps';

/* What the prompts of a container's fields say beyond the fields' specs, for every wizard that asks them. */

/** One entry of `envs`. */
export const ENVIRONMENT_VARIABLE: MapEntryWords = {
  label: l10n.t('Environment variable'),
  add: l10n.t('Add variable…'),
  count: (entries) => (entries === 1 ? l10n.t('1 variable') : l10n.t('{0} variables', entries)),
  prompt: l10n.t('NAME=value (the name: letters, digits and underscores, not starting with a digit; the value: up to 255 characters)'),
  example: 'LOG_LEVEL=info',
};

/** `logging`: on or off first, then where and for how long, each optional. */
export const LOGGING_PARTS: ObjectPromptOptions = {
  enabledBy: 'enabled',
  parts: [
    { path: 'enabled', choices: { yes: l10n.t('Enable logging'), no: l10n.t('Disable logging') } },
    { path: 'destination_region_id', optional: true },
    { path: 'topic_name', optional: true },
    { path: 'retention_policy.period', optional: true },
  ],
};
