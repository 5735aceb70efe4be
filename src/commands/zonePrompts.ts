import { BACK, UserCancelledError, type PromptUi, type StepPosition } from '../prompts/promptUi';
import { normalizeZoneName } from '../models/zoneCreate';

/** Validation message for a zone name box, naming the field. */
export function zoneNameProblem(text: string): string | undefined {
  const checked = normalizeZoneName(text, 'name');
  return checked.ok ? undefined : checked.problems.map((problem) => `Zone name: ${problem.message}`).join(' ');
}

/** One input for a zone name; returns the normalized ASCII name. */
export async function promptZoneName(ui: PromptUi, position: StepPosition, value?: string): Promise<string> {
  const answer = await ui.input({
    ...position,
    prompt: 'Zone name, e.g. example.com (internationalized names are converted to punycode).',
    value,
    placeholder: 'example.com',
    validate: zoneNameProblem,
  });
  if (answer === BACK) throw new UserCancelledError();
  const checked = normalizeZoneName(answer, 'name');
  if (!checked.ok) throw new UserCancelledError();
  return checked.value;
}
