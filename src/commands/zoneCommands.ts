import * as vscode from 'vscode';
import type { CreateZoneResult } from '../api';
import { isGcoreApiError } from '../api/errors';
import type { Services } from '../services';
import { BACK, UserCancelledError, type PromptUi } from '../prompts/promptUi';
import { runWizard, type WizardStep } from '../prompts/wizard';
import { zoneNode } from '../tree/treeNodes';
import { ZONE_CREATE_FIELDS, validateZoneCreate, zoneNameForDisplay, type ZoneCreate } from '../models/zoneCreate';
import type { BooleanFieldSpec, TextFieldSpec } from '../validation/fieldSpec';
import { unwrap, zoneNameArgument } from './arguments';
import type { CommandSpec } from './commandRunner';
import { promptBooleanField, promptJsonObjectField, promptTextField } from './fieldPrompts';
import { EDIT, submitWithRecovery } from './submitWithRecovery';
import { promptZoneName, zoneNameProblem } from './zonePrompts';

type OptionalZoneField = Exclude<keyof ZoneCreate, 'name'>;

interface CreateZoneAnswers {
  payload: Partial<ZoneCreate>;
  options: OptionalZoneField[];
}

const OPTION_ORDER: OptionalZoneField[] = ['contact', 'primary_server', 'refresh', 'retry', 'expiry', 'nx_ttl', 'serial', 'enabled', 'meta'];
const TITLE = 'Gcore: Create DNS Zone';

export function zoneCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.createZone',
      what: 'Create DNS zone',
      handler: async ({ ui, programmatic }, arg) => {
        if (programmatic) {
          const zone = unwrap(validateZoneCreate(arg));
          const result = await services.client.dns.createZone(zone);
          await rememberCreated(services, zone.name);
          return result;
        }
        return createZoneInteractively(services, ui);
      },
    },
    {
      id: 'gcore.addKnownZone',
      what: 'Add existing zone',
      handler: async ({ ui, programmatic }, arg) => {
        const name = zoneNameArgument(arg) ?? (await promptZoneName(ui, { title: 'Gcore: Add Existing Zone' }));
        const added = await services.zones.add(name);
        if (!programmatic) {
          await reveal(services, name);
          const display = zoneNameForDisplay(name);
          void ui.notify('info', added ? `Added ${display} to DNS Zones.` : `${display} is already in DNS Zones.`);
        }
        return undefined;
      },
    },
    {
      id: 'gcore.forgetZone',
      what: 'Forget zone',
      handler: async ({ ui, programmatic }, arg) => {
        const name = zoneNameArgument(arg) ?? (await pickKnownZone(services, ui));
        const display = zoneNameForDisplay(name);
        if (!programmatic) {
          const confirmed = await ui.confirm({
            message: `Forget ${display}?`,
            detail: 'This only removes the zone from this list in VS Code. The zone at Gcore is not deleted or changed.',
            confirmLabel: 'Forget Zone',
          });
          if (!confirmed) throw new UserCancelledError();
        }
        const known = await services.zones.forget(name);
        if (!programmatic) {
          void ui.notify('info', known ? `Removed ${display} from this list. The zone at Gcore is untouched.` : `${display} was not in the list.`);
        }
        return undefined;
      },
    },
  ];
}

async function createZoneInteractively(services: Services, ui: PromptUi): Promise<CreateZoneResult | undefined> {
  const answers: CreateZoneAnswers = { payload: {}, options: [] };
  for (;;) {
    await runWizard(answers, (state) => createZonePlan(ui, state));
    const zone = unwrap(validateZoneCreate(answers.payload));
    const display = zoneNameForDisplay(zone.name);
    const outcome = await submitWithRecovery(ui, services.log, {
      what: `Create DNS zone ${display}`,
      progressTitle: `Creating DNS zone ${display}…`,
      send: (signal) => services.client.dns.createZone(zone, { signal }),
      cancelledAfterSending: {
        message: `Cancelled after the request was sent: the zone ${display} may have been created at Gcore. Add it to the list to work with it if it was.`,
        action: { label: 'Add Existing Zone', run: () => addAndReveal(services, zone.name) },
      },
      alternative: {
        when: (error) => isGcoreApiError(error) && error.kind === 'conflict',
        label: 'Add Existing Zone',
        run: () => addAndReveal(services, zone.name),
      },
    });
    if (outcome === EDIT) continue;
    if (outcome === undefined) return undefined;
    await rememberCreated(services, zone.name);
    await reveal(services, zone.name);
    const id = outcome.id !== undefined ? ` (id ${outcome.id})` : '';
    void ui.notify('info', `Created DNS zone ${display}${id}.`, 'Enable DNSSEC').then(async (choice) => {
      if (choice === 'Enable DNSSEC') {
        await vscode.commands.executeCommand('gcore.enableDnssec', zoneNode({ name: zone.name, dnssec: 'off' }));
      }
    });
    if (outcome.warnings.length > 0) {
      void ui.notify('warning', `Gcore created ${display} with warnings: ${outcome.warnings.join(' ')}`);
    }
    return outcome;
  }
}

