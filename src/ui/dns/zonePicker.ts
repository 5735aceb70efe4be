import * as l10n from '@vscode/l10n';
import type { DnssecStatus, KnownZone } from '../../state/dns/knownZones';
import { ZONE_NAME_FIELD, normalizeZoneName, zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { promptField } from '../fieldInput';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

const ZONE_NAME_PROMPT = l10n.t('Zone name, e.g. example.com (internationalized names are converted to punycode).');

/** The box for a zone name, checked by the zone name's rules; resolves to the text as typed, trimmed. */
export async function zoneNameInput(ui: PromptUi, position: StepPosition, value?: string): Promise<string | Back> {
  const answer = await promptField(ui, ZONE_NAME_FIELD, position, value, { prompt: ZONE_NAME_PROMPT, placeholder: 'example.com' });
  return answer === BACK ? BACK : String(answer).trim();
}

/** The zone name box, resolving to the normalized ASCII name. */
export async function promptZoneName(ui: PromptUi, position: StepPosition, value?: string): Promise<string | Back> {
  const answer = await zoneNameInput(ui, position, value);
  if (answer === BACK) return BACK;
  const checked = normalizeZoneName(answer, 'name');
  // The box accepted the text, so it normalizes; the guard keeps the types honest.
  return checked.ok ? checked.value : String(answer);
}

export interface ZonePick {
  /** Zones to list first (e.g. those whose DNSSEC the command would change). */
  prefer?: (zone: KnownZone) => boolean;
  /** The zone's description where the caller knows more than its DNSSEC state here (the account's list: Gcore's state, disabled). */
  describe?: (zone: KnownZone) => string | undefined;
  /** Offer "Enter a zone name…" for a zone the list does not have. */
  allowTyped: boolean;
  placeholder: string;
  /** Said (as an error) when there is no zone to pick and none may be typed. */
  emptyMessage?: string;
}

/**
 * A zone from the known ones, by name with its DNSSEC state, or typed. With no known zone and typing
 * allowed, it is the name box directly.
 */
export async function pickZone(
  ui: PromptUi,
  zones: readonly KnownZone[],
  position: StepPosition,
  options: ZonePick,
): Promise<string | Back> {
  if (zones.length === 0) {
    if (options.allowTyped) return promptZoneName(ui, position);
    throw new Error(options.emptyMessage ?? l10n.t('No zones are known yet.'));
  }
  const prefer = options.prefer ?? (() => true);
  const typed: unique symbol = Symbol('typed');
  const ordered = [...zones.filter(prefer), ...zones.filter((zone) => !prefer(zone))];
  for (;;) {
    const choice = await ui.pick<string | typeof typed>({
      ...position,
      placeholder: options.placeholder,
      items: [
        ...ordered.map((zone) => ({
          label: zoneNameForDisplay(zone.name),
          description: options.describe?.(zone) ?? dnssecDescription(zone.dnssec),
          value: zone.name,
        })),
        ...(options.allowTyped ? [{ label: `$(edit) ${l10n.t('Enter a zone name…')}`, value: typed as typeof typed }] : []),
      ],
    });
    if (choice !== typed) return choice;
    // Back from the name box returns to the list.
    const name = await promptZoneName(ui, { ...position, canGoBack: true });
    if (name !== BACK) return name;
  }
}

/** A zone's DNSSEC state as one phrase, so that each state translates whole. */
function dnssecDescription(status: DnssecStatus): string {
  switch (status) {
    case 'on':
      return l10n.t('DNSSEC on');
    case 'off':
      return l10n.t('DNSSEC off');
    case 'unknown':
      return l10n.t('DNSSEC unknown');
  }
}
