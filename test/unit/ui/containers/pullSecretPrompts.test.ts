import * as assert from 'node:assert/strict';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import { createPullSecretPlan, updatePullSecretPlan, type PullSecretAnswers } from '../../../../src/ui/containers/pullSecretPrompts';
import type { Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../recordingUi';

const CREATE_TITLE = 'Gcore: Create Pull Secret';
const UPDATE_TITLE = 'Gcore: Update Pull Secret ghcr-deploy';
const NAME_PROMPT = 'Secret name: Lower-case letters, digits and hyphens, 2 to 26 characters, starting with a letter.';
const REGISTRY_PROMPT = 'Registry: Host of the image registry, such as ghcr.io or registry.example.com.';
const LOGIN_PROMPT = 'Login: User name at the registry, up to 100 characters.';
const PASSWORD_PROMPT = 'Password: Password or access token of the login, up to 5,000 characters; Gcore never shows it again.';

async function create(answers: Answer[], { taken = new Set<string>(), start = {} as PullSecretAnswers } = {}) {
  const ui = new RecordingUi(answers);
  const state = await runWizard<PullSecretAnswers>(start, () => createPullSecretPlan(ui, CREATE_TITLE, taken));
  ui.assertAllAnswersUsed();
  return { state, prompts: ui.prompts(), ui };
}

async function update(answers: Answer[], start: PullSecretAnswers = { name: 'ghcr-deploy', registry: 'ghcr.io', login: 'deploy-bot' }) {
  const ui = new RecordingUi(answers);
  const state = await runWizard<PullSecretAnswers>(start, (current) => updatePullSecretPlan(ui, UPDATE_TITLE, current));
  ui.assertAllAnswersUsed();
  return { state, prompts: ui.prompts(), ui };
}

describe('the pull secret prompts', () => {
  describe('createPullSecretPlan', () => {
    it('asks the name, registry, login and password in four steps, and keeps each answer', async () => {
      const { state, prompts } = await create(['ghcr-deploy', 'ghcr.io', 'deploy-bot', 'ghp_token']);
      assert.deepEqual(
        prompts.map((prompt) => [
          prompt.kind,
          prompt.title,
          prompt.step,
          prompt.totalSteps,
          prompt.canGoBack,
          prompt.prompt,
          prompt.placeholder,
        ]),
        [
          ['input', CREATE_TITLE, 1, 4, false, NAME_PROMPT, 'e.g. ghcr-deploy'],
          ['input', CREATE_TITLE, 2, 4, true, REGISTRY_PROMPT, 'e.g. ghcr.io'],
          ['input', CREATE_TITLE, 3, 4, true, LOGIN_PROMPT, undefined],
          ['input', CREATE_TITLE, 4, 4, true, PASSWORD_PROMPT, 'Never shown, logged or stored by the extension'],
        ],
      );
      assert.deepEqual(state, { name: 'ghcr-deploy', registry: 'ghcr.io', login: 'deploy-bot', password: 'ghp_token' });
    });

    it('refuses a name the location has already (with or without spaces around it), and one its rules refuse', async () => {
      const { state, prompts } = await create(['ghcr-deploy', ' ghcr-deploy ', 'Ghcr_Deploy', 'ghcr-deploy-2', 'ghcr.io', 'bot', 'pw'], {
        taken: new Set(['ghcr-deploy']),
      });
      assert.deepEqual(prompts[0].validationMessages, [
        'Secret name: a pull secret of this name exists here already',
        'Secret name: a pull secret of this name exists here already',
        'Secret name: must start with a lower-case letter, end with a letter or digit, and hold only lower-case letters, digits and hyphens',
      ]);
      assert.equal(state.name, 'ghcr-deploy-2');
    });

    it('trims the name, registry and login', async () => {
      const { state } = await create([' ab ', ' registry.example.com:5000 ', ' bot ', 'pw']);
      assert.deepEqual(state, { name: 'ab', registry: 'registry.example.com:5000', login: 'bot', password: 'pw' });
    });

    it('refuses a registry given as an address, and an empty login', async () => {
      const { state, prompts } = await create(['ab', 'https://ghcr.io', '', 'ghcr.io', '  ', 'bot', 'pw']);
      assert.deepEqual(prompts[1].validationMessages, [
        'Registry: must be a registry host such as ghcr.io, without https:// or spaces',
        'Registry: must not be empty',
      ]);
      assert.deepEqual(prompts[2].validationMessages, ['Login: must not be empty']);
      assert.equal(state.registry, 'ghcr.io');
    });

    it('asks the password in a password box that is never pre-filled, and only there', async () => {
      const { prompts } = await create(['ab', 'ghcr.io', 'bot', 'pw']);
      assert.deepEqual(
        prompts.map((prompt) => prompt.password ?? false),
        [false, false, false, true],
      );
      assert.equal(prompts[3].value, undefined);
    });

    it('opens the password box empty even when a password was given before, and keeps the other answers', async () => {
      const start: PullSecretAnswers = { name: 'ab', registry: 'ghcr.io', login: 'bot', password: 'previous-Secret-123' };
      const { state, prompts, ui } = await create(['ab', 'ghcr.io', 'bot', 'new-secret'], { start });
      assert.deepEqual(
        prompts.map((prompt) => prompt.value),
        ['ab', 'ghcr.io', 'bot', undefined],
      );
      assert.ok(!ui.shownTexts().some((text) => text.includes('previous-Secret-123')));
      assert.equal(state.password, 'new-secret');
    });

    it('goes Back from the password to the login with what was typed, then asks the password afresh', async () => {
      const { state, prompts } = await create(['ab', 'ghcr.io', 'bot', BACK, 'bot2', 'pw']);
      assert.deepEqual(
        prompts.map((prompt) => [prompt.step, prompt.value]),
        [
          [1, undefined],
          [2, undefined],
          [3, undefined],
          [4, undefined],
          [3, 'bot'],
          [4, undefined],
        ],
      );
      assert.equal(state.login, 'bot2');
    });

    it('keeps a password exactly as typed, spaces included', async () => {
      const { state } = await create(['ab', 'ghcr.io', 'bot', '  pass word  ']);
      assert.equal(state.password, '  pass word  ');
    });

    it('refuses a password that is too long without showing it', async () => {
      const secret = 'Zq7-unmistakable-secret-';
      const long = secret.repeat(Math.ceil(5001 / secret.length));
      const { state, prompts, ui } = await create(['ab', 'ghcr.io', 'bot', long, 'short']);
      assert.deepEqual(prompts[3].validationMessages, ['Password: must be at most 5000 characters']);
      assert.ok(!ui.shownTexts().some((text) => text.includes('unmistakable')));
      assert.equal(state.password, 'short');
    });
  });

  describe('updatePullSecretPlan', () => {
    it('asks only the password when only the password changes, in a box that is not pre-filled', async () => {
      const { state, prompts } = await update([['Password'], 'new-token']);
      assert.deepEqual(
        prompts.map((prompt) => [
          prompt.kind,
          prompt.title,
          prompt.step,
          prompt.totalSteps,
          prompt.prompt ?? prompt.placeholder,
          prompt.value,
          prompt.password,
        ]),
        [
          ['pickMany', UPDATE_TITLE, 1, 1, 'What to change (only these are sent)', undefined, undefined],
          ['input', UPDATE_TITLE, 2, 2, PASSWORD_PROMPT, undefined, true],
        ],
      );
      assert.deepEqual(prompts[0].items, [
        { label: 'Registry', description: 'registry' },
        { label: 'Login', description: 'login' },
        { label: 'Password', description: 'password' },
      ]);
      assert.deepEqual(state, {
        name: 'ghcr-deploy',
        registry: 'ghcr.io',
        login: 'deploy-bot',
        password: 'new-token',
        changing: ['password'],
      });
    });

    it('asks the registry and the login, each opening with its current value, and not the password', async () => {
      const { state, prompts } = await update([['Registry', 'Login'], 'docker.io', 'other-bot']);
      assert.deepEqual(
        prompts.slice(1).map((prompt) => [prompt.prompt, prompt.value, prompt.password]),
        [
          [REGISTRY_PROMPT, 'ghcr.io', false],
          [LOGIN_PROMPT, 'deploy-bot', false],
        ],
      );
      assert.deepEqual(state, { name: 'ghcr-deploy', registry: 'docker.io', login: 'other-bot', changing: ['registry', 'login'] });
    });

    it('asks again, with a warning, when nothing is chosen', async () => {
      const { state, prompts, ui } = await update([[], ['Login'], 'bot']);
      assert.deepEqual(
        prompts.map((prompt) => prompt.kind),
        ['pickMany', 'pickMany', 'input'],
      );
      assert.deepEqual(ui.notifications, [
        { severity: 'warning', message: 'Choose at least one of registry, login and password.', actions: [] },
      ]);
      assert.deepEqual(state.changing, ['login']);
    });

    it('goes Back to the choice with the parts chosen marked, and drops the prompts of a part no longer chosen', async () => {
      const { state, prompts } = await update([['Registry', 'Password'], 'quay.io', BACK, BACK, ['Password'], 'pw']);
      assert.deepEqual(
        prompts.map((prompt) => [prompt.kind, prompt.step, prompt.totalSteps]),
        [
          ['pickMany', 1, 1],
          ['input', 2, 3],
          ['input', 3, 3],
          ['input', 2, 3],
          ['pickMany', 1, 3],
          ['input', 2, 2],
        ],
      );
      assert.deepEqual(
        prompts.map((prompt) => prompt.prompt ?? prompt.placeholder),
        [
          'What to change (only these are sent)',
          REGISTRY_PROMPT,
          PASSWORD_PROMPT,
          REGISTRY_PROMPT,
          'What to change (only these are sent)',
          PASSWORD_PROMPT,
        ],
      );
      assert.equal(prompts[3].value, 'quay.io', 'Back reopens the registry with what was typed');
      assert.deepEqual(
        prompts[4].items?.map((item) => [item.label, item.picked ?? false]),
        [
          ['Registry', true],
          ['Login', false],
          ['Password', true],
        ],
      );
      assert.deepEqual(state.changing, ['password']);
      assert.equal(state.password, 'pw');
    });

    it('refuses a registry given as an address', async () => {
      const { prompts, state } = await update([['Registry'], 'https://quay.io', 'quay.io']);
      assert.deepEqual(prompts[1].validationMessages, ['Registry: must be a registry host such as ghcr.io, without https:// or spaces']);
      assert.equal(state.registry, 'quay.io');
    });
  });
});