function createZonePlan(ui: PromptUi, answers: CreateZoneAnswers): WizardStep<CreateZoneAnswers>[] {
  const nameStep: WizardStep<CreateZoneAnswers> = {
    run: async (state, position) => {
      const answer = await ui.input({
        title: TITLE,
        ...position,
        prompt: 'Zone name, e.g. example.com (internationalized names are converted to punycode).',
        placeholder: 'example.com',
        value: state.payload.name,
        validate: zoneNameProblem,
      });
      if (answer === BACK) return BACK;
      state.payload.name = answer.trim();
    },
  };
  const optionsStep: WizardStep<CreateZoneAnswers> = {
    run: async (state, position) => {
      const chosen = await ui.pickMany<OptionalZoneField>({
        title: TITLE,
        ...position,
        placeholder: 'Set more fields? Choose any, or press Enter to use Gcore defaults',
        items: OPTION_ORDER.map((name) => {
          const spec = fieldSpec(name);
          return { label: spec.label, description: spec.description, value: name, picked: state.options.includes(name) };
        }),
      });
      if (chosen === BACK) return BACK;
      for (const name of OPTION_ORDER) if (!chosen.includes(name)) delete state.payload[name];
      state.options = OPTION_ORDER.filter((name) => chosen.includes(name));
    },
  };
  const fieldSteps = answers.options.map((name): WizardStep<CreateZoneAnswers> => ({
    run: async (state, position) => {
      const spec = fieldSpec(name);
      const at = { title: TITLE, ...position };
      const answer =
        spec.kind === 'boolean'
          ? await promptBooleanField(ui, spec as BooleanFieldSpec, at, state.payload.enabled as boolean | undefined, {
              yes: 'Enabled (served)',
              no: 'Disabled (created but not served)',
            })
          : spec.kind === 'jsonObject'
            ? await promptJsonObjectField(ui, spec.label, spec.description, at, state.payload.meta)
            : await promptTextField(ui, spec as TextFieldSpec, at, state.payload[name] as string | number | undefined);
      if (answer === BACK) return BACK;
      (state.payload as Record<string, unknown>)[name] = answer;
    },
  }));
  const summaryStep: WizardStep<CreateZoneAnswers> = {
    run: async (state, position) => {
      const zone = unwrap(validateZoneCreate(state.payload));
      const details = Object.entries(zone)
        .filter(([field]) => field !== 'name')
        .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
        .join(', ');
      const choice = await ui.pick<'create'>({
        title: TITLE,
        ...position,
        placeholder: 'Review and create',
        items: [
          {
            label: `$(check) Create ${zoneNameForDisplay(zone.name)}`,
            description: zone.name !== zoneNameForDisplay(zone.name) ? zone.name : undefined,
            detail: details || 'All other fields use the Gcore defaults.',
            value: 'create',
          },
        ],
      });
      if (choice === BACK) return BACK;
    },
  };
  return [nameStep, optionsStep, ...fieldSteps, summaryStep];
}

function fieldSpec(name: keyof ZoneCreate) {
  const spec = ZONE_CREATE_FIELDS.find((field) => field.name === name);
  if (!spec) throw new Error(`No field spec for ${name}`);
  return spec;
}

async function rememberCreated(services: Services, name: string): Promise<void> {
  await services.zones.upsert({ name, dnssec: 'off', createdHere: true });
}

async function addAndReveal(services: Services, name: string): Promise<undefined> {
  await services.zones.add(name);
  await reveal(services, name);
  return undefined;
}

async function reveal(services: Services, name: string): Promise<void> {
  const zone = services.zones.get(name);
  if (!zone || !services.treeView.visible) return;
  try {
    await services.treeView.reveal(zoneNode(zone), { select: true, focus: false, expand: false });
  } catch (error) {
    services.log.debug(`could not reveal ${name}: ${String(error)}`);
  }
}

async function pickKnownZone(services: Services, ui: PromptUi): Promise<string> {
  const zones = services.zones.all();
  if (zones.length === 0) throw new Error('No zones are known yet: there is nothing to forget.');
  const choice = await ui.pick<string>({
    title: 'Gcore: Forget Zone',
    placeholder: 'Zone to remove from this list (the zone at Gcore is not touched)',
    items: zones.map((zone) => ({ label: zoneNameForDisplay(zone.name), description: `DNSSEC ${zone.dnssec}`, value: zone.name })),
  });
  if (choice === BACK) throw new UserCancelledError();
  return choice;
}
