// An emulator in a process of its own, for the task-following figures: the CPU they measure is then the
// client's alone. Its tasks stay RUNNING for an hour, or for the milliseconds of its first argument; it prints
// its URL and runs until it is killed.
import { start } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';

const runningMs = Number(process.argv[2] ?? 3_600_000);

start({ apiKey: BENCH_API_KEY, taskTimings: { newMs: 500, runningMs } }).then(
  (emulator) => process.stdout.write(`${emulator.url}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
