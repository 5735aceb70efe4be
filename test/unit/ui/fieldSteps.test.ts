import * as assert from 'node:assert/strict';
import { CONTAINER_UPDATE_FIELDS } from '../../../src/models/containers/containerUpdate';
import { findFieldSpec } from '../../../src/validation/fieldChecks';
import type { BooleanFieldSpec, FieldSpec, ObjectFieldSpec, StringMapFieldSpec } from '../../../src/validation/fieldSpec';
import { promptField } from '../../../src/ui/fieldInput';
import type { FieldSlot, ObjectDrafts } from '../../../src/ui/fieldPrompts/fieldSlot';
import type { MapEntryWords } from '../../../src/ui/fieldPrompts/stringMapPrompt';
import { fieldSteps, type FieldStepOptions } from '../../../src/ui/fieldSteps';
import { BACK } from '../../../src/ui/promptUi';
import { SCALE_PARTS } from '../../../src/ui/containers/containerFieldPrompts';
import { runWizard, type StepContext, type WizardStep } from '../../../src/ui/wizard';
import { CANCEL, type Answer } from '../../extension/support/scriptedUi';
import { RecordingUi } from './recordingUi';

interface State extends ObjectDrafts {
  value?: unknown;
  /** The value the field has already (what an update starts from). */
  existing?: unknown;
  before?: string;
}

const slot: FieldSlot<State> = {
  answer: (state) => state.value,
  existing: (state) => state.existing,
  set: (state, value) => {
    state.value = value;
  },
};

/** A step of the wizard around the field, so that Back out of the field has somewhere to go and Back into it something to return to. */
function otherStep(title: 'Before' | 'After'): WizardStep<State> {
  return {
    run: async (state, position) => {
      const answer = await ui.input({ title, ...position, value: title === 'Before' ? state.before : undefined });
      if (answer === BACK) return BACK;
      if (title === 'Before') state.before = answer;
    },
  };
}

let ui: RecordingUi;

/** Runs a wizard of a step, the field's steps (and another step) with the scripted answers. */
async function ask(
  spec: FieldSpec,
  answers: Answer[],
  { options, from = {}, after = false }: { options?: FieldStepOptions; from?: State; after?: boolean } = {},
): Promise<State> {
  ui = new RecordingUi(answers);
  const at = (position: StepContext) => ({ title: spec.label, ...position });
  const state = await runWizard<State>(from, (state) => [
    otherStep('Before'),
    ...fieldSteps(ui, spec, slot, at, state, options),
    ...(after ? [otherStep('After')] : []),
  ]);
  ui.assertAllAnswersUsed();
  return state;
}

const SCALE = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'scale') as ObjectFieldSpec;
const LOGGING = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'logging') as ObjectFieldSpec;
/** Scale's two bounds alone: the generic object, without autoscaling's parts. */
const BOUNDS: FieldStepOptions = { parts: [{ path: 'min' }, { path: 'max' }] };

/** An object of two bounds, the pair named as a spec of any resource would name it. */
const WINDOW: ObjectFieldSpec = {
  name: 'window',
  kind: 'object',
  label: 'Window',
  description: 'Hours of the day.',
  fields: [
    { name: 'from', kind: 'integer', label: 'From', description: 'First hour.', required: true, minimum: 0, maximum: 23 },
    { name: 'to', kind: 'integer', label: 'To', description: 'Last hour.', required: true, minimum: 0, maximum: 23 },
  ],
  orderedPairs: [{ lower: 'from', upper: 'to' }],
};

const LABELS: StringMapFieldSpec = {
  name: 'labels',
  kind: 'stringMap',
  label: 'Labels',
  description: 'Names to short values.',
  keyPattern: '^[a-z_]+$',
  keyHint: 'must be lower-case letters and underscores',
  valueMaxLength: 3,
};

const LABEL: MapEntryWords = {
  label: 'Label',
  add: 'Add label…',
  count: (entries) => `${entries} labels`,
  prompt: 'name=value',
  example: 'tier=web',
};

