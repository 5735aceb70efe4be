import * as l10n from '@vscode/l10n';
import type { DnsZone, ZoneSettingsBody } from '../../api/dns/dnsTypes';
import type { FieldSpec } from '../../validation/fieldSpec';
import { ttlText } from './recordTtl';
import { ZONE_CREATE_FIELDS, zoneNameForDisplay, type ZoneCreate, type ZoneFieldSpec } from './zoneCreate';

/*
 * A zone's settings as Edit Zone Settings and gcore.updateZone change them. Gcore's PUT replaces the whole zone
 * (a field left out goes back to its default), so a change is sent as the zone's current settings with the
 * changes applied over them, and a change that would leave out a setting Gcore's answer does not give readably
 * is refused.
 */

/** Every zone field but its name: what `changes` of gcore.updateZone may hold. */
export type ZoneSettings = Omit<ZoneCreate, 'name'>;
export type ZoneSettingField = keyof ZoneSettings;

/** The zone create fields' specs, but the name: the bounds and formats a change is checked by. */
export const ZONE_SETTING_FIELDS: readonly (ZoneFieldSpec & { name: ZoneSettingField })[] = ZONE_CREATE_FIELDS.filter(
  (spec): spec is ZoneFieldSpec & { name: ZoneSettingField } => spec.name !== 'name',
);

/** What the settings wizard offers, in its order: every setting but `enabled`, which Enable and Disable Zone change. */
export const EDITABLE_ZONE_SETTINGS: readonly ZoneSettingField[] = [
  'contact',
  'primary_server',
  'refresh',
  'retry',
  'expiry',
  'nx_ttl',
  'serial',
  'meta',
];

/** Settings counted in seconds: shown with their length in words too. */
const SECONDS: ReadonlySet<ZoneSettingField> = new Set(['refresh', 'retry', 'expiry', 'nx_ttl']);

const MAX_UNSIGNED_32 = 4294967295;

export function zoneSettingSpec(field: ZoneSettingField): FieldSpec {
  const spec = ZONE_SETTING_FIELDS.find((candidate) => candidate.name === field);
  if (!spec) throw new Error(l10n.t('No field spec for {0}', field));
  return spec;
}

/** A whole number of seconds (or a serial) as Gcore sends it: a number, or its digits as a string ("3600"). */
function unsigned(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 && number <= MAX_UNSIGNED_32 ? number : undefined;
}

/** A flag as Gcore sends it: a boolean, or "true" / "false". */
function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return word === 'true' ? true : word === 'false' ? false : undefined;
}

/** A setting Gcore's answer gives in no form a PUT can send back. */
export interface UnreadSetting {
  field: ZoneSettingField;
  /** What the answer held there; undefined when it held nothing. */
  value: unknown;
}

export interface ZoneSettingsReading {
  /** What a PUT sends back to keep the zone as it is. */
  settings: ZoneSettings;
  /** What a PUT cannot send back, and would therefore reset. */
  unread: UnreadSetting[];
}

/**
 * The settings the zone has at Gcore, as a PUT can send them back. Numbers come as numbers or as their digits
 * ("3600"), `enabled` as a boolean or "true" / "false". An empty or absent contact, primary server or meta is
 * none, which is what Gcore sets when it is not sent; an absent `enabled` or number is not read, since Gcore
 * would set it back to a default (a disabled zone would be served again), nor is a value of another type.
 */
export function readZoneSettings(zone: DnsZone): ZoneSettingsReading {
  const settings: ZoneSettings = {};
  const unread: UnreadSetting[] = [];
  const enabled = flag(zone.enabled);
  if (enabled === undefined) unread.push({ field: 'enabled', value: zone.enabled });
  else settings.enabled = enabled;
  for (const field of ['expiry', 'nx_ttl', 'refresh', 'retry', 'serial'] as const) {
    const value = unsigned(zone[field]);
    if (value === undefined) unread.push({ field, value: zone[field] });
    else settings[field] = value;
  }
  for (const field of ['contact', 'primary_server'] as const) {
    const value = zone[field];
    if (typeof value === 'string') {
      if (value.trim() !== '') settings[field] = value;
    } else if (value !== undefined && value !== null) unread.push({ field, value });
  }
  const meta = zone.meta;
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) settings.meta = meta as Record<string, unknown>;
  else if (meta !== undefined && meta !== null) unread.push({ field: 'meta', value: meta });
  return { settings, unread };
}

/** The settings the zone has at Gcore, as far as they can be read (readZoneSettings). */
export function currentZoneSettings(zone: DnsZone): ZoneSettings {
  return readZoneSettings(zone).settings;
}

