import * as l10n from '@vscode/l10n';
import { ZONE_CREATE_FIELDS, validateZoneCreate, zoneNameForDisplay, type ZoneCreate } from '../../models/dns/zoneCreate';
import { unwrap } from '../../validation/problems';
import { promptField, type OnePromptFieldSpec } from '../fieldInput';
import { zoneNameInput } from './zonePicker';
import { BACK, type PromptUi } from '../promptUi';
import type { WizardStep } from '../wizard';

type OptionalZoneField = Exclude<keyof ZoneCreate, 'name'>;

/** The answers so far; kept whole when the user goes back or edits after a failed request. */
export interface CreateZoneAnswers {
  payload: Partial<ZoneCreate>;
  options: OptionalZoneField[];
}

const OPTION_ORDER: OptionalZoneField[] = [
  'contact',
  'primary_server',
  'refresh',
  'retry',
  'expiry',
  'nx_ttl',
  'serial',
  'enabled',
  'meta',
];
const TITLE = l10n.t('Gcore: Create DNS Zone');

/** The name, the optional fields to set, one box per chosen field, and a review of what will be sent. */
export function createZonePlan(ui: PromptUi, answers: CreateZoneAnswers): WizardStep<CreateZoneAnswers>[] {
  const nameStep: WizardStep<CreateZoneAnswers> = {
    run: async (state, position) => {
      const answer = await zoneNameInput(ui, { title: TITLE, ...position }, state.payload.name);
      if (answer === BACK) return BACK;
      state.payload.name = answer;
    },
  };
  const optionsStep: WizardStep<CreateZoneAnswers> = {
    run: async (state, position) => {
      const chosen = await ui.pickMany<OptionalZoneField>({
        title: TITLE,
        ...position,
        placeholder: l10n.t('Set more fields? Choose any, or press Enter to use Gcore defaults'),
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
      const current = state.payload[name];
      // A zone has no object field; the two answers are read only by its boolean one (enabled).
      const answer = await promptField(ui, spec as OnePromptFieldSpec, at, current, {
        choices: { yes: l10n.t('Enabled (served)'), no: l10n.t('Disabled (created but not served)') },
      });
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
        placeholder: l10n.t('Review and create'),
        items: [
          {
            label: `$(check) ${l10n.t('Create {0}', zoneNameForDisplay(zone.name))}`,
            description: zone.name !== zoneNameForDisplay(zone.name) ? zone.name : undefined,
            detail: details || l10n.t('All other fields use the Gcore defaults.'),
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
  if (!spec) throw new Error(l10n.t('No field spec for {0}', name));
  return spec;
}
