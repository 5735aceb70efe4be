import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { GcoreClient } from '../../api';
import type { DelegationStatus, DnsZone } from '../../api/dns/dnsTypes';
import type { DeleteZoneResult } from '../../api/dns/dnsClient';
import { isGcoreApiError } from '../../api/errors';
import { COMMAND } from '../../core/contributions';
import { domainNameKey } from '../../core/domainNameKey';
import type { Snapshots } from '../../documents/snapshots';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { validateUpdateZoneArgs, validateZoneSettings, type UpdateZoneArgs } from '../../models/dns/zoneLifecycleArgs';
import { settingsNotAsSent, zoneSettingsBody } from '../../models/dns/zoneSettings';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { ZONE_SETTINGS_TITLE, zoneSettingsPlan, type ZoneSettingsAnswers } from '../../ui/dns/zoneSettingsWizard';
import { unwrap } from '../../validation/problems';
import { delegationReport } from '../../views/dns/presentation/delegationReport';
import { recordSetCountText } from '../../views/dns/presentation/recordSetCount';
import { ZONES_SECTION, isZoneNode } from '../../views/dns/zoneNodes';
import { zoneNameArgument } from '../../prompts/dns/zoneArgument';
import { callOptions, command, type Command } from '../flow/command';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { sayNotOffered } from '../notOffered';
import { pickAccountZone } from '../../prompts/dns/zoneChoices';
import type { Services } from '../services';
import type { DnsServices } from './zoneCommands';

/** A zone to delete; from its row, what the account's list says of it (for the count of record sets that go). */
interface ZoneToDelete {
  zoneName: string;
  atGcore?: DnsZone;
}

interface DelegationCheck {
  zoneName: string;
  /** The zone's `dnssec_status` as its row shows it, when the check came from the row. */
  dnssecStatus?: string;
}

/** What Edit Zone Settings sent, and the zone as Gcore holds it afterwards (undefined when it could not be read again). */
interface SettingsSaved {
  held?: DnsZone;
}

/** The settings wizard's answers before the zone is known and read. */
type SettingsDraft = Omit<ZoneSettingsAnswers, 'zoneName' | 'current'> & Partial<Pick<ZoneSettingsAnswers, 'zoneName' | 'current'>>;

function display(zoneName: string): string {
  return zoneNameForDisplay(zoneName);
}

/** What is typed to confirm a delete: the zone's name as shown, or as its ASCII name. */
function confirmsDelete(text: string, zoneName: string): boolean {
  const typed = text.trim();
  return typed === display(zoneName) || typed === zoneName;
}

type ZoneLifecycleServices = Pick<DnsServices, 'client' | 'zones' | 'reads' | 'tree' | 'log'>;

/** A zone of the account's (with those known here), or a typed one; `prefer` lists first those it holds for. */
async function askZone(
  services: Pick<DnsServices, 'zones' | 'reads'>,
  ui: PromptUi,
  title: string,
  prefer?: (atGcore: DnsZone | undefined) => boolean,
): Promise<string> {
  return orCancel(await pickAccountZone(services, ui, { title }, prefer && ((zone, choices) => prefer(choices.atGcore(zone)))));
}

/**
 * Runs a request of `action` on the zone; a failure that says the API lacks the endpoint becomes a
 * NotOfferedError: 405 and 501, and a 404 that is not the zone's own (the zone reads do not say it is gone).
 * `zoneChecked`: the client already told a gone zone's 404 apart (deleteZone), so every 404 left is the endpoint's.
 */
async function offered<T>(
  client: GcoreClient,
  action: string,
  zoneName: string,
  request: () => Promise<T>,
  options: { writes: boolean; zoneChecked?: boolean },
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!mayBeMissingEndpoint(error)) throw error;
    if (isGcoreApiError(error) && error.status === 404 && !options.zoneChecked && (await client.dns.zoneGone(zoneName))) throw error;
    throw notOffered(action, error, options.writes);
  }
}