describe('field prompts from specs', () => {
  describe('an object', () => {
    it('asks its parts in turn as wizard steps and gives the whole object once every required part is answered', async () => {
      const state = await ask(SCALE, ['x', '2', '4'], { options: BOUNDS });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.kind, prompt.title, prompt.step, prompt.totalSteps, prompt.prompt]),
        [
          ['input', 'Before', 1, 3, undefined],
          ['input', 'Scale', 2, 3, 'Minimum instances: From 0 to 25; 0 lets the container scale to zero.'],
          ['input', 'Scale', 3, 3, 'Maximum instances: From 1 to 25, and at least the minimum.'],
        ],
      );
      assert.deepEqual(state.value, { min: 2, max: 4 });
    });

    it('refuses a minimum above the maximum in the box that completes the pair, with the message of the update wizard', async () => {
      const state = await ask(SCALE, ['x', '5', '2', '6'], { options: BOUNDS });
      assert.deepEqual(
        ui.prompts().map((prompt) => prompt.validationMessages),
        [[], [], ['Scale min: must not be greater than scale.max']],
      );
      assert.deepEqual(state.value, { min: 5, max: 6 });
    });

    it('checks an ordered pair named by any spec, in whichever box is asked last', async () => {
      await ask(WINDOW, ['x', '9', '8', '10']);
      assert.deepEqual(ui.prompts()[2].validationMessages, ['Window from: must not be greater than window.to']);
      const reversed = await ask(WINDOW, ['x', '8', '9', '7'], { options: { parts: [{ path: 'to' }, { path: 'from' }] } });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.prompt, prompt.validationMessages]),
        [
          [undefined, []],
          ['To: Last hour.', []],
          ['From: First hour.', ['Window from: must not be greater than window.to']],
        ],
      );
      assert.deepEqual(reversed.value, { to: 8, from: 7 });
    });

    it('goes Back between its parts with what was typed, and back out of the field to the step before', async () => {
      const state = await ask(SCALE, ['x', '5', BACK, '6', BACK, BACK, 'y', '7', '8'], {
        options: BOUNDS,
        from: { existing: { min: 1, max: 3 } },
      });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.title, prompt.value]),
        [
          ['Before', undefined],
          ['Scale', '1'],
          ['Scale', '3'],
          ['Scale', '5'],
          ['Scale', '3'],
          ['Scale', '6'],
          ['Before', 'x'],
          ['Scale', '6'],
          ['Scale', '3'],
        ],
      );
      assert.deepEqual(state.value, { min: 7, max: 8 });
    });

    it('gives nothing while a required part is unanswered, and keeps the answered parts for later', async () => {
      const state: State = {};
      await assert.rejects(ask(SCALE, ['x', '5', CANCEL], { options: BOUNDS, from: state }), /Cancelled/);
      assert.equal(state.value, undefined);
      assert.deepEqual(state.drafts, { scale: { min: 5 } });
    });

    it('leaves optional parts empty, dropping a nested object whose only part is empty', async () => {
      const parts: FieldStepOptions = {
        parts: [
          { path: 'topic_name', optional: true },
          { path: 'retention_policy.period', optional: true },
        ],
      };
      const state = await ask(LOGGING, ['x', '', '30', BACK, '', 'z'], { options: parts, after: true });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.title, prompt.prompt, prompt.value]),
        [
          ['Before', undefined, undefined],
          ['Logging', 'Log topic: Lower-case dotted topic name, up to 223 characters. Leave empty to not set it.', undefined],
          ['Logging', 'Retention days: Days to keep logs, from 1 to 1825. Leave empty to not set it.', undefined],
          ['After', undefined, undefined],
          ['Logging', 'Retention days: Days to keep logs, from 1 to 1825. Leave empty to not set it.', '30'],
          ['After', undefined, undefined],
        ],
      );
      assert.deepEqual(state.value, {});
    });

    it('asks only the switch of an object while it is off, with custom answers, and the other parts once it is on', async () => {
      const options: FieldStepOptions = {
        enabledBy: 'enabled',
        parts: [
          { path: 'enabled', choices: { yes: 'On', no: 'Off' } },
          { path: 'topic_name', optional: true },
        ],
      };
      const off = await ask(LOGGING, ['x', 'Off'], { options, from: { existing: { enabled: true, topic_name: 'kept.topic' } } });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.kind, prompt.step, prompt.totalSteps, prompt.items]),
        [
          ['input', 1, 2, undefined],
          ['pick', 2, 2, [{ label: 'On', picked: true }, { label: 'Off' }]],
        ],
      );
      assert.deepEqual(off.value, { enabled: false });
      const on = await ask(LOGGING, ['x', 'On', 'a.topic'], { options });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.step, prompt.totalSteps]),
        [
          [1, 2],
          [2, 2],
          [3, 3],
        ],
      );
      assert.deepEqual(on.value, { enabled: true, topic_name: 'a.topic' });
    });
  });

  describe('an object with parts the user may skip (a new scale and its autoscaling)', () => {
    const SET = 'Set cooldown and triggers…';

    it('offers to skip them after the other parts, and skipping leaves them out of the object', async () => {
      const state = await ask(SCALE, ['x', '1', '2', 'No triggers'], { options: SCALE_PARTS });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.kind, prompt.step, prompt.totalSteps, prompt.placeholder, prompt.items]),
        [
          ['input', 1, 4, undefined, undefined],
          ['input', 2, 4, undefined, undefined],
          ['input', 3, 4, undefined, undefined],
          [
            'pick',
            4,
            4,
            'Autoscaling (optional): a cooldown, and the CPU, memory or HTTP load that adds instances',
            [
              { label: 'No triggers', description: "Gcore's defaults: a 60 s cooldown, no triggers", picked: true },
              { label: SET, description: 'cooldown, CPU, memory, HTTP requests' },
            ],
          ],
        ],
      );
      assert.deepEqual(state.value, { min: 1, max: 2 });
    });

    it('asks them once chosen: an empty cooldown is left out, an empty trigger is null', async () => {
      const state = await ask(SCALE, ['x', '1', '2', SET, '', '70', '', ''], { options: SCALE_PARTS });
      assert.deepEqual(state.value, { min: 1, max: 2, triggers: { cpu: { threshold: 70 }, memory: null, http: null } });
    });

    it('goes Back through them to the choice, and skipping then drops what was typed', async () => {
      const state = await ask(SCALE, ['x', '1', '2', SET, '120', '70', BACK, BACK, BACK, 'No triggers'], { options: SCALE_PARTS });
      assert.deepEqual(
        ui
          .prompts()
          .slice(4)
          .map((prompt) => [prompt.kind, prompt.value]),
        [
          ['input', undefined],
          ['input', undefined],
          ['input', undefined],
          ['input', '70'],
          ['input', '120'],
          ['pick', undefined],
        ],
      );
      assert.deepEqual(ui.prompts().at(-1)?.items?.[1], { label: SET, description: 'cooldown, CPU, memory, HTTP requests', picked: true });
      assert.deepEqual(state.value, { min: 1, max: 2 });
    });
  });

  describe('a map of strings', () => {
    it("is a list: adds an entry checked by the map's rules, removes a picked one, and gives the map on Done", async () => {
      const state = await ask(
        LABELS,
        ['x', 'Add label…', 'Tier=web', 'tier', 'tier=webs', 'tier=web', 'Add label…', 'zone=eu', 'tier=web', 'Done'],
        {
          options: { placeholder: 'The labels', entries: LABEL },
          from: { existing: { team: 'ops' } },
        },
      );
      const prompts = ui.prompts().slice(1);
      assert.deepEqual(
        prompts.map((prompt) => [prompt.kind, prompt.placeholder, prompt.items?.map((item) => `${item.label} (${item.description})`)]),
        [
          ['pick', 'The labels', ['$(check) Done (1 labels)', '$(add) Add label… (NAME=value)', '$(trash) team=ops (remove)']],
          ['input', 'tier=web', undefined],
          [
            'pick',
            'The labels',
            ['$(check) Done (2 labels)', '$(add) Add label… (NAME=value)', '$(trash) team=ops (remove)', '$(trash) tier=web (remove)'],
          ],
          ['input', 'tier=web', undefined],
          [
            'pick',
            'The labels',
            [
              '$(check) Done (3 labels)',
              '$(add) Add label… (NAME=value)',
              '$(trash) team=ops (remove)',
              '$(trash) tier=web (remove)',
              '$(trash) zone=eu (remove)',
            ],
          ],
          [
            'pick',
            'The labels',
            ['$(check) Done (2 labels)', '$(add) Add label… (NAME=value)', '$(trash) team=ops (remove)', '$(trash) zone=eu (remove)'],
          ],
        ],
      );
      assert.deepEqual(prompts[1].validationMessages, [
        "Label: name 'Tier' must be lower-case letters and underscores",
        'Label: must look like NAME=value',
        'Label: must be at most 3 characters',
      ]);
      assert.deepEqual(state.value, { team: 'ops', zone: 'eu' });
    });

    it('keeps a name such as __proto__ an ordinary entry', async () => {
      const state = await ask(LABELS, ['x', 'Add label…', '__proto__=x', 'Done'], { options: { entries: LABEL } });
      const map = state.value as Record<string, string>;
      assert.deepEqual(Object.keys(map), ['__proto__']);
      assert.equal(Object.getPrototypeOf(map), Object.prototype);
    });

    it('goes Back from the entry box to the list, and from the list out of the field', async () => {
      const state = await ask(LABELS, ['x', 'Add label…', BACK, BACK, 'y', 'Done'], { options: { entries: LABEL } });
      assert.deepEqual(
        ui.prompts().map((prompt) => [prompt.kind, prompt.title]),
        [
          ['input', 'Before'],
          ['pick', 'Labels'],
          ['input', 'Labels'],
          ['pick', 'Labels'],
          ['input', 'Before'],
          ['pick', 'Labels'],
        ],
      );
      assert.deepEqual(state, { before: 'y', value: {} });
    });

    it('cannot be asked without the words of its entries', async () => {
      await assert.rejects(ask(LABELS, ['x']), /Labels cannot be asked without the words of its entries/);
    });
  });

  describe('one prompt', () => {
    const ENABLED: BooleanFieldSpec = { name: 'enabled', kind: 'boolean', label: 'Enabled', description: 'Served or not.' };

    it('asks a boolean with its own two answers, the current one marked', async () => {
      const ui = new RecordingUi(['Off']);
      assert.equal(await promptField(ui, ENABLED, { title: 't' }, true, { choices: { yes: 'On', no: 'Off' } }), false);
      assert.deepEqual(ui.prompts()[0].items, [{ label: 'On', picked: true }, { label: 'Off' }]);
      assert.deepEqual(ui.prompts()[0].placeholder, 'Enabled: Served or not.');
    });

    it('asks a boolean with Yes and No by default', async () => {
      const state = await ask(ENABLED, ['x', 'Yes']);
      assert.deepEqual(ui.prompts()[1].items, [{ label: 'Yes' }, { label: 'No' }]);
      assert.equal(state.value, true);
    });

    it("asks text by the field's rules: trimmed, a number as a number, empty as unset when optional", async () => {
      const name: FieldSpec = { name: 'name', kind: 'string', label: 'Name', description: 'A name.', trim: true, minLength: 2 };
      assert.equal((await ask(name, ['x', 'a', '  ab  '])).value, 'ab');
      assert.deepEqual(ui.prompts()[1].validationMessages, ['Name: must be at least 2 characters']);
      const port = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'listening_port') as FieldSpec;
      assert.equal((await ask(port, ['x', '8080'], { from: { existing: 80 } })).value, 8080);
      assert.equal(ui.prompts()[1].value, '80');
      assert.equal((await ask(port, ['x', ' '], { options: { optional: true }, from: { value: 81 } })).value, undefined);
      assert.equal(ui.prompts()[1].value, '81');
    });

    it('asks a free-form object as JSON', async () => {
      const meta: FieldSpec = { name: 'meta', kind: 'jsonObject', label: 'Meta', description: 'Anything.' };
      const state = await ask(meta, ['x', '[1]', '{', '{"team": "web"}'], { from: { existing: { a: 1 } } });
      assert.equal(ui.prompts()[1].value, '{"a":1}');
      assert.deepEqual(ui.prompts()[1].validationMessages, [
        'Meta: must be a JSON object such as {"key": "value"}',
        'Meta: is not valid JSON',
      ]);
      assert.deepEqual(state.value, { team: 'web' });
    });
  });
});
