/** One thing to undo: `run` is the orderly way, `runNow` the synchronous last resort used on process exit. */
export interface Cleanup {
  name: string;
  run(): Promise<void>;
  runNow(): void;
}

/**
 * Undoes what a run set up, newest first, exactly once, whichever of success, failure, timeout or a
 * signal gets there first. A failing step is reported and does not stop the steps after it.
 */
export class CleanupStack {
  private readonly pending: Cleanup[] = [];
  private running: Promise<void> | undefined;

  push(cleanup: Cleanup): void {
    this.pending.push(cleanup);
  }

  isDraining(): boolean {
    return this.running !== undefined;
  }

  runAll(): Promise<void> {
    this.running ??= this.drain();
    return this.running;
  }

  /** For `process.on('exit')`, where nothing asynchronous runs any more. */
  runAllNow(): void {
    for (let cleanup = this.pending.pop(); cleanup; cleanup = this.pending.pop()) {
      try {
        cleanup.runNow();
      } catch (error) {
        console.error(`cleanup "${cleanup.name}" failed: ${describeError(error)}`);
      }
    }
  }

  private async drain(): Promise<void> {
    for (let cleanup = this.pending.at(-1); cleanup; cleanup = this.pending.at(-1)) {
      try {
        await cleanup.run();
      } catch (error) {
        console.error(`cleanup "${cleanup.name}" failed: ${describeError(error)}`);
      }
      // Removed only once finished, so an exit in the middle still reaches it through runAllNow().
      this.pending.pop();
    }
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
