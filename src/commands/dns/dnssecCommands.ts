import * as l10n from '@vscode/l10n';
import type { DnssecState } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { isGcoreApiError } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import type { DnsServices } from './zoneCommands';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { zoneNameArgument } from '../../prompts/dns/zoneArgument';
import { sendDnssec } from '../../writes/dns/zoneWrites';
import { command, type Command } from '../flow/command';
import { reported } from '../flow/flowRunner';
import { pickAccountZone } from '../../prompts/dns/zoneChoices';

const REGISTRAR_HINT = l10n.t('Give this DS record to the registrar of the domain so that resolvers can validate the zone.');

interface Toggle {
  name: string;
  /** Disable even while the registrar may still publish the DS record (`force_disable`), after a second yes. */
  force?: boolean;
}

export function dnssecCommands(services: DnsServices): Command<never, unknown, never>[] {
  const toggle = (enabled: boolean) =>
    command<Toggle, DnssecState>({
      id: enabled ? COMMAND.enableDnssec : COMMAND.disableDnssec,
      what: () => (enabled ? l10n.t('Enable DNSSEC') : l10n.t('Disable DNSSEC')),
      parse: (arg) => ({ name: zoneNameArgument(arg) as string }),
      ask: async (ui, _draft, node) => ({
        name:
          zoneNameArgument(node) ??
          (await askZone(ui, services, enabled ? l10n.t('Gcore: Enable DNSSEC') : l10n.t('Gcore: Disable DNSSEC'), (on) => on !== enabled)),
      }),
      confirm: enabled
        ? undefined
        : (ui, { name }) =>
            ui.confirm({
              message: l10n.t('Disable DNSSEC for {0}?', zoneNameForDisplay(name)),
              detail: l10n.t(
                "Gcore will stop signing the zone. If the domain's registrar still publishes a DS record for it, validating resolvers will treat its answers as bogus and the domain will stop resolving for their users. Remove the DS record at the registrar first (and wait for its TTL to pass).",
              ),
              confirmLabel: l10n.t('Disable DNSSEC'),
            }),
      progress: ({ name }) =>
        enabled
          ? l10n.t('Enabling DNSSEC for {0}…', zoneNameForDisplay(name))
          : l10n.t('Disabling DNSSEC for {0}…', zoneNameForDisplay(name)),
      run: async ({ name, force }, { signal }) => {
        const response = await sendDnssec(services, name, enabled, { signal, forceDisable: force });
        await services.zones.recordDnssec(name, enabled, response);
        return response;
      },
      onFailure: async (ui, error, args) => {
        // Gcore refuses to stop signing while the registrar may still publish the DS record (its DNSSEC guide).
        if (enabled || args.force || !isGcoreApiError(error) || error.kind !== 'conflict') return undefined;
        const confirmed = await ui.confirm({
          message: l10n.t(
            "Gcore did not disable DNSSEC for {0}: the DS record may still be published at the domain's registrar.",
            zoneNameForDisplay(args.name),
          ),
          detail: l10n.t(
            'Gcore said: {0}\n\nWhile the registrar publishes a DS record, resolvers that validate DNSSEC expect signed answers. If Gcore stops signing now, those resolvers treat the zone as bogus and the domain stops resolving for their users until the DS record is removed and its TTL has passed. Disable anyway only if the DS record is already gone or the domain may stop resolving for a while.',
            failureReason(error),
          ),
          confirmLabel: l10n.t('Disable Anyway'),
        });
        if (!confirmed) throw reported(error);
        return { runAgainWith: { ...args, force: true } };
      },
      report: (ui, response, { name }) => announce(ui, zoneNameForDisplay(name), enabled, response),
    });
  return [
    toggle(true),
    toggle(false),
    command<string, string>({
      id: COMMAND.copyDsRecord,
      what: () => l10n.t('Copy DS record'),
      parse: (arg) => zoneNameArgument(arg) as string,
      ask: async (ui, _draft, node) =>
        zoneNameArgument(node) ?? (await askZone(ui, services, l10n.t('Gcore: Copy DS Record'), (on) => on === true)),
      run: async (name, { ui }) => {
        const ds = services.zones.get(name)?.ds?.ds ?? (await readDsRecord(services, name));
        if (!ds) {
          throw new Error(
            l10n.t('No DS record is known for {0}: DNSSEC is not on for the zone, or Gcore sent no record.', zoneNameForDisplay(name)),
          );
        }
        await ui.copyToClipboard(ds);
        return ds;
      },
      report: (ui, _ds, name) =>
        void ui.notify('info', l10n.t('Copied the DS record of {0}. {1}', zoneNameForDisplay(name), REGISTRAR_HINT)),
    }),
  ];
}

function announce(ui: PromptUi, display: string, enabled: boolean, response: DnssecState): void {
  if (!enabled) {
    void ui.notify('info', l10n.t('DNSSEC is disabled for {0}.', display));
    return;
  }
  if (!response.ds) {
    void ui.notify(
      'warning',
      l10n.t('DNSSEC is enabled for {0}, but Gcore sent no DS record yet. Check the zone in the Gcore Customer Portal.', display),
    );
    return;
  }
  // Notifications drop line breaks, so the record follows a colon on the same line.
  const copy = l10n.t('Copy DS Record');
  void ui
    .notify('info', l10n.t('DNSSEC is enabled for {0}. {1} DS record: {2}', display, REGISTRAR_HINT, response.ds), copy)
    .then(async (choice) => {
      if (choice === copy && response.ds) await ui.copyToClipboard(response.ds);
    });
}

/**
 * A zone of the account's with those known here (the known ones alone without the account's list), those whose
 * DNSSEC state `prefer` holds for first (undefined: unknown), or a typed name.
 */
async function askZone(
  ui: PromptUi,
  services: DnsServices,
  title: string,
  prefer: (dnssecOn: boolean | undefined) => boolean,
): Promise<string> {
  return orCancel(await pickAccountZone(services, ui, { title }, (zone, choices) => prefer(choices.dnssecOn(zone))));
}

/** The DS record as the account's zone reads it now, where the API can say (undefined otherwise). */
async function readDsRecord(services: DnsServices, name: string): Promise<string | undefined> {
  const loaded = await services.reads.dnssec(name);
  return loaded.state === 'loaded' ? loaded.value.ds : undefined;
}
