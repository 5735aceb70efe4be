import type { DnssecState } from '../api';
import type { Services } from '../services';
import { BACK, UserCancelledError, type PromptUi } from '../prompts/promptUi';
import { zoneNameForDisplay } from '../validation/zone';
import { zoneNameArgument } from './arguments';
import type { CommandSpec, Invocation } from './commandRunner';
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
  const call = (signal?: AbortSignal) => services.client.setDnssec(name, enabled, { signal });
  const response = interactive
    ? await ui.withProgress({ title: `${enabled ? 'Enabling' : 'Disabling'} DNSSEC for ${display}…`, run: call })
    : await call();
  await services.zones.recordDnssec(name, enabled, response);
  services.log.info(`DNSSEC ${enabled ? 'enabled' : 'disabled'} for ${name}`);
  if (interactive) announce(ui, display, enabled, response);
  return response;
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