/** After a change: the account's zones are read again and the zones redrawn. */
function zonesChanged(services: Pick<Services, 'tree'>): void {
  services.tree.reload(ZONES_SECTION);
}

function deleteZone(services: ZoneLifecycleServices): Command<never, unknown, never> {
  return command<ZoneToDelete, DeleteZoneResult>({
    id: COMMAND.deleteZone,
    what: (args) => (args ? l10n.t('Delete zone {0}', display(args.zoneName)) : l10n.t('Delete zone')),
    parse: (arg) => ({ zoneName: zoneNameArgument(arg) as string }),
    ask: async (ui, _draft, node) => {
      const zoneName = zoneNameArgument(node) ?? (await askZone(services, ui, l10n.t('Gcore: Delete Zone')));
      return { zoneName, atGcore: isZoneNode(node) ? node.atGcore : undefined };
    },
    // The name is typed, not clicked: a zone goes with every record in it, and nothing brings them back.
    confirm: async (ui, { zoneName, atGcore }) => {
      const zone = display(zoneName);
      const count = atGcore ? recordSetCountText(atGcore) : undefined;
      orCancel(
        await ui.input({
          title: l10n.t('Gcore: Delete Zone {0}', zone),
          prompt:
            count === undefined
              ? l10n.t('This deletes the zone {0} at Gcore and every record in it, and cannot be undone. Type {0} to delete it.', zone)
              : l10n.t(
                  'This deletes the zone {0} at Gcore and every record in it ({1}), and cannot be undone. Type {0} to delete it.',
                  zone,
                  count,
                ),
          placeholder: zone,
          validate: (text) =>
            confirmsDelete(text, zoneName) ? undefined : l10n.t('Type {0} to delete the zone, or press Escape to keep it.', zone),
        }),
      );
      return true;
    },
    progress: ({ zoneName }) => l10n.t('Deleting zone {0}…', display(zoneName)),
    run: async ({ zoneName }, context) => {
      const result = await offered(
        services.client,
        l10n.t('Delete Zone'),
        zoneName,
        () => services.client.dns.deleteZone(zoneName, callOptions(context)),
        { writes: true, zoneChecked: true },
      );
      // Gone at Gcore: the zone leaves this extension's memory too (and with it its DNSSEC state and DS record).
      await services.zones.forget(zoneName);
      zonesChanged(services);
      services.log.info(`zone ${zoneName} ${result.alreadyGone ? 'was already gone' : 'deleted'}`);
      return result;
    },
    returns: () => undefined,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ zoneName }) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still delete the zone {0}. Refresh DNS Zones to see whether it is gone.',
        display(zoneName),
      ),
    }),
    report: (ui, { alreadyGone }, { zoneName }) =>
      void ui.notify(
        'info',
        alreadyGone
          ? l10n.t('The zone {0} was already gone from the account.', display(zoneName))
          : l10n.t('Deleted the zone {0} and its records.', display(zoneName)),
      ),
  });
}

