import * as assert from 'node:assert/strict';
import { BACK } from '../../../src/ui/promptUi';
import { runWizard, type StepContext, type WizardStep } from '../../../src/ui/wizard';

interface State {
  answers: string[];
  seen: string[];
  extra: boolean;
}

/** A step that records its position and answers from a script shared by all steps. */
function step(name: string, script: (string | typeof BACK)[]): WizardStep<State> {
  return {
    run: async (state, position: StepContext) => {
      state.seen.push(`${name}@${position.step}/${position.totalSteps}${position.canGoBack ? '<' : ''}`);
      const answer = script.shift();
      if (answer === BACK) return BACK;
      state.answers.push(`${name}=${answer}`);
      if (name === 'choose') state.extra = answer === 'more';
    },
  };
}

describe('runWizard', () => {
  it('runs the steps in order with their position', async () => {
    const script = ['a', 'b'];
    const state = await runWizard<State>({ answers: [], seen: [], extra: false }, () => [step('one', script), step('two', script)]);
    assert.deepEqual(state.seen, ['one@1/2', 'two@2/2<']);
    assert.deepEqual(state.answers, ['one=a', 'two=b']);
  });

  it('goes back one step on BACK and never before the first', async () => {
    const script: (string | typeof BACK)[] = [BACK, 'a', BACK, 'a2', 'b'];
    const state = await runWizard<State>({ answers: [], seen: [], extra: false }, () => [step('one', script), step('two', script)]);
    assert.deepEqual(state.seen, ['one@1/2', 'one@1/2', 'two@2/2<', 'one@1/2', 'two@2/2<']);
    assert.deepEqual(state.answers, ['one=a', 'one=a2', 'two=b']);
  });

  it('replans after each step, so earlier answers decide later steps', async () => {
    const script = ['more', 'x', 'done'];
    const plan = (state: State) => [step('choose', script), ...(state.extra ? [step('extra', script)] : []), step('last', script)];
    const state = await runWizard<State>({ answers: [], seen: [], extra: false }, plan);
    assert.deepEqual(state.seen, ['choose@1/2', 'extra@2/3<', 'last@3/3<']);
  });

  it('propagates a cancellation thrown by a step', async () => {
    const cancelling: WizardStep<State> = {
      run: async () => {
        throw Object.assign(new Error('Cancelled'), { userCancelled: true });
      },
    };
    await assert.rejects(
      runWizard<State>({ answers: [], seen: [], extra: false }, () => [cancelling]),
      /Cancelled/,
    );
  });
});
