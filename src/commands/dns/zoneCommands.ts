import * as vscode from 'vscode';
import { validateNoArgs } from '../../validation/argumentObjects';
import type { DnsZoneList } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import type { CreateZoneResult } from '../../api/dns/dnsTypes';
import { domainNameKey } from '../../core/domainNameKey';
import { isGcoreApiError } from '../../api/errors';
import { validateZoneCreate, zoneNameForDisplay, type ZoneCreate } from '../../models/dns/zoneCreate';
import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { KnownZonesStore } from '../../state/dns/knownZones';
import type { AreaServices } from '../services';
import { ZONES_SECTION, isZoneNode, zoneNode, type ZoneNode } from '../../views/dns/zoneNodes';
import type { DnsZone } from '../../api/dns/dnsTypes';
import { zoneStateMessage } from '../../views/dns/presentation/zoneView';
import { rowOf } from '../../prompts/rowOf';
import { promptZoneName, pickZone } from '../../ui/dns/zonePicker';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { createZonePlan, type CreateZoneAnswers } from '../../ui/dns/zoneCreateWizard';
import { unwrap } from '../../validation/problems';
import { zoneNameArgument } from '../../prompts/dns/zoneArgument';
import { sendZoneCreate } from '../../writes/dns/zoneWrites';
import { command, type Command } from '../flow/command';

/** What the DNS commands use: what every area shares, the DNS reads, and the zones known here. */
export type DnsServices = AreaServices<DnsReads> & { readonly zones: KnownZonesStore };