function toggleZone(services: ZoneLifecycleServices, enabled: boolean): Command<never, unknown, never> {
  return command<string, void>({
    id: enabled ? COMMAND.enableZone : COMMAND.disableZone,
    what: (zoneName) =>
      enabled
        ? zoneName
          ? l10n.t('Enable zone {0}', display(zoneName))
          : l10n.t('Enable zone')
        : zoneName
          ? l10n.t('Disable zone {0}', display(zoneName))
          : l10n.t('Disable zone'),
    parse: (arg) => zoneNameArgument(arg) as string,
    ask: async (ui, _draft, node) =>
      zoneNameArgument(node) ??
      (await askZone(services, ui, enabled ? l10n.t('Gcore: Enable Zone') : l10n.t('Gcore: Disable Zone'), (atGcore) =>
        enabled ? atGcore?.enabled === false : atGcore?.enabled !== false,
      )),
    confirm: enabled
      ? undefined
      : (ui, zoneName) =>
          ui.confirm({
            message: l10n.t('Disable the zone {0}?', display(zoneName)),
            detail: l10n.t(
              "Gcore's name servers stop answering for {0}: once resolvers' cached answers expire, its names no longer resolve (web sites, mail). Its records are kept, and Enable Zone serves the zone again at any time.",
              display(zoneName),
            ),
            confirmLabel: l10n.t('Disable Zone'),
          }),
    progress: (zoneName) => (enabled ? l10n.t('Enabling zone {0}…', display(zoneName)) : l10n.t('Disabling zone {0}…', display(zoneName))),
    run: async (zoneName, context) => {
      await offered(
        services.client,
        enabled ? l10n.t('Enable Zone') : l10n.t('Disable Zone'),
        zoneName,
        () => services.client.dns.setZoneEnabled(zoneName, enabled, callOptions(context)),
        { writes: true },
      );
      zonesChanged(services);
      services.log.info(`zone ${zoneName} ${enabled ? 'enabled' : 'disabled'}`);
    },
    returns: () => undefined,
    onFailure: sayNotOffered,
    cancelledAfterSending: (zoneName) => ({
      message: enabled
        ? l10n.t(
            'Cancelled after the request was sent: Gcore may still enable the zone {0}. Refresh DNS Zones to see its state.',
            display(zoneName),
          )
        : l10n.t(
            'Cancelled after the request was sent: Gcore may still disable the zone {0}. Refresh DNS Zones to see its state.',
            display(zoneName),
          ),
    }),
    report: (ui, _result, zoneName) =>
      void ui.notify(
        'info',
        enabled
          ? l10n.t("The zone {0} is enabled: Gcore's name servers answer for it again.", display(zoneName))
          : l10n.t(
              "The zone {0} is disabled: Gcore's name servers no longer answer for it. Its records are kept; Enable Zone serves it again.",
              display(zoneName),
            ),
      ),
  });
}

/** The zone as Gcore has it, for the settings prompts to start from (an API without the read says so once). */
async function readSettings(client: GcoreClient, ui: PromptUi, zoneName: string): Promise<DnsZone> {
  try {
    return await ui.withProgress({
      title: l10n.t('Reading the settings of {0}…', display(zoneName)),
      cancellable: true,
      run: (signal) =>
        offered(client, l10n.t('Edit Zone Settings'), zoneName, () => client.dns.getZone(zoneName, { signal }), { writes: true }),
    });
  } catch (error) {
    await sayNotOffered(ui, error);
    throw error;
  }
}

function updateZone(services: ZoneLifecycleServices): Command<never, unknown, never> {
  const { client } = services;
  return command<UpdateZoneArgs, SettingsSaved, SettingsDraft>({
    id: COMMAND.updateZone,
    what: (args) => (args ? l10n.t('Edit the settings of {0}', display(args.zoneName)) : l10n.t('Edit zone settings')),
    parse: (arg) => unwrap(validateUpdateZoneArgs(arg)),
    draft: () => ({ fields: [], changes: {} }),
    ask: async (ui, draft, node) => {
      // Reopened after a failure (Edit), the draft holds the zone and what was typed: the prompts start from them.
      if (draft.zoneName === undefined || draft.current === undefined) {
        const zoneName = zoneNameArgument(node) ?? (await askZone(services, ui, ZONE_SETTINGS_TITLE));
        draft.current = await readSettings(client, ui, zoneName);
        draft.zoneName = zoneName;
      }
      const answers = draft as ZoneSettingsAnswers;
      await runWizard(answers, (state) => zoneSettingsPlan(ui, state));
      return { zoneName: answers.zoneName, changes: unwrap(validateZoneSettings(answers.changes)) };
    },
    progress: ({ zoneName }) => l10n.t('Saving the settings of {0}…', display(zoneName)),
    // The zone is read first and sent whole with the changes applied: Gcore's PUT resets what it is not sent.
    run: async ({ zoneName, changes }, context) => {
      const action = l10n.t('Edit Zone Settings');
      const call = callOptions(context);
      const current = await offered(client, action, zoneName, () => client.dns.getZone(zoneName, call), { writes: true });
      const body = zoneSettingsBody(zoneName, current, changes);
      await offered(client, action, zoneName, () => client.dns.updateZone(zoneName, body, call), { writes: true });
      zonesChanged(services);
      services.log.info(`settings of zone ${zoneName} saved: ${Object.keys(changes).join(', ')}`);
      try {
        return { held: await client.dns.getZone(zoneName, call) };
      } catch (error) {
        services.log.debug(`the settings of ${zoneName} could not be read again: ${String(error)}`);
        return {};
      }
    },
    returns: () => undefined,
    editable: true,
    onFailure: sayNotOffered,
    cancelledAfterSending: ({ zoneName }) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still change the settings of {0}. Check the zone before sending them again.',
        display(zoneName),
      ),
    }),
    report: (ui, { held }, { zoneName, changes }) => {
      const differences = held ? settingsNotAsSent(changes, held) : [];
      if (differences.length === 0) {
        void ui.notify('info', l10n.t('Saved the settings of {0}; its other settings are kept.', display(zoneName)));
        return;
      }
      void ui.notify(
        'warning',
        l10n.t('Saved the settings of {0}, but Gcore holds other values than were sent: {1}.', display(zoneName), differences.join('; ')),
      );
    },
  });
}

