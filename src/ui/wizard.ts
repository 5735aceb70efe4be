import { BACK, type Back, type StepPosition } from './promptUi';

export interface StepContext {
  step: number;
  totalSteps: number;
  canGoBack: boolean;
}

/** Where a step's prompt stands: the wizard's title (with the field asked) and the step's place in it. */
export type PromptAt = (position: StepContext) => StepPosition;

export interface WizardStep<S> {
  /** Asks for one thing and stores the answer in `state`; BACK returns to the previous step. */
  run(state: S, position: StepContext): Promise<void | Back>;
}

/**
 * Runs steps in order with Back. The plan is recomputed after every step, because earlier answers decide
 * later steps (the fields chosen for a container update decide which prompts follow). Answers stay in
 * `state`, so going back shows what was typed before.
 */
export async function runWizard<S>(state: S, plan: (state: S) => WizardStep<S>[], startAt = 0): Promise<S> {
  let index = startAt;
  for (;;) {
    const steps = plan(state);
    if (index >= steps.length) return state;
    const result = await steps[index].run(state, {
      step: index + 1,
      totalSteps: steps.length,
      canGoBack: index > 0,
    });
    index = result === BACK ? Math.max(0, index - 1) : index + 1;
  }
}