/** The settings a PUT of these changes would reset: those Gcore's answer does not give readably and the changes do not set. */
export function settingsNotRead(current: DnsZone, changes: ZoneSettings): UnreadSetting[] {
  return readZoneSettings(current).unread.filter(({ field }) => changes[field] === undefined);
}

/** "enabled (missing), serial ("abc")": what the answer held for each setting, cut to a few words. */
export function unreadSettingsText(unread: readonly UnreadSetting[]): string {
  return unread
    .map(({ field, value }) => {
      if (value === undefined) return l10n.t('{0} (missing)', field);
      const shown = JSON.stringify(value) ?? String(value);
      return `${field} (${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown})`;
    })
    .join(', ');
}

/** Why nothing is sent: settings of the zone that the PUT would reset, named with what Gcore's answer held. */
export function notReadMessage(zoneName: string, unread: readonly UnreadSetting[]): string {
  return l10n.t(
    "Nothing was sent: Gcore's answer for {0} gives {1} in no form the extension can send back, and Gcore's PUT sets every setting it is not sent back to its default. Give {2} a value in this change too (Edit Zone Settings lists them; gcore.updateZone takes them in changes), or check the zone in the Gcore portal.",
    zoneNameForDisplay(zoneName),
    unreadSettingsText(unread),
    unread.map(({ field }) => field).join(', '),
  );
}

/**
 * The whole-zone PUT: the zone's current settings with the changes applied, so that nothing else is lost. A
 * setting that cannot be read and is not changed would be reset: the body is refused, naming it.
 */
export function zoneSettingsBody(zoneName: string, current: DnsZone, changes: ZoneSettings): ZoneSettingsBody {
  const unread = settingsNotRead(current, changes);
  if (unread.length > 0) throw new Error(notReadMessage(zoneName, unread));
  const body: ZoneSettingsBody = { name: zoneName, ...currentZoneSettings(current) };
  for (const [field, value] of Object.entries(changes) as [ZoneSettingField, unknown][]) {
    if (value !== undefined) (body as unknown as Record<string, unknown>)[field] = value;
  }
  return body;
}

/** Whether a change gives a field another value than the zone has. */
export function settingChanged(current: DnsZone, field: ZoneSettingField, value: unknown): boolean {
  return !sameValue(currentZoneSettings(current)[field], value);
}

/** The changes that give their field another value than the zone has. */
export function changedSettings(current: DnsZone, changes: ZoneSettings): ZoneSettingField[] {
  return (Object.keys(changes) as ZoneSettingField[]).filter(
    (field) => changes[field] !== undefined && settingChanged(current, field, changes[field]),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
  }
  return a === b;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, nested]) => [key, sortedKeys(nested)]),
  );
}

/** A setting's value as the summary and the prompts' list show it: seconds with their length in words, text quoted. */
export function settingText(field: ZoneSettingField, value: unknown): string {
  if (value === undefined || value === null) return l10n.t('not set');
  if (typeof value === 'number' && SECONDS.has(field)) return `${value} (${ttlText(value)})`;
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * The summary of a settings change, a line per chosen setting: `Label: current → new`, or `(unchanged)` when
 * the answer is what the zone has.
 */
export function zoneSettingChangeLines(current: DnsZone, changes: ZoneSettings): string[] {
  const now = currentZoneSettings(current);
  return (Object.keys(changes) as ZoneSettingField[])
    .filter((field) => changes[field] !== undefined)
    .map((field) => {
      const label = zoneSettingSpec(field).label;
      const value = changes[field];
      return sameValue(now[field], value)
        ? l10n.t('{0}: {1} (unchanged)', label, settingText(field, value))
        : l10n.t('{0}: {1} → {2}', label, settingText(field, now[field]), settingText(field, value));
    });
}

/**
 * What Gcore holds after a write, where it is not what was sent (it raised a value to its minimum, or ignored a
 * field): one line per such setting, `Label: sent → held`.
 */
export function settingsNotAsSent(sent: ZoneSettings, held: DnsZone): string[] {
  const now = currentZoneSettings(held);
  return (Object.keys(sent) as ZoneSettingField[])
    .filter((field) => sent[field] !== undefined && !sameValue(now[field], sent[field]))
    .map((field) =>
      l10n.t(
        '{0}: {1} sent, Gcore holds {2}',
        zoneSettingSpec(field).label,
        settingText(field, sent[field]),
        settingText(field, now[field]),
      ),
    );
}
