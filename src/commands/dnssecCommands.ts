import type { DnssecState } from '../api';
import { isGcoreApiError, type GcoreApiError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import { isNodeOfType } from '../tree/treeNodes';
import type { Services } from '../services';
import { BACK, UserCancelledError, type PromptUi } from '../prompts/promptUi';
import { zoneNameForDisplay } from '../models/zoneCreate';
import { zoneNameArgument } from './arguments';
import { ReportedError, type CommandSpec, type Invocation } from './commandRunner';
import { promptZoneName } from './zonePrompts';

const REGISTRAR_HINT = 'Give this DS record to the registrar of the domain so that resolvers can validate the zone.';

export function dnssecCommands(services: Services): CommandSpec[] {
  const toggle = (enabled: boolean): CommandSpec => ({
    id: enabled ? 'gcore.enableDnssec' : 'gcore.disableDnssec',
    what: enabled ? 'Enable DNSSEC' : 'Disable DNSSEC',
    handler: (invocation, arg) => toggleDnssec(services, invocation, arg, enabled),
  });
  return [
    toggle(true),
    toggle(false),
    {
      id: 'gcore.copyDsRecord',
      what: 'Copy DS record',
      handler: async ({ ui, programmatic }, arg) => {
        const name = zoneNameArgument(arg) ?? (await askZone(services, ui, 'Gcore: Copy DS Record', (zone) => zone.dnssec === 'on'));
        const ds = services.zones.get(name)?.ds?.ds;
        if (!ds) {
          throw new Error(
            `No DS record is known for ${zoneNameForDisplay(name)}: enable DNSSEC for the zone from this extension first.`,
          );
        }
        await ui.copyToClipboard(ds);
        if (!programmatic) void ui.notify('info', `Copied the DS record of ${zoneNameForDisplay(name)}. ${REGISTRAR_HINT}`);
        return ds;
      },
    },
    {
      id: 'gcore.copyDnssecValue',
      what: 'Copy value',
      isProgrammatic: () => false,
      handler: async ({ ui }, node) => {
        if (!isNodeOfType(node, 'zoneDetail')) throw new Error('Copy Value copies a DNSSEC row of the Gcore tree; choose it on such a row.');
        await ui.copyToClipboard(node.row.value);
        void ui.notify('info', `Copied the ${node.row.label} of ${zoneNameForDisplay(node.zone.name)}.`);
        return undefined;
      },
    },
  ];
}

async function toggleDnssec(services: Services, { ui, programmatic }: Invocation, arg: unknown, enabled: boolean): Promise<DnssecState> {
  const title = enabled ? 'Gcore: Enable DNSSEC' : 'Gcore: Disable DNSSEC';
  const name =
    zoneNameArgument(arg) ?? (await askZone(services, ui, title, (zone) => zone.dnssec !== (enabled ? 'on' : 'off')));
  const display = zoneNameForDisplay(name);
  const interactive = !programmatic;
  if (interactive && !enabled) {
    const confirmed = await ui.confirm({
      message: `Disable DNSSEC for ${display}?`,
      detail:
        'Gcore will stop signing the zone. If the domain\'s registrar still publishes a DS record for it, validating resolvers ' +
        'will treat its answers as bogus and the domain will stop resolving for their users. Remove the DS record at the ' +
        'registrar first (and wait for its TTL to pass).',
      confirmLabel: 'Disable DNSSEC',
    });
    if (!confirmed) throw new UserCancelledError();
  }
  const call = (forceDisable: boolean) => (signal?: AbortSignal) => services.client.dns.setDnssec(name, enabled, { signal, forceDisable });
  const progressTitle = `${enabled ? 'Enabling' : 'Disabling'} DNSSEC for ${display}…`;
  let response: DnssecState;
  try {
    response = interactive ? await ui.withProgress({ title: progressTitle, run: call(false) }) : await call(false)();
  } catch (error) {
    if (!interactive || enabled || !isGcoreApiError(error) || error.kind !== 'conflict') throw error;
    // Gcore refuses to stop signing while the registrar may still publish the DS record (its DNSSEC guide).
    const forced = await confirmForcedDisable(ui, display, error);
    response = await ui.withProgress({ title: progressTitle, run: call(forced) });
  }
  await services.zones.recordDnssec(name, enabled, response);
  services.log.info(`DNSSEC ${enabled ? 'enabled' : 'disabled'} for ${name}`);
  if (interactive) announce(ui, display, enabled, response);
  return response;
}

/** Explains Gcore's 409 and asks whether to disable anyway; resolves to true, or throws when the user declines. */
async function confirmForcedDisable(ui: PromptUi, display: string, error: GcoreApiError): Promise<true> {
  const confirmed = await ui.confirm({
    message: `Gcore did not disable DNSSEC for ${display}: the DS record may still be published at the domain's registrar.`,
    detail:
      `Gcore said: ${failureReason(error)}\n\n` +
      'While the registrar publishes a DS record, resolvers that validate DNSSEC expect signed answers. If Gcore stops ' +
      'signing now, those resolvers treat the zone as bogus and the domain stops resolving for their users until the DS ' +
      'record is removed and its TTL has passed. Disable anyway only if the DS record is already gone or the domain may ' +
      'stop resolving for a while.',
    confirmLabel: 'Disable Anyway',
  });
  if (!confirmed) throw new ReportedError(error);
  return true;
}

function announce(ui: PromptUi, display: string, enabled: boolean, response: DnssecState): void {
  if (!enabled) {
    void ui.notify('info', `DNSSEC is disabled for ${display}.`);
    return;
  }
  if (!response.ds) {
    void ui.notify('warning', `DNSSEC is enabled for ${display}, but Gcore sent no DS record yet. Check the zone in the Gcore Customer Portal.`);
    return;
  }
  // Notifications drop line breaks, so the record follows a colon on the same line.
  void ui.notify('info', `DNSSEC is enabled for ${display}. ${REGISTRAR_HINT} DS record: ${response.ds}`, 'Copy DS Record').then(async (choice) => {
    if (choice === 'Copy DS Record' && response.ds) await ui.copyToClipboard(response.ds);
  });
}

async function askZone(
  services: Services,
  ui: PromptUi,
  title: string,
  prefer: (zone: { dnssec: string }) => boolean,
): Promise<string> {
  const zones = services.zones.all();
  if (zones.length === 0) return promptZoneName(ui, { title });
  const preferred = zones.filter(prefer);
  const other = Symbol('other');
  const choice = await ui.pick<string | typeof other>({
    title,
    placeholder: 'Zone',
    items: [
      ...[...preferred, ...zones.filter((zone) => !prefer(zone))].map((zone) => ({
        label: zoneNameForDisplay(zone.name),
        description: `DNSSEC ${zone.dnssec}`,
        value: zone.name,
      })),
      { label: '$(edit) Enter a zone name…', value: other },
    ],
  });
  if (choice === BACK) throw new UserCancelledError();
  if (choice === other) return promptZoneName(ui, { title });
  return choice;
}