function checkDelegation(services: ZoneLifecycleServices, reports: Snapshots): Command<never, unknown, never> {
  return command<DelegationCheck, DelegationStatus>({
    id: COMMAND.checkDelegation,
    what: (args) => (args ? l10n.t('Check the delegation of {0}', display(args.zoneName)) : l10n.t('Check delegation')),
    parse: (arg) => ({ zoneName: zoneNameArgument(arg) as string }),
    ask: async (ui, _draft, node) => {
      if (isZoneNode(node)) return { zoneName: zoneNameArgument(node) as string, dnssecStatus: node.atGcore?.dnssec_status ?? undefined };
      return { zoneName: zoneNameArgument(node) ?? (await askZone(services, ui, l10n.t('Gcore: Check Delegation'))) };
    },
    progress: ({ zoneName }) => l10n.t('Asking Gcore where the registrar of {0} points…', display(zoneName)),
    run: ({ zoneName }, { signal }) =>
      offered(services.client, l10n.t('Check Delegation'), zoneName, () => services.client.dns.delegationStatus(zoneName, { signal }), {
        writes: false,
      }),
    onFailure: sayNotOffered,
    report: async (_ui, status, { zoneName, dnssecStatus }) => {
      const text = delegationReport({
        zoneName,
        status,
        dnssecStatus: dnssecStatus ?? (await listedDnssecStatus(services, zoneName)),
        checkedAt: new Date(),
      });
      const uri = reports.put(`/${zoneName} delegation.md`, text);
      await vscode.window.showTextDocument(uri, { preview: true });
    },
  });
}

/** The zone's DNSSEC state in the account's list, where the list can be read (it usually is already). */
async function listedDnssecStatus(services: Pick<DnsServices, 'reads'>, zoneName: string): Promise<string | undefined> {
  const listed = await services.reads.zones();
  if (listed.state !== 'loaded') return undefined;
  const zone = listed.value.zones.find((candidate) => domainNameKey(candidate.name) === zoneName);
  return typeof zone?.dnssec_status === 'string' ? zone.dnssec_status : undefined;
}

/**
 * Delete Zone, Enable Zone and Disable Zone, Edit Zone Settings and Check Delegation: the rest of a zone's life,
 * each from the zone's row or the palette, and as the contract's commands.
 */
export function zoneLifecycleCommands(services: DnsServices, reports: Snapshots): Command<never, unknown, never>[] {
  return [
    deleteZone(services),
    toggleZone(services, true),
    toggleZone(services, false),
    updateZone(services),
    checkDelegation(services, reports),
  ];
}
