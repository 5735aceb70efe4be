import * as l10n from '@vscode/l10n';

/*
 * Send Test Request's figures: the answer as it streamed, the time to its first token and the total time, each
 * measured from the moment the request was sent.
 */

export interface TestRequestFigures {
  answer: string;
  /** Undefined when the deployment answered no text at all. */
  firstTokenMs?: number;
  totalMs: number;
}

/** The streamed answer of one test request, timed by `now` (milliseconds) from its creation, the moment of sending. */
export class TestAnswer {
  private readonly parts: string[] = [];
  private firstTextAt?: number;
  private readonly sentAt: number;

  constructor(private readonly now: () => number) {
    this.sentAt = now();
  }

  /** A piece of the answer's text; an empty one (a role or a keep-alive) is not a token. */
  add(text: string): void {
    if (text.length === 0) return;
    this.firstTextAt ??= this.now();
    this.parts.push(text);
  }

  /** The figures at the end of the stream. */
  end(): TestRequestFigures {
    return {
      answer: this.parts.join(''),
      firstTokenMs: this.firstTextAt === undefined ? undefined : this.firstTextAt - this.sentAt,
      totalMs: this.now() - this.sentAt,
    };
  }
}

/** "0.84 s", "12.3 s", "2 min 5 s": precise where a person compares, round where a wait is long. */
export function secondsText(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  // The bounds are where the rounding would show the next unit's first value ("10.00 s", "60.0 s").
  if (seconds < 9.995) return l10n.t('{0} s', seconds.toFixed(2));
  if (seconds < 59.95) return l10n.t('{0} s', seconds.toFixed(1));
  const whole = Math.round(seconds);
  return whole % 60 === 0 ? l10n.t('{0} min', whole / 60) : l10n.t('{0} min {1} s', Math.floor(whole / 60), whole % 60);
}
