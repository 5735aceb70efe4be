import * as l10n from '@vscode/l10n';
import type { DnsZone, ZoneSettingsBody } from '../api/types';
import type { FieldSpec } from '../validation/fieldSpec';
import { ttlText } from './recordTtl';
import { ZONE_CREATE_FIELDS, type ZoneCreate, type ZoneFieldSpec } from './zoneCreate';

/*
 * A zone's settings as Edit Zone Settings and gcore.updateZone change them. Gcore's PUT replaces the whole zone
 * (a field left out goes back to its default), so a change is sent as the zone's current settings with the
 * changes applied over them.
 */

/** Every zone field but its name: what `changes` of gcore.updateZone may hold. */
export type ZoneSettings = Omit<ZoneCreate, 'name'>;
export type ZoneSettingField = keyof ZoneSettings;

/** The zone create fields' specs, but the name: the bounds and formats a change is checked by. */
export const ZONE_SETTING_FIELDS: readonly (ZoneFieldSpec & { name: ZoneSettingField })[] = ZONE_CREATE_FIELDS.filter(
  (spec): spec is ZoneFieldSpec & { name: ZoneSettingField } => spec.name !== 'name',
);

/** What the settings wizard offers, in its order: every setting but `enabled`, which Enable and Disable Zone change. */
export const EDITABLE_ZONE_SETTINGS: readonly ZoneSettingField[] = ['contact', 'primary_server', 'refresh', 'retry', 'expiry', 'nx_ttl', 'serial', 'meta'];

/** Settings counted in seconds: shown with their length in words too. */
const SECONDS: ReadonlySet<ZoneSettingField> = new Set(['refresh', 'retry', 'expiry', 'nx_ttl']);

const MAX_UNSIGNED_32 = 4294967295;

export function zoneSettingSpec(field: ZoneSettingField): FieldSpec {
  const spec = ZONE_SETTING_FIELDS.find((candidate) => candidate.name === field);
  if (!spec) throw new Error(l10n.t('No field spec for {0}', field));
  return spec;
}

function unsigned(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_UNSIGNED_32 ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The settings the zone has at Gcore, as a PUT can send them back: a field the answer lacks, holds empty or
 * holds in another type is left out (Gcore then keeps its default, which an empty contact is).
 */
export function currentZoneSettings(zone: DnsZone): ZoneSettings {
  const settings: ZoneSettings = {};
  const contact = text(zone.contact);
  if (contact !== undefined) settings.contact = contact;
  if (typeof zone.enabled === 'boolean') settings.enabled = zone.enabled;
  for (const field of ['expiry', 'nx_ttl', 'refresh', 'retry', 'serial'] as const) {
    const value = unsigned(zone[field]);
    if (value !== undefined) settings[field] = value;
  }
  const meta = zone.meta;
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) settings.meta = meta as Record<string, unknown>;
  const primary = text(zone.primary_server);
  if (primary !== undefined) settings.primary_server = primary;
  return settings;
}

/** The whole-zone PUT: the zone's current settings with the changes applied, so that nothing else is lost. */
export function zoneSettingsBody(zoneName: string, current: DnsZone, changes: ZoneSettings): ZoneSettingsBody {
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
  return (Object.keys(changes) as ZoneSettingField[]).filter((field) => changes[field] !== undefined && settingChanged(current, field, changes[field]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
  return a === b;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, nested]) => [key, sortedKeys(nested)]));
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
    .map((field) => l10n.t('{0}: {1} sent, Gcore holds {2}', zoneSettingSpec(field).label, settingText(field, sent[field]), settingText(field, now[field])));
}
