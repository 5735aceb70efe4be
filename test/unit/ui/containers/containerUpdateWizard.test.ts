import * as assert from 'node:assert/strict';
import type { Container, ContainerFlavor } from '../../../../src/api/containers/containerTypes';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import { updateFieldSteps, type UpdateFieldAnswers } from '../../../../src/ui/containers/containerUpdateFields';
import type { Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi, type SeenPrompt } from '../recordingUi';

const CURRENT: Container = {
  name: 'web-app',
  flavor: '250mCPU-512MiB',
  scale: { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: null, http: { rate: 20, window: 60 } } },
  envs: { NGINX_PORT: '80' },
  timeout: 60,
  // Logging is off with parts set: the parts' boxes still open empty once logging is answered.
  logging: { enabled: false, destination_region_id: 5, topic_name: 'old.topic', retention_policy: { period: 7 } },
};

const SIZES: ContainerFlavor[] = [
  { name: '250mCPU-512MiB', cpu: 250, ram: 512 },
  { name: '580mCPU-1024MiB', cpu: 580, ram: 1024 },
];

/** The update wizard's plan as opened on web-app's row (no location or container steps): the fields, then their prompts. */
async function update(
  answers: Answer[],
  { sizesListed = true, current = CURRENT, unreadable = false }: { sizesListed?: boolean; current?: Container; unreadable?: boolean } = {},
) {
  const ui = new RecordingUi(answers);
  const sizes = async () => (sizesListed ? SIZES : undefined);
  const state = await runWizard<UpdateFieldAnswers>({ fields: [], changes: {}, current: unreadable ? undefined : current }, (answers) =>
    updateFieldSteps(ui, sizes, answers),
  );
  ui.assertAllAnswersUsed();
  return { state, prompts: ui.prompts() };
}

/** The prompts after the fields pick. */
function fieldPrompts(prompts: SeenPrompt[]): SeenPrompt[] {
  assert.deepEqual(
    [prompts[0].kind, prompts[0].title, prompts[0].step, prompts[0].totalSteps, prompts[0].placeholder],
    ['pickMany', 'Gcore: Update Container', 1, 1, 'Fields to change (only these are sent)'],
  );
  return prompts.slice(1);
}

const SCALE = 'Gcore: Update Container: Scale';
const MIN_PROMPT = 'Minimum instances: From 0 to 25; 0 lets the container scale to zero.';
const MAX_PROMPT = 'Maximum instances: From 1 to 25, and at least the minimum.';
const KEEP = 'Keep cooldown and triggers';
const CHANGE = 'Change cooldown and triggers…';
/** web-app's autoscaling as Gcore holds it, which an update of its bounds sends back. */
const KEPT = { cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: null, http: { rate: 20, window: 60 } } };

function autoscalingPick(step: number, totalSteps: number, changing = false): SeenPrompt {
  return {
    kind: 'pick',
    title: SCALE,
    step,
    totalSteps,
    canGoBack: true,
    placeholder: 'Autoscaling (optional): a cooldown, and the CPU, memory or HTTP load that adds instances',
    items: [
      { label: KEEP, description: 'cooldown 60 s · CPU over 80% · 20 requests per 60 s', ...(changing ? {} : { picked: true }) },
      { label: CHANGE, description: 'cooldown, CPU, memory, HTTP requests', ...(changing ? { picked: true } : {}) },
    ],
    validationMessages: [],
  };
}

