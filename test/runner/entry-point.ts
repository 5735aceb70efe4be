import type { CleanupStack } from './cleanup-stack';
import { errorSummary } from './error-summary';

/** How a tool ends when it is interrupted, as shells report it (128 + the signal's number). */
export const SIGNAL_EXIT_CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };
export const EXIT_HARNESS_FAILURE = 2;
export const EXIT_TIMED_OUT = 124;

/**
 * Ties a cleanup stack to this process: when it exits, whatever is left is undone synchronously; the first
 * SIGINT or SIGTERM calls `onFirstSignal`, which starts the orderly teardown; a second one while that runs
 * exits at once (the exit handler still kills what is left). Returns a function that unties the stack.
 */
export function tieToProcess(cleanups: CleanupStack, onFirstSignal: (signal: keyof typeof SIGNAL_EXIT_CODES) => void): () => void {
  const onExit = (): void => cleanups.runAllNow();
  const onSignal = (signal: keyof typeof SIGNAL_EXIT_CODES): void => {
    if (cleanups.isDraining()) process.exit(SIGNAL_EXIT_CODES[signal]);
    onFirstSignal(signal);
  };
  process.on('exit', onExit);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

export interface EntryPoint {
  cleanups: CleanupStack;
  /** Where this tool's own progress lines go. */
  log(message: string): void;
  /** The tool's work; resolves to its exit code. */
  main(): Promise<number>;
  /** A hard limit on the whole run: past it, the teardown starts and the tool exits with 124. */
  timeoutMs?: number;
  /** Said with the timeout, e.g. which variable changes it. */
  timeoutHint?: string;
  /** The exit code after SIGINT/SIGTERM (default 130/143). */
  signalExitCode?(signal: keyof typeof SIGNAL_EXIT_CODES): number;
  /** How a failure of `main` is told (default: its first line). */
  describeFailure?(error: unknown): string;
}

/**
 * Runs a tool of test/ (test runner, playground, benchmark) to its end: its exit code, a signal, the hard
 * timeout or a failure, whichever comes first, starts the teardown of everything on the cleanup stack, and
 * the process exits only once that is done. A failure of `main` exits with 2.
 */
export function runEntryPoint(entry: EntryPoint): void {
  const { cleanups, log } = entry;
  let timer: NodeJS.Timeout | undefined;
  const finish = async (exitCode: number): Promise<void> => {
    clearTimeout(timer);
    await cleanups.runAll();
    process.exit(exitCode);
  };
  tieToProcess(cleanups, (signal) => {
    log(`${signal} received; stopping`);
    void finish(entry.signalExitCode?.(signal) ?? SIGNAL_EXIT_CODES[signal]);
  });
  if (entry.timeoutMs !== undefined) {
    const seconds = Math.round(entry.timeoutMs / 1000);
    timer = setTimeout(() => {
      log(`not finished after ${seconds} s; stopping${entry.timeoutHint ? ` (${entry.timeoutHint})` : ''}`);
      void finish(EXIT_TIMED_OUT);
    }, entry.timeoutMs);
  }
  entry.main().then(
    (exitCode) => {
      if (!cleanups.isDraining()) void finish(exitCode);
    },
    (error: unknown) => {
      // Once a signal or the timeout has started the teardown, the steps it interrupted fail; that is expected.
      if (cleanups.isDraining()) return;
      log(`could not run: ${(entry.describeFailure ?? errorSummary)(error)}`);
      void finish(EXIT_HARNESS_FAILURE);
    },
  );
}
