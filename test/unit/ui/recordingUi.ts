import type { Back, InputRequest, PickRequest } from '../../../src/ui/promptUi';
import { ScriptedUi, type Answer } from '../../extension/support/scriptedUi';

/** A prompt as a person sees it: what ScriptedUi records, with the placeholder and every item's texts and marks. */
export interface SeenPrompt {
  kind: 'input' | 'pick' | 'pickMany';
  title: string;
  step?: number;
  totalSteps?: number;
  canGoBack?: boolean;
  prompt?: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  items?: { label: string; description?: string; picked?: boolean }[];
  validationMessages: string[];
}

/** ScriptedUi (the host suites' scripted answers) that also keeps each request whole, for plain Node tests of prompts. */
export class RecordingUi extends ScriptedUi {
  private readonly seen: { prompt: SeenPrompt; shownAt: number }[] = [];

  constructor(answers: Answer[]) {
    super(answers);
  }

  override input(request: InputRequest): Promise<string | Back> {
    this.note('input', request, {
      prompt: request.prompt,
      placeholder: request.placeholder,
      value: request.value,
      password: request.password,
    });
    return super.input(request);
  }

  override pick<T>(request: PickRequest<T>): Promise<T | Back> {
    this.note('pick', request, { placeholder: request.placeholder, items: itemsOf(request) });
    return super.pick(request);
  }

  override pickMany<T>(request: PickRequest<T>): Promise<T[] | Back> {
    this.note('pickMany', request, { placeholder: request.placeholder, items: itemsOf(request) });
    return super.pickMany(request);
  }

  /** The seen prompts with their validation messages, which ScriptedUi collects as the answers are typed. */
  prompts(): SeenPrompt[] {
    return this.seen.map(({ prompt, shownAt }) => ({ ...prompt, validationMessages: this.shown[shownAt].validationMessages }));
  }

  private note(kind: SeenPrompt['kind'], request: InputRequest | PickRequest<unknown>, extra: Partial<SeenPrompt>): void {
    const defined = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
    const prompt: SeenPrompt = {
      kind,
      title: request.title,
      step: request.step,
      totalSteps: request.totalSteps,
      canGoBack: request.canGoBack,
      validationMessages: [],
      ...defined,
    };
    // ScriptedUi records the same request next, at this index.
    this.seen.push({ prompt, shownAt: this.shown.length });
  }
}

function itemsOf<T>(request: PickRequest<T>): SeenPrompt['items'] {
  return request.items.map((item) => ({
    label: item.label,
    ...(item.description === undefined ? {} : { description: item.description }),
    ...(item.picked ? { picked: true } : {}),
  }));
}