describe('the container update wizard', () => {
  describe('scale', () => {
    it('asks the minimum, then the maximum, refuses a minimum above the maximum, and sends the whole scale with autoscaling kept', async () => {
      const { state, prompts } = await update([['Scale'], '30', '5', '0', '2', '6', KEEP]);
      assert.deepEqual(fieldPrompts(prompts), [
        {
          kind: 'input',
          title: SCALE,
          step: 2,
          totalSteps: 4,
          canGoBack: true,
          prompt: MIN_PROMPT,
          value: '1',
          validationMessages: ['Minimum instances: must be between 0 and 25'],
        },
        {
          kind: 'input',
          title: SCALE,
          step: 3,
          totalSteps: 4,
          canGoBack: true,
          prompt: MAX_PROMPT,
          value: '3',
          validationMessages: ['Scale max: must be between 1 and 25', 'Scale min: must not be greater than scale.max'],
        },
        autoscalingPick(4, 4),
      ]);
      assert.deepEqual(state.changes, { scale: { min: 5, max: 6, ...KEPT } });
    });

    it('goes Back from the maximum to the minimum with what was typed, and from the minimum to the fields', async () => {
      const { state, prompts } = await update([['Scale'], '5', BACK, '7', BACK, BACK, ['Scale'], '8', '9', KEEP]);
      const boxes = fieldPrompts(prompts).filter((prompt) => prompt.kind === 'input');
      assert.deepEqual(
        boxes.map((box) => [box.prompt === MIN_PROMPT ? 'min' : 'max', box.value]),
        [
          ['min', '1'],
          ['max', '3'],
          ['min', '5'],
          ['max', '3'],
          ['min', '7'],
          ['min', '7'],
          ['max', '3'],
        ],
      );
      assert.deepEqual(state.changes, { scale: { min: 8, max: 9, ...KEPT } });
    });

    it('forgets scale, and what was typed for it, when it is no longer chosen', async () => {
      const { state } = await update([['Scale', 'Timeout'], '2', '4', KEEP, BACK, BACK, BACK, BACK, ['Timeout'], '9']);
      assert.deepEqual(state.changes, { timeout: 9 });
      const { prompts } = await update([
        ['Scale'],
        '5',
        '6',
        CHANGE,
        '90',
        BACK,
        BACK,
        BACK,
        BACK,
        BACK,
        ['Timeout'],
        BACK,
        ['Scale'],
        '2',
        '3',
        KEEP,
      ]);
      assert.deepEqual(
        fieldPrompts(prompts).map((prompt) => [prompt.kind, prompt.value, prompt.totalSteps]),
        [
          ['input', '1', 4],
          ['input', '3', 4],
          ['pick', undefined, 4],
          ['input', '60', 9],
          ['input', '80', 9],
          ['input', '90', 9],
          ['pick', undefined, 9],
          ['input', '6', 9],
          ['input', '5', 9],
          ['pickMany', undefined, 9],
          ['input', '60', 2],
          ['pickMany', undefined, 2],
          ['input', '1', 4],
          ['input', '3', 4],
          ['pick', undefined, 4],
        ],
        'a new draft of the scale starts with autoscaling not chosen',
      );
    });

    it('changes the cooldown and the triggers, each box opening at its value and naming its bound, an empty one meaning no trigger', async () => {
      const { state, prompts } = await update([['Scale'], '1', '3', CHANGE, '0', '90', '100', '', '70', '2000', '50', '30']);
      const [, , pick, ...boxes] = fieldPrompts(prompts);
      assert.deepEqual(pick, autoscalingPick(4, 4));
      assert.deepEqual(
        boxes.map((box) => [box.step, box.totalSteps, box.prompt, box.value, box.validationMessages]),
        [
          [
            5,
            9,
            "Cooldown period (s): The seconds autoscaling waits after a change before the next one, from 1 to 3600; Gcore's default is 60. Leave empty for Gcore's default (60 s).",
            '60',
            ['Cooldown period (s): must be between 1 and 3600'],
          ],
          [
            6,
            9,
            'CPU threshold (%): The percentage of CPU use that adds instances, from 1 to 99. Leave empty for no CPU trigger.',
            '80',
            ['CPU threshold (%): must be between 1 and 99'],
          ],
          [
            7,
            9,
            'Memory threshold (%): The percentage of memory use that adds instances, from 1 to 99. Leave empty for no memory trigger.',
            undefined,
            [],
          ],
          [
            8,
            9,
            'HTTP request rate: The number of requests in the window that adds instances, from 1 to 1000. Leave empty for no HTTP trigger.',
            '20',
            ['HTTP request rate: must be between 1 and 1000'],
          ],
          [9, 9, 'HTTP window (s): The seconds over which requests are counted, from 1 to 3600.', '60', []],
        ],
      );
      assert.deepEqual(state.changes, {
        scale: { min: 1, max: 3, cooldown_period: 90, triggers: { cpu: null, memory: { threshold: 70 }, http: { rate: 50, window: 30 } } },
      });
    });

    it('asks no window once the HTTP rate is left empty, and a new HTTP trigger needs its window', async () => {
      const noHttp = await update([['Scale'], '1', '3', CHANGE, '60', '80', '', '']);
      assert.equal(noHttp.prompts.length, 8, 'the window is not asked');
      assert.deepEqual(noHttp.state.changes, {
        scale: { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: null, http: null } },
      });
      const current = { ...CURRENT, scale: { min: 1, max: 3, cooldown_period: 60, triggers: null } };
      const newHttp = await update([['Scale'], '1', '3', CHANGE, '60', '', '', '40', '', '15'], { current });
      const window = newHttp.prompts.at(-1);
      assert.deepEqual([window?.value, window?.validationMessages], [undefined, ['HTTP window (s): must be a whole number']]);
      assert.deepEqual(newHttp.state.changes, {
        scale: { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: null, memory: null, http: { rate: 40, window: 15 } } },
      });
    });

    it('goes Back from the triggers to the choice, where keeping puts back what Gcore holds', async () => {
      const { state, prompts } = await update([['Scale'], '1', '4', CHANGE, '120', BACK, BACK, KEEP]);
      const shown = fieldPrompts(prompts);
      assert.deepEqual(shown.at(-1), autoscalingPick(4, 9, true), 'the choice reopens on Change');
      assert.equal(shown.at(-2)?.value, '120', 'the cooldown box reopens with what was typed');
      assert.deepEqual(state.changes, { scale: { min: 1, max: 4, ...KEPT } });
    });

    it("without the container's values, says that skipping gives Gcore's defaults, and sends the bounds alone", async () => {
      const { state, prompts } = await update([['Scale'], '2', '3', 'No triggers'], { unreadable: true });
      assert.deepEqual(fieldPrompts(prompts).at(-1)?.items, [
        { label: 'No triggers', description: "Gcore's defaults: a 60 s cooldown, no triggers", picked: true },
        { label: 'Set cooldown and triggers…', description: 'cooldown, CPU, memory, HTTP requests' },
      ]);
      assert.deepEqual(state.changes, { scale: { min: 2, max: 3 } });
    });
  });

  describe('logging', () => {
    const LOGGING = 'Gcore: Update Container: Logging';
    const enabledPick = (step: number, totalSteps: number, enabled: boolean): SeenPrompt => ({
      kind: 'pick',
      title: LOGGING,
      step,
      totalSteps,
      canGoBack: true,
      placeholder: 'Logging enabled: Whether logs are collected.',
      items: [
        { label: 'Enable logging', ...(enabled ? { picked: true } : {}) },
        { label: 'Disable logging', ...(enabled ? {} : { picked: true }) },
      ],
      validationMessages: [],
    });

    it('enables logging, then asks each optional part, leaving an empty one unset', async () => {
      const { state, prompts } = await update([['Logging'], 'Enable logging', '', 'bad topic', 'my.topic', '30']);
      assert.deepEqual(fieldPrompts(prompts), [
        enabledPick(2, 2, false),
        {
          kind: 'input',
          title: LOGGING,
          step: 3,
          totalSteps: 5,
          canGoBack: true,
          prompt: 'Log region: Id of the region that stores the logs. Leave empty to not set it.',
          validationMessages: [],
        },
        {
          kind: 'input',
          title: LOGGING,
          step: 4,
          totalSteps: 5,
          canGoBack: true,
          prompt: 'Log topic: Lower-case dotted topic name, up to 223 characters. Leave empty to not set it.',
          validationMessages: [
            'Log topic: must be lower-case letters, digits and hyphens in dot-separated parts, each starting and ending with a letter or digit',
          ],
        },
        {
          kind: 'input',
          title: LOGGING,
          step: 5,
          totalSteps: 5,
          canGoBack: true,
          prompt: 'Retention days: Days to keep logs, from 1 to 1825. Leave empty to not set it.',
          validationMessages: [],
        },
      ]);
      assert.deepEqual(state.changes, { logging: { enabled: true, topic_name: 'my.topic', retention_policy: { period: 30 } } });
    });

    it('disables logging with nothing else asked', async () => {
      const { state, prompts } = await update([['Logging'], 'Disable logging']);
      assert.deepEqual(fieldPrompts(prompts), [enabledPick(2, 2, false)]);
      assert.deepEqual(state.changes, { logging: { enabled: false } });
    });

    it('goes Back through its parts with their answers, and a later No drops them', async () => {
      const { state, prompts } = await update([
        ['Logging'],
        'Enable logging',
        '2',
        BACK,
        BACK,
        'Enable logging',
        '',
        BACK,
        BACK,
        'Disable logging',
      ]);
      const shown = fieldPrompts(prompts);
      assert.equal(shown[3].value, '2', 'the region box reopens with the region typed');
      assert.deepEqual(shown[4], enabledPick(2, 5, true));
      assert.equal(shown[5].value, '2', 'answering Yes again keeps the parts');
      assert.equal(shown[7].value, undefined, 'the region box emptied stays empty');
      assert.deepEqual(shown[8], enabledPick(2, 5, true));
      assert.deepEqual(state.changes, { logging: { enabled: false } });
    });
  });

  describe('environment variables', () => {
    const ENVS = 'Gcore: Update Container: Environment variables';
    const list = (count: string, ...variables: string[]): SeenPrompt => ({
      kind: 'pick',
      title: ENVS,
      step: 2,
      totalSteps: 2,
      canGoBack: true,
      placeholder: 'The update replaces ALL environment variables of the container with this list. Pick a variable to remove it.',
      items: [
        { label: '$(check) Done', description: count },
        { label: '$(add) Add variable…', description: 'NAME=value' },
        ...variables.map((variable) => ({ label: `$(trash) ${variable}`, description: 'remove' })),
      ],
      validationMessages: [],
    });
    const entry = (...validationMessages: string[]): SeenPrompt => ({
      kind: 'input',
      title: ENVS,
      step: 2,
      totalSteps: 2,
      canGoBack: true,
      prompt: 'NAME=value (the name: letters, digits and underscores, not starting with a digit; the value: up to 255 characters)',
      placeholder: 'LOG_LEVEL=info',
      validationMessages,
    });

    it("lists the variables, adds one checked by the map's rules, removes one picked, and sends the list on Done", async () => {
      const { state, prompts } = await update([
        ['Environment variables'],
        'Add variable…',
        'BAD KEY=1',
        'no value',
        'MODE=fast',
        'NGINX_PORT=80',
        'Add variable…',
        BACK,
        'Done',
      ]);
      assert.deepEqual(fieldPrompts(prompts), [
        list('1 variable', 'NGINX_PORT=80'),
        entry(
          "Environment variable: name 'BAD KEY' must start with a letter or underscore and contain only letters, digits and underscores",
          'Environment variable: must look like NAME=value',
        ),
        list('2 variables', 'NGINX_PORT=80', 'MODE=fast'),
        list('1 variable', 'MODE=fast'),
        entry(),
        list('1 variable', 'MODE=fast'),
      ]);
      assert.deepEqual(state.changes, { envs: { MODE: 'fast' } });
    });

    it('goes Back from the list to the fields', async () => {
      const { state } = await update([['Environment variables'], BACK, ['Timeout'], '5']);
      assert.deepEqual(state.changes, { timeout: 5 });
    });
  });

  describe('the other fields', () => {
    it('asks a boolean with Yes and No, and a number checked by its bounds', async () => {
      const { state, prompts } = await update([['Require API key', 'Disabled', 'Timeout'], 'No', 'Yes', '200', '90']);
      assert.deepEqual(fieldPrompts(prompts), [
        {
          kind: 'pick',
          title: 'Gcore: Update Container: Require API key',
          step: 2,
          totalSteps: 4,
          canGoBack: true,
          placeholder: 'Require API key: Whether callers need an API key; the service documents this as temporarily unsupported.',
          items: [{ label: 'Yes' }, { label: 'No' }],
          validationMessages: [],
        },
        {
          kind: 'pick',
          title: 'Gcore: Update Container: Disabled',
          step: 3,
          totalSteps: 4,
          canGoBack: true,
          placeholder: 'Disabled: Whether the container is disabled; sent in a request of its own.',
          items: [{ label: 'Yes' }, { label: 'No' }],
          validationMessages: [],
        },
        {
          kind: 'input',
          title: 'Gcore: Update Container: Timeout',
          step: 4,
          totalSteps: 4,
          canGoBack: true,
          prompt: 'Timeout: Seconds the container stays up without requests, from 0 to 180.',
          value: '60',
          validationMessages: ['Timeout: must be between 0 and 180'],
        },
      ]);
      assert.deepEqual(state.changes, { is_api_key_auth: false, is_disabled: true, timeout: 90 });
    });

    it("offers the location's sizes with the current one marked, and takes a typed size checked by its pattern", async () => {
      const { state, prompts } = await update([['Flavor'], '1 CPU', '1000mCPU-2048MiB']);
      assert.deepEqual(fieldPrompts(prompts), [
        {
          kind: 'pick',
          title: 'Gcore: Update Container: Flavor',
          step: 2,
          totalSteps: 2,
          canGoBack: true,
          placeholder: 'Flavor: a size of this region, or type one such as 250mCPU-512MiB',
          items: [
            { label: '250mCPU-512MiB', description: '250 mCPU · 512 MiB · current', picked: true },
            { label: '580mCPU-1024MiB', description: '580 mCPU · 1024 MiB' },
          ],
          validationMessages: ['Flavor: must look like 250mCPU-512MiB (CPU in millicores, then memory in MiB or MB)'],
        },
      ]);
      assert.deepEqual(state.changes, { flavor: '1000mCPU-2048MiB' });
    });

    it("asks the size in a box when the location's sizes cannot be listed", async () => {
      const { state, prompts } = await update([['Flavor'], '580mCPU-1024MiB'], { sizesListed: false });
      assert.deepEqual(fieldPrompts(prompts), [
        {
          kind: 'input',
          title: 'Gcore: Update Container: Flavor',
          step: 2,
          totalSteps: 2,
          canGoBack: true,
          prompt: 'Flavor: CPU in millicores and memory, such as 250mCPU-512MiB.',
          value: '250mCPU-512MiB',
          validationMessages: [],
        },
      ]);
      assert.deepEqual(state.changes, { flavor: '580mCPU-1024MiB' });
    });
  });
});
