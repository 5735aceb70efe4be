import * as l10n from '@vscode/l10n';
import { autoscalingText } from '../../models/containers/containerScale';
import type { MapEntryWords } from '../fieldPrompts/stringMapPrompt';
import type { ObjectPromptOptions, OptionalPartsChoice } from '../fieldPrompts/objectSteps';

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

/**
 * `scale`: the minimum and the maximum, then autoscaling (the cooldown and the triggers), which the user may
 * skip. Gcore replaces the whole scale, so an update starts from the container's: what the user does not
 * change, or skips, is sent as Gcore holds it.
 */
export const SCALE_PARTS: ObjectPromptOptions = {
  parts: [{ path: 'min' }, { path: 'max' }],
  replacedWhole: true,
  optionalParts: {
    fields: ['cooldown_period', 'triggers'],
    parts: [
      { path: 'cooldown_period', optional: true, whenEmpty: l10n.t("Leave empty for Gcore's default (60 s).") },
      { path: 'triggers.cpu.threshold', optional: true, emptyIsNull: 'triggers.cpu', whenEmpty: l10n.t('Leave empty for no CPU trigger.') },
      {
        path: 'triggers.memory.threshold',
        optional: true,
        emptyIsNull: 'triggers.memory',
        whenEmpty: l10n.t('Leave empty for no memory trigger.'),
      },
      { path: 'triggers.http.rate', optional: true, emptyIsNull: 'triggers.http', whenEmpty: l10n.t('Leave empty for no HTTP trigger.') },
      { path: 'triggers.http.window', needs: 'triggers.http.rate' },
    ],
    choice: autoscalingChoice,
  },
};

function autoscalingChoice(existing: Record<string, unknown> | undefined): OptionalPartsChoice {
  const placeholder = l10n.t('Autoscaling (optional): a cooldown, and the CPU, memory or HTTP load that adds instances');
  if (!existing) {
    return {
      placeholder,
      skip: { label: l10n.t('No triggers'), description: l10n.t("Gcore's defaults: a 60 s cooldown, no triggers") },
      set: { label: l10n.t('Set cooldown and triggers…'), description: l10n.t('cooldown, CPU, memory, HTTP requests') },
    };
  }
  return {
    placeholder,
    skip: { label: l10n.t('Keep cooldown and triggers'), description: autoscalingText(existing) ?? l10n.t('none set') },
    set: { label: l10n.t('Change cooldown and triggers…'), description: l10n.t('cooldown, CPU, memory, HTTP requests') },
  };
}
