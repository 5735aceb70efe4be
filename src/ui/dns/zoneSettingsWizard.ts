import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../api/dns/dnsTypes';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { validateZoneSettings } from '../../models/dns/zoneLifecycleArgs';
import {
  changedSettings,
  currentZoneSettings,
  EDITABLE_ZONE_SETTINGS,
  notReadMessage,
  readZoneSettings,
  settingsNotRead,
  settingText,
  unreadSettingsText,
  zoneSettingChangeLines,
  zoneSettingSpec,
  type UnreadSetting,
  type ZoneSettingField,
  type ZoneSettings,
} from '../../models/dns/zoneSettings';
import { unwrap } from '../../validation/problems';
import type { FieldSlot, ObjectDrafts } from '../fieldPrompts/fieldSlot';
import { fieldSteps } from '../fieldSteps';
import { BACK, UserCancelledError, type PromptUi } from '../promptUi';
import type { PromptAt, WizardStep } from '../wizard';

/** The answers so far; kept whole when the user goes back, and when they edit after a failed request. */
export interface ZoneSettingsAnswers extends ObjectDrafts {
  /** ASCII, lower case. */
  zoneName: string;
  /** The zone as Gcore had it when the wizard read it: the prompts start from it, the summary compares with it. */
  current: DnsZone;
  fields: ZoneSettingField[];
  changes: ZoneSettings;
}

export const ZONE_SETTINGS_TITLE = l10n.t('Gcore: Edit Zone Settings');

/** The settings to change, one prompt per chosen setting (from its current value), then the summary, current → new. */
export function zoneSettingsPlan(ui: PromptUi, answers: ZoneSettingsAnswers): WizardStep<ZoneSettingsAnswers>[] {
  return [fieldsStep(ui), ...answers.fields.flatMap((field) => settingSteps(ui, field, answers)), summaryStep(ui)];
}

/**
 * The settings offered: the editable ones, and `enabled` too when Gcore's answer does not say it, since a save
 * must then send it. Those the answer does not give readably come chosen at first.
 */
function offeredSettings(current: DnsZone): { offered: ZoneSettingField[]; unread: Map<ZoneSettingField, UnreadSetting> } {
  const unread = new Map(readZoneSettings(current).unread.map((setting) => [setting.field, setting]));
  return { offered: [...(unread.has('enabled') ? (['enabled'] as const) : []), ...EDITABLE_ZONE_SETTINGS], unread };
}

function fieldsStep(ui: PromptUi): WizardStep<ZoneSettingsAnswers> {
  return {
    run: async (state, position) => {
      const now = currentZoneSettings(state.current);
      const { offered, unread } = offeredSettings(state.current);
      const firstTime = state.fields.length === 0;
      for (;;) {
        const chosen = await ui.pickMany<ZoneSettingField>({
          title: ZONE_SETTINGS_TITLE,
          ...position,
          placeholder: l10n.t('Settings of {0} to change (the others are kept)', zoneNameForDisplay(state.zoneName)),
          items: offered.map((field) => {
            const spec = zoneSettingSpec(field);
            const notRead = unread.get(field);
            const description =
              notRead === undefined
                ? l10n.t('now {0}', settingText(field, now[field]))
                : l10n.t("Gcore's answer gives {0}: choose a value, or saving would reset it", unreadSettingsText([notRead]));
            return {
              label: spec.label,
              description,
              detail: spec.description,
              value: field,
              picked: state.fields.includes(field) || (firstTime && notRead !== undefined),
            };
          }),
        });
        if (chosen === BACK) return BACK;
        if (chosen.length === 0) {
          void ui.notify('warning', l10n.t('Choose at least one setting to change.'));
          continue;
        }
        for (const field of state.fields) {
          if (chosen.includes(field)) continue;
          delete state.changes[field];
          delete state.drafts?.[field];
        }
        state.fields = offered.filter((field) => chosen.includes(field));
        return;
      }
    },
  };
}

/** A setting's prompt from the zone create field's spec, starting from the zone's current value. */
function settingSteps(ui: PromptUi, field: ZoneSettingField, answers: ZoneSettingsAnswers): WizardStep<ZoneSettingsAnswers>[] {
  const spec = zoneSettingSpec(field);
  const at: PromptAt = (position) => ({ title: `${ZONE_SETTINGS_TITLE}: ${spec.label}`, ...position });
  const slot: FieldSlot<ZoneSettingsAnswers> = {
    answer: (state) => state.changes[field],
    existing: (state) => currentZoneSettings(state.current)[field],
    set: (state, value) => {
      (state.changes as Record<string, unknown>)[field] = value;
    },
  };
  return fieldSteps(ui, spec, slot, at, answers);
}

/** Current → new for every chosen setting; nothing is sent when nothing differs, and Back returns to the prompts. */
function summaryStep(ui: PromptUi): WizardStep<ZoneSettingsAnswers> {
  return {
    run: async (state) => {
      const changes = unwrap(validateZoneSettings(state.changes));
      const zone = zoneNameForDisplay(state.zoneName);
      const lines = zoneSettingChangeLines(state.current, changes);
      const back = l10n.t('Go Back');
      const unread = settingsNotRead(state.current, changes);
      // Saving would reset what Gcore's answer does not give readably: only going back to give it a value helps.
      if (unread.length > 0) {
        if ((await ui.choose({ message: notReadMessage(state.zoneName, unread), detail: lines.join('\n'), choices: [back] })) !== back) {
          throw new UserCancelledError();
        }
        return BACK;
      }
      if (changedSettings(state.current, changes).length === 0) {
        await ui.choose({
          message: l10n.t('{0} already has these settings: there is nothing to send.', zone),
          detail: lines.join('\n'),
          choices: [back],
        });
        return BACK;
      }
      const save = l10n.t('Save Settings');
      const choice = await ui.choose({
        message: l10n.t('Change the settings of {0}?', zone),
        detail: [
          ...lines,
          '',
          l10n.t("Gcore replaces the zone's settings as a whole: every other setting is sent as it is now, so it is kept."),
        ].join('\n'),
        choices: [save, back],
      });
      if (choice === back) return BACK;
      if (choice !== save) throw new UserCancelledError();
    },
  };
}
