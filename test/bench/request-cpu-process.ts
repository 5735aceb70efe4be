// One CPU-per-request measurement in a process of its own (see measureRequestCpu); prints it as JSON.
import { measureRequestCpuOnce } from './request-cpu';

measureRequestCpuOnce().then(
  (run) => process.stdout.write(JSON.stringify(run)),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