export function zoneCommands(services: DnsServices): Command<never, unknown, never>[] {
  return [
    command<ZoneCreate, CreateZoneResult | undefined, CreateZoneAnswers>({
      id: COMMAND.createZone,
      what: (zone) => (zone ? vscode.l10n.t('Create DNS zone {0}', zoneNameForDisplay(zone.name)) : vscode.l10n.t('Create DNS zone')),
      parse: (arg) => unwrap(validateZoneCreate(arg)),
      draft: () => ({ payload: {}, options: [] }),
      ask: async (ui, answers) => {
        await runWizard(answers, (state) => createZonePlan(ui, state));
        return unwrap(validateZoneCreate(answers.payload));
      },
      progress: (zone) => vscode.l10n.t('Creating DNS zone {0}…', zoneNameForDisplay(zone.name)),
      run: async (zone, { signal }) => {
        const result = await sendZoneCreate(services, zone, { signal });
        await rememberCreated(services, zone.name);
        return result;
      },
      editable: true,
      alternative: (zone) => ({
        when: (error) => isGcoreApiError(error) && error.kind === 'conflict',
        label: vscode.l10n.t('Add Existing Zone'),
        run: () => addAndReveal(services, zone.name),
      }),
      cancelledAfterSending: (zone) => ({
        message: vscode.l10n.t(
          'Cancelled after the request was sent: the zone {0} may have been created at Gcore. Add it to the list to work with it if it was.',
          zoneNameForDisplay(zone.name),
        ),
        action: { label: vscode.l10n.t('Add Existing Zone'), run: () => addAndReveal(services, zone.name) },
      }),
      report: async (ui, result, zone) => {
        // Undefined: the zone existed and was added instead (the conflict's button), which says so itself.
        if (result === undefined) return;
        await reveal(services, zone.name);
        announceCreated(ui, zone.name, result);
      },
    }),
    command<string, boolean>({
      id: COMMAND.addKnownZone,
      what: () => vscode.l10n.t('Add existing zone'),
      parse: (arg) => zoneNameArgument(arg) as string,
      ask: async (ui, _draft, node) =>
        zoneNameArgument(node) ?? orCancel(await promptZoneName(ui, { title: vscode.l10n.t('Gcore: Add Existing Zone') })),
      run: (name) => services.zones.add(name),
      returns: () => undefined,
      report: async (ui, added, name) => {
        await reveal(services, name);
        const display = zoneNameForDisplay(name);
        void ui.notify(
          'info',
          added ? vscode.l10n.t('Added {0} to DNS Zones.', display) : vscode.l10n.t('{0} is already in DNS Zones.', display),
        );
      },
    }),
    command<string, boolean>({
      id: COMMAND.forgetZone,
      what: () => vscode.l10n.t('Forget zone'),
      parse: (arg) => zoneNameArgument(arg) as string,
      ask: async (ui, _draft, node) =>
        zoneNameArgument(node) ??
        orCancel(
          await pickZone(
            ui,
            services.zones.all(),
            { title: vscode.l10n.t('Gcore: Forget Zone') },
            {
              allowTyped: false,
              placeholder: vscode.l10n.t('Zone to remove from this list (the zone at Gcore is not touched)'),
              emptyMessage: vscode.l10n.t('No zones are known yet: there is nothing to forget.'),
            },
          ),
        ),
      confirm: (ui, name) =>
        ui.confirm({
          message: vscode.l10n.t('Forget {0}?', zoneNameForDisplay(name)),
          detail: vscode.l10n.t('This only removes the zone from this list in VS Code. The zone at Gcore is not deleted or changed.'),
          confirmLabel: vscode.l10n.t('Forget Zone'),
        }),
      run: (name) => services.zones.forget(name),
      returns: () => undefined,
      report: (ui, known, name) => {
        const display = zoneNameForDisplay(name);
        void ui.notify(
          'info',
          known
            ? vscode.l10n.t('Removed {0} from this list. The zone at Gcore is untouched.', display)
            : vscode.l10n.t('{0} was not in the list.', display),
        );
      },
    }),
    command<ZoneNode, DnsZone | undefined>({
      id: COMMAND.checkZone,
      what: (node) => (node ? vscode.l10n.t('Check zone {0}', node.zone.name) : vscode.l10n.t('Check zone')),
      ask: async (_ui, _draft, node) => rowOf(node, isZoneNode, vscode.l10n.t('must be a zone row of the Gcore tree')),
      progress: (node) => vscode.l10n.t('Reading the state of {0} at Gcore…', zoneNameForDisplay(node.zone.name)),
      // The account's zone list is read again, not polled: a registrar can take days to publish a DS record.
      run: async (node) => {
        services.reads.invalidate();
        const loaded = await services.reads.zones();
        services.tree.refresh(ZONES_SECTION);
        if (loaded.state === 'failed') throw loaded.error;
        return loaded.value.zones.find((zone) => domainNameKey(zone.name) === node.zone.name);
      },
      report: (ui, zone, node) => void ui.notify('info', zoneStateMessage(zoneNameForDisplay(node.zone.name), zone)),
    }),
    command<Record<string, never>, DnsZoneList>({
      id: COMMAND.listZones,
      programmaticWithoutArgument: true,
      what: () => vscode.l10n.t('List DNS zones'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => services.client.dns.listZones({ signal }),
    }),
  ];
}

function announceCreated(ui: PromptUi, name: string, result: CreateZoneResult): void {
  const display = zoneNameForDisplay(name);
  const message =
    result.id !== undefined
      ? vscode.l10n.t('Created DNS zone {0} (id {1}).', display, result.id)
      : vscode.l10n.t('Created DNS zone {0}.', display);
  const enableDnssec = vscode.l10n.t('Enable DNSSEC');
  void ui.notify('info', message, enableDnssec).then(async (choice) => {
    if (choice === enableDnssec) {
      await vscode.commands.executeCommand(COMMAND.enableDnssec, zoneNode({ name, dnssec: 'off' }));
    }
  });
  if (result.warnings.length > 0) {
    void ui.notify('warning', vscode.l10n.t('Gcore created {0} with warnings: {1}', display, result.warnings.join(' ')));
  }
}

async function rememberCreated(services: DnsServices, name: string): Promise<void> {
  await services.zones.upsert({ name, dnssec: 'off', createdHere: true });
}

async function addAndReveal(services: DnsServices, name: string): Promise<undefined> {
  await services.zones.add(name);
  await reveal(services, name);
  return undefined;
}

async function reveal(services: DnsServices, name: string): Promise<void> {
  const zone = services.zones.get(name);
  if (!zone || !services.treeView.visible) return;
  try {
    await services.treeView.reveal(zoneNode(zone), { select: true, focus: false, expand: false });
  } catch (error) {
    services.log.debug(`could not reveal ${name}: ${String(error)}`);
  }
}
