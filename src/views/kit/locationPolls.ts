/**
 * One pending read-again per location, and none while nothing moves: a location's list asks for the next read when
 * it shows something on its way to another state, and a timer that fires is forgotten, so the next list decides
 * again. Disposed with its section.
 */
export class LocationPolls {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly intervalMs: number) {}

  /** `run` once after the interval, unless one is already pending for `key`. */
  schedule(key: string, run: () => void): void {
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      run();
    }, this.intervalMs);
    timer.unref?.();
    this.timers.set(key, timer);
  }

  /** How many locations wait for a read. */
  get pending(): number {
    return this.timers.size;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
